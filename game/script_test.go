package game

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// scripted is a scenario on a 15×10 flat map: side 1's spearman (1) at
// (2,2), side 2's scout (2) at (5,2) with 1 hit point, the neutral town
// Ash (1) at (4,2) and side 2's town Elm (2) at (10,6), the area "north"
// (row 0, x 0..3), and src as its script.
func scripted(src string) Scenario {
	sc := two(us("spearman", 1, 2, 2, 100), us("scout", 2, 5, 2, 1))
	sc.Towns = []TownSpec{{Name: "Ash", Cell: Cell{4, 2}}, {Name: "Elm", Cell: Cell{10, 6}, Owner: 2}}
	sc.Areas = []AreaSpec{{Name: "north", Cells: []Cell{{0, 0}, {1, 0}, {2, 0}, {3, 0}}}}
	sc.Script = src
	return sc
}

// varOf is the JSON text of the script's variable name ("" when unset).
func varOf(m *Match, name string) string {
	for _, v := range m.st.Vars {
		if v.Name == name {
			return v.Value
		}
	}
	return ""
}

// logScript records every handler call in game.vars["log"].
const logScript = `
def log(*parts):
    l = game.vars.get("log", [])
    l.append(" ".join([str(p) for p in parts]))
    game.vars["log"] = l

def on_start():
    log("start", game.round(), game.side())

def on_turn_start(side, round):
    log("turn", side, round)

def on_unit_moved(unit, cell):
    log("moved", unit.id, cell[0], cell[1])

def on_unit_destroyed(unit, by):
    log("destroyed", unit.id, unit.type, by.id if by else 0)

def on_town_taken(town, side, from_side):
    log("taken", town.name, side, from_side)

def on_side_eliminated(side):
    log("eliminated", side)
`

func TestScriptHandlersAreCalledAtTheirMomentsWithTheirArguments(t *testing.T) {
	g := flatGrid(t, 15, 10)
	m := start(t, g, scripted(logScript))
	do(t, m, moveCmd(1, 4, 2))   // through (3,2) into Ash
	do(t, m, attackCmd(1, 5, 2)) // the scout dies, the spearman advances
	do(t, m, endCmd())
	ev := do(t, m, Command{Cmd: "resign"}) // Elm turns neutral, side 2 is out
	want := []string{"start 1 1", "turn 1 1", "moved 1 3 2", "moved 1 4 2", "taken Ash 1 0",
		"destroyed 2 scout 1", "moved 1 5 2", "turn 2 1", "taken Elm 0 2", "eliminated 2"}
	var got []string
	if err := json.Unmarshal([]byte(varOf(m, "log")), &got); err != nil {
		t.Fatalf("log %q: %v", varOf(m, "log"), err)
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("handler calls\n%q\nwant\n%q", got, want)
	}
	if !has(ev, "won") || has(ev, "scripterror") {
		t.Fatalf("resign's events %+v", ev)
	}
}

func TestScriptReadsTheMatch(t *testing.T) {
	g := flatGrid(t, 15, 10)
	g.SetUrbanLevel(at(g, 4, 2), 2)
	m := start(t, g, scripted(`
def on_start():
    u = game.unit(1)
    game.vars["reads"] = [u.type, u.side, list(u.cell), u.hp, u.moves,
        [x.id for x in game.units(side=2)], len(game.units()), len(game.units(area="north")),
        [t.name for t in game.towns()], game.town(2).owner, game.town(3) == None,
        game.cell((4, 2)).urban, game.cell((4, 2)).town, game.cell((2, 2)).unit, game.cell((0, 0)).terrain,
        game.unit_at((5, 2)).id, game.unit_at((0, 0)) == None,
        [list(c) for c in game.area("north")], game.in_area((1, 0), "north"), game.in_area((1, 1), "north"),
        game.areas(), game.sees(1, (3, 2)), game.sees(1, (11, 7)), game.explored(2, (10, 6)),
        [s.team for s in game.sides()], game.round(), game.side()]
`))
	want := `["spearman",1,[2,2],100,24,[2],2,0,["Ash","Elm"],2,true,2,1,1,"sand",2,true,` +
		`[[0,0],[1,0],[2,0],[3,0]],true,false,["north"],true,false,true,[1,2],1,1]`
	if got := varOf(m, "reads"); got != want {
		t.Fatalf("reads\n%s\nwant\n%s", got, want)
	}
}

