package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/saves"
)

func generateFile(t *testing.T, name string, args ...string) (path, stdout string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), name)
	code, stdout, errOut := runCmd(append(append([]string{"generate"}, args...), path)...)
	if code != 0 || errOut != "" {
		t.Fatalf("generate %v: exit %d, stderr %q", args, code, errOut)
	}
	return path, stdout
}

// TestGenerateCatlikeFile: a .map name gives a Catlike version 5 file
// of the size asked for, the same bytes for the same seed and settings.
func TestGenerateCatlikeFile(t *testing.T) {
	a, stdout := generateFile(t, "a.map", "-w", "40", "-h", "30", "-seed", "12", "-wrap")
	if !strings.Contains(stdout, "seed 12") || !strings.Contains(stdout, "catlike") {
		t.Errorf("stdout %q", stdout)
	}
	data, _ := os.ReadFile(a)
	g, info, err := saves.ReadBytes(data)
	if err != nil || info.Format != saves.FormatCatlike || info.Version != 5 || g.Topology().Width != 40 || g.Topology().Height != 30 || !g.Topology().Wrapping {
		t.Fatalf("read back: %v, %+v", err, info)
	}
	if data[12] != 1 { // the wrapping flag after version and size
		t.Errorf("wrapping byte %d", data[12])
	}
	b, _ := generateFile(t, "b.map", "-w", "40", "-h", "30", "-seed", "12", "-wrap")
	if other, _ := os.ReadFile(b); !bytes.Equal(data, other) {
		t.Error("the same seed and settings gave two files")
	}
	c, _ := generateFile(t, "c.map", "-w", "40", "-h", "30", "-seed", "12", "-wrap", "-land", "30")
	if other, _ := os.ReadFile(c); bytes.Equal(data, other) {
		t.Error("-land 30 made no difference")
	}
}

// TestGenerateProductFile: any other name gives the product's format,
// with the seed kept; without -seed a random seed is printed, and it
// makes the same map again.
func TestGenerateProductFile(t *testing.T) {
	path, stdout := generateFile(t, "a.hexmap", "-w", "20", "-h", "15")
	m := regexp.MustCompile(`seed (\d+)\)`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no seed printed: %q", stdout)
	}
	g, info, err := saves.LoadFile(path)
	if err != nil || info.Format != saves.FormatHexsandbox {
		t.Fatalf("%v %+v", err, info)
	}
	again, _ := generateFile(t, "b.hexmap", "-w", "20", "-h", "15", "-seed", m[1])
	if g2, _, _ := saves.LoadFile(again); g2 == nil || !g2.Equal(g) {
		t.Error("the printed seed does not make the same map")
	}
}

// TestGenerateTakesEverySetting: each setting flag is accepted at the
// top of its range and changes the map (or, for a few, at least runs).
func TestGenerateTakesEverySetting(t *testing.T) {
	base, _ := generateFile(t, "base.map", "-w", "40", "-h", "30", "-seed", "4")
	want, _ := os.ReadFile(base)
	same := 0
	for _, s := range mapgen.Table() {
		d := mapgen.DefaultSettings()
		v := s.Max
		if s.Get(&d) == v || s.Flag == "chunk-min" { // chunk-min may not pass chunk-max
			v = s.Min
		}
		path, _ := generateFile(t, s.Flag+".map", "-w", "40", "-h", "30", "-seed", "4", "-"+s.Flag, s.Format(v))
		if got, _ := os.ReadFile(path); bytes.Equal(got, want) {
			same++
		}
	}
	if same > 2 {
		t.Errorf("%d settings made no difference to the map", same)
	}
}

// TestGenerateRejectsBadValues: one error line naming the flag and its
// range, and no file.
func TestGenerateRejectsBadValues(t *testing.T) {
	dir := t.TempDir()
	for _, s := range mapgen.Table() {
		out := filepath.Join(dir, "x.map")
		for _, v := range []string{s.Format(s.Max + 1), "nonsense"} {
			code, _, errOut := runCmd("generate", "-"+s.Flag, v, out)
			lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
			if code != 1 || len(lines) != 1 || !strings.HasPrefix(errOut, "error: -"+s.Flag+" ") || !strings.Contains(errOut, s.RangeText()) {
				t.Errorf("-%s %s: exit %d, stderr %q", s.Flag, v, code, errOut)
			}
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("-%s: a file was written", s.Flag)
		}
	}
	for _, c := range [][]string{
		{"-w", "81"}, {"-h", "0"}, {"-w", "645"}, {"-seed", "-1"}, {"-seed", "2147483648"},
	} {
		code, _, errOut := runCmd(append(append([]string{"generate"}, c...), filepath.Join(dir, "x.map"))...)
		if code != 1 || !strings.HasPrefix(errOut, "error: "+c[0]+" ") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q", c, code, errOut)
		}
	}
	expectFailure(t, 1, "-chunk-max", "generate", "-chunk-min", "120", "-chunk-max", "100", filepath.Join(dir, "x.map"))
	expectFailure(t, 1, "usage", "generate")
}

