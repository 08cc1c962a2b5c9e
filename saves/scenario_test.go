package saves

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// scenarioTowns are the towns scenarioMap places: neutral and owned,
// the longest name, names of several bytes per character.
var scenarioTowns = []struct {
	x, z  int
	name  string
	owner uint8
}{
	{3, 4, "Ash", 1},
	{12, 7, strings.Repeat("é", scenario.MaxTownNameLength), 0},
	{0, 0, "Lake Mør", 4},
}

// scenarioSetup is the setup scenarioMap sets: a seed with the top bit,
// three of the four sides on two teams, a round limit, a script with
// characters of several bytes, an empty area, one of the longest name
// and one holding the last cell of a 40×30 map, and starting objectives
// for two sides, one of the longest, side names (one of several bytes
// a character, one left to its colour, one of the longest), and who
// plays them in which colour (a person in its own, the computer at
// Hard in side 3's colour, at Easy in side 1's number: colours swapped).
var scenarioSetup = scenario.Setup{
	Seed: 1<<63 | 12345,
	Sides: []scenario.Side{{Side: 1, Team: 1, Name: "Północ", Colour: 4}, {Side: 2, Team: 2, Controller: scenario.Hard, Colour: 3},
		{Side: 4, Team: 1, Name: strings.Repeat("é", scenario.MaxSideNameLength), Controller: scenario.Easy, Colour: 1}},
	Victory: scenario.Victory{Rounds: 200},
	Script:  "def on_start():\n    game.message(\"Grüße\")\n",
	Areas: []scenario.Area{{Name: "empty"}, {Name: strings.Repeat("ø", scenario.MaxAreaNameLength), Cells: []int{0, 5, 6}},
		{Name: "corner", Cells: []int{40*30 - 1}}},
	Objectives: []scenario.Objective{{Side: 2, Text: "Hold."}, {Side: 4, Text: strings.Repeat("é", scenario.MaxObjectiveBytes/2)}},
}

// scenarioTypes are the types scenarioMap gives its units in turn.
var scenarioTypes = []string{"scout", "spearman", "archer", "horseman", "catapult", "a-16-byte-name-x"}