func TestScriptActionsChangeTheMatchAndAreEvents(t *testing.T) {
	g := flatGrid(t, 15, 10)
	m, ev, err := NewMatch(g, scripted(`
def on_start():
    game.message("hello", side=1)
    game.spawn("archer", 2, (7, 3))
    game.damage(1, 30)
    game.set_owner(1, 2)
    game.reveal("north", 2)
    game.set_objectives(1, "Hold Ash")
    game.vars["draws"] = [game.random(6) for i in range(5)]
`))
	if err != nil {
		t.Fatal(err)
	}
	if e := find(t, ev, "message"); e.Text != "hello" || *e.Side != 1 {
		t.Errorf("message event %+v", e)
	}
	if e := find(t, ev, "spawned"); e.Unit != 3 || e.Type != "archer" || *e.Side != 2 || *e.Cell != (Cell{7, 3}) {
		t.Errorf("spawned event %+v", e)
	}
	if u := m.st.Units[2]; u.HP != MaxHP || u.Side != 2 || u.Cell != at(g, 7, 3) || m.occupant[at(g, 7, 3)] != 3 {
		t.Errorf("spawned unit %+v", u)
	}
	if e := find(t, ev, "damaged"); e.Unit != 1 || e.HP != 70 || unitHP(m, 1) != 70 {
		t.Errorf("damaged event %+v, hp %d", e, unitHP(m, 1))
	}
	if e := find(t, ev, "taken"); e.Town != 1 || *e.Side != 2 || e.From != 0 || m.st.Towns[0].Owner != 2 {
		t.Errorf("taken event %+v", e)
	}
	if e := find(t, ev, "revealed"); *e.Side != 2 || len(e.Cells) != 4 || !m.Explored(2, at(g, 3, 0)) || m.Explored(1, at(g, 3, 0)) {
		t.Errorf("revealed event %+v", e)
	}
	if v := m.View(1); v.Objectives != "Hold Ash" || m.View(2).Objectives != "" {
		t.Errorf("objectives %q", v.Objectives)
	}
	// The draws are the generator's first: nothing else drew before.
	r := rng{7}
	var want []int
	for range 5 {
		want = append(want, r.intn(6))
	}
	wantText, _ := json.Marshal(want)
	if got := varOf(m, "draws"); got != string(wantText) || m.st.RNG != r.state {
		t.Errorf("draws %s, want %s", got, wantText)
	}
}

func TestScriptRemoveVictoryAndDefeat(t *testing.T) {
	g := flatGrid(t, 15, 10)
	m := start(t, g, scripted(`
def on_turn_start(side, round):
    if side == 2:
        game.remove(2)
    if round == 2:
        game.victory(2)
`))
	ev := do(t, m, endCmd())
	if e := find(t, ev, "destroyed"); e.Unit != 2 || e.By != 0 || unitHP(m, 2) != 0 {
		t.Fatalf("remove: %+v", ev)
	}
	if has(ev, "eliminated") {
		t.Fatal("side 2 still has Elm but was eliminated")
	}
	ev = do(t, m, endCmd())
	if e := find(t, ev, "won"); e.Team != 2 {
		t.Fatalf("victory: %+v", ev)
	}
	if over, team := m.Over(); !over || team != 2 {
		t.Fatalf("over %v, team %d", over, team)
	}

	m = start(t, g, scripted(`
def on_unit_moved(unit, cell):
    if cell == (3, 2):
        game.defeat(2)
`))
	ev = do(t, m, moveCmd(1, 3, 2))
	if e := find(t, ev, "eliminated"); *e.Side != 2 || !has(ev, "won") || unitHP(m, 2) != 0 || m.st.Towns[1].Owner != 0 {
		t.Fatalf("defeat: %+v", ev)
	}
}

// hashWithoutScript is the hash of sc's match without its script after
// cmds: what a match whose handlers all failed must equal.
func hashWithoutScript(t *testing.T, sc Scenario, cmds ...Command) string {
	sc.Script = ""
	m := start(t, flatGrid(t, 15, 10), sc)
	for _, c := range cmds {
		do(t, m, c)
	}
	return m.Hash()
}

func TestScriptFailingHandlerIsUndoneAndReportsItsLine(t *testing.T) {
	sc := scripted(`
def on_turn_start(side, round):
    game.spawn("archer", side, (0, 7))
    game.vars["x"] = 1
    game.random(10)
    game.message("never sent")
    fail("boom")
`)
	m, ev, err := NewMatch(flatGrid(t, 15, 10), sc)
	if err != nil {
		t.Fatal(err)
	}
	e := find(t, ev, "scripterror")
	if e.Line != 7 || e.Handler != "on_turn_start" || !strings.Contains(e.Text, "boom") || has(ev, "spawned") || has(ev, "message") {
		t.Fatalf("events %+v", ev)
	}
	if want := hashWithoutScript(t, sc); m.Hash() != want {
		t.Fatalf("hash %s after the failed handler, %s without the script", m.Hash(), want)
	}
	do(t, m, moveCmd(1, 3, 2)) // the match goes on
	ev = do(t, m, endCmd())
	if e := find(t, ev, "scripterror"); e.Line != 7 {
		t.Fatalf("second failure %+v", e)
	}
	if want := hashWithoutScript(t, sc, moveCmd(1, 3, 2), endCmd()); m.Hash() != want {
		t.Fatalf("hash %s, %s without the script", m.Hash(), want)
	}
}

