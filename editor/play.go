package editor

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	engine "hexsandbox/game"
	"hexsandbox/nav"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// playMode is the game side of the editor: a match of the rules engine
// (package game) on the map, played by people taking turns at the
// window. The panel gives way to the game bar; a click selects one of
// the side in turn's units, sends it to a cell (the cells it reaches
// this turn shaded, the way to the hovered cell with the turn of each
// cell; beyond its reach the order lasts, see orders.go) or attacks the
// enemy clicked, whose battle forecast shows while
// the pointer is over it; a click on an enemy otherwise tells its
// details, never selects it. Between two sides a hand-over screen hides
// the map, and the match ends on a screen of its own.
type playMode struct {
	env      *modeEnv
	bar      *gameBar
	session  *playSession // nil: no match (why says why: the engine's refusal)
	why      string
	selected int // unit id of the side in turn, 0 for none
	// armed is the destination or enemy a finger's first tap chose (its
	// path or forecast shows); a second tap on it sends or attacks.
	armed armedCell

	// What the overlay shows, asked again only when its question
	// (unit, destination, commands so far) changes.
	path     cachedPath
	order    cachedPath // the selected unit's standing order's way
	reach    cachedCells
	turns    cachedCells // per cell, the selected unit's turn there (1: this one), -1 for none
	forecast forecastPanel
	town     townPanel
	goals    objectivesBox
	cover    *coverScreen // the hand-over or end screen, nil for none
	shifts   []float32    // scratch: where the path's cells are drawn
	// autosaveDue is set when a turn starts: the match's recovery
	// autosave is made as soon as no file work runs.
	autosaveDue bool
	// trial is the scenario dialog's test run, nil when the match is
	// not one.
	trial *trialRun
	// remote is the online match played (online.go), nil for one played
	// at this window.
	remote *remotePlay
}

// trialRun is a match begun by the scenario dialog's Test scenario: it
// starts from the map's scenario (the match the map carries is kept,
// never resumed nor replaced in a save) and ends when editing resumes,
// the camera back where editing left it.
type trialRun struct {
	cam project.Camera
}

// maxTravelStep is the most time one tick advances a move shown: a
// stall does not make a unit jump.
const maxTravelStep = 100 * time.Millisecond

// reset forgets the match (and leaves an online one): the map is
// another.
func (p *playMode) reset() {
	p.stopOnline()
	p.session, p.selected, p.cover, p.armed, p.trial = nil, 0, nil, armedCell{}, nil
	p.path.valid, p.reach.valid, p.forecast.valid, p.order.valid, p.turns.valid = false, false, false, false, false
}

func (p *playMode) root() *widget.Container { return p.bar.root }
func (p *playMode) beside() bool            { return false }
func (p *playMode) sync()                   { p.bar.sync(p.env.view) }
func (p *playMode) keys() modes             { return inPlay }
func (p *playMode) fogged() bool            { return !p.env.view.Reveal }
func (p *playMode) minimap() bool           { return true } // what the side in turn knows (drawMinimap)
func (p *playMode) escape()                 { p.selected, p.armed = 0, armedCell{}; p.town.close() }
func (p *playMode) interrupt()              {} // a click is over when it is made
func (p *playMode) shown() *playSession     { return p.session }

// leave finishes the moves shown and lets the game bar be.
func (p *playMode) leave() {
	p.selected = 0
	if p.session != nil {
		p.session.finishWalks()
	}
	p.showCover(nil)
}

// enter continues the match, or starts one from the map's scenario when
// there is none or the map was edited since it began; the side in turn
// is handed the window.
func (p *playMode) enter() {
	p.selected = 0
	p.showCover(nil)
	if p.remote == nil && (p.session == nil || p.session.state != p.env.state()) {
		p.start()
	}
	if p.session == nil && p.remote != nil {
		return // joining: the match shows when the server's view comes
	}
	if p.session == nil {
		p.showCover(noGameScreen(p.env.paint.win.style, p.why, p.env.newGame, p.env.toEdit))
		return
	}
	if over, _ := p.session.match.Over(); over {
		p.showEnd()
		return
	}
	p.handOver()
}

