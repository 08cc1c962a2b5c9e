package editor

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/units"
)

// The panel's Scenario section: the map's scenario setup (scenario.Setup),
// saved with it: the sides that play, their teams, who plays each (a
// person or the computer at a level) and its colour, the seed of a
// match's generator, and the victory. Each change is a change of the
// grid's setup, so the history makes it an undo step.

// scenarioPanel is the Scenario section's widgets, and the setup they
// show (of which grid, at which of its SetupEdits).
type scenarioPanel struct {
	count   choiceRow                  // Auto, then 2, 3, 4 sides
	teams   [hexmap.MaxSides]choiceRow // each side's team, 1..4
	sides   sideControls
	seed    *textField
	victory choiceRow // Conquest, Round limit
	areas   areaRows
	// dialog opens the objectives and script dialog; rename asks for an
	// area's new name (the editor's, set once the panel is built).
	dialog  func()
	rename  func(old string)
	rounds  *widget.Slider
	readout *widget.Text
	// slid is the round limit the slider shows, as refresh set it or the
	// user moved it: ebitenui reports a change when the slider next
	// draws, one refresh made too, so only another value is the user's.
	slid int

	grid  func() *hexmap.Grid
	shown *hexmap.Grid
	edits uint64
}

// Round limits the slider offers, and the one a first choice of Round
// limit takes.
const (
	minRoundLimit     = 5
	maxRoundLimit     = 200
	defaultRoundLimit = 30
)

// addScenario adds the Scenario section.
func (p *panel) addScenario(s *style, grid func() *hexmap.Grid) {
	q := &p.scenario
	q.grid = grid
	p.content.AddChild(p.section(s, "Scenario (saved with the map)"))
	count := s.grid([]bool{false, true, true, true, true}, 3)
	count.AddChild(s.label("Sides", colText))
	q.count = p.choices(s, count, []string{"Auto", "2", "3", "4"}, []string{
		"The sides that have units or towns on the map, each on a team of its own",
		"Sides 1 and 2 play", "Sides 1 to 3 play", "Sides 1 to 4 play"}, 0, q.setCount)
	p.content.AddChild(count)
	p.content.AddChild(s.withTip(widget.NewText(widget.TextOpts.Text("Each side's team", &s.small, colDim)),
		"Teammates do not fight and share what they see"))
	teams := s.grid([]bool{false, true, true, true, true}, 3)
	for k := range hexmap.MaxSides {
		side := k + 1
		name := units.SideName(side)
		teams.AddChild(s.withTip(q.sides.label(s, side), name+"'s team: teammates do not fight and share what they see"))
		var labels, tips []string
		for team := 1; team <= hexmap.MaxSides; team++ {
			labels = append(labels, fmt.Sprint(team))
			tips = append(tips, fmt.Sprintf("%s plays on team %d", name, team))
		}
		q.teams[k] = p.choices(s, teams, labels, tips, k, func(t int) { q.setTeam(side, t+1) })
	}
	p.content.AddChild(teams)
	p.addSideControls(s)
	seedRow := s.grid([]bool{false, true}, 6)
	seedRow.AddChild(s.label("Seed", colText))
	// The seed is set when Enter is pressed or the field loses the
	// keyboard: one undo step, not one a digit.
	q.seed = s.textField("0", "a whole number", 120, q.setSeed)
	limitLength(q.seed, 20)
	q.seed.GetWidget().FocusEvent.AddHandler(func(args any) {
		if a, ok := args.(*widget.WidgetFocusEventArgs); ok && !a.Focused {
			q.setSeed(q.seed.GetText())
		}
	})
	seedRow.AddChild(s.withTip(q.seed, "The seed of a match's dice (the combat draws): the same seed, the same match; Enter sets it"))
	p.content.AddChild(seedRow)
	win := s.grid([]bool{true, true}, 3)
	q.victory = p.choices(s, win, []string{"Conquest", "Round limit"}, []string{
		"The last team standing wins", "After the last round the highest score wins (10 a town, a tenth of each unit's cost)"},
		0, func(k int) { q.setRounds(k * q.rounds.Current) })
	p.content.AddChild(win)
	roundRow := s.grid([]bool{false, true, false}, 6)
	roundRow.AddChild(s.label("Rounds", colText))
	q.readout = s.label(fmt.Sprint(defaultRoundLimit), colAccent)
	q.readout.GetWidget().MinWidth = s.px(26)
	q.slid = defaultRoundLimit
	q.rounds = s.slider(minRoundLimit, maxRoundLimit, q.slid, func(v int) {
		if v != q.slid { // moving the slider chooses the round limit
			q.slid = v
			q.readout.Label = fmt.Sprint(v)
			q.setRounds(v)
		}
	})
	roundRow.AddChild(s.withTip(q.rounds, "The round limit"), q.readout)
	p.content.AddChild(roundRow)
	p.content.AddChild(s.withTip(s.button("Objectives and script…", 50, func() { q.dialog() }),
		"Each side's objectives, and the event script (Starlark) that makes the map a scenario"))
}

