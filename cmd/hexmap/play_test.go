package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// playScenario has a spearman of side 1 at (5,4), an archer of side 2
// at (8,4) and side 1's town Ash at (3,4), on a flat map.
const playScenario = `{"seed":7,"victory":{"rounds":0},"sides":[{"side":1,"team":1},{"side":2,"team":2}],` +
	`"towns":[{"name":"Ash","cell":[3,4],"owner":1}],` +
	`"units":[{"type":"spearman","side":1,"cell":[5,4],"hp":100},{"type":"archer","side":2,"cell":[8,4],"hp":100}]}`

func runPlayCmd(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = runWith(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// playFiles writes a flat 20×10 map and the scenario, returning their
// paths.
func playFiles(t *testing.T) (mapFile, scenario string) {
	t.Helper()
	g, err := hexmap.NewGrid(20, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	mapFile = saveNative(t, g)
	scenario = filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(scenario, []byte(playScenario), 0o644); err != nil {
		t.Fatal(err)
	}
	return mapFile, scenario
}

// lines decodes each output line as a JSON object.
func lines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var got []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %q is not a JSON object: %v", l, err)
		}
		got = append(got, v)
	}
	return got
}

func js(v any) string { b, _ := json.Marshal(v); return string(b) }

// TestPlaySession drives a session through stdin and checks each answer:
// the start's turn event, a view, a move of two flat steps (10 of 24),
// an attack, a refused command and a line that is no command (the
// session goes on after both), an end and the state.
func TestPlaySession(t *testing.T) {
	mapFile, scenario := playFiles(t)
	in := strings.Join([]string{`{"cmd":"view"}`, `{"cmd":"move","unit":1,"to":[7,4]}`, `{"cmd":"attack","unit":1,"at":[8,4]}`,
		`{"cmd":"attack","unit":1,"at":[8,4]}`, `not json`, ``, `{"cmd":"end"}`, `{"cmd":"state"}`}, "\n")
	code, out, errOut := runPlayCmd(in, "play", "-scenario", scenario, mapFile)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := lines(t, out)
	want := []string{`{"ev":"turn","round":1,"side":1}`, "", `{"ev":"moved","path":[[5,4],[6,4],[7,4]],"unit":1}`, "",
		`{"error":"unit 1: no moves left"}`, "", `{"ev":"turn","round":1,"side":2}`, ""}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), out)
	}
	for k, w := range want {
		if w != "" && js(got[k]) != w {
			t.Errorf("line %d: %s, want %s", k+1, js(got[k]), w)
		}
	}
	// The view: side 1's spearman with its 24 moves, Ash with stock 2
	// (its first turn), explored cells; the archer three cells off is
	// within sight 3.
	v := got[1]
	if v["side"] != 1.0 || v["round"] != 1.0 || js(v["towns"]) != `[{"builds":"spearman","cell":[3,4],"id":1,"name":"Ash","owner":1,"stock":2}]` {
		t.Errorf("view %s", js(v))
	}
	if units := js(v["units"]); !strings.Contains(units, `{"cell":[5,4],"hp":100,"id":1,"moves":24,"side":1,"type":"spearman"}`) ||
		!strings.Contains(units, `{"cell":[8,4],"hp":100,"id":2,"side":2,"type":"archer"}`) {
		t.Errorf("view's units %s", units)
	}
	// Spearman (110) against the archer's melee 5 (50), on flat land.
	a := got[3]
	if a["ev"] != "attacked" || js(a["strength"]) != "[110,50]" || a["unit"] != 1.0 || a["target"] != 2.0 {
		t.Errorf("attack %s", js(a))
	}
	if e := got[5]; !strings.HasPrefix(js(e["error"]), `"not a command`) {
		t.Errorf("line 6: %s", js(e))
	}
	if s := got[7]; len(s["hash"].(string)) != 16 || s["side"] != 2.0 {
		t.Errorf("state %s", js(s))
	}
}

// TestPlayLogReplay saves a session with -log; replay prints the same
// hash as the session's last state, and playing the saved file again
// continues the match where it stopped.
func TestPlayLogReplay(t *testing.T) {
	mapFile, scenario := playFiles(t)
	saved := filepath.Join(t.TempDir(), "match.hexmap")
	in := `{"cmd":"move","unit":1,"to":[7,4]}` + "\n" + `{"cmd":"end"}` + "\n" + `{"cmd":"move","unit":2,"to":[9,6]}` + "\n" + `{"cmd":"state"}` + "\n"
	code, out, errOut := runPlayCmd(in, "play", "-scenario", scenario, "-log", saved, mapFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := lines(t, out)
	hash := got[len(got)-1]["hash"]
	code, out, errOut = runCmd("replay", saved)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, errOut)
	}
	r := lines(t, out)
	if len(r) != 1 || r[0]["hash"] != hash || r[0]["commands"] != 3.0 || r[0]["side"] != 2.0 {
		t.Errorf("replay printed %s, want hash %v after 3 commands", out, hash)
	}
	code, out, _ = runPlayCmd(`{"cmd":"state"}`+"\n", "play", saved)
	if got := lines(t, out); code != 0 || got[0]["commands"] != 3.0 || got[1]["hash"] != hash {
		t.Errorf("continuing: exit %d, %s", code, out)
	}
}