// beginTrial makes the next match a test run of the map's scenario.
func (p *playMode) beginTrial() {
	p.reset()
	p.trial = &trialRun{cam: *p.env.cam}
}

// endTrial forgets a test run's match and puts the camera back where
// editing left it (its bounds are the window's); it reports whether
// there was one.
func (p *playMode) endTrial() bool {
	t := p.trial
	if t == nil {
		return false
	}
	p.reset()
	c := p.env.cam
	c.X, c.Z, c.Zoom, c.Rotation = t.cam.X, t.cam.Z, t.cam.Zoom, t.cam.Rotation
	return true
}

// start continues the match the map carries, or begins one of the
// map's own scenario (always, for a test run).
func (p *playMode) start() {
	grid := p.env.sess.Grid
	var m *engine.Match
	var sp savedPlay
	var err error
	if p.trial == nil {
		m, sp, err = p.resume()
	}
	var began []engine.Event
	resumed := m != nil
	if !resumed && err == nil {
		m, began, err = engine.NewMatch(grid, engine.ScenarioOf(grid))
	}
	if err != nil {
		p.session, p.why = nil, err.Error()
		return
	}
	if !resumed {
		sp.Computers = m.Scenario().Computers() // who plays a new match: its scenario says
	}
	p.session = newPlaySession(m, grid, p.env.ground(), p.env.state(), playersOf(sp.Computers))
	p.session.orders.restore(m, sp.Orders)
	p.session.words.restore(sp.Words)
	p.session.words.note(began)
	p.goals.open = m.Scenario().Script != ""
	for _, sd := range m.Summary().Sides {
		p.goals.open = p.goals.open || m.Objectives(sd.Side) != ""
	}
}

// toggleObjectives folds or unfolds the objectives box.
func (p *playMode) toggleObjectives() {
	if p.session == nil {
		p.env.info("No game: no objectives")
		return
	}
	p.goals.open = !p.goals.open
}

// savedPlay is a match as the window saves it with the map: the engine's
// saved match (with the sides the computer plays) and, beside its
// fields, the people's standing orders and what the script said to each
// side (which the engine never keeps; readers of the match alone skip
// them).
type savedPlay struct {
	engine.Saved
	Orders []standingOrder `json:"orders,omitempty"`
	Words  []savedWord     `json:"words,omitempty"`
}

// resume is the match the map carries (nil for none) with the sides the
// computer plays and the standing orders, once: a map edited after
// opening begins anew.
func (p *playMode) resume() (*engine.Match, savedPlay, error) {
	blob := p.env.sess.Match
	if blob == nil {
		return nil, savedPlay{}, nil
	}
	p.env.sess.Match = nil
	var s savedPlay
	if err := json.Unmarshal(blob, &s); err != nil {
		return nil, savedPlay{}, fmt.Errorf("%w: %v", engine.ErrSaved, err)
	}
	m, err := engine.Resume(p.env.sess.Grid, s.Saved)
	return m, s, err
}

// saved is the match to save with the map: the one played, with a
// snapshot, while it lasts (not a test run); else the one the map
// carries (kept).
func (p *playMode) saved(kept []byte) []byte {
	s := p.session
	if s == nil || p.remote != nil || s.state != p.env.state() || p.trial != nil {
		return kept
	}
	sv := savedPlay{Saved: s.match.Save(true), Orders: s.orders.orders, Words: s.words.save()}
	sv.Computers = s.computers()
	b, err := json.Marshal(sv)
	if err != nil {
		return kept // plain data: cannot fail
	}
	return b
}

// watch plays the match so far back from its start: a match over seen
// whole, else as the person whose view is shown sees it (V shows more).
// A hand-over screen hides the map until it is passed.
func (p *playMode) watch() {
	s := p.session
	if s == nil {
		p.env.info("No match to replay: New game (Ctrl+Shift+N)")
		return
	}
	if p.remote != nil {
		p.env.info("Online matches are not replayed yet")
		return
	}
	seer := s.seer
	if over, _ := s.match.Over(); over {
		seer = 0
	} else if p.covered() {
		return
	}
	p.env.replay(s.match.Save(false), seer)
}