func TestScriptRunawayHandlerIsStoppedAndUndone(t *testing.T) {
	sc := scripted(`
def on_unit_moved(unit, cell):
    game.damage(unit, 5)
    n = 0
    while True:
        n += 1
`)
	m := start(t, flatGrid(t, 15, 10), sc)
	ev := do(t, m, moveCmd(1, 3, 2))
	e := find(t, ev, "scripterror")
	if e.Line < 5 || e.Line > 6 || !strings.Contains(e.Text, "steps") || has(ev, "damaged") || unitHP(m, 1) != 100 {
		t.Fatalf("events %+v", ev)
	}
	if want := hashWithoutScript(t, sc, moveCmd(1, 3, 2)); m.Hash() != want {
		t.Fatalf("hash %s, %s without the script", m.Hash(), want)
	}
	do(t, m, endCmd())
}

func TestScriptActionsAreCheckedWithTheirLine(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{`game.spawn("dragon", 1, (0, 0))`, "no such unit type"},
		{`game.spawn("archer", 3, (0, 0))`, "side 3"},
		{`game.spawn("archer", 1, (2, 2))`, "holds a unit"},
		{`game.spawn("archer", 1, (15, 0))`, "no such cell"},
		{`game.remove(9)`, "no such unit"},
		{`game.damage(1, 0)`, "hp 0"},
		{`game.set_owner(3, 1)`, "no such town"},
		{`game.reveal([(0, 0), (99, 0)], 1)`, "no such cell"},
		{`game.reveal("south", 1)`, "no area"},
		{`game.victory(3)`, "team 3"},
		{`game.message("x" * 2000)`, "at most"},
		{`game.vars["f"] = 1.5`, "cannot be kept"},
		{`game.random(0)`, "out of range"},
		{`game.cell((1,))`, "a cell is (x, z)"},
	} {
		m, ev, err := NewMatch(flatGrid(t, 15, 10), scripted("def on_start():\n    "+c.call+"\n"))
		if err != nil {
			t.Fatalf("%s: %v", c.call, err)
		}
		e := find(t, ev, "scripterror")
		if e.Line != 2 || !strings.Contains(e.Text, c.want) {
			t.Errorf("%s: %+v, want line 2 and %q", c.call, e, c.want)
		}
		if len(m.st.Units) != 2 {
			t.Errorf("%s: %d units", c.call, len(m.st.Units))
		}
	}
}

func TestScriptCompileErrorsRefuseTheScenario(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"def on_start():\n    x = \n", "line 2"},
		{"x = 1\ndef on_start():\n    undefined_name()\n", "line 3"},
		{"def on_turn_start(side):\n    pass\n", "on_turn_start takes 2 parameters"},
		{"game.message('top')\n", "only inside a handler"},
		{"load('x.star', 'y')\n", "load"},
	} {
		_, _, err := NewMatch(flatGrid(t, 15, 10), scripted(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
		if c.want == "line 2" || c.want == "line 3" {
			if CheckScript(c.src) == nil {
				t.Errorf("%q: CheckScript found nothing", c.src)
			}
		}
	}
	sc := scripted("")
	sc.Areas = append(sc.Areas, AreaSpec{Name: "north"})
	if _, _, err := NewMatch(flatGrid(t, 15, 10), sc); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("an area named twice: %v", err)
	}
	sc.Areas = []AreaSpec{{Name: "x", Cells: []Cell{{15, 0}}}}
	if _, _, err := NewMatch(flatGrid(t, 15, 10), sc); err == nil || !strings.Contains(err.Error(), "no cell") {
		t.Errorf("an area off the map: %v", err)
	}
}

// waveScript spawns on a random free cell of row 7 each turn of side 2,
// counting the waves in game.vars.
const waveScript = `
def on_turn_start(side, round):
    if side != 2:
        return
    game.vars["waves"] = game.vars.get("waves", 0) + 1
    x = game.random(12)
    if game.unit_at((x, 7)) == None:
        game.spawn("scout", 2, (x, 7))
    game.set_objectives(1, "Survive wave %d" % game.vars["waves"])

def on_unit_destroyed(unit, by):
    game.message("unit %d is gone" % unit.id)
`

