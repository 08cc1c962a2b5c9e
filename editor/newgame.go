package editor

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/ai"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/mapgen"
	"hexsandbox/units"
)

// The New game dialog (the panel's and the game bar's New game button,
// Ctrl+Shift+N): the map (a generated one: size, world type and seed;
// or the map open now, with its own sides), how many sides play, who
// plays each (a person, or the computer at a level: package ai), its
// team (teammates do not fight and share vision) and what each is
// called (its colour's name unless renamed), and the
// victory (conquest, or the best score after a round limit); Start
// makes the map (one undoable step, as Generate), sets up its scenario
// and starts the match in play mode.

// newGameForm is what the dialog asks for.
type newGameForm struct {
	generate bool
	size     int // index in newMapSizes
	world    mapgen.WorldType
	seed     int64
	sides    int
	players  [hexmap.MaxSides + 1]int // per side: index in playerChoices
	rounds   int                      // index in roundChoices
	// names is each side's name as typed ("" or the colour's name: the
	// colour's).
	names [hexmap.MaxSides + 1]string
	// teams is each side's team less one (index in teamLabels).
	teams [hexmap.MaxSides + 1]int
}

// teamLabels are the teams a side may join, 1 to MaxSides.
var teamLabels = []string{"Team 1", "Team 2", "Team 3", "Team 4"}

// playerChoices are who may play a side: a person, or the computer at a
// level.
var playerChoices = []playerChoice{{"Human", 0, true}, {"Computer (easy)", ai.Easy, false}, {"Computer (normal)", ai.Normal, false}, {"Computer (hard)", ai.Hard, false}}

// playerChoice is who may play a side: a person, or the computer at a
// level.
type playerChoice struct {
	label string
	level ai.Level
	human bool
}

// roundChoices are the victories offered: conquest (0), or the best score
// after that many rounds.
var roundChoices = []int{0, 30, 60, 100}

// defaultGameForm is a generated 40×30 map of continents for a person
// against the computer.
func defaultGameForm() newGameForm {
	f := newGameForm{generate: true, size: 1, world: mapgen.Continents, seed: mapgen.NewSeed(), sides: 2}
	f.players[2] = 2
	return f
}

// newGameDialog asks for a new game; Start plays it.
func (g *game) newGameDialog() {
	s := g.win.style
	f := defaultGameForm()
	body := s.vbox(8, nil, 0)
	labelW := 0 // every row's label as wide as the widest: the columns line up
	for _, l := range []string{"Map", "Size", "World", "Seed", "Sides", "Victory"} {
		labelW = max(labelW, advance(l, s.face))
	}
	for side := 1; side <= hexmap.MaxSides; side++ {
		labelW = max(labelW, advance(units.SideName(side), s.face))
	}
	row := func(label string, w ...widget.PreferredSizeLocateableWidget) {
		r := s.grid(make([]bool, len(w)+1), 6)
		l := s.label(label, colText)
		l.GetWidget().MinWidth = labelW
		r.AddChild(l)
		r.AddChild(w...)
		body.AddChild(r)
	}
	var plays [hexmap.MaxSides + 1][]*widget.Widget // per side: its row's buttons
	sides := f.sides - 2
	dim := func() { // greys the rows of sides that will not play
		mapSides := g.sess.Grid.Sides()
		for side := 1; side <= hexmap.MaxSides; side++ {
			on := side <= sides+2
			if !f.generate {
				on = slices.ContainsFunc(mapSides, func(sd scenario.Side) bool { return int(sd.Side) == side })
			}
			for _, w := range plays[side] {
				w.Disabled = !on
			}
		}
	}
	mapK := 0
	if f.generate {
		mapK = 1
	}
	cycleButton(s, &mapK, row, "Map", []string{"This map", "Generate one"}, func(k int) { f.generate = k == 1; dim() })
	cycleInt(s, &f.size, row, "Size", sizeLabels())
	world := int(f.world)
	cycleInt(s, &world, row, "World", worldLabels())
	seed := s.textField(strconv.FormatInt(f.seed, 10), "seed", 120, nil)
	row("Seed", seed)
	cycleButton(s, &sides, row, "Sides", []string{"2", "3", "4"}, func(k int) { sides = k; dim() })
	labels := make([]string, len(playerChoices))
	for k, c := range playerChoices {
		labels[k] = c.label
	}
	var names [hexmap.MaxSides + 1]*textField
	for side := 1; side <= hexmap.MaxSides; side++ {
		names[side] = s.textField(g.sideNameNow(side), "name", 140, nil)
		limitLength(names[side], scenario.MaxSideNameLength)
		f.teams[side] = g.sideTeamNow(side) - 1
		team := newCycleButton(s, &f.teams[side], 90, teamLabels, func(v int) { f.teams[side] = v })
		who := newCycleButton(s, &f.players[side], 200, labels, func(v int) { f.players[side] = v })
		row(units.SideName(side), who, team, names[side])
		plays[side] = []*widget.Widget{who.GetWidget(), team.GetWidget()}
	}
	dim()
	var rounds []string
	for _, r := range roundChoices {
		if r == 0 {
			rounds = append(rounds, "Conquest")
		} else {
			rounds = append(rounds, fmt.Sprintf("Best score after %d rounds", r))
		}
	}
	cycleInt(s, &f.rounds, row, "Victory", rounds)
	body.AddChild(s.paragraph("Teammates do not fight and share what they see; at least two teams must play. With “This map”, the sides are the map's own (its scenario, set in edit mode)."))
	g.dialog("New game", body, choice{label: "Cancel"}, choice{label: "Online…", fn: g.onlineDialog}, choice{label: "Start", fn: func() {
		f.world, f.sides = mapgen.WorldType(world), sides+2
		for side := 1; side <= hexmap.MaxSides; side++ {
			f.names[side] = names[side].GetText()
		}
		n, err := strconv.ParseInt(strings.TrimSpace(seed.GetText()), 10, 64)
		if err == nil {
			err = mapgen.CheckSeed(n)
		}
		if err != nil {
			g.errorf("New game: the seed: %v", err)
			return
		}
		f.seed = n
		g.startGame(f)
	}})
}