// TestPlayMapScenario: without -scenario the map's own units and towns
// play; -seed replaces the seed.
func TestPlayMapScenario(t *testing.T) {
	g, err := hexmap.NewGrid(20, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(4, 4), Side: 1, Type: "horseman"})
	g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(15, 4), Side: 2})
	g.PlaceTown(hexmap.Town{Location: hexmap.FromOffset(3, 3), Name: "Elm", Owner: 1})
	mapFile := saveNative(t, g)
	code, out, errOut := runPlayCmd(`{"cmd":"view"}`+"\n"+`{"cmd":"state"}`+"\n", "play", "-seed", "5", mapFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := lines(t, out)
	if v := js(got[1]["units"]); v != `[{"cell":[4,4],"hp":100,"id":1,"moves":36,"side":1,"type":"horseman"}]` {
		t.Errorf("view's units %s", v)
	}
	if js(got[1]["towns"]) != `[{"builds":"spearman","cell":[3,3],"id":1,"name":"Elm","owner":1,"stock":2}]` {
		t.Errorf("view's towns %s", js(got[1]["towns"]))
	}
	_, out2, _ := runPlayCmd(`{"cmd":"state"}`+"\n", "play", "-seed", "6", mapFile)
	if lines(t, out2)[1]["hash"] == got[2]["hash"] {
		t.Error("-seed 5 and -seed 6 give the same state")
	}
}

// TestPlayErrors: bad command lines and files fail with one line and the
// documented exit status.
func TestPlayErrors(t *testing.T) {
	mapFile, scenario := playFiles(t)
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"sides":[{"side":7}]}`), 0o644)
	corrupt := writeFile(t, "c.hexmap", func(b *bytes.Buffer) error {
		g, _ := hexmap.NewGrid(20, 10, 1)
		return saves.WriteMatch(b, g, []byte(`{"version":1,"log":`))
	})
	sideless := writeFile(t, "s.hexmap", func(b *bytes.Buffer) error {
		g, _ := hexmap.NewGrid(20, 10, 1)
		return saves.Write(b, g)
	})
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"play"}, 1, "usage"},
		{[]string{"play", "-seed", "x", mapFile}, 1, "seed"},
		{[]string{"play", "-scenario", bad, mapFile}, 1, "side 7"},
		{[]string{"play", "-scenario", filepath.Join(t.TempDir(), "none.json"), mapFile}, 2, "No such file: "},
		{[]string{"play", sideless}, 1, "the map has no sides to play: give a scenario with -scenario S.json"},
		{[]string{"play", "-scenario", scenario, filepath.Join(t.TempDir(), "none.hexmap")}, 2, "none.hexmap"},
		{[]string{"replay", mapFile}, 1, "no saved match"},
		{[]string{"replay", corrupt}, 4, "saved match"},
		{[]string{"replay"}, 1, "usage"},
	}
	for _, c := range cases {
		code, out, errOut := runPlayCmd("", c.args...)
		if code != c.code || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d naming %q", c.args, code, out, errOut, c.code, c.msg)
		}
	}
}

// TestScriptedMatchReplays plays the scripted match of testdata (the one
// `make match-wasm` plays natively and under wasm) with -log and checks
// that replaying the saved match ends at the hash of the session's last
// state answer, after a decided match.
func TestScriptedMatchReplays(t *testing.T) {
	script, err := os.ReadFile("testdata/match.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(t.TempDir(), "match.hexmap")
	code, out, errOut := runPlayCmd(string(script)+`{"cmd":"state"}`+"\n", "play", "-scenario", "testdata/match.json", "-log", saved, "../../docs/towns.hexmap")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := lines(t, out)
	last := got[len(got)-1]
	if last["over"] != true || !strings.Contains(out, `"ev":"attacked"`) || !strings.Contains(out, `"ev":"produced"`) {
		t.Fatalf("the scripted match did not fight, build and end: last line %s", js(last))
	}
	code, out, errOut = runCmd("replay", saved)
	if r := lines(t, out); code != 0 || r[0]["hash"] != last["hash"] {
		t.Errorf("replay: exit %d %s, %s; want hash %v", code, errOut, out, last["hash"])
	}
}
