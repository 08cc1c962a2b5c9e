package saves

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"slices"
	"testing"

	"hexsandbox/hexmap"
)

func writeNativeBytes(t testing.TB, g *hexmap.Grid) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readShared(t testing.TB, data []byte) (*hexmap.Grid, Info) {
	t.Helper()
	g, info, err := ReadWith(bytes.NewReader(data), sharedNoise)
	if err != nil {
		t.Fatal(err)
	}
	return g, info
}

func requireEqual(t testing.TB, got, want *hexmap.Grid) {
	t.Helper()
	if got.Topology().Width != want.Topology().Width || got.Topology().Height != want.Topology().Height || got.Noise().Seed() != want.Noise().Seed() || got.Topology().Wrapping != want.Topology().Wrapping {
		t.Fatalf("read %d×%d seed %d wrapping %v, want %d×%d seed %d wrapping %v",
			got.Topology().Width, got.Topology().Height, got.Noise().Seed(), got.Topology().Wrapping, want.Topology().Width, want.Topology().Height, want.Noise().Seed(), want.Topology().Wrapping)
	}
	for i := range want.Topology().CellCount() {
		if got.Cell(i) != want.Cell(i) {
			t.Fatalf("cell %d: read %+v, want %+v", i, got.Cell(i), want.Cell(i))
		}
	}
	if !slices.Equal(got.Units(), want.Units()) || got.SideInTurn() != want.SideInTurn() {
		t.Fatalf("units: read %v side %d in turn, want %v side %d", got.Units(), got.SideInTurn(), want.Units(), want.SideInTurn())
	}
	if !got.Equal(want) {
		t.Fatal("grids differ")
	}
}

func TestNativeRoundTrip(t *testing.T) {
	for _, size := range [][2]int{{5, 5}, {40, 30}, {80, 60}} {
		g := testMap(t, size[0], size[1], 3)
		g = withWrapping(t, g, size[0] == 40)
		got, info := readShared(t, writeNativeBytes(t, g))
		if !reflect.DeepEqual(info, Info{Format: FormatHexsandbox, Version: nativeVersion}) {
			t.Fatalf("info %+v", info)
		}
		requireEqual(t, got, g)
	}
}

// Every field at the ends of its range survives a round trip.
func TestNativeRoundTripExtremes(t *testing.T) {
	g := testMap(t, 10, 5, 3)
	g.SetUnits(nil)
	g.SetWaterLevel(5, 0)
	g.SetWaterLevel(49, 0)
	g.SetSideInTurn(hexmap.MaxSides)
	for _, u := range []hexmap.Unit{
		{Location: g.Topology().Coordinates(5), Orientation: -0.5, Side: 1, MovesLeft: 0},
		{Location: g.Topology().Coordinates(49), Orientation: 359.9, Side: hexmap.MaxSides, MovesLeft: hexmap.UnitSpeed},
	} {
		if err := g.AddUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	g.SetElevation(0, hexmap.MinElevation)
	g.SetWaterLevel(0, hexmap.MinElevation)
	g.SetElevation(1, hexmap.MaxElevation)
	g.SetWaterLevel(1, hexmap.MaxElevation)
	for i := 10; i < 20; i++ {
		g.SetElevation(i, 3)
		g.SetWaterLevel(i, 0)
		g.SetTerrainType(i, uint8(i%5))
		g.SetUrbanLevel(i, 3)
		g.SetFarmLevel(i, 3)
		g.SetPlantLevel(i, 3)
		g.SetWalled(i, true)
		g.Explore(i, 1+i%hexmap.MaxSides)
	}
	g.SetSpecialIndex(15, 3)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		g.AddRoad(27, d)
	}
	g.SetOutgoingRiver(12, hexmap.NW)
	g.SetOutgoingRiver(13, hexmap.SW)
	got, _ := readShared(t, writeNativeBytes(t, g))
	requireEqual(t, got, g)
}

func TestCatlikeV5RoundTrip(t *testing.T) {
	g := testMap(t, 40, 30, 0)
	g = withWrapping(t, g, true)
	g.Explore(45, 1)
	g.SetElevation(7, -3) // below Catlike v4's zero, still one byte
	asCatlike(t, g)
	var buf bytes.Buffer
	if err := WriteCatlike(&buf, g); err != nil {
		t.Fatal(err)
	}
	got, info := readShared(t, buf.Bytes())
	if !reflect.DeepEqual(info, Info{Format: FormatCatlike, Version: 5}) {
		t.Fatalf("info %+v", info)
	}
	requireEqual(t, got, g)
}

