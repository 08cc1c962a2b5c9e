package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/saves"
)

type pathOut struct {
	Reachable bool     `json:"reachable"`
	Cost      int      `json:"cost"`
	Turns     int      `json:"turns"`
	Cells     [][2]int `json:"cells"`
}

func runPathCmd(t *testing.T, args ...string) (pathOut, string) {
	t.Helper()
	code, out, errOut := runCmd(append([]string{"path"}, args...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("path %v: exit %d, stderr %q", args, code, errOut)
	}
	if strings.Count(out, "\n") != 1 {
		t.Fatalf("path printed %q, want one line", out)
	}
	var got pathOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("path output %q: %v", out, err)
	}
	return got, out
}

func saveNative(t *testing.T, g *hexmap.Grid) string {
	t.Helper()
	return writeFile(t, "m.hexmap", func(b *bytes.Buffer) error { return saves.Write(b, g) })
}

func flatMap(t *testing.T, wrapping bool) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: 10, Height: 5, Wrapping: wrapping}, noise.New(1))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Hand-worked paths along row 0 of a flat 10×5 map, where every step
// costs 5.
func TestPathHandWorked(t *testing.T) {
	g := flatMap(t, false)
	g.SetWaterLevel(2+4*10, 1) // (2, 4) is underwater
	// A unit on the way: the command ignores units.
	g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(2, 0), Side: 1, MovesLeft: hexmap.UnitSpeed})
	file := saveNative(t, g)
	row0 := [][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}}
	cases := []struct {
		args []string
		want pathOut
	}{
		// 5, 10, 15, 20: all in turn 0.
		{[]string{file, "0", "0", "4", "0"}, pathOut{true, 20, 1, row0}},
		// Speed 10: 5, 10, then 15 would start turn 1 anyway (14/10 = 1
		// > 9/10 = 0) → 10 + 5 = 15, then 20: turns 0, 0, 1, 1 → 2 turns.
		{[]string{"-speed", "10", file, "0", "0", "4", "0"}, pathOut{true, 20, 2, row0}},
		// Speed 7: 5; 10 would be turn 1 → 7 + 5 = 12; 17 → 14 + 5 = 19;
		// 24 → 21 + 5 = 26: turns 0, 1, 2, 3 → 4 turns.
		{[]string{"-speed", "7", file, "0", "0", "4", "0"}, pathOut{true, 26, 4, row0}},
		{[]string{file, "3", "1", "3", "1"}, pathOut{true, 0, 0, [][2]int{{3, 1}}}},
	}
	for _, tc := range cases {
		got, _ := runPathCmd(t, tc.args...)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("path %v = %+v, want %+v", tc.args, got, tc.want)
		}
	}
	_, raw := runPathCmd(t, file, "0", "0", "2", "4")
	if raw != `{"reachable":false,"why":"the destination (2, 4) is under water"}`+"\n" {
		t.Errorf("into water: %q", raw)
	}
	_, raw = runPathCmd(t, file, "0", "0", "1", "0")
	if raw != `{"reachable":true,"cost":5,"turns":1,"cells":[[0,0],[1,0]]}`+"\n" {
		t.Errorf("one step: %q", raw)
	}
}