// TestConvertFollowsTheName: convert writes Catlike's format to .map
// names; a Catlike file converted to .map, or to the product's format
// and back, keeps every byte.
func TestConvertFollowsTheName(t *testing.T) {
	in, _ := generateFile(t, "in.map", "-w", "40", "-h", "30", "-seed", "8", "-wrap")
	want, _ := os.ReadFile(in)
	dir := t.TempDir()
	for _, route := range [][]string{{"same.map"}, {"mid.hexmap", "back.map"}} {
		from := in
		for _, name := range route {
			to := filepath.Join(dir, name)
			if code, stdout, errOut := runCmd("convert", from, to); code != 0 || !strings.Contains(stdout, string(saves.FormatFor(to))) {
				t.Fatalf("convert %s %s: exit %d, %q %q", from, to, code, stdout, errOut)
			}
			from = to
		}
		if got, _ := os.ReadFile(from); !bytes.Equal(got, want) {
			t.Errorf("via %v: the Catlike file changed", route)
		}
	}
	if _, info, _ := saves.LoadFile(filepath.Join(dir, "mid.hexmap")); info.Format != saves.FormatHexsandbox {
		t.Errorf("mid.hexmap is %s", info.Format)
	}
}

// TestGenerateWorldTypes: -type picks the world type's preset scaled to
// the size (continents without it), catlike Catlike's defaults as they
// are, and setting flags apply over the preset.
func TestGenerateWorldTypes(t *testing.T) {
	top := hexmap.Topology{Width: 40, Height: 30}
	load := func(args ...string) *hexmap.Grid {
		t.Helper()
		path, _ := generateFile(t, "w.hexmap", append([]string{"-w", "40", "-h", "30", "-seed", "9"}, args...)...)
		g, _, err := saves.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	expect := func(what string, got *hexmap.Grid, gen mapgen.HexMapGenerator) {
		t.Helper()
		want, _, err := gen.GenerateMap(top, 9)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(want) {
			t.Errorf("%s is not the generator's map", what)
		}
	}
	expect("no -type", load(), mapgen.Continents.Generator())
	expect("-type catlike", load("-type", "catlike"), mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()})
	for _, w := range mapgen.WorldTypes() {
		expect("-type "+w.String(), load("-type", w.String()), w.Generator())
	}
	dry := mapgen.Pangaea.Generator()
	dry.LandPercentage = 20
	expect("-land 20 -type pangaea", load("-land", "20", "-type", "pangaea"), dry)
	expectFailure(t, 1, "-type", "generate", "-type", "moon", filepath.Join(t.TempDir(), "x.hexmap"))
}

// TestGenerateSides: -sides N saves fair starts in the map, which info
// lists: N sides on teams of their own, a town, a spearman and a scout
// each, and neutral towns. A Catlike file and a bad count are refused.
func TestGenerateSides(t *testing.T) {
	path, stdout := generateFile(t, "s.hexmap", "-w", "80", "-h", "60", "-seed", "4", "-sides", "3", "-type", "pangaea")
	if !strings.Contains(stdout, "3 sides") {
		t.Errorf("stdout %q", stdout)
	}
	g, _, err := saves.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if s := g.Setup(); len(s.Sides) != 3 || s.Seed != 4 {
		t.Errorf("setup %+v", s)
	}
	owned, neutral := map[uint8]int{}, 0
	for _, town := range g.Towns() {
		if town.Owner == 0 {
			neutral++
		}
		owned[town.Owner]++
	}
	if owned[1] != 1 || owned[2] != 1 || owned[3] != 1 || neutral == 0 {
		t.Errorf("towns by owner %v", owned)
	}
	if n := len(g.Units()); n != 6 {
		t.Errorf("%d units, want a spearman and a scout for each of 3 sides", n)
	}
	code, info, _ := runCmd("info", path)
	if code != 0 || !strings.Contains(info, `"sides":[{"side":1,"team":1},{"side":2,"team":2},{"side":3,"team":3}]`) ||
		!strings.Contains(info, `"type":"scout"`) {
		t.Errorf("info: %q", info)
	}
	dir := t.TempDir()
	expectFailure(t, 1, "-sides", "generate", "-sides", "5", filepath.Join(dir, "x.hexmap"))
	expectFailure(t, 1, "-sides", "generate", "-sides", "1", filepath.Join(dir, "x.hexmap"))
	expectFailure(t, 1, "-sides", "generate", "-sides", "2", filepath.Join(dir, "x.map"))
	expectFailure(t, 1, "fair starts", "generate", "-w", "20", "-h", "15", "-land", "5", "-seed", "2", "-sides", "4",
		filepath.Join(dir, "x.hexmap"))
	if _, err := os.Stat(filepath.Join(dir, "x.hexmap")); err == nil {
		t.Error("a refused generation wrote a file")
	}
}
