package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bridge is the shipped example scenario, its script and its map.
const (
	bridgeScenario = "../../docs/scenarios/bridge.json"
	bridgeScript   = "../../docs/scenarios/bridge.star"
	townsMap       = "../../docs/towns.hexmap"
)

// ends is n end commands.
func ends(n int) string { return strings.Repeat(`{"cmd":"end"}`+"\n", n) }

// TestBridgeHeldIsAVictory: both sides only end their turns; at the
// start of side 1's turn of round 11 the bridge has held, and the script
// declares team 1 the winner. Replaying the saved match ends at the same
// hash as the session.
func TestBridgeHeldIsAVictory(t *testing.T) {
	saved := filepath.Join(t.TempDir(), "bridge.hexmap")
	code, out, errOut := runPlayCmd(ends(20)+`{"cmd":"state"}`+"\n", "play", "-scenario", bridgeScenario, "-script", bridgeScript, "-log", saved, townsMap)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := lines(t, out)
	last, won := got[len(got)-1], got[len(got)-2]
	if js(won) != `{"ev":"won","team":1}` || js(got[len(got)-3]) != `{"ev":"message","side":0,"text":"The bridge held!"}` || last["over"] != true {
		t.Fatalf("the match ended with\n%s", out[max(0, len(out)-400):])
	}
	if strings.Count(out, `"ev":"spawned"`) < 5 || strings.Contains(out, "scripterror") {
		t.Fatalf("waves: %d spawned units; output:\n%s", strings.Count(out, `"ev":"spawned"`), out)
	}
	code, out, errOut = runCmd("replay", saved)
	if r := lines(t, out); code != 0 || r[0]["hash"] != last["hash"] {
		t.Errorf("replay: exit %d %s, %s; want hash %v", code, errOut, out, last["hash"])
	}
}

// TestBridgeLostIsADefeat: side 1 takes its spearman off the bridge and
// side 2's spearman walks the road onto it; at side 1's next turn the
// script defeats side 1.
func TestBridgeLostIsADefeat(t *testing.T) {
	in := `{"cmd":"move","unit":1,"to":[13,12]}` + "\n" + ends(1) + `{"cmd":"move","unit":5,"to":[16,10]}` + "\n" + ends(1)
	code, out, errOut := runPlayCmd(in, "play", "-scenario", bridgeScenario, "-script", bridgeScript, townsMap)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{`{"ev":"message","side":1,"text":"The enemy is on the bridge!"}`,
		`{"ev":"message","side":0,"text":"The bridge is lost."}`, `{"ev":"eliminated","side":1}`, `{"ev":"won","team":2}`} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
}

// A failing handler is reported in the session's output with its line
// and handler, and the session goes on; a script that does not compile
// is refused with its line on standard error.
func TestPlayReportsScriptErrors(t *testing.T) {
	mapFile, _ := playFiles(t)
	dir := t.TempDir()
	write := func(name, script string) string {
		sc := strings.TrimSuffix(playScenario, "}") + `,"script":` + js(script) + "}"
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(sc), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	failing := write("failing.json", "def on_turn_start(side, round):\n    if side == 2:\n        game.spawn(\"scout\", 2, (0, 0))\n        game.damage(1, 1000)\n")
	code, out, errOut := runPlayCmd(ends(2)+`{"cmd":"view"}`+"\n", "play", "-scenario", failing, mapFile)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := lines(t, out)
	if e := got[2]; e["ev"] != "scripterror" || e["line"] != 4.0 || e["handler"] != "on_turn_start" ||
		!strings.Contains(e["text"].(string), "hp 1000 out of range") {
		t.Fatalf("line 3 %s, want the handler's error at line 4", js(e))
	}
	if strings.Contains(out, "spawned") || got[1]["ev"] != "turn" || got[3]["ev"] != "turn" || len(got[4]["units"].([]any)) != 2 {
		t.Fatalf("the failed handler's spawn stayed, or the match stopped:\n%s", out)
	}
	broken := write("broken.json", "def on_start():\n    game.message(\"a\"\n")
	code, _, errOut = runPlayCmd("", "play", "-scenario", broken, mapFile)
	if code != 1 || !strings.Contains(errOut, "script line 3") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}