// scenarioMap is a 40×30 test map with units of every type, towns on
// dry cells and a setup.
func scenarioMap(t testing.TB) *hexmap.Grid {
	t.Helper()
	g := testMap(t, 40, 30, 5)
	units := slices.Clone(g.Units())
	if len(units) < 2 {
		t.Fatal("test map has too few units")
	}
	for k := range units {
		units[k].Type = scenarioTypes[k%len(scenarioTypes)]
	}
	if err := g.SetUnits(units); err != nil {
		t.Fatal(err)
	}
	for _, tw := range scenarioTowns {
		i := tw.x + tw.z*g.Topology().Width
		g.SetWaterLevel(i, int(g.Cell(i).Elevation)-1) // dry
		if err := g.PlaceTown(hexmap.Town{Location: hexmap.FromOffset(tw.x, tw.z), Name: tw.name, Owner: tw.owner}); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.SetSetup(scenarioSetup); err != nil {
		t.Fatal(err)
	}
	return g
}

// matchBlob is a match of every byte value, as package game might write.
func matchBlob() []byte {
	b := make([]byte, 3000)
	for i := range b {
		b[i] = byte(i * 7)
	}
	return b
}

// Every field versions 5 to 9 add comes back as written: each unit's
// type, the towns in order with names and owners, the setup with its
// script, areas, objectives, side names, controllers and colours, and
// the match.
func TestScenarioRoundTrip(t *testing.T) {
	g := scenarioMap(t)
	var buf bytes.Buffer
	if err := WriteMatch(&buf, g, matchBlob()); err != nil {
		t.Fatal(err)
	}
	got, info := readShared(t, buf.Bytes())
	if info.Version != nativeVersion || !bytes.Equal(info.Match, matchBlob()) {
		t.Fatalf("version %d, match of %d bytes", info.Version, len(info.Match))
	}
	for k, u := range got.Units() {
		if want := scenarioTypes[k%len(scenarioTypes)]; u.Type != want {
			t.Errorf("unit %d: type %q, want %q", k, u.Type, want)
		}
	}
	if len(got.Towns()) != len(scenarioTowns) {
		t.Fatalf("towns %v", got.Towns())
	}
	for k, tw := range got.Towns() {
		want := scenarioTowns[k]
		if x, z := tw.Location.Offset(); x != want.x || z != want.z || tw.Name != want.name || tw.Owner != want.owner {
			t.Errorf("town %d: %+v, want %+v", k, tw, want)
		}
	}
	if s := got.Setup(); s.Seed != scenarioSetup.Seed || s.Victory != scenarioSetup.Victory || !slices.Equal(s.Sides, scenarioSetup.Sides) ||
		s.Script != scenarioSetup.Script || len(s.Areas) != 3 || s.Areas[1].Name != scenarioSetup.Areas[1].Name ||
		!slices.Equal(s.Areas[1].Cells, []int{0, 5, 6}) || !slices.Equal(s.Areas[2].Cells, []int{1199}) || len(s.Areas[0].Cells) != 0 ||
		!slices.Equal(s.Objectives, scenarioSetup.Objectives) {
		t.Errorf("setup %+v", s)
	}
	requireEqual(t, got, g)
	if !got.Equal(g) {
		t.Fatal("the map read back differs")
	}
	// A plain write carries no match.
	if _, info := readShared(t, writeNativeBytes(t, g)); info.Match != nil {
		t.Fatalf("a plain map read with a match of %d bytes", len(info.Match))
	}
}

// A file written by the code of version 4 (saves/testdata/v4.hexmap,
// made at commit 1a00d7b: a 10×5 map of seed 3, a unit of side 1 at
// (2, 1) heading 90 with 24 moves, one of side 2 at (5, 3) with 10,
// side 2 in turn, a note "Old Ash" on cell 13) reads with spearmen, no
// towns and the default setup, and is written back as version 5.
func TestVersion4FileReads(t *testing.T) {
	g, info, err := LoadFileWith(filepath.Join("testdata", "v4.hexmap"), sharedNoise)
	if err != nil {
		t.Fatal(err)
	}
	if info.Version != 4 || info.Match != nil || g.Topology().Width != 10 || g.Topology().Height != 5 || g.Noise().Seed() != 3 {
		t.Fatalf("version %d, match %v, %d×%d seed %d", info.Version, info.Match, g.Topology().Width, g.Topology().Height, g.Noise().Seed())
	}
	want := []hexmap.Unit{
		{Location: hexmap.FromOffset(2, 1), Orientation: 90, Side: 1, MovesLeft: 24, Type: "spearman"},
		{Location: hexmap.FromOffset(5, 3), Side: 2, MovesLeft: 10, Type: "spearman"},
	}
	if !slices.Equal(g.Units(), want) {
		t.Errorf("units %+v, want %+v", g.Units(), want)
	}
	if len(g.Towns()) != 0 || len(g.Setup().Sides) != 0 || g.Setup().Seed != 0 || g.Setup().Victory.Rounds != 0 {
		t.Errorf("towns %v, setup %+v", g.Towns(), g.Setup())
	}
	if g.SideInTurn() != 2 || g.Note(13) != "Old Ash" || !g.Explored(12, 1) || !g.Explored(33, 2) || g.Cell(12).Elevation != 2 {
		t.Errorf("side in turn %d, notes %v", g.SideInTurn(), g.Notes())
	}
	again, info := readShared(t, writeNativeBytes(t, g))
	if info.Version != nativeVersion || !again.Equal(g) {
		t.Fatal("a version 4 map does not survive a version 5 write")
	}
}

// A file written by the code of version 5 (saves/testdata/v5match.hexmap,
// made at commit 7887955 by hexmap play -log on docs/towns.hexmap: two
// commands of a two-side match) reads with no script and no areas, its
// match whole, and is written back as version 6 unchanged otherwise.
func TestVersion5FileReads(t *testing.T) {
	g, info, err := LoadFileWith(filepath.Join("testdata", "v5match.hexmap"), sharedNoise)
	if err != nil {
		t.Fatal(err)
	}
	if info.Version != 5 || !bytes.Contains(info.Match, []byte(`"log":[{"cmd":"move","unit":1,"to":[7,4]},{"cmd":"end"}]`)) {
		t.Fatalf("version %d, match %s", info.Version, info.Match)
	}
	if s := g.Setup(); s.Script != "" || s.Areas != nil || g.Topology().Width != 35 {
		t.Fatalf("setup %+v", s)
	}
	var buf bytes.Buffer
	if err := WriteMatch(&buf, g, info.Match); err != nil {
		t.Fatal(err)
	}
	again, info2 := readShared(t, buf.Bytes())
	if info2.Version != nativeVersion || !again.Equal(g) || !bytes.Equal(info2.Match, info.Match) {
		t.Fatal("a version 5 map does not survive a version 6 write")
	}
}

// A file written by the code of version 6 (saves/testdata/v6setup.hexmap,
// made at commit 5bd220b by saves.SaveFile: a 10×5 map whose setup has a
// seed, two sides, a round limit, a script and an area) reads with its
// setup and no objectives, and is written back as version 7 unchanged
// otherwise.
func TestVersion6FileReads(t *testing.T) {
	g, info, err := LoadFileWith(filepath.Join("testdata", "v6setup.hexmap"), sharedNoise)
	if err != nil {
		t.Fatal(err)
	}
	want := scenario.Setup{Seed: 6, Sides: []scenario.Side{{Side: 1, Team: 1}, {Side: 2, Team: 2}}, Victory: scenario.Victory{Rounds: 9},
		Script: "def on_start():\n    game.message(\"six\")\n", Areas: []scenario.Area{{Name: "west", Cells: []int{0, 10, 20}}}}
	s := g.Setup()
	if info.Version != 6 || s.Seed != want.Seed || !slices.Equal(s.Sides, want.Sides) || s.Victory != want.Victory || s.Script != want.Script ||
		len(s.Areas) != 1 || s.Areas[0].Name != "west" || !slices.Equal(s.Areas[0].Cells, want.Areas[0].Cells) || s.Objectives != nil {
		t.Fatalf("version %d, setup %+v", info.Version, s)
	}
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	again, info2 := readShared(t, buf.Bytes())
	if info2.Version != nativeVersion || !again.Equal(g) {
		t.Fatal("a version 6 map does not survive a version 7 write")
	}
}

// A file written by the code of version 8 (saves/testdata/v8sides.hexmap,
// made at commit c660999 by saves.SaveFile: a 10×5 map whose setup has
// seed 8, side 1 "North" on team 1, side 2 on team 2 and objectives
// "Hold." for side 2) reads with its sides played by people in their
// own colours, and is written back as version 9 unchanged otherwise.
func TestVersion8FileReads(t *testing.T) {
	g, info, err := LoadFileWith(filepath.Join("testdata", "v8sides.hexmap"), sharedNoise)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Setup()
	wantSides := []scenario.Side{{Side: 1, Team: 1, Name: "North"}, {Side: 2, Team: 2}}
	if info.Version != 8 || s.Seed != 8 || !slices.Equal(s.Sides, wantSides) ||
		!slices.Equal(s.Objectives, []scenario.Objective{{Side: 2, Text: "Hold."}}) {
		t.Fatalf("version %d, setup %+v", info.Version, s)
	}
	again, info2 := readShared(t, writeNativeBytes(t, g))
	if info2.Version != nativeVersion || nativeVersion != 9 || !again.Equal(g) || !slices.Equal(again.Setup().Sides, wantSides) {
		t.Fatal("a version 8 map does not survive a version 9 write")
	}
}

// A controller or colour out of range, or two sides of one colour, in a
// version 9 file are refused on reading with a message naming the side.
func TestBadControllerOrColourRefused(t *testing.T) {
	g := testMap(t, 10, 5, 2)
	if err := g.SetSetup(scenario.Setup{Sides: []scenario.Side{{Side: 1, Team: 1, Name: "ab"}, {Side: 2, Team: 2, Name: "cd"}}}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		at     int // the byte after the side names' end to change
		to     byte
		want   error
		naming string
	}{
		{"controller 4", 0, 4, scenario.ErrBadController, "sides[0]: controller 4"},
		{"colour 5", 3, 5, scenario.ErrBadColour, "sides[1]: colour 5"},
		{"both blue", 3, 1, scenario.ErrBadColour, "sides[1]: colour 1"},
	} {
		content := encodeNative(g, nil)
		at := bytes.LastIndex(content, []byte{2, 'a', 'b', 2, 'c', 'd', 0, 0, 0, 0})
		if at < 0 {
			t.Fatal("side names not found in the content")
		}
		content[at+6+tc.at] = tc.to
		binary.LittleEndian.PutUint32(content[len(content)-4:], crc32.Checksum(content[:len(content)-4], castagnoli()))
		_, _, err := ReadWith(bytes.NewReader(gz(t, content)), sharedNoise)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.naming) {
			t.Errorf("%s: read: %v, want %v naming %q", tc.name, err, tc.want, tc.naming)
		}
	}
}