// nextUnit selects the side in turn's next unit (after the selected
// one, in id order) with moves left and no standing order, and brings
// it into view.
func (p *playMode) nextUnit() {
	s := p.session
	if s == nil || p.covered() || s.computerTurn() {
		return
	}
	var own []engine.UnitInfo
	for _, u := range s.match.Units() {
		if _, ordered := s.orders.of(u.ID); u.Side == s.side() && u.Moves > 0 && !ordered {
			own = append(own, u)
		}
	}
	if len(own) == 0 {
		p.env.info("No unit without orders has moves left: End Turn (Enter)")
		return
	}
	next := own[0]
	for _, u := range own {
		if u.ID > p.selected {
			next = u
			break
		}
	}
	p.selected = next.ID
	x, z := p.env.sess.Grid.Topology().CellCenter(next.Cell)
	p.env.cam.X, p.env.cam.Z = float64(x), float64(z)
	p.env.cam.Clamp()
}

// openTown opens the panel of town id, of the side in turn.
func (p *playMode) openTown(id int) {
	p.selected = 0
	p.town.open(id)
}

// produce sets what the open town builds to type k.
func (p *playMode) produce(k int) {
	name := p.session.match.Rules().Types[k].Name
	if p.command(engine.Command{Cmd: "produce", Town: p.town.town, Type: name}) {
		p.env.info(fmt.Sprintf("%s builds %s", p.session.match.Towns()[p.town.town-1].Name, name))
	}
}

// handOver gives the window to the side in turn's player: between two
// people a screen hides the map until the next one clicks; a person
// alone is told what happened since its last turn; the computer's turn
// needs neither. The side's units are brought into view.
func (p *playMode) handOver() {
	s := p.session
	p.selected = 0
	p.town.close()
	if p.remote != nil {
		if p.remote.myTurn(s) {
			p.env.info(fmt.Sprintf("Round %d: your turn (online)", s.match.Round()))
			p.lookAtSide()
		} else {
			p.env.info(p.waitingText())
		}
		return
	}
	if s.computerTurn() {
		return
	}
	sum := s.takeNews(s.side())
	if s.humans() >= 2 {
		p.env.untell() // the last side's words are not the next one's
		p.showCover(handOver(p.env.paint.win.style, s.sideName(s.side()), s.side(), s.match.SideColour(s.side()), s.match.Round(), sum))
	} else {
		p.env.info(fmt.Sprintf("Round %d, %s's turn: %s", s.match.Round(), s.sideName(s.side()), strings.Join(sum.lines(s.side()), ", ")))
	}
	p.lookAtSide()
}

// showCover puts cover c over the window (nil: none); the game bar is
// hidden under it so that no click reaches it.
func (p *playMode) showCover(c *coverScreen) {
	p.cover = c
	vis := widget.Visibility_Show
	if c != nil {
		vis = widget.Visibility_Hide_Blocking
	}
	if p.bar != nil {
		p.bar.root.GetWidget().SetVisibility(vis)
	}
}

// covered reports whether a cover screen hides the map.
func (p *playMode) covered() bool { return p.cover != nil }

// tick lets the computer play its side's next command once the moves
// shown are over, and keeps the selection valid and the game bar
// current.
func (p *playMode) tick() bool {
	news := p.remote != nil && p.pollRemote()
	if s := p.session; s != nil {
		if p.thinks() {
			side := s.side()
			s.think()
			p.afterCommand(side)
		}
		p.carryOrders(false)
		if !p.covered() {
			for _, w := range s.words.take(s.seer) {
				p.env.tell(toastText(w), w.isErr)
			}
		}
		if _, ok := s.match.Unit(p.selected); !ok || s.unitSide(p.selected) != s.side() {
			p.selected = 0
		}
	}
	return p.bar.update(p.barInfo()) || news
}

