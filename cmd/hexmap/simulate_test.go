package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// simulateJSON runs simulate and decodes its answer.
func simulateJSON(t *testing.T, args ...string) simResult {
	t.Helper()
	code, out, errOut := runPlayCmd("", append([]string{"simulate"}, args...)...)
	if code != 0 {
		t.Fatalf("simulate %v: exit %d: %s", args, code, errOut)
	}
	var r simResult
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("simulate %v printed %q: %v", args, out, err)
	}
	return r
}

// TestSimulateNeverRefused plays every level against every other in
// four-sided matches, thousands of turns, and no command of any bot may
// be refused by the engine; the tally must add up.
func TestSimulateNeverRefused(t *testing.T) {
	r := simulateJSON(t, "-sides", "hard,normal,easy,random", "-games", "10", "-seed", "3", "-max-rounds", "80", "-generate", "40x30")
	if r.Refused != 0 {
		t.Fatalf("%d commands refused, the first: %s", r.Refused, r.FirstError)
	}
	turns := 0
	for _, s := range r.Sides {
		if s.Wins+s.Losses+s.Draws != r.Games {
			t.Errorf("%s: %d wins + %d losses + %d draws, want %d games", s.Level, s.Wins, s.Losses, s.Draws, r.Games)
		}
	}
	turns = int(r.MeanRounds * float64(r.Games) * 3) // at least three sides play most rounds
	if turns < 1000 {
		t.Errorf("only about %d turns played (mean rounds %.1f), want thousands", turns, r.MeanRounds)
	}
	w := simulateJSON(t, "-sides", "normal,hard", "-games", "6", "-seed", "5", "-max-rounds", "150", "-generate", "40x30:wrapping")
	if w.Refused != 0 {
		t.Fatalf("wrapping: %d commands refused, the first: %s", w.Refused, w.FirstError)
	}
}

// TestSimulateOnWorldTypes: -generate takes every world type of hexmap
// generate -type, flat and wrapping, and the bots play on each without
// a refusal.
func TestSimulateOnWorldTypes(t *testing.T) {
	for _, world := range []string{"pangaea", "archipelago", "inland-sea:wrapping", "catlike"} {
		r := simulateJSON(t, "-sides", "hard,easy", "-games", "2", "-seed", "7", "-max-rounds", "20", "-generate", "40x30:"+world)
		if r.Refused != 0 || r.Games != 2 {
			t.Errorf("%s: %d games, %d refused (%s)", world, r.Games, r.Refused, r.FirstError)
		}
	}
}

// TestSimulateSameSeedSameResult: results (timings aside) depend only on
// the seed.
func TestSimulateSameSeedSameResult(t *testing.T) {
	args := []string{"-sides", "hard,random", "-games", "4", "-seed", "11", "-max-rounds", "60", "-generate", "40x30"}
	strip := func(r simResult) simResult {
		for k := range r.Sides {
			r.Sides[k].Median, r.Sides[k].P95 = 0, 0
		}
		return r
	}
	a, b := strip(simulateJSON(t, args...)), strip(simulateJSON(t, args...))
	if js(a) != js(b) {
		t.Fatalf("same seed, different results:\n%s\n%s", js(a), js(b))
	}
	if a.Sides[0].Level != "hard" || a.Sides[1].Level != "random" || a.Games != 4 {
		t.Fatalf("sides or games not as given: %s", js(a))
	}
}

// TestSimulateIdleLoses: hard conquers an idle side, which never acts.
func TestSimulateIdleLoses(t *testing.T) {
	r := simulateJSON(t, "-sides", "idle,hard", "-games", "4", "-seed", "2", "-max-rounds", "200", "-generate", "40x30")
	if r.Sides[0].Wins != 0 || r.Sides[1].Losses != 0 {
		t.Fatalf("idle won or hard lost: %s", js(r))
	}
	if r.Sides[1].Wins < 3 {
		t.Errorf("hard conquered idle in %d of 4 games: %s", r.Sides[1].Wins, js(r))
	}
}

// TestSimulateBadArguments: each bad command line is a one-line error
// with exit status 1.
func TestSimulateBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"-sides", "hard", "-generate", "40x30"},
		{"-sides", "hard,genius", "-generate", "40x30"},
		{"-sides", "hard,easy"},
		{"-sides", "hard,easy", "-generate", "40x30", "x.map"},
		{"-sides", "hard,easy", "-generate", "40by30"},
		{"-sides", "hard,easy", "-generate", "40x30:islands"},
		{"-sides", "hard,easy", "-generate", "40x30:pangaea:wrapping:wrapping"},
		{"-sides", "hard,easy", "-generate", "41x30"},
		{"-sides", "hard,easy", "-games", "0", "-generate", "40x30"},
		{"-sides", "hard,easy", "-seed", "-1", "-generate", "40x30"},
	} {
		code, _, errOut := runPlayCmd("", append([]string{"simulate"}, args...)...)
		if code != 1 || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "error: ") {
			t.Errorf("simulate %v: exit %d, stderr %q; want 1 and one error line", args, code, errOut)
		}
	}
}

// TestPlayAgainstComputer: with -ai 2:hard, side 2's turn is played by
// the computer as soon as side 1 ends its turn, its events written like
// a person's, and the turn comes back to side 1 in round 2.
func TestPlayAgainstComputer(t *testing.T) {
	mapFile, scenario := playFiles(t)
	code, out, errOut := runPlayCmd(`{"cmd":"end"}`+"\n", "play", "-scenario", scenario, "-ai", "2:hard", mapFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var turns []string
	acted := false
	for _, l := range lines(t, out) {
		if _, bad := l["error"]; bad {
			t.Fatalf("an error line: %v", l)
		}
		switch l["ev"] {
		case "turn":
			turns = append(turns, js(l))
		case "moved", "attacked":
			acted = true
		}
	}
	want := []string{`{"ev":"turn","round":1,"side":1}`, `{"ev":"turn","round":1,"side":2}`, `{"ev":"turn","round":2,"side":1}`}
	if strings.Join(turns, " ") != strings.Join(want, " ") {
		t.Fatalf("turns %v, want %v", turns, want)
	}
	if !acted {
		t.Errorf("the computer's archer neither moved nor attacked:\n%s", out)
	}
	for _, bad := range []string{"3:hard", "2:genius", "two:hard"} {
		if code, _, _ := runPlayCmd("", "play", "-scenario", scenario, "-ai", bad, mapFile); code != 1 {
			t.Errorf("-ai %s: exit %d, want 1", bad, code)
		}
	}
}

// TestPlayAllComputersEnds: with every side a computer (idle ones, whose
// match never ends), play stops after a bounded number of rounds, then
// reads the next line.
func TestPlayAllComputersEnds(t *testing.T) {
	mapFile, scenario := playFiles(t)
	code, out, errOut := runPlayCmd(`{"cmd":"state"}`+"\n", "play", "-scenario", scenario, "-ai", "1:idle", "-ai", "2:idle", mapFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var state map[string]any
	rounds := 0.0
	for _, l := range lines(t, out) {
		if _, ok := l["hash"]; ok {
			state = l
		}
		if r, ok := l["round"].(float64); ok {
			rounds = max(rounds, r)
		}
	}
	// the computers play 1000 rounds before the state line and 1000 after
	if state == nil || state["round"] != float64(maxComputerRounds+2) || state["over"] != false {
		t.Fatalf("state %v, want round %d, not over", state, maxComputerRounds+2)
	}
	if rounds != 2*maxComputerRounds+3 {
		t.Errorf("the last round is %v, want %d", rounds, 2*maxComputerRounds+3)
	}
}