// change applies f to a copy of the grid's setup and sets it; a setup
// the grid refuses (it cannot come from these controls) changes nothing.
func (q *scenarioPanel) change(f func(s *scenario.Setup)) {
	g := q.grid()
	s := g.Setup()
	f(&s)
	g.SetSetup(s)
}

// setCount makes sides 1..n play (choice 0: Auto, the sides on the
// map), keeping the teams of those that played.
func (q *scenarioPanel) setCount(k int) {
	q.change(func(s *scenario.Setup) {
		if k == 0 {
			s.Sides = nil
			return
		}
		n := k + 1
		var sides []scenario.Side
		for side := 1; side <= n; side++ {
			sd := scenario.Side{Side: uint8(side), Team: uint8(side)}
			for _, old := range q.grid().Sides() {
				if int(old.Side) == side {
					sd = old
				}
			}
			sides = append(sides, sd)
		}
		scenario.SpreadColours(sides)
		s.Sides = sides
	})
}

// setTeam puts side on team.
func (q *scenarioPanel) setTeam(side, team int) {
	q.changeSide(side, func(_ *scenario.Setup, sd *scenario.Side) { sd.Team = uint8(team) })
}

// changeSide applies f to side in a copy of the grid's setup and sets
// it; a side that does not play first joins the sides that do (all of
// them, when they came from the map), on a team of its own.
func (q *scenarioPanel) changeSide(side int, f func(s *scenario.Setup, sd *scenario.Side)) {
	q.change(func(s *scenario.Setup) {
		if len(s.Sides) == 0 {
			s.Sides = q.grid().Sides()
		}
		k := slices.IndexFunc(s.Sides, func(sd scenario.Side) bool { return int(sd.Side) == side })
		if k < 0 {
			s.Sides = append(s.Sides, scenario.Side{Side: uint8(side), Team: uint8(side)})
			k = len(s.Sides) - 1
			scenario.SpreadColours(s.Sides)
		}
		f(s, &s.Sides[k])
	})
}

// setSeed sets the seed text holds, when it is a number (else the field
// shows the setup's seed again).
func (q *scenarioPanel) setSeed(text string) {
	n, err := strconv.ParseUint(strings.TrimSpace(text), 10, 64)
	if err != nil {
		q.shown = nil // refresh shows the setup's
		return
	}
	q.change(func(s *scenario.Setup) { s.Seed = n })
}

// setRounds sets the round limit, 0 for conquest.
func (q *scenarioPanel) setRounds(n int) {
	q.change(func(s *scenario.Setup) { s.Victory.Rounds = n })
}

// refresh shows the grid's setup when it changed since last shown (an
// edit, an undo, another map); it reports whether it did.
func (q *scenarioPanel) refresh(p *panel) bool {
	g := q.grid()
	if g == nil || (g == q.shown && g.SetupEdits() == q.edits) {
		return false
	}
	q.shown, q.edits = g, g.SetupEdits()
	p.syncing = true
	defer func() { p.syncing = false }()
	s := g.Setup()
	q.areas.refresh(s)
	q.count.set(max(0, len(s.Sides)-1))
	playing := g.Sides()
	q.sides.refresh(playing)
	for k := range q.teams {
		team, plays := k+1, false
		for _, sd := range playing {
			if int(sd.Side) == k+1 {
				team, plays = int(sd.Team), true
			}
		}
		q.teams[k].set(team - 1)
		for _, b := range q.teams[k].btns {
			b.GetWidget().Disabled = !plays
		}
	}
	if n, err := strconv.ParseUint(strings.TrimSpace(q.seed.GetText()), 10, 64); err != nil || n != s.Seed {
		q.seed.SetText(strconv.FormatUint(s.Seed, 10))
	}
	if s.Victory.Rounds > 0 {
		q.victory.set(1)
		q.slid = max(minRoundLimit, min(maxRoundLimit, s.Victory.Rounds))
		q.rounds.Current = q.slid
		q.readout.Label = fmt.Sprint(s.Victory.Rounds)
	} else {
		q.victory.set(0)
	}
	return true
}