func TestScriptedMatchReplaysToTheSameHash(t *testing.T) {
	g := hillyGrid(t, 15, 10, 5)
	sc := randomScenario(g, 2, 4, 11)
	sc.Script = waveScript
	sc.Areas = []AreaSpec{{Name: "all", Cells: []Cell{{0, 0}}}}
	m := start(t, g, sc)
	playRandom(t, m, rand.New(rand.NewPCG(3, 4)), 400)
	if varOf(m, "waves") == "" {
		t.Fatal("the script never ran")
	}
	for _, snapshot := range []bool{false, true} {
		r, err := Resume(g, m.Save(snapshot))
		if err != nil {
			t.Fatalf("snapshot %v: %v", snapshot, err)
		}
		if r.Hash() != m.Hash() {
			t.Fatalf("snapshot %v: hash %s, played %s", snapshot, r.Hash(), m.Hash())
		}
	}
}

func TestScenarioOfCarriesTheMapsScriptAndAreas(t *testing.T) {
	g := flatGrid(t, 15, 10)
	set := scenario.Setup{Script: "def on_start():\n    pass\n", Areas: []scenario.Area{{Name: "gate", Cells: []int{at(g, 3, 1), at(g, 4, 2)}}}}
	if err := g.SetSetup(set); err != nil {
		t.Fatal(err)
	}
	sc := ScenarioOf(g)
	if sc.Script != set.Script || len(sc.Areas) != 1 || sc.Areas[0].Name != "gate" ||
		sc.Areas[0].Cells[0] != (Cell{3, 1}) || sc.Areas[0].Cells[1] != (Cell{4, 2}) {
		t.Fatalf("scenario script %q, areas %+v", sc.Script, sc.Areas)
	}
}

// A map's starting objectives (its setup, format version 7) are the
// scenario's, and each side sees its own when the match starts.
func TestScenarioOfCarriesTheMapsObjectives(t *testing.T) {
	g := flatGrid(t, 15, 10)
	sc := scripted("")
	for _, u := range sc.Units {
		if err := g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(u.Cell[0], u.Cell[1]), Side: uint8(u.Side), Type: u.Type}); err != nil {
			t.Fatal(err)
		}
	}
	set := scenario.Setup{Objectives: []scenario.Objective{{Side: 2, Text: "Hold on."}, {Side: 1, Text: "Take Ash."}}}
	if err := g.SetSetup(set); err != nil {
		t.Fatal(err)
	}
	m := start(t, g, ScenarioOf(g))
	if m.View(1).Objectives != "Take Ash." || m.View(2).Objectives != "Hold on." {
		t.Fatalf("objectives %q and %q", m.View(1).Objectives, m.View(2).Objectives)
	}
}

// BenchmarkScriptedMove is a move of two cells and its undo, each cell
// calling an on_unit_moved that reads the match (scripted), or none
// (plain): what a handler call adds to a command.
func BenchmarkScriptedMove(b *testing.B) {
	for _, c := range []struct{ name, src string }{
		{"plain", ""},
		{"scripted", "def on_unit_moved(unit, cell):\n    if game.in_area(cell, \"north\") or unit.hp < 50:\n        game.message(\"x\")\n"},
	} {
		b.Run(c.name, func(b *testing.B) {
			m := start(b, flatGrid(b, 15, 10), scripted(c.src))
			for i := range m.st.Explored { // nothing new to see: the move may be undone
				m.st.Explored[i] = 0xff
			}
			for b.Loop() {
				do(b, m, moveCmd(1, 3, 1))
				do(b, m, Command{Cmd: "undo"})
			}
		})
	}
}

func TestStartingObjectivesAreShownUntilTheScriptChangesThem(t *testing.T) {
	sc := scripted("def on_turn_start(side, round):\n    if round == 2:\n        game.set_objectives(side, \"Now hold.\")\n")
	sc.Objectives = []ObjectivesSpec{{Side: 1, Text: "Take Ash."}}
	m := start(t, flatGrid(t, 15, 10), sc)
	if got := m.View(1).Objectives; got != "Take Ash." || m.View(2).Objectives != "" {
		t.Fatalf("objectives %q", got)
	}
	do(t, m, endCmd())
	do(t, m, endCmd())
	if got := m.View(1).Objectives; got != "Now hold." {
		t.Fatalf("objectives %q after the script set them", got)
	}
	sc.Objectives = append(sc.Objectives, ObjectivesSpec{Side: 2, Text: strings.Repeat("x", maxText+1)})
	if _, _, err := NewMatch(flatGrid(t, 15, 10), sc); err == nil || !strings.Contains(err.Error(), "objectives[1]") {
		t.Fatalf("long objectives: %v", err)
	}
	sc.Objectives = []ObjectivesSpec{{Side: 3, Text: "x"}}
	if _, _, err := NewMatch(flatGrid(t, 15, 10), sc); err == nil || !strings.Contains(err.Error(), "side 3") {
		t.Fatalf("objectives of side 3: %v", err)
	}
}
