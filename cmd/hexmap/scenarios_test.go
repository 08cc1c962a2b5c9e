package main

import (
	"fmt"
	"strings"
	"testing"
)

// The other shipped scenarios, played on townsMap like the bridge.
const (
	escortScenario = "../../docs/scenarios/escort.json"
	escortScript   = "../../docs/scenarios/escort.star"
	siegeScenario  = "../../docs/scenarios/siege.json"
	siegeScript    = "../../docs/scenarios/siege.star"
)

// attack is an attack command.
func attack(unit, x, z int) string {
	return fmt.Sprintf(`{"cmd":"attack","unit":%d,"at":[%d,%d]}`+"\n", unit, x, z)
}

// move is a move command.
func move(unit, x, z int) string {
	return fmt.Sprintf(`{"cmd":"move","unit":%d,"to":[%d,%d]}`+"\n", unit, x, z)
}

// wantLines fails t for each of want that is not a whole line of out.
func wantLines(t *testing.T, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w+"\n") {
			t.Errorf("no %s in\n%s", w, out)
		}
	}
}

// TestEscortArrivesIsAVictory: side 1 sends the wagon (unit 1) towards
// the camp each turn while side 2 only ends its turns; the road brings
// it there in round 7 (hexmap path: 7 turns at the catapult's 18), when
// the script declares team 1 the winner. Side 2's spies and riders come
// on their rounds.
func TestEscortArrivesIsAVictory(t *testing.T) {
	in := strings.Repeat(move(1, 3, 17)+ends(2), 12) + `{"cmd":"state"}` + "\n"
	code, out, errOut := runPlayCmd(in, "play", "-scenario", escortScenario, "-script", escortScript, townsMap)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	wantLines(t, out, `{"ev":"message","side":2,"text":"Spies report the wagon at (31, 5)."}`,
		`{"ev":"message","side":1,"text":"The enemy has seen the wagon!"}`,
		`{"ev":"message","side":0,"text":"The siege wagon is safe in the camp!"}`, `{"ev":"won","team":1}`)
	if !strings.HasSuffix(out, `"side":1,"round":7,"over":true}`+"\n") {
		t.Errorf("the match did not end in round 7:\n%s", out[max(0, len(out)-300):])
	}
	if n := strings.Count(out, `"type":"horseman"`); n != 3 || strings.Contains(out, "scripterror") {
		t.Errorf("%d riders (want 1 in round 2, 2 in round 5), or a script error:\n%s", n, out)
	}
}

// TestEscortLateIsADefeat: side 1 never moves; at its turn of round 13
// the script defeats it, once (the wagon removed by the defeat does not
// call the defeat again).
func TestEscortLateIsADefeat(t *testing.T) {
	code, out, errOut := runPlayCmd(ends(24), "play", "-scenario", escortScenario, "-script", escortScript, townsMap)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	wantLines(t, out, `{"ev":"turn","side":1,"round":13}`, `{"ev":"message","side":0,"text":"The wagon is too late."}`,
		`{"ev":"eliminated","side":1}`, `{"ev":"won","team":2}`)
	if strings.Contains(out, "scripterror") || strings.Contains(out, `"round":14`) {
		t.Errorf("a script error, or the match went on:\n%s", out)
	}
}

// TestSiegeTakenIsAVictory: side 1 brings its units up the road; in
// round 2 its catapult (unit 1) enters the west gate, which is at the
// foot of the walls: the oil takes 20 of its hit points and three
// defenders come up inside the city. The catapult and a spearman then
// destroy the city's spearman (unit 7) and the spearman takes Elm, which
// the script makes a victory in round 3.
func TestSiegeTakenIsAVictory(t *testing.T) {
	in := move(1, 22, 9) + move(2, 22, 11) + move(5, 22, 10) + move(3, 21, 10) + ends(2) +
		move(1, 24, 10) + attack(1, 26, 10) + move(3, 23, 10) + ends(2) +
		attack(1, 26, 10) + move(3, 25, 9) + attack(3, 26, 10) + `{"cmd":"state"}` + "\n"
	code, out, errOut := runPlayCmd(in, "play", "-scenario", siegeScenario, "-script", siegeScript, townsMap)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	wantLines(t, out, `{"ev":"message","side":1,"text":"Burning oil pours down from the walls."}`,
		`{"ev":"damaged","unit":1,"hp":80}`, `{"ev":"message","side":0,"text":"Reinforcements reach the defenders of Elm!"}`,
		`{"ev":"destroyed","unit":7,"by":3}`, `{"ev":"taken","town":2,"side":1,"from":2}`,
		`{"ev":"message","side":0,"text":"Elm has fallen!"}`, `{"ev":"won","team":1}`,
		`{"ev":"objectives","side":1,"text":"Take the walled city of Elm by the end of round 15. Rounds left: 13."}`)
	if n := strings.Count(out, `"ev":"spawned"`); n != 3 || strings.Contains(out, "scripterror") || strings.Contains(out, `{"error"`) {
		t.Errorf("%d reinforcements, want 3 (once only); or an error:\n%s", n, out)
	}
	if !strings.HasSuffix(out, `"side":1,"round":3,"over":true}`+"\n") {
		t.Errorf("the match did not end in round 3:\n%s", out[max(0, len(out)-300):])
	}
}