// A Catlike file has one side: units of every side are written as cube
// coordinates and orientation (checked against the tutorial's layout)
// and come back as side 1 with a full turn, where they stood.
func TestCatlikeUnitsBothWays(t *testing.T) {
	g := testMap(t, 40, 30, 5)
	if len(g.Units()) < 2 {
		t.Fatal("test map has too few units")
	}
	var buf bytes.Buffer
	if err := WriteCatlike(&buf, g); err != nil {
		t.Fatal(err)
	}
	if want := catlikeFile(5, g); !bytes.Equal(buf.Bytes(), want) {
		t.Fatal("WriteCatlike differs from the tutorial's layout")
	}
	got, _ := readShared(t, buf.Bytes())
	if len(got.Units()) != len(g.Units()) {
		t.Fatalf("%d units read, %d written", len(got.Units()), len(g.Units()))
	}
	for k, u := range got.Units() {
		w := g.Units()[k]
		if u.Location != w.Location || u.Orientation != w.Orientation || u.Side != 1 || u.MovesLeft != hexmap.UnitSpeed {
			t.Fatalf("unit %d: read %+v from %+v", k, u, w)
		}
		if i, _ := got.Topology().Index(u.Location); !got.Occupied(i) {
			t.Fatalf("unit %d: its cell is not occupied", k)
		}
	}
	// And the other way: cube coordinates in a hand-made v2 file land on
	// the cells they name.
	h := testMap(t, 20, 15, 0)
	h.SetUnits(nil)
	for i := range h.Topology().CellCount() {
		h.SetWaterLevel(i, 0)
	}
	for _, i := range []int{0, 19, 20, 21, 299} {
		h.AddUnit(hexmap.Unit{Location: h.Topology().Coordinates(i), Orientation: float32(i), Side: 1, MovesLeft: hexmap.UnitSpeed})
	}
	back, _ := readShared(t, catlikeFile(2, h))
	for k, i := range []int{0, 19, 20, 21, 299} {
		if at, ok := back.UnitAt(i); !ok || at != k || back.Units()[k].Orientation != float32(i) {
			t.Fatalf("cell %d: unit %d, %v", i, at, ok)
		}
	}
}

func TestWriteCatlikeRejectsNegativeWater(t *testing.T) {
	g := testMap(t, 5, 5, 0)
	g.SetWaterLevel(3, -1)
	if err := WriteCatlike(&bytes.Buffer{}, g); err == nil {
		t.Fatal("negative water level written to a Catlike file")
	}
}

// catlikeFile encodes a Catlike save of the given version from the
// tutorial's field list, independently of WriteCatlike.
func catlikeFile(version int, g *hexmap.Grid) []byte {
	var b bytes.Buffer
	le := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	flag := func(v bool) {
		if v {
			b.WriteByte(1)
		} else {
			b.WriteByte(0)
		}
	}
	river := func(d hexmap.Direction) byte {
		if d < 0 {
			return 0
		}
		return byte(128 + int(d))
	}
	le(int32(version))
	if version >= 1 {
		le(int32(g.Topology().Width))
		le(int32(g.Topology().Height))
	}
	if version >= 5 {
		flag(g.Topology().Wrapping)
	}
	for i, c := range g.Cells() {
		elevation := int(c.Elevation)
		if version >= 4 {
			elevation += 127
		}
		b.Write([]byte{c.TerrainType, byte(elevation), byte(c.WaterLevel), c.UrbanLevel, c.FarmLevel, c.PlantLevel, c.SpecialIndex})
		flag(c.Walled)
		b.Write([]byte{river(c.IncomingRiver), river(c.OutgoingRiver), c.Roads})
		if version >= 3 {
			flag(g.Explored(i, 1))
		}
	}
	if version >= 2 {
		le(int32(len(g.Units())))
		for _, u := range g.Units() {
			le(int32(u.Location.X))
			le(int32(u.Location.Z))
			le(u.Orientation)
		}
	}
	return b.Bytes()
}

// catlikeMap is a map that every Catlike version can hold fully, with
// the fields older versions lack left empty.
func catlikeMap(t testing.TB, version int) *hexmap.Grid {
	w, h := 40, 30
	if version == 0 {
		w, h = 20, 15
	}
	g := testMap(t, w, h, 0)
	if version < 2 {
		g.SetUnits(nil)
	}
	asCatlike(t, g)
	g.SetExploration(make([]uint8, g.Topology().CellCount()))
	if version >= 3 {
		for i := 0; i < g.Topology().CellCount(); i += 3 {
			g.Explore(i, 1)
		}
	}
	g = withWrapping(t, g, version >= 5)
	return g
}

