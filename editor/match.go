package editor

import (
	"slices"
	"time"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/ai"
	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/render/project"
	"hexsandbox/units"
	"hexsandbox/vision"
)

// playSession is one match played in the window: the rules engine's
// match on the session's map (which must not change while it lasts:
// state is the map's History.State() it began on), the fog as the side
// in turn sees it, the units' figures with the walk of the last move
// shown, and what each side has to be told when its turn comes.
type playSession struct {
	match  *engine.Match
	state  uint64
	grid   *hexmap.Grid
	ground units.Ground
	sight  *matchSight
	fog    *vision.CellData
	walks  []unitWalk  // moves being shown, the current one first
	battle *battleShow // the attack being shown, before any walk
	facing []float32   // per unit id: the heading it stands facing
	figs   figureList  // the figures as last listed
	news   [hexmap.MaxSides + 1]turnNews
	bots   [hexmap.MaxSides + 1]*ai.Bot  // per side: its computer player, nil for a person
	levels [hexmap.MaxSides + 1]ai.Level // per side with a bot: its level
	seer   int                           // the side whose view is shown: the person in turn, or the last one
	fixed  bool                          // seer stays as set, whatever the turn (a replay seen as one side)
	orders orderBook                     // the people's moves that last
	words  scriptWords                   // what the script said to each side
	// rehearsal is how long the computer's rehearsal took as the match
	// began (rehearse).
	rehearsal time.Duration
}

// unitWalk is one move shown: the unit walking along its path's track.
type unitWalk struct {
	unit  int
	path  []int
	curve units.Curve
	s     float32 // how far along the track
}

// figureList is the figures of the units shown and the unit id of each.
type figureList struct {
	shown []project.Figure
	ids   []int
}

// turnNews is what happened to a side since its last turn ended, told
// when its next one begins: the events, and the other sides' units it
// saw and the towns it held as that turn ended.
type turnNews struct {
	events []engine.Event
	seen   []int
	owned  []int
}

// matchSight is a match's sight as the fog's cell data reads it: every
// cell may change with each command.
type matchSight struct {
	m       *engine.Match
	changed bool
}

func (s *matchSight) Visible(side, i int) bool  { return s.m.Sees(side, i) }
func (s *matchSight) Explored(side, i int) bool { return s.m.Explored(side, i) }
func (s *matchSight) Sync()                     {}
func (s *matchSight) Changes(func(int)) bool {
	all := s.changed
	s.changed = false
	return all
}

// newPlaySession plays match m on grid, whose History state is state;
// units stand on ground.
// players[side] is who plays each side (an index in playerChoices).
func newPlaySession(m *engine.Match, grid *hexmap.Grid, ground units.Ground, state uint64, players [hexmap.MaxSides + 1]int) *playSession {
	s := &playSession{match: m, state: state, grid: grid, ground: ground, sight: &matchSight{m: m}}
	for _, sd := range m.Summary().Sides {
		if c := playerChoices[players[sd.Side]]; !c.human {
			s.bots[sd.Side], s.levels[sd.Side] = ai.ForMatch(m, sd.Side, c.level), c.level
		} else if s.seer == 0 {
			s.seer = sd.Side
		}
	}
	s.noteSeer()
	s.fog = vision.NewCellDataOf(s.sight, grid, s.seer)
	if rehearseComputer {
		start := wallClock()
		s.rehearse()
		s.rehearsal = wallClock().Sub(start)
	}
	return s
}

// rehearse plays the first computer side's next turn on a copy of the
// match, building the curves its moves would walk, and drops it all:
// the code of a computer's turn then first runs here, as the match
// begins, not in a frame of the computer's first turn (the browser
// compiles each function of the program on its first call).
func (s *playSession) rehearse() {
	side := slices.IndexFunc(s.bots[:], func(b *ai.Bot) bool { return b != nil })
	if side < 0 {
		return
	}
	if over, _ := s.match.Over(); over {
		return
	}
	m, err := engine.Resume(s.grid, s.match.Save(true))
	if err != nil {
		return
	}
	for range hexmap.MaxSides {
		if m.SideInTurn() == side {
			break
		}
		if _, err := m.Apply(engine.Command{Cmd: "end"}); err != nil {
			return
		}
	}
	ai.PlayTurn(m, ai.ForMatch(m, side, s.levels[side]), func(_ engine.Command, ev []engine.Event) {
		for _, e := range ev {
			if e.Ev == "moved" && len(e.Path) >= 2 {
				s.curveOf(e.Path)
			}
		}
	})
}