// Roads cost 1 a step, and the path takes them even when longer.
func TestPathTakesTheRoad(t *testing.T) {
	g := flatMap(t, false)
	// A road from (0, 1) up to (0, 2), along row 2 to (4, 2) and down
	// to (4, 1): 6 steps of 1 beat the 4 flat steps along row 1 (20).
	road := [][2]int{{0, 1}, {0, 2}, {1, 2}, {2, 2}, {3, 2}, {4, 2}, {4, 1}}
	for k := 1; k < len(road); k++ {
		a := road[k-1][0] + road[k-1][1]*10
		b := road[k][0] + road[k][1]*10
		d, ok := g.Topology().DirectionTo(a, b)
		if !ok {
			t.Fatalf("road step %d: not neighbours", k)
		}
		if err := g.AddRoad(a, d); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := runPathCmd(t, saveNative(t, g), "0", "1", "4", "1")
	if got.Cost != 6 || got.Turns != 1 || !reflect.DeepEqual(got.Cells, road) {
		t.Fatalf("path %+v, want cost 6 along %v", got, road)
	}
}

// On a wrapping map the first and last columns are neighbours; on a flat
// one the way round is long. Catlike files read the same way.
func TestPathAcrossSeam(t *testing.T) {
	w := flatMap(t, true)
	got, _ := runPathCmd(t, saveNative(t, w), "0", "2", "9", "2")
	if want := (pathOut{true, 5, 1, [][2]int{{0, 2}, {9, 2}}}); !reflect.DeepEqual(got, want) {
		t.Fatalf("wrapping: %+v, want %+v", got, want)
	}
	file := writeFile(t, "w.map", func(b *bytes.Buffer) error { return saves.WriteCatlike(b, w) })
	if got, _ := runPathCmd(t, file, "0", "2", "9", "2"); got.Cost != 5 {
		t.Fatalf("wrapping Catlike file: %+v", got)
	}
	f := flatMap(t, false)
	if got, _ := runPathCmd(t, saveNative(t, f), "0", "2", "9", "2"); got.Cost <= 5 || len(got.Cells) != 10 {
		t.Fatalf("flat: %+v", got)
	}
}

// Bad input is one error line and no output: a bad command line or a cell
// not on the map exits 1, a file that cannot be read 2, one that is no
// map 3 (the tool's exit statuses, see main.go).
func TestPathBadInput(t *testing.T) {
	file := saveNative(t, flatMap(t, true))
	expectFailure(t, 1, "no cell (10, 0)", "path", file, "0", "0", "10", "0")
	expectFailure(t, 1, "no cell (-1, 0)", "path", file, "-1", "0", "1", "0")
	expectFailure(t, 1, "no cell (0, 5)", "path", file, "0", "5", "1", "0")
	expectFailure(t, 1, "not a whole number", "path", file, "0", "x", "1", "0")
	expectFailure(t, 1, "usage", "path", file, "0", "0", "1")
	expectFailure(t, 1, "usage", "path")
	expectFailure(t, 1, "speed 0", "path", "-speed", "0", file, "0", "0", "1", "0")
	expectFailure(t, 1, "usage", "path", "-speed", "fast", file, "0", "0", "1", "0")
	expectFailure(t, 1, "usage", "path", "-nosuchflag", file, "0", "0", "1", "0")
	expectFailure(t, 2, "No such file: ", "path", file+".absent", "0", "0", "1", "0")
	garbage := writeFile(t, "g", func(b *bytes.Buffer) error { _, err := b.WriteString("garbage!"); return err })
	expectFailure(t, 3, "is not a map (it is neither", "path", garbage, "0", "0", "1", "0")
}

// When no path exists the answer says why: a start that cannot be left
// (a cliff on every side, or water all round an underwater start), a
// destination that cannot be entered, or something in between (a
// column of water across the map).
func TestPathSaysWhyNot(t *testing.T) {
	g := flatMap(t, false)
	g.SetElevation(5+2*10, 4) // (5, 2): 4 above its neighbours, a cliff on every side
	for z := range 5 {
		g.SetWaterLevel(8+z*10, 1) // column 8 under water: (9, z) cut off
	}
	for _, i := range []int{1 + 3*10, 2 + 3*10, 0 + 3*10, 1 + 2*10, 1 + 4*10, 0 + 4*10, 2 + 4*10, 2 + 2*10, 0 + 2*10} {
		g.SetWaterLevel(i, 1) // (1, 3) and all round it under water
	}
	file := saveNative(t, g)
	for _, c := range []struct{ args, why string }{
		{"5 2 0 0", "the start (5, 2) cannot be left: water, a cliff, a wall or the map's edge on every side"},
		{"0 0 5 2", "the destination (5, 2) cannot be entered: water, a cliff, a wall or the map's edge on every side"},
		{"1 3 0 0", "the start (1, 3) is under water and cannot be left: water, a cliff, a wall or the map's edge on every side"},
		{"0 0 9 1", "water, cliffs or walls lie between the two cells"},
	} {
		_, raw := runPathCmd(t, append([]string{file}, strings.Fields(c.args)...)...)
		var got struct {
			Reachable *bool  `json:"reachable"`
			Why       string `json:"why"`
		}
		if err := json.Unmarshal([]byte(raw), &got); err != nil || got.Reachable == nil || *got.Reachable || got.Why != c.why {
			t.Errorf("path %s: %q, want reachable false and why %q", c.args, raw, c.why)
		}
	}
}