func TestCatlikeVersions(t *testing.T) {
	for v := range 6 {
		want := catlikeMap(t, v)
		data := catlikeFile(v, want)
		got, info := readShared(t, data)
		if !reflect.DeepEqual(info, Info{Format: FormatCatlike, Version: v}) {
			t.Fatalf("v%d: info %+v", v, info)
		}
		requireEqual(t, got, want)
	}
}

// The writer must produce exactly the independent encoder's bytes.
func TestWriteCatlikeMatchesSpec(t *testing.T) {
	g := catlikeMap(t, 5)
	var buf bytes.Buffer
	if err := WriteCatlike(&buf, g); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), catlikeFile(5, g)) {
		t.Fatal("WriteCatlike differs from the version 5 layout")
	}
}

// Catlike files carry no seed: their maps get seed 0's noise.
func TestCatlikeSeedZero(t *testing.T) {
	g := testMap(t, 20, 15, 4)
	got, _ := readShared(t, catlikeFile(1, g))
	if got.Noise().Seed() != 0 {
		t.Fatalf("Catlike map seed %d", got.Noise().Seed())
	}
}

// The product's format keeps its promise on a typical map.
func TestNativeCompactness(t *testing.T) {
	g := testMap(t, 80, 60, 5)
	data := writeNativeBytes(t, g)
	if per := float64(len(data)) / float64(g.Topology().CellCount()); per >= 2 {
		t.Fatalf("%.2f bytes per cell, want under 2", per)
	}
	got, _ := readShared(t, data)
	requireEqual(t, got, g)
}

// seamMap is a wrapping 10×5 map whose rivers and roads cross the seam:
// rivers from the last column into the first and from the first into the
// last across every east edge, roads across the diagonal edges of the odd
// rows.
func seamMap(t testing.TB) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: 10, Height: 5, Wrapping: true}, sharedNoise(0)) // Catlike files carry no seed: 0
	if err != nil {
		t.Fatal(err)
	}
	for z := range 5 {
		last, first := 9+z*10, z*10
		var err error
		if z%2 == 0 {
			err = g.SetOutgoingRiver(last, hexmap.E)
		} else {
			err = errors.Join(g.SetOutgoingRiver(first, hexmap.W), g.AddRoad(last, hexmap.NE), g.AddRoad(last, hexmap.SE))
		}
		if err != nil {
			t.Fatalf("river or road across the seam in row %d refused: %v", z, err)
		}
	}
	return g
}

// seamLinks counts the river and road ends on edges that cross the seam.
func seamLinks(g *hexmap.Grid) (rivers, roads int) {
	top := g.Topology()
	for i, c := range g.Cells() {
		top.Neighbors(i, func(d hexmap.Direction, n int) {
			if top.NeighborShift(i, n) == 0 {
				return
			}
			if c.HasRiverThroughEdge(d) {
				rivers++
			}
			if c.HasRoadThroughEdge(d) {
				roads++
			}
		})
	}
	return rivers, roads
}

// Rivers and roads across the seam of a wrapping map survive a save and
// a load in both formats, and nothing is reported dropped; read as a flat
// map (a Catlike v4 file, which has no wrapping flag), the same cells
// lose exactly those links, and the reader says how many.
func TestSeamLinksRoundTrip(t *testing.T) {
	g := seamMap(t)
	rivers, roads := seamLinks(g)
	if rivers != 10 || roads != 8 {
		t.Fatalf("test map: %d river and %d road ends across the seam, want 10 and 8", rivers, roads)
	}
	var catlike bytes.Buffer
	if err := WriteCatlike(&catlike, g); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"native": writeNativeBytes(t, g), "catlike": catlike.Bytes()} {
		got, info := readShared(t, data)
		if info.Dropped.Dropped() {
			t.Errorf("%s: dropped %+v", name, info.Dropped)
		}
		requireEqual(t, got, g)
		if r, d := seamLinks(got); r != rivers || d != roads {
			t.Errorf("%s: %d river and %d road ends across the seam after loading", name, r, d)
		}
	}
	// Version 4: the same bytes without the wrapping flag.
	v4 := slices.Concat([]byte{4, 0, 0, 0}, catlike.Bytes()[4:12], catlike.Bytes()[13:])
	got, info := readShared(t, v4)
	if got.Topology().Wrapping {
		t.Fatal("a v4 file read as wrapping")
	}
	if info.Dropped.DroppedRivers != rivers || info.Dropped.DroppedRoads != roads {
		t.Errorf("flat read dropped %+v, want %d river and %d road ends", info.Dropped, rivers, roads)
	}
}