// noteSeer makes the side in turn the one whose view is shown, when a
// person plays it (with no person at all, every side in turn).
func (s *playSession) noteSeer() {
	if s.fixed {
		return
	}
	if side := s.side(); s.bots[side] == nil || s.seer == 0 {
		s.seer = side
	}
}

// seeAs shows side's view from now on, whatever the turn; side 0
// follows the turn again.
func (s *playSession) seeAs(side int) {
	s.fixed, s.seer = side != 0, side
	s.noteSeer()
	if s.fog.Side() != s.seer {
		s.fog.SetSide(s.seer)
	}
}

// computerTurn reports whether the computer plays the side in turn.
func (s *playSession) computerTurn() bool {
	over, _ := s.match.Over()
	return !over && s.bots[s.side()] != nil
}

// computers is the sides the computer plays, as a saved match keeps
// them.
func (s *playSession) computers() []engine.ComputerSpec {
	var out []engine.ComputerSpec
	for side, b := range s.bots {
		if b != nil {
			out = append(out, engine.ComputerSpec{Side: side, Level: s.levels[side].String()})
		}
	}
	return out
}

// playersOf is who plays each side of a saved match: the computer at its
// level for the sides it lists (normal for a level this program does not
// know), people for the others.
func playersOf(computers []engine.ComputerSpec) [hexmap.MaxSides + 1]int {
	var players [hexmap.MaxSides + 1]int
	for _, c := range computers {
		if c.Side < 1 || c.Side > hexmap.MaxSides {
			continue
		}
		level, err := ai.ParseLevel(c.Level)
		if err != nil {
			level = ai.Normal
		}
		players[c.Side] = slices.IndexFunc(playerChoices, func(p playerChoice) bool { return !p.human && p.level == level })
		if players[c.Side] < 0 {
			players[c.Side] = slices.IndexFunc(playerChoices, func(p playerChoice) bool { return p.level == ai.Normal })
		}
	}
	return players
}

// humans is how many sides people play.
func (s *playSession) humans() int {
	n := 0
	for _, sd := range s.match.Summary().Sides {
		if s.bots[sd.Side] == nil {
			n++
		}
	}
	return n
}

// think gives the side in turn's computer player's next command to the
// match (one a call, so that the window draws between them); a command
// the engine refuses (a bug in the bot) is told to it.
func (s *playSession) think() {
	b := s.bots[s.side()]
	cmd := b.Next(s.match.View(s.side()))
	if _, err := s.apply(cmd); err != nil {
		b.Refused(cmd)
		if cmd.Cmd == "end" {
			s.apply(engine.Command{Cmd: "resign"}) // cannot happen: end is always allowed
		}
	}
}

// side is the side in turn.
func (s *playSession) side() int { return s.match.SideInTurn() }

// sideName is what side is called in this match.
func (s *playSession) sideName(side int) string { return sideLabel(s.match, side) }

// sideLabel is what side is called in match m: the scenario's name for
// it, else its colour's name ("neutral" for side 0).
func sideLabel(m *engine.Match, side int) string {
	if side == 0 {
		return ownerName(0)
	}
	if n := m.SideName(side); n != "" {
		return n
	}
	return units.ColourName(m.SideColour(side))
}

// apply gives cmd to the match; what it caused is shown: moves walk, the
// fog follows, and the other sides are told at their turns.
func (s *playSession) apply(cmd engine.Command) ([]engine.Event, error) {
	before := s.side()
	s.finishWalks()
	figs, ids := s.standing(cmd.Cmd == "attack")
	ev, err := s.match.Apply(cmd)
	if err != nil {
		return nil, err
	}
	s.orders.follow(cmd, ev)
	s.show(ev, figs, ids)
	for side := range s.news {
		s.news[side].events = append(s.news[side].events, ev...)
	}
	if after := s.side(); after != before {
		s.news[before] = turnNews{seen: s.enemiesSeen(before), owned: s.townsOf(before)}
		if s.noteSeer(); s.fog.Side() != s.seer {
			s.fog.SetSide(s.seer)
		}
	}
	return ev, nil
}