// TestSiegeTimeIsUpIsADefeat: side 1 never moves; at its turn of round
// 16 the script defeats it. No unit reached the walls, so no defender
// came.
func TestSiegeTimeIsUpIsADefeat(t *testing.T) {
	code, out, errOut := runPlayCmd(ends(30)+`{"cmd":"state"}`+"\n", "play", "-scenario", siegeScenario, "-script", siegeScript, townsMap)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	wantLines(t, out, `{"ev":"objectives","side":1,"text":"Take the walled city of Elm by the end of round 15. Rounds left: 1."}`,
		`{"ev":"turn","side":1,"round":16}`, `{"ev":"message","side":0,"text":"The siege has failed."}`,
		`{"ev":"eliminated","side":1}`, `{"ev":"won","team":2}`)
	if strings.Contains(out, "scripterror") || strings.Contains(out, "spawned") || !strings.HasSuffix(out, `"round":16,"over":true}`+"\n") {
		t.Errorf("a script error, a reinforcement, or the match did not end in round 16:\n%s", out[max(0, len(out)-600):])
	}
}

// TestEscortDestroyedIsADefeat: side 2's rider (unit 6) meets the wagon
// on its way and destroys it in two attacks (a catapult defends with
// melee 4 against the horseman's 14); the script defeats side 1 at once,
// in side 2's turn of round 3.
func TestEscortDestroyedIsADefeat(t *testing.T) {
	in := move(1, 24, 12) + ends(1) + move(6, 27, 7) + ends(1) + move(1, 24, 12) + ends(1) +
		attack(6, 30, 8) + ends(2) + attack(6, 30, 8) + `{"cmd":"state"}` + "\n"
	code, out, errOut := runPlayCmd(in, "play", "-scenario", escortScenario, "-script", escortScript, townsMap)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	wantLines(t, out, `{"ev":"destroyed","unit":1,"by":6}`, `{"ev":"message","side":0,"text":"The siege wagon is destroyed."}`,
		`{"ev":"eliminated","side":1}`, `{"ev":"won","team":2}`)
	if strings.Contains(out, "scripterror") || !strings.HasSuffix(out, `"side":2,"round":3,"over":true}`+"\n") {
		t.Errorf("a script error, or the match did not end in side 2's turn of round 3:\n%s", out[max(0, len(out)-600):])
	}
}

// shipped is each shipped scenario with its script.
var shipped = []struct{ name, scenario, script string }{
	{"bridge", bridgeScenario, bridgeScript},
	{"escort", escortScenario, escortScript},
	{"siege", siegeScenario, siegeScript},
}

// TestShippedScenariosInTheArena: a hard and a normal computer play each
// shipped scenario from each seat; every scenario ends by its script
// within its rounds, so each match ends, with no refused command and no
// script error.
func TestShippedScenariosInTheArena(t *testing.T) {
	for _, s := range shipped {
		for _, seats := range [][2]string{{"1:hard", "2:normal"}, {"1:normal", "2:hard"}} {
			code, out, errOut := runPlayCmd("", "play", "-scenario", s.scenario, "-script", s.script, "-ai", seats[0], "-ai", seats[1], townsMap)
			if code != 0 || errOut != "" {
				t.Fatalf("%s %v: exit %d, stderr %q", s.name, seats, code, errOut)
			}
			if strings.Contains(out, `{"error"`) || strings.Contains(out, "scripterror") {
				t.Errorf("%s %v: a refusal or a script error:\n%s", s.name, seats, out)
			}
			if k := strings.LastIndex(out, `{"ev":"won","team":`); k < 0 {
				t.Errorf("%s %v: the match did not end:\n%s", s.name, seats, out[max(0, len(out)-300):])
			} else {
				t.Logf("%s %v: %s", s.name, seats, out[k:])
			}
		}
	}
}