// A bad script or area in a version 6 file is refused with a message
// naming it.
func TestBadScriptOrAreaRefused(t *testing.T) {
	g := testMap(t, 10, 5, 2)
	for _, s := range []scenario.Setup{
		{Script: strings.Repeat("x", scenario.MaxScriptBytes+1)},
		{Script: "\xff"},
		{Areas: []scenario.Area{{Name: "a"}, {Name: "a"}}},
		{Areas: []scenario.Area{{Name: ""}}},
		{Areas: []scenario.Area{{Name: "a", Cells: []int{3, 3}}}},
		{Areas: []scenario.Area{{Name: "a", Cells: []int{50}}}},
	} {
		if err := g.SetSetup(s); err == nil {
			t.Errorf("setup %.60v accepted", s)
		}
	}
	// Written past the grid's checks, a bad area is refused on reading.
	good := scenario.Setup{Areas: []scenario.Area{{Name: "a", Cells: []int{1, 2}}}}
	if err := g.SetSetup(good); err != nil {
		t.Fatal(err)
	}
	content := encodeNative(g, nil)
	at := bytes.LastIndex(content, []byte{1, 'a', 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0})
	if at < 0 {
		t.Fatal("area not found in the content")
	}
	content[at+10] = 1 // cells 1, 1: not ascending
	binary.LittleEndian.PutUint32(content[len(content)-4:], crc32.Checksum(content[:len(content)-4], castagnoli()))
	if _, _, err := ReadWith(bytes.NewReader(gz(t, content)), sharedNoise); !errors.Is(err, scenario.ErrBadArea) {
		t.Fatalf("read: %v", err)
	}
}