// thinks reports whether the next tick lets the computer play a
// command: its side is in turn and nothing is being shown or covered.
func (p *playMode) thinks() bool {
	s := p.session
	return s != nil && s.computerTurn() && !s.walking() && !p.covered()
}

// update advances the moves shown by dt seconds and reports whether the
// play still moves on its own (a walk or battle shown, the computer's
// turn), so that the window keeps its full frame rate.
func (p *playMode) update(dt float64) bool {
	if p.session == nil {
		return false
	}
	p.session.update(dt)
	return p.session.walking() || p.session.computerTurn()
}

// toggleReveal shows the whole map, or the side in turn's view again.
func (p *playMode) toggleReveal() {
	p.env.view.Reveal = !p.env.view.Reveal
	p.bar.sync(p.env.view)
}

// command gives cmd to the match, saying why when the rules refuse it,
// and shows what follows: the end screen, or the hand-over when the turn
// passed.
func (p *playMode) command(cmd engine.Command) bool {
	s := p.session
	if s == nil || p.covered() {
		return false
	}
	if s.computerTurn() {
		p.env.info("The computer is playing " + s.sideName(s.side()))
		return false
	}
	if p.remote != nil {
		return p.sendRemote(cmd)
	}
	side := s.side()
	if _, err := s.apply(cmd); err != nil {
		p.env.notice(refusal(cmd, err))
		return false
	}
	p.afterCommand(side)
	return true
}

// afterCommand shows what follows a command of side's: the end screen,
// or the hand-over when the turn passed.
func (p *playMode) afterCommand(side int) {
	s := p.session
	if over, _ := s.match.Over(); over {
		p.selected = 0
		p.showEnd()
	} else if s.side() != side {
		p.autosaveDue = true
		p.handOver()
	}
}

// showEnd covers the window with the end of the match, which tells the
// script's words not yet shown to the side whose view it was.
func (p *playMode) showEnd() {
	s := p.session
	p.showCover(endScreen(p.env.paint.win.style, s.match, s.words.take(s.seer), p.watch, p.env.toEdit, p.env.newGame))
}

// refusal says why the rules refused cmd.
func refusal(cmd engine.Command, err error) string {
	switch {
	case cmd.Cmd == "undo" && errors.Is(err, engine.ErrNoUndo):
		return "Cannot undo: nothing to take back since the last attack, production change or end of turn (a move that revealed something or took a town stays)"
	case errors.Is(err, engine.ErrNoMoves):
		return "No moves left for that this turn: End Turn (Enter)"
	case cmd.Cmd == "move":
		return "Cannot move there: " + err.Error()
	case cmd.Cmd == "attack":
		return "Cannot attack: " + err.Error()
	}
	return "Refused: " + err.Error()
}

// endTurn carries out the standing orders not yet carried out this turn
// and passes play to the next side.
func (p *playMode) endTurn() {
	if s := p.session; s != nil {
		p.carryOrders(true)
		if over, _ := s.match.Over(); over {
			return
		}
	}
	p.command(engine.Command{Cmd: "end"})
}

// undo takes back the side in turn's last move, by the engine's rule.
func (p *playMode) undo() {
	if p.session == nil {
		p.env.info(noMatchUndo)
		return
	}
	p.command(engine.Command{Cmd: "undo"})
}

// noMatchUndo is what Ctrl+Z says in play without a match.
const noMatchUndo = "No game to take moves back in: undo and redo of edits are in edit mode (Tab)"

