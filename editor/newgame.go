package editor

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/ai"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/units"
)

// The New game dialog (the panel's and the game bar's New game button,
// Ctrl+Shift+N): the map (a generated one: size, world type and seed;
// or the map open now, with its own sides), how many sides play and who
// plays each (a person, or the computer at a level: package ai), and the
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
}

// playerChoices are who may play a side: a person, or the computer at a
// level.
var playerChoices = []struct {
	label string
	level ai.Level
	human bool
}{{"Human", 0, true}, {"Computer (easy)", ai.Easy, false}, {"Computer (normal)", ai.Normal, false}, {"Computer (hard)", ai.Hard, false}}

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
	row := func(label string, w ...widget.PreferredSizeLocateableWidget) {
		r := s.grid(make([]bool, len(w)+1), 6)
		r.AddChild(s.label(label, colText))
		r.AddChild(w...)
		body.AddChild(r)
	}
	cycle(s, &f.generate, row, "Map", []string{"This map", "Generate one"})
	cycleInt(s, &f.size, row, "Size", sizeLabels())
	world := int(f.world)
	cycleInt(s, &world, row, "World", worldLabels())
	seed := s.textField(strconv.FormatInt(f.seed, 10), "seed", 120, nil)
	row("Seed", seed)
	sides := f.sides - 2
	cycleInt(s, &sides, row, "Sides", []string{"2", "3", "4"})
	labels := make([]string, len(playerChoices))
	for k, c := range playerChoices {
		labels[k] = c.label
	}
	for side := 1; side <= hexmap.MaxSides; side++ {
		cycleInt(s, &f.players[side], row, units.SideName(side), labels)
	}
	var rounds []string
	for _, r := range roundChoices {
		if r == 0 {
			rounds = append(rounds, "Conquest")
		} else {
			rounds = append(rounds, fmt.Sprintf("Best score after %d rounds", r))
		}
	}
	cycleInt(s, &f.rounds, row, "Victory", rounds)
	body.AddChild(s.paragraph("Each side is a team of its own. On this map, the sides are the map's own (its scenario, set in edit mode)."))
	g.dialog("New game", body, choice{label: "Cancel"}, choice{label: "Start", fn: func() {
		f.world, f.sides = mapgen.WorldType(world), sides+2
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

// cycle is a button showing one of two labels, switching *on.
func cycle(s *style, on *bool, row func(string, ...widget.PreferredSizeLocateableWidget), label string, labels []string) {
	k := 0
	if *on {
		k = 1
	}
	cycleButton(s, &k, row, label, labels, func(k int) { *on = k == 1 })
}

// cycleInt is a button showing labels[*k], moving to the next on a click.
func cycleInt(s *style, k *int, row func(string, ...widget.PreferredSizeLocateableWidget), label string, labels []string) {
	cycleButton(s, k, row, label, labels, func(v int) { *k = v })
}

func cycleButton(s *style, k *int, row func(string, ...widget.PreferredSizeLocateableWidget), label string, labels []string, set func(int)) {
	cur := *k
	var b *widget.Button
	b = s.button(labels[cur], 200, func() {
		cur = (cur + 1) % len(labels)
		set(cur)
		b.Text().Label = labels[cur]
	})
	row(label, b)
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
	if err := grid.SetSetup(set); err != nil {
		g.errorf("New game: %v", err)
		return
	}
	g.sess.ReplaceUndoable(grid)
	g.resetView()
	g.play.players = f.players
	if g.mode == mode(g.play) {
		g.play.enter() // a new match: the map is another
	} else {
		g.setMode(g.play)
	}
	g.info(fmt.Sprintf("New game: %s", describeGame(f)))
}

// describeGame says what game f is.
func describeGame(f newGameForm) string {
	var who []string
	for side := 1; side <= f.sides; side++ {
		who = append(who, units.SideName(side)+" "+strings.ToLower(playerChoices[f.players[side]].label))
	}
	where := "this map"
	if f.generate {
		sz := newMapSizes[f.size]
		where = fmt.Sprintf("a %d×%d %s map, seed %d", sz[0], sz[1], f.world, f.seed)
	}
	return where + ": " + strings.Join(who, ", ")
}
