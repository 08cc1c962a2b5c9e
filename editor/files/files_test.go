package files

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"hexsandbox/hexmap"
)

func TestValidName(t *testing.T) {
	for _, ok := range []string{"island", " My map 2 ", "été"} {
		if _, err := ValidName(ok); err != nil {
			t.Errorf("ValidName(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "  ", ".hidden", "a/b", `a\b`, "a:b", "tab\there", strings.Repeat("x", MaxNameLength+1)} {
		if _, err := ValidName(bad); err == nil {
			t.Errorf("ValidName(%q) accepted", bad)
		}
	}
	if n, _ := ValidName("  x "); n != "x" {
		t.Errorf("ValidName trims to %q", n)
	}
}

func TestNameFromFile(t *testing.T) {
	cases := map[string]string{
		"/home/u/maps/Island.map": "Island",
		"a/b/c.hexmap":            "c",
		"..":                      "",
		"we:ird?.map":             "we_ird_",
	}
	for in, want := range cases {
		if got := NameFromFile(in); got != want {
			t.Errorf("NameFromFile(%q) = %q, want %q", in, got, want)
		}
	}
}

func testGrid(t *testing.T) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(10, 5, 42)
	if err != nil {
		t.Fatal(err)
	}
	g.SetElevation(3, 2)
	g.SetWaterLevel(7, 1)
	g.SetUrbanLevel(3, 2)
	return g
}

var ctx = context.Background()

func TestDirSaveListLoadDelete(t *testing.T) {
	d, err := OpenDir(t.TempDir() + "/maps")
	if err != nil {
		t.Fatal(err)
	}
	g := testGrid(t)
	for _, name := range []string{"zeta", "alpha"} {
		if err := d.Save(ctx, name, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.SaveRecovery(ctx, "alpha", "", g); err != nil {
		t.Fatal(err)
	}
	list, err := d.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Name != "alpha" || list[1].Name != "zeta" || list[0].Size == 0 {
		t.Fatalf("List = %+v, want alpha and zeta only", list)
	}
	back, _, err := d.Load(ctx, "zeta")
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(g) {
		t.Error("loaded map differs from the saved one")
	}
	if ok, _ := d.Exists("alpha"); !ok {
		t.Error("Exists(alpha) is false")
	}
	if err := d.Delete("alpha"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := d.Exists("alpha"); ok {
		t.Error("alpha exists after Delete")
	}
	if _, _, err := d.Load(ctx, "alpha"); err == nil {
		t.Error("loading a deleted map succeeded")
	}
	for _, bad := range []string{"../escape", ".recovery"} {
		if err := d.Save(ctx, bad, g); err == nil {
			t.Errorf("Save(%q) accepted a name outside the maps", bad)
		}
	}
}

func TestRecoveryRoundTrip(t *testing.T) {
	dir := t.TempDir()
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.OwnRecovery(); !errors.Is(err, ErrNoRecovery) {
		t.Fatalf("OwnRecovery before any: %v, want ErrNoRecovery", err)
	}
	g := testGrid(t)
	if err := d.SaveRecovery(ctx, "island", "", g); err != nil {
		t.Fatal(err)
	}
	name, back, err := d.OwnRecovery()
	if err != nil || name != "island" || !back.Equal(g) {
		t.Fatalf("recovered %q, %v", name, err)
	}
	// The map and its name are one file.
	var maps, others []string
	for _, e := range dirNames(t, dir) {
		if strings.HasSuffix(e, Ext) {
			maps = append(maps, e)
		} else {
			others = append(others, e)
		}
	}
	if len(maps) != 1 || len(others) != 1 || !strings.HasSuffix(others[0], ".lock") {
		t.Fatalf("an autosave makes %v and %v, want one map file and its lock", maps, others)
	}
	if err := d.ClearRecovery(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.OwnRecovery(); !errors.Is(err, ErrNoRecovery) {
		t.Errorf("recovery still there after Clear: %v", err)
	}
	d.Close()
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("a closed editor without an autosave left %v", names)
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, de := range des {
		out = append(out, de.Name())
	}
	return out
}

func TestOpenFS(t *testing.T) {
	g := testGrid(t)
	data, err := Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	l, err := OpenFS(ctx, fstest.MapFS{"dropped/My Map.hexmap": {Data: data}})
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "My Map" || !l.Grid.Equal(g) {
		t.Errorf("opened %q, equal %v", l.Name, l.Grid.Equal(g))
	}
	if _, err := OpenFS(ctx, fstest.MapFS{"junk.map": {Data: []byte("not a map")}}); err == nil {
		t.Error("junk accepted")
	}
	if _, err := OpenFS(ctx, fstest.MapFS{}); err == nil {
		t.Error("empty drop accepted")
	}
}

func TestAutosaverWaitsIntervalWhileDirty(t *testing.T) {
	a := Autosaver{Interval: time.Minute}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if a.Due(t0, true) {
		t.Error("due at the first change")
	}
	if a.Due(t0.Add(59*time.Second), true) {
		t.Error("due before the interval")
	}
	if !a.Due(t0.Add(60*time.Second), true) {
		t.Error("not due after the interval")
	}
	a.Done()
	if a.Due(t0.Add(61*time.Second), true) {
		t.Error("due right after an autosave")
	}
	if a.Due(t0.Add(10*time.Minute), false) {
		t.Error("due with nothing unsaved")
	}
}

// A saved map holding links that cannot be drawn (a road on one side of
// an edge only, written by something other than the editor) loads
// without them, and Load says how many it dropped.
func TestDirLoadReportsDropped(t *testing.T) {
	d, err := OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	g := testGrid(t)
	c := g.Cell(12)
	c.Roads |= 1 << hexmap.E
	g.Batch(hexmap.NoRules, func() { g.SetCell(12, c) }) // the neighbour has no road back
	if err := d.Save(ctx, "odd", g); err != nil {
		t.Fatal(err)
	}
	back, rep, err := d.Load(ctx, "odd")
	if err != nil {
		t.Fatal(err)
	}
	if rep.DroppedRoads != 1 || back.Cell(12).HasRoadThroughEdge(hexmap.E) {
		t.Fatalf("dropped %+v, road kept %v", rep, back.Cell(12).HasRoadThroughEdge(hexmap.E))
	}
}

// A session on a folder saves the match it carries with the map, and
// opening the map gives it back; a store without matches (memStore)
// saves the map alone, and a new map carries none.
func TestSessionKeepsTheMatch(t *testing.T) {
	d := openDir(t, t.TempDir())
	s := NewSession(d, "", testGrid(t), 0)
	s.Match = []byte(`{"version":1}`)
	if err := s.SaveAs("game", false); err != nil {
		t.Fatal(err)
	}
	s.Match = nil
	if _, err := s.Open("game"); err != nil {
		t.Fatal(err)
	}
	if string(s.Match) != `{"version":1}` {
		t.Errorf("opened match %q", s.Match)
	}
	if err := s.NewMapOf(hexmap.Topology{Width: 20, Height: 15}, 1); err != nil || s.Match != nil {
		t.Errorf("a new map carries match %q (%v)", s.Match, err)
	}
	m, _ := newSession(t)
	m.Match = []byte(`{}`)
	if err := m.SaveAs("plain", false); err != nil {
		t.Errorf("a store without matches: %v", err)
	}
}