// Bad starting objectives in a version 7 file are refused on reading:
// a side the grid refuses, and a length past the limit.
func TestBadObjectivesRefused(t *testing.T) {
	g := testMap(t, 10, 5, 2)
	if err := g.SetSetup(scenario.Setup{Objectives: []scenario.Objective{{Side: 1, Text: "ab"}}}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		at   int // the byte after the entry's start to change
		to   byte
	}{{"side 7", 0, 7}, {"1026 bytes", 2, 4}} {
		content := encodeNative(g, nil)
		at := bytes.LastIndex(content, []byte{1, 1, 2, 0, 'a', 'b'})
		if at < 0 {
			t.Fatal("objectives not found in the content")
		}
		content[at+1+tc.at] = tc.to
		binary.LittleEndian.PutUint32(content[len(content)-4:], crc32.Checksum(content[:len(content)-4], castagnoli()))
		if _, _, err := ReadWith(bytes.NewReader(gz(t, content)), sharedNoise); !errors.Is(err, scenario.ErrBadObjective) {
			t.Errorf("%s: read: %v", tc.name, err)
		}
	}
}

// Catlike files have no unit types: their units are spearmen of side 1.
func TestCatlikeUnitsAreSpearmen(t *testing.T) {
	g := scenarioMap(t)
	asCatlike(t, g)
	var buf bytes.Buffer
	if err := WriteCatlike(&buf, g); err != nil {
		t.Fatal(err)
	}
	got, _ := readShared(t, buf.Bytes())
	if len(got.Units()) != len(g.Units()) || len(got.Towns()) != 0 {
		t.Fatalf("%d units, towns %v", len(got.Units()), got.Towns())
	}
	for k, u := range got.Units() {
		if u.Type != scenario.DefaultUnitType || u.Side != 1 {
			t.Errorf("unit %d: %+v", k, u)
		}
	}
}

// A match beyond MaxMatchBytes is refused before anything is written.
func TestMatchTooLarge(t *testing.T) {
	g, _ := hexmap.NewGridOf(hexmap.Topology{Width: 5, Height: 5}, sharedNoise(0))
	big := make([]byte, MaxMatchBytes+1)
	if err := WriteMatch(io.Discard, g, big); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("WriteMatch: %v", err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "m.hexmap")
	if err := SaveFileWithMatch(path, g, big); err == nil {
		t.Fatal("SaveFileWithMatch accepted it")
	}
	if names := dirEntries(t, dir); len(names) != 0 {
		t.Fatalf("left behind: %v", names)
	}
	if err := SaveFileWithMatch(path, g, []byte("log")); err != nil {
		t.Fatal(err)
	}
	if _, info, err := LoadFileWith(path, sharedNoise); err != nil || string(info.Match) != "log" {
		t.Fatalf("%v, match %q", err, info.Match)
	}
}