// input reads the mouse: a press dismisses a cover screen; on the map it
// selects one of the side in turn's units, attacks the enemy clicked
// when the selected unit can, tells an enemy's details otherwise, or
// moves the selected unit.
func (p *playMode) input(pt pointer) {
	if p.cover != nil {
		if pt.pressed && !p.env.dialogOpen() && p.cover.click(pt.x, pt.y) {
			p.showCover(nil)
		}
		return
	}
	s := p.session
	if p.remote != nil && s != nil && !p.remote.myTurn(s) {
		if pt.pressed && pt.overMap {
			p.env.info(p.waitingText())
		}
		return
	}
	if pt.hold && s != nil && pt.overMap {
		p.secondary(pt)
		return
	}
	if !pt.pressed || s == nil || (p.town.town != 0 && p.town.click(pt.x, pt.y)) || !pt.overMap {
		return
	}
	if p.town.town == 0 && p.goals.open && image.Pt(pt.x, pt.y).In(p.goals.at) {
		return // a click on the objectives box is not one on the map
	}
	tid, town := s.match.TownAt(pt.cell)
	if town && (!pt.ok || s.match.Towns()[tid-1].Owner != s.side()) {
		town = false
	}
	if id, ok := p.unitUnder(pt); ok {
		u, _ := s.match.Unit(id)
		switch {
		case u.Side == s.side() && town && p.selected == id && u.Cell == pt.cell:
			p.openTown(tid) // a second click on a unit in its town: the town
		case u.Side == s.side():
			p.selected, p.armed = id, armedCell{}
		case p.selected != 0 && p.canAttack(u.Cell):
			if pt.touch && !p.armed.confirm(u.Cell) {
				return // a finger's first tap: the forecast shows
			}
			p.command(engine.Command{Cmd: "attack", Unit: p.selected, At: p.cellOf(u.Cell)})
		default:
			p.env.info(p.details(u))
		}
		return
	}
	if !pt.ok {
		return
	}
	if town {
		p.openTown(tid)
		return
	}
	if p.selected == 0 {
		p.env.info("Click one of " + s.sideName(s.side()) + "'s units first")
		return
	}
	if pt.touch && !p.armed.confirm(pt.cell) {
		return // a finger's first tap: the path shows, with its turns
	}
	p.moveTo(p.selected, pt.cell)
}

// armedCell is a cell a first tap chose, when set.
type armedCell struct {
	cell int
	set  bool
}

// confirm reports whether cell i was chosen by the tap before; else it
// chooses it.
func (a *armedCell) confirm(i int) bool {
	if a.set && a.cell == i {
		*a = armedCell{}
		return true
	}
	*a = armedCell{cell: i, set: true}
	return false
}

// secondary is a long press on the map: the details of the unit there,
// or the side in turn's town there opens.
func (p *playMode) secondary(pt pointer) {
	s := p.session
	if id, ok := p.unitUnder(pt); ok {
		u, _ := s.match.Unit(id)
		p.env.info(p.details(u))
		return
	}
	if tid, ok := s.match.TownAt(pt.cell); ok && pt.ok && s.match.Towns()[tid-1].Owner == s.side() {
		p.openTown(tid)
	}
}

// cellOf is cell i's offset coordinates, as commands name cells.
func (p *playMode) cellOf(i int) *engine.Cell {
	x, z := p.env.sess.Grid.Topology().Offset(i)
	return &engine.Cell{x, z}
}

// canAttack reports whether the selected unit can attack cell i.
func (p *playMode) canAttack(i int) bool {
	_, ok := p.forecast.ask(p.session.match, p.selected, i)
	return ok
}

// details tells what the side in turn sees of unit u.
func (p *playMode) details(u engine.UnitInfo) string {
	t := p.session.match.Rules().Types[u.Type]
	s := fmt.Sprintf("%s %s: %d hp, melee %d", p.session.sideName(u.Side), t.Name, u.HP, t.Melee)
	if t.Ranged > 0 {
		s += fmt.Sprintf(", ranged %d at %d", t.Ranged, t.Range)
	}
	if u.Side != p.session.side() {
		s += " · not yours"
		if p.selected != 0 {
			s += ": the selected unit cannot attack it"
		}
	}
	return s
}

// unitUnder is the unit shown under the pointer: its figure, or the
// cell's unit when shown.
func (p *playMode) unitUnder(pt pointer) (int, bool) {
	s := p.session
	mr := p.env.mapRect()
	v := p.env.cam.View(mr.Dx(), mr.Dy())
	if f, ok := project.FigureAt(&v, s.figs.shown, float32(pt.x-mr.Min.X), float32(pt.y-mr.Min.Y)); ok && s.figs.ids[f] != 0 {
		return s.figs.ids[f], true
	}
	if !pt.ok {
		return 0, false
	}
	id, ok := s.match.UnitAt(pt.cell)
	if !ok {
		return 0, false
	}
	u, _ := s.match.Unit(id)
	return id, s.shows(u, p.fogged())
}