// absorb makes m the match shown, as events ev (an online match's, seen
// as the seer's side) made it of the one shown so far: their moves walk
// and their battles show.
func (s *playSession) absorb(m *engine.Match, ev []engine.Event) {
	s.finishWalks()
	attack := slices.ContainsFunc(ev, func(e engine.Event) bool { return e.Ev == "attacked" })
	figs, ids := s.standing(attack)
	s.match, s.sight.m = m, m
	s.show(ev, figs, ids)
}

// standing is, when asked, the figures of the units as they stand and
// their ids: for the show of an attack, which moves them.
func (s *playSession) standing(asked bool) ([]project.Figure, []int) {
	var figs []project.Figure
	var ids []int
	if asked {
		for _, u := range s.match.Units() {
			figs, ids = append(figs, s.figureOf(u)), append(ids, u.ID)
		}
	}
	return figs, ids
}

// show shows what events ev did to the match: moves walk, battles show
// (figs and ids: the units as they stood), the fog follows and the
// script's words are kept.
func (s *playSession) show(ev []engine.Event, figs []project.Figure, ids []int) {
	s.sight.changed = true
	s.words.note(ev)
	var destroyed []int
	for _, e := range ev {
		if e.Ev == "destroyed" {
			destroyed = append(destroyed, e.Unit)
		}
	}
	for _, e := range ev {
		switch e.Ev {
		case "moved":
			s.startWalk(e)
		case "attacked":
			s.startBattle(e, destroyed, figs, ids)
		}
	}
}

// startWalk shows move e: its unit walks its path.
func (s *playSession) startWalk(e engine.Event) {
	if len(e.Path) < 2 {
		return
	}
	path, curve := s.curveOf(e.Path)
	s.walks = append(s.walks, unitWalk{unit: e.Unit, path: path, curve: curve})
}

// curveOf is the cells of a move's path and the curve a unit walks along
// them.
func (s *playSession) curveOf(cells []engine.Cell) ([]int, units.Curve) {
	path := make([]int, len(cells))
	for k, c := range cells {
		path[k] = c[0] + c[1]*s.grid.Topology().Width
	}
	return path, units.NewCurve(s.grid, path, s.ground)
}

// update advances the walk shown by dt seconds and the fog's fades.
func (s *playSession) update(dt float64) {
	if b := s.battle; b != nil {
		if b.t += dt; b.t >= battleTime {
			s.battle = nil
		}
	} else if len(s.walks) > 0 {
		w := &s.walks[0]
		w.s += float32(dt * units.UnitsPerSecond)
		if w.s >= w.curve.Length() {
			s.endWalk()
		}
	}
	s.fog.Update(dt)
}

// walking reports whether a move is being shown.
func (s *playSession) walking() bool { return len(s.walks) > 0 || s.battle != nil }

// finishWalks ends every move shown at once.
func (s *playSession) finishWalks() {
	s.battle = nil
	for len(s.walks) > 0 {
		s.endWalk()
	}
}

// endWalk ends the current move shown, its unit facing the way it came.
func (s *playSession) endWalk() {
	w := s.walks[0]
	_, _, h := w.curve.At(w.curve.Length())
	s.face(w.unit, h)
	s.walks = s.walks[1:]
}

// face records that unit id stands facing heading h.
func (s *playSession) face(id int, h float32) {
	for len(s.facing) <= id {
		s.facing = append(s.facing, 0)
	}
	s.facing[id] = h
}

// shows reports whether unit u is shown: the seer's always, the others'
// where the seer sees them (or all when not fogged).
func (s *playSession) shows(u engine.UnitInfo, fogged bool) bool {
	return !fogged || u.Side == s.seer || s.match.Sees(s.seer, u.Cell)
}

// figures lists the figures of the units shown; on a wrapping map each
// stands in the copy of the map nearest world x camX.
func (s *playSession) figures(camX float32, fogged bool) []project.Figure {
	f := &s.figs
	f.shown, f.ids = f.shown[:0], f.ids[:0]
	top := s.grid.Topology()
	paint := matchPaint(s.match)
	for _, u := range s.match.Units() {
		if !s.shows(u, fogged) {
			continue
		}
		x, y, z, h := s.pose(u)
		x = top.Nearest(x, camX)
		f.shown = append(f.shown, project.Figure{Pos: [3]float32{x, y, z}, Heading: h, Color: paint.rgb(u.Side), Kind: s.kind(u)})
		f.ids = append(f.ids, u.ID)
	}
	if s.battle != nil { // the fallen, sinking: no unit's any more (id 0)
		f.shown = s.battle.ghosts(f.shown)
	}
	f.shown = s.townMarks(f.shown, camX, fogged)
	for len(f.ids) < len(f.shown) {
		f.ids = append(f.ids, 0)
	}
	return f.shown
}

