package main

import (
	"strings"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// controlledMap is a flat 20×10 map with five horsemen of side 1 on row
// 4 and a spearman of side 2 at (15, 4), its sides played as sides says.
func controlledMap(t *testing.T, sides ...scenario.Side) string {
	t.Helper()
	g, err := hexmap.NewGrid(20, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	for x := range 5 {
		if err := g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(2+x, 4), Side: 1, Type: "horseman"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(15, 4), Side: 2, Type: "spearman"}); err != nil {
		t.Fatal(err)
	}
	if err := g.SetSetup(scenario.Setup{Seed: 3, Sides: sides}); err != nil {
		t.Fatal(err)
	}
	return saveNative(t, g)
}

// turnsOf is the turn events of play's output, in order.
func turnsOf(t *testing.T, out string) string {
	t.Helper()
	var turns []string
	for _, l := range lines(t, out) {
		if _, bad := l["error"]; bad {
			t.Fatalf("an error line: %v", l)
		}
		if l["ev"] == "turn" {
			turns = append(turns, js(l))
		}
	}
	return strings.Join(turns, " ")
}

// Without -ai, play has the computer play the sides the map's scenario
// gives it (side 2's turn is played as side 1 ends its own); with -ai,
// only the sides -ai names (side 1, idle, ends its turn and side 2, a
// person's now, waits for input).
func TestPlayScenarioComputers(t *testing.T) {
	mapFile := controlledMap(t, scenario.Side{Side: 1, Team: 1}, scenario.Side{Side: 2, Team: 2, Controller: scenario.Hard})
	code, out, errOut := runPlayCmd(`{"cmd":"end"}`+"\n", "play", mapFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `{"ev":"turn","round":1,"side":1} {"ev":"turn","round":1,"side":2} {"ev":"turn","round":2,"side":1}`
	if got := turnsOf(t, out); got != want {
		t.Errorf("the scenario's computer: turns %s, want %s", got, want)
	}
	code, out, errOut = runPlayCmd("", "play", "-ai", "1:idle", mapFile)
	if code != 0 {
		t.Fatalf("-ai 1:idle: exit %d: %s", code, errOut)
	}
	want = `{"ev":"turn","round":1,"side":1} {"ev":"turn","round":1,"side":2}`
	if got := turnsOf(t, out); got != want {
		t.Errorf("-ai 1:idle: turns %s, want %s", got, want)
	}
}

// Without -sides, simulate plays a scenario map's computer sides at
// their levels, each its own side in every game: hard with five
// horsemen conquers easy's spearman in both games (seats taken in turn
// would give easy the horsemen in the second). -sides overrides them;
// a scenario with a person's side needs -sides.
func TestSimulateScenarioLevels(t *testing.T) {
	mapFile := controlledMap(t, scenario.Side{Side: 1, Team: 1, Controller: scenario.Hard},
		scenario.Side{Side: 2, Team: 2, Controller: scenario.Easy})
	r := simulateJSON(t, "-games", "2", "-seed", "4", "-max-rounds", "60", mapFile)
	if len(r.Sides) != 2 || r.Sides[0].Level != "hard" || r.Sides[1].Level != "easy" || r.Sides[0].Wins != 2 || r.Sides[1].Losses != 2 {
		t.Errorf("the scenario's levels: %s, want hard winning both games as side 1", js(r))
	}
	r = simulateJSON(t, "-sides", "idle,normal", "-games", "1", "-seed", "4", "-max-rounds", "5", mapFile)
	if len(r.Sides) != 2 || r.Sides[0].Level != "idle" || r.Sides[1].Level != "normal" {
		t.Errorf("-sides idle,normal: %s", js(r))
	}
	mixed := controlledMap(t, scenario.Side{Side: 1, Team: 1}, scenario.Side{Side: 2, Team: 2, Controller: scenario.Easy})
	code, _, errOut := runPlayCmd("", "simulate", "-games", "1", mixed)
	if code != 1 || !strings.Contains(errOut, "side 1 of the scenario is a person's") {
		t.Errorf("a scenario with a person: exit %d, %q", code, errOut)
	}
}