// hoverForecast is the forecast of the selected unit's attack on the
// unit under the pointer, when it can make it.
func (p *playMode) hoverForecast() (engine.Forecast, bool) {
	s, pt := p.session, *p.env.ptr
	if s == nil || p.selected == 0 || !pt.overMap || p.covered() {
		return engine.Forecast{}, false
	}
	id, ok := p.unitUnder(pt)
	if !ok {
		return engine.Forecast{}, false
	}
	u, _ := s.match.Unit(id)
	if u.Side == s.side() {
		return engine.Forecast{}, false
	}
	return p.forecast.ask(s.match, p.selected, u.Cell)
}

// plannedPath is the way the selected unit would take to the hovered
// cell, with the turn of each cell, or false.
func (p *playMode) plannedPath() ([]int, []int, bool) {
	s, hover := p.session, p.env.ptr
	if s == nil || p.selected == 0 || !hover.ok || s.walking() {
		return nil, nil, false
	}
	c := &p.path
	key := planKey{unit: p.selected, cell: hover.cell, unitsState: uint64(len(s.match.Log()))}
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		cells, dists, ok := s.match.Way(p.selected, hover.cell)
		c.ok = ok && len(cells) > 1
		c.cells, c.turns = append(c.cells[:0], cells...), c.turns[:0]
		u, _ := s.match.Unit(p.selected)
		speed := s.match.Rules().Types[u.Type].Moves
		for _, d := range dists {
			c.turns = append(c.turns, max(0, d-1)/speed)
		}
	}
	return c.cells, c.turns, c.ok
}

// reachable is the cells the selected unit reaches this turn.
func (p *playMode) reachable() []int {
	s := p.session
	if s == nil || p.selected == 0 || s.walking() {
		return nil
	}
	c := &p.reach
	key := planKey{unit: p.selected, unitsState: uint64(len(s.match.Log()))}
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		c.cells = s.match.Reach(p.selected, c.cells[:0])
	}
	return c.cells
}

// turnsTo is the distance overlay in play: per cell, the turn in which
// the selected unit gets there by the engine's least way (1 for this
// turn, Catlike's labels on a path), -1 where no way leads, for its own
// cell and, under the fog, for cells the side in turn has not explored;
// nil when the overlay is off.
func (p *playMode) turnsTo() []int {
	s := p.session
	if s == nil || p.selected == 0 || s.walking() || !p.env.view.Distances {
		return nil
	}
	c := &p.turns
	key := planKey{unit: p.selected, unitsState: uint64(len(s.match.Log()))}
	if p.fogged() {
		key.cell = -1 - s.seer // what is shown is another question
	}
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		u, _ := s.match.Unit(p.selected)
		speed := s.match.Rules().Types[u.Type].Moves
		c.cells = s.match.Distances(p.selected, c.cells)
		for i, d := range c.cells {
			switch {
			case d < 0 || i == u.Cell || (p.fogged() && !s.match.Explored(s.seer, i)):
				c.cells[i] = -1
			default:
				c.cells[i] = nav.Turn(d, speed) + 1
			}
		}
	}
	return c.cells
}

// toggleTurns shows or hides the distance overlay: the turns to every
// cell for the selected unit.
func (p *playMode) toggleTurns() {
	p.env.view.Distances = !p.env.view.Distances
	if p.env.view.Distances && p.selected == 0 {
		p.env.info("Turns to every cell: select a unit")
	}
}