// townMarks appends the marks of the towns the seer knows (all when not
// fogged), each in its owner's colour (a neutral town's in the grey of
// its banner), as the banners name them.
func (s *playSession) townMarks(dst []project.Figure, camX float32, fogged bool) []project.Figure {
	top := s.grid.Topology()
	paint := matchPaint(s.match)
	for _, t := range s.match.Towns() {
		if fogged && !s.match.Explored(s.seer, t.Cell) {
			continue
		}
		p := units.CellPoint(s.grid, t.Cell)
		x := top.Nearest(p[0], camX)
		col := [3]float32{float32(colDim.R) / 255, float32(colDim.G) / 255, float32(colDim.B) / 255}
		if t.Owner != 0 {
			col = paint.rgb(t.Owner)
		}
		dst = append(dst, project.Figure{Pos: [3]float32{x, s.height(p[0], p[1], t.Cell), p[1]}, Color: col, Town: true})
	}
	return dst
}

// kind is unit u's figure.
func (s *playSession) kind(u engine.UnitInfo) project.FigureKind {
	return units.FigureKind(s.match.Rules().Types[u.Type].Name)
}

// pose is where unit u is drawn: along its walk when one is shown, else
// standing on its cell.
func (s *playSession) pose(u engine.UnitInfo) (x, y, z, heading float32) {
	for k := range s.walks {
		if w := &s.walks[k]; w.unit == u.ID {
			if k > 0 { // waiting for its turn to be shown: at its start
				p := units.CellPoint(s.grid, w.path[0])
				return p[0], s.height(p[0], p[1], w.path[0]), p[1], s.heading(u.ID)
			}
			x, z, h := w.curve.At(w.s)
			return x, s.height(x, z, w.curve.CellAt(w.s)), z, h
		}
	}
	p := units.CellPoint(s.grid, u.Cell)
	at := vec3.T{p[0], s.height(p[0], p[1], u.Cell), p[1]}
	if s.battle != nil {
		at = s.battle.offset(u.ID, at)
	}
	return at[0], at[1], at[2], s.heading(u.ID)
}

func (s *playSession) heading(id int) float32 {
	if id < len(s.facing) {
		return s.facing[id]
	}
	return 0
}

// height is the ground's height at (x, z), or cell's own height where
// the scene has no ground.
func (s *playSession) height(x, z float32, cell int) float32 {
	if s.ground != nil {
		if y, ok := s.ground.HeightAt(x, z); ok {
			return y
		}
	}
	return geom.CellPosition(s.grid, cell)[1]
}

// enemiesSeen is the units of other sides that side sees now, by id.
func (s *playSession) enemiesSeen(side int) []int {
	var ids []int
	for _, u := range s.match.Units() {
		if u.Side != side && s.match.Sees(side, u.Cell) {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

// takeNews is what side has to be told as its turn begins, and forgets
// it: units healed and produced, towns lost, and the other sides' units
// that came into sight since its last turn ended.
func (s *playSession) takeNews(side int) turnSummary {
	n := s.news[side]
	s.news[side] = turnNews{}
	var sum turnSummary
	towns := s.match.Towns()
	for _, e := range n.events {
		switch {
		case e.Ev == "healed" && s.unitSide(e.Unit) == side:
			sum.healed++
		case e.Ev == "produced" && towns[e.Town-1].Owner == side:
			sum.produced++
		}
	}
	for _, id := range n.owned {
		if towns[id-1].Owner != side {
			sum.lost++
		}
	}
	for _, id := range s.enemiesSeen(side) {
		if !slices.Contains(n.seen, id) {
			sum.sighted++
		}
	}
	return sum
}

// townsOf is the towns side holds, by id.
func (s *playSession) townsOf(side int) []int {
	var ids []int
	for _, t := range s.match.Towns() {
		if t.Owner == side {
			ids = append(ids, t.ID)
		}
	}
	return ids
}

// unitSide is the side of unit id, 0 when it is gone.
func (s *playSession) unitSide(id int) int {
	if u, ok := s.match.Unit(id); ok {
		return u.Side
	}
	return 0
}

// turnSummary is what a side is told as its turn begins.
type turnSummary struct {
	healed, produced, lost, sighted int
}