// scenarioContent is a 10×5 map with one unit of type "archer" on cell 7,
// the town "Ash" of side 1 on cell 11, two sides and a match "xyz";
// tailAt is where its version 5 sections start (no notes before them).
func scenarioContent(t testing.TB) (content []byte, tailAt int) {
	t.Helper()
	g := testMap(t, 10, 5, 2)
	g.SetUnits(nil)
	for _, i := range []int{7, 11} {
		g.SetWaterLevel(i, int(g.Cell(i).Elevation)-1)
	}
	if err := g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(7), Side: 2, Type: "archer"}); err != nil {
		t.Fatal(err)
	}
	if err := g.PlaceTown(hexmap.Town{Location: g.Topology().Coordinates(11), Name: "Ash", Owner: 1}); err != nil {
		t.Fatal(err)
	}
	if err := g.SetSetup(scenario.Setup{Sides: []scenario.Side{{Side: 1, Team: 1}, {Side: 2, Team: 2}}}); err != nil {
		t.Fatal(err)
	}
	return encodeNative(g, []byte("xyz")), offUnits + 4 + 14 + 50 + 4
}

func TestScenarioBadInput(t *testing.T) {
	c0, at := scenarioContent(t)
	// Types at at: length 6, "archer"; towns at tw: count, cell,
	// owner, length, "Ash"; setup at st: seed, rounds, count, sides;
	// the match length after the header.
	tw := at + 7
	st := tw + 13
	matchAt := offPlanes - 4
	edit := func(f func(c []byte) []byte) []byte { return gz(t, reseal(f(bytes.Clone(c0)))) }
	put32 := func(off int, v uint32) []byte {
		return edit(func(c []byte) []byte { binary.LittleEndian.PutUint32(c[off:], v); return c })
	}
	set := func(off int, v byte) []byte { return edit(func(c []byte) []byte { c[off] = v; return c }) }
	if g, info := readShared(t, gz(t, c0)); string(info.Match) != "xyz" || g.Towns()[0].Name != "Ash" || g.Units()[0].Type != "archer" {
		t.Fatalf("the unedited content reads wrong: %q %v %v", info.Match, g.Towns(), g.Units())
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"type too long", set(at, 17), "unit 0: type of 17 bytes"},
		{"type not lowercase", set(at+1, 'A'), `unit 0: type "Archer"`},
		{"town count beyond cells", put32(tw, 51), "town count 51"},
		{"town cell off the map", put32(tw+4, 50), "town 0: cell 50 is off"},
		{"town owner 5", set(tw+8, 5), "owner is 0 (neutral) or a side"},
		{"town name too long", set(tw+9, 200), "town 0: name of 200 bytes"},
		{"town name beyond data", set(tw+9, 100), "truncated"},
		{"town name on two lines", set(tw+11, '\n'), `town 0 "A\nh"`},
		{"town underwater", set(offPlanes+50+11, 127+60), "towns stand on land"},
		{"round limit", put32(st+8, scenario.MaxRounds+1), "victory rounds 10001"},
		{"five sides", set(st+12, 5), "5 sides"},
		{"side 0", set(st+13, 0), "sides[0]: side 0"},
		{"side twice", set(st+15, 1), "sides[1]: side 1"},
		{"team 9", set(st+14, 9), "sides[0]: team 9"},
		{"match beyond the limit", put32(matchAt, MaxMatchBytes+1), "more than the"},
		{"match beyond the data", put32(matchAt, 1000), "truncated"},
		{"match shorter than its length", put32(matchAt, 2), "trailing data"},
		{"data after the match", edit(func(c []byte) []byte { return append(c, 1, 2) }), "trailing data"},
	} {
		expectError(t, tc.name, tc.data, tc.want)
	}
}

// A header promising the largest match, followed by a small map, must
// not make the reader allocate for the promise.
func TestHostileMatchLengthAllocatesLittle(t *testing.T) {
	c, _ := scenarioContent(t)
	binary.LittleEndian.PutUint32(c[offPlanes-4:], MaxMatchBytes)
	data := gz(t, reseal(c))
	if _, _, err := ReadWith(bytes.NewReader(data), sharedNoise); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Fatalf("read: %v", err)
	}
	if n := allocated(data); n > 1<<20 {
		t.Errorf("%d bytes allocated for a %d-byte file", n, len(data))
	}
}

// The errors of the scenario sections are damage, for errors.Is.
func TestScenarioErrorsAreCorrupt(t *testing.T) {
	c, at := scenarioContent(t)
	c[at] = 17
	_, _, err := ReadWith(bytes.NewReader(gz(t, reseal(c))), sharedNoise)
	if !errors.Is(err, ErrCorrupt) || !errors.Is(err, scenario.ErrBadUnitType) {
		t.Fatalf("%v", err)
	}
}