// barInfo is what the game bar shows: the round, the side in turn, the
// selected unit and its moves left.
func (p *playMode) barInfo() barInfo {
	s := p.session
	if s == nil {
		return barInfo{side: 1, colour: 1, name: units.SideName(1), unit: "No game on this map", moves: "—"}
	}
	info := barInfo{side: s.side(), colour: s.match.SideColour(s.side()), name: s.sideName(s.side()), round: s.match.Round(), unit: "No unit selected", moves: "—"}
	if p.remote != nil && !p.remote.myTurn(s) {
		info.unit = p.waitingText()
	}
	if u, ok := s.match.Unit(p.selected); ok {
		t := s.match.Rules().Types[u.Type]
		info.unit = fmt.Sprintf("%s %s, %d hp", s.sideName(u.Side), t.Name, u.HP)
		info.moves = fmt.Sprintf("%d / %d", u.Moves, t.Moves)
	}
	return info
}

// status describes, for the status line, the unit (and where its
// standing order leads) or town on the hovered cell and the selected
// unit's way there.
func (p *playMode) status() (cell, right string) {
	s, pt := p.session, *p.env.ptr
	if p.remote != nil {
		right = p.onlineStatus()
	}
	if s == nil || p.covered() || !pt.ok {
		return "", right
	}
	if id, ok := s.match.UnitAt(pt.cell); ok {
		if u, _ := s.match.Unit(id); s.shows(u, p.fogged()) {
			cell += "   " + p.details(u)
			if o, ordered := s.orders.of(id); ordered && u.Side == s.side() {
				cell += fmt.Sprintf(", bound for [%d,%d]", o.To[0], o.To[1])
			}
		}
	}
	if id, ok := s.match.TownAt(pt.cell); ok && (!p.fogged() || s.match.Explored(s.side(), pt.cell)) {
		t := s.match.Towns()[id-1]
		cell += fmt.Sprintf("   town %s (%s)", t.Name, s.sideName(t.Owner))
	}
	if cells, turns, ok := p.plannedPath(); ok {
		cell += fmt.Sprintf("   way there: %d steps, reached in turn %d", len(cells)-1, turns[len(turns)-1]+1)
	}
	return cell, right
}

// lookAtSide brings the side in turn's towns and units into view as its
// turn starts: when none of them is on screen, the camera centres on its
// first town (or, with none, its first unit).
func (p *playMode) lookAtSide() {
	e, s := p.env, p.session
	grid := e.sess.Grid
	var own []int // its towns first: the view centres on the first
	for _, t := range s.match.Towns() {
		if t.Owner == s.side() {
			own = append(own, t.Cell)
		}
	}
	for _, u := range s.match.Units() {
		if u.Side == s.side() {
			own = append(own, u.Cell)
		}
	}
	if len(own) == 0 {
		return
	}
	mr := e.mapRect()
	v := e.cam.View(mr.Dx(), mr.Dy())
	top := grid.Topology()
	for _, i := range own {
		cx, _ := top.CellCenter(i)
		if onScreen(&v, cellTop(grid, i, vec3.T{}, top.Nearest(cx, float32(e.cam.X))-cx), -40) {
			return
		}
	}
	x, z := top.CellCenter(own[0])
	e.cam.X, e.cam.Z = float64(x), float64(z)
	e.cam.Clamp()
}

// drawBoxes draws the open town's panel, or else the objectives box
// when it is unfolded.
func (p *playMode) drawBoxes(screen *ebiten.Image) {
	p.goals.at = image.Rectangle{}
	s := p.session
	if s == nil {
		return
	}
	st := p.env.paint.win.style
	// The boxes go under the game bar, which in a narrow window takes
	// more than a bar's height.
	area := p.env.mapRect()
	if p.bar != nil {
		area.Min.Y = max(area.Min.Y, p.bar.root.GetWidget().Rect.Max.Y-st.px(barHeight))
	}
	switch {
	case p.town.town != 0:
		p.town.lines(s.match, st, p.produce)
		p.town.draw(screen, area, st)
	case p.goals.open:
		p.goals.lines(st, s.match.SideColour(s.seer), s.sideName(s.seer), s.match.Objectives(s.seer), s.words.log[s.seer])
		p.goals.draw(screen, area, st)
	}
}

// drawCover draws the cover screen, when one is up, over everything.
func (p *playMode) drawCover(screen *ebiten.Image) {
	if p.cover != nil {
		p.cover.draw(screen, p.env.paint.win.style)
	}
}