// sideNameNow is what the open map's setup calls side, else its
// colour's name.
func (g *game) sideNameNow(side int) string {
	for _, sd := range g.sess.Grid.Setup().Sides {
		if int(sd.Side) == side && sd.Name != "" {
			return sd.Name
		}
	}
	return units.SideName(side)
}

// sideTeamNow is side's team in the open map's setup, else its own
// number.
func (g *game) sideTeamNow(side int) int {
	for _, sd := range g.sess.Grid.Setup().Sides {
		if int(sd.Side) == side && sd.Team >= 1 && int(sd.Team) <= len(teamLabels) {
			return int(sd.Team)
		}
	}
	return side
}

// cycleInt is a button showing labels[*k], moving to the next on a click.
func cycleInt(s *style, k *int, row func(string, ...widget.PreferredSizeLocateableWidget), label string, labels []string) {
	cycleButton(s, k, row, label, labels, func(v int) { *k = v })
}

// cycleButton is a row of label and a button showing labels[*k], moving
// to the next (and telling set) on a click.
func cycleButton(s *style, k *int, row func(string, ...widget.PreferredSizeLocateableWidget), label string, labels []string, set func(int)) {
	row(label, newCycleButton(s, k, 200, labels, set))
}

// newCycleButton is a button minW wide showing labels[*k], moving to the
// next (and telling set) on a click.
func newCycleButton(s *style, k *int, minW int, labels []string, set func(int)) *widget.Button {
	cur := *k
	var b *widget.Button
	b = s.button(labels[cur], minW, func() {
		cur = (cur + 1) % len(labels)
		set(cur)
		b.Text().Label = labels[cur]
	})
	return b
}

func sizeLabels() []string {
	var out []string
	for _, sz := range newMapSizes {
		out = append(out, fmt.Sprintf("%d×%d", sz[0], sz[1]))
	}
	return out
}

func worldLabels() []string {
	var out []string
	for _, w := range mapgen.WorldTypes() {
		out = append(out, w.String())
	}
	return out
}

// startZoom is the camera's zoom as a new game begins: Catlike's usual
// zoom, at which a unit reads as a figure (the whole map, fitted, is
// too far for that on most maps).
const startZoom = 0.5

// startGame makes the form's map and plays it.
func (g *game) startGame(f newGameForm) {
	grid := g.sess.Grid
	if f.generate {
		sz := newMapSizes[f.size]
		gen, _, err := f.world.Generator().GenerateMap(hexmap.Topology{Width: sz[0], Height: sz[1]}, f.seed)
		if err == nil {
			err = mapgen.PlaceStarts(gen, f.sides, f.seed)
		}
		if err != nil {
			g.errorf("New game: %v", err)
			return
		}
		grid = gen
	} else {
		grid = grid.Clone()
	}
	set := grid.Setup()
	set.Victory.Rounds = roundChoices[f.rounds]
	set.Sides = f.named(grid.Sides())
	if err := twoTeams(set.Sides); err != nil {
		g.errorf("New game: %v", err) // the match would be over before it began
		return
	}
	if err := grid.SetSetup(set); err != nil {
		g.errorf("New game: %v", err)
		return
	}
	g.sess.ReplaceUndoable(grid)
	g.resetView()
	g.cam.Zoom = startZoom // close enough to see the units: play brings the start into view
	g.play.players = f.players
	if g.mode == mode(g.play) {
		g.play.enter() // a new match: the map is another
	} else {
		g.setMode(g.play)
	}
	g.info(fmt.Sprintf("New game: %s", describeGame(f)))
}

// named is sides with the names and teams the form gives them: a name
// left as the colour's (or empty) is the colour's, stored as "".
func (f newGameForm) named(sides []scenario.Side) []scenario.Side {
	for k, sd := range sides {
		name := strings.TrimSpace(f.names[sd.Side])
		if name == units.SideName(int(sd.Side)) {
			name = ""
		}
		sides[k].Name = name
		sides[k].Team = uint8(f.teams[sd.Side] + 1)
	}
	return sides
}

// twoTeams reports sides that are not on at least two teams.
func twoTeams(sides []scenario.Side) error {
	for _, sd := range sides {
		if sd.Team != sides[0].Team {
			return nil
		}
	}
	return fmt.Errorf("all sides are on one team: put at least one on another team")
}

// describeGame says what game f is.
func describeGame(f newGameForm) string {
	var who []string
	for side := 1; side <= f.sides; side++ {
		who = append(who, f.sideName(side)+" "+strings.ToLower(playerChoices[f.players[side]].label))
	}
	where := "this map"
	if f.generate {
		sz := newMapSizes[f.size]
		where = fmt.Sprintf("a %d×%d %s map, seed %d", sz[0], sz[1], f.world, f.seed)
	}
	return where + ": " + strings.Join(who, ", ")
}

// sideName is what the form calls side.
func (f newGameForm) sideName(side int) string {
	if name := strings.TrimSpace(f.names[side]); name != "" {
		return name
	}
	return units.SideName(side)
}
