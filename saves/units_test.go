package saves

import (
	"bytes"
	"encoding/binary"
	"math"
	"slices"
	"testing"

	"hexsandbox/hexmap"
)

// oldContent lays out g as the product's format version 1 or 2 did,
// from those versions' field lists: version 1 with no side in turn and
// 12-byte unit records, version 2 with both; side 1's exploration in bit
// 4 of the terrain plane, the other sides' not kept.
func oldContent(g *hexmap.Grid, version int) []byte {
	var b []byte
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint16(b, uint16(version))
	b = binary.LittleEndian.AppendUint32(b, uint32(g.Topology().Width))
	b = binary.LittleEndian.AppendUint32(b, uint32(g.Topology().Height))
	b = binary.LittleEndian.AppendUint64(b, uint64(g.Noise().Seed()))
	b = append(b, boolBit(g.Topology().Wrapping))
	for k, p := range planes() {
		for i, c := range g.Cells() {
			v := p.get(c)
			if k == terrainPlane && g.Explored(i, 1) {
				v |= 1 << 4
			}
			b = append(b, v)
		}
	}
	if version >= 2 {
		b = append(b, byte(g.SideInTurn()))
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(g.Units())))
	for _, u := range g.Units() {
		b = binary.LittleEndian.AppendUint32(b, uint32(int32(u.Location.X)))
		b = binary.LittleEndian.AppendUint32(b, uint32(int32(u.Location.Z)))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(u.Orientation))
		if version >= 2 {
			b = append(b, u.Side, byte(u.MovesLeft))
		}
	}
	return reseal(append(b, 0, 0, 0, 0))
}

// Version 1 files, written before units had sides, still read: their
// units are side 1 with a full turn, and side 1 is in turn; side 1's
// exploration comes from the terrain plane.
func TestNativeVersion1Units(t *testing.T) {
	g := testMap(t, 40, 30, 7)
	asCatlike(t, g) // what version 1 can hold
	if len(g.Units()) < 2 {
		t.Fatal("test map has too few units")
	}
	got, info := readShared(t, gz(t, oldContent(g, 1)))
	if info.Version != 1 {
		t.Fatalf("read as version %d", info.Version)
	}
	requireEqual(t, got, g)
}

// Version 2 files keep sides and moves; their exploration is side 1's,
// from bit 4 of the terrain plane.
func TestNativeVersion2Exploration(t *testing.T) {
	g := testMap(t, 40, 30, 9)
	explored := 0
	for i := range g.Topology().CellCount() {
		if g.Explored(i, 1) {
			explored++
		}
	}
	if explored == 0 {
		t.Fatal("test map: side 1 explored nothing")
	}
	got, info := readShared(t, gz(t, oldContent(g, 2)))
	if info.Version != 2 {
		t.Fatalf("read as version %d", info.Version)
	}
	for i := range g.Topology().CellCount() {
		if want := g.Exploration()[i] & 1; got.Exploration()[i] != want {
			t.Fatalf("cell %d: explored by %#b, want %#b", i, got.Exploration()[i], want)
		}
	}
	if !slices.Equal(got.Units(), g.Units()) || got.SideInTurn() != g.SideInTurn() {
		t.Fatal("units differ")
	}
}

// Every side's exploration survives the current format, and a cell
// explored by several sides keeps them all.
func TestNativeExplorationPerSide(t *testing.T) {
	g := testMap(t, 40, 30, 10)
	shared := 0
	for i := range g.Topology().CellCount() {
		if m := g.Exploration()[i]; m&(m-1) != 0 {
			shared++
		}
	}
	for side := 1; side <= hexmap.MaxSides; side++ {
		if !slices.ContainsFunc(g.Exploration(), func(m uint8) bool { return m&(1<<(side-1)) != 0 }) {
			t.Fatalf("side %d explored nothing", side)
		}
	}
	if shared == 0 {
		t.Fatal("test map: no cell explored by two sides")
	}
	got, _ := readShared(t, writeNativeBytes(t, g))
	if !slices.Equal(got.Exploration(), g.Exploration()) {
		t.Fatal("exploration differs after the round trip")
	}
}

// Sides, moves left and the side in turn survive the current format.
func TestNativeUnitsRoundTrip(t *testing.T) {
	g := testMap(t, 40, 30, 8)
	sides := map[uint8]bool{}
	for _, u := range g.Units() {
		sides[u.Side] = true
	}
	if len(sides) < 2 {
		t.Fatalf("test map units have sides %v: want several", sides)
	}
	got, _ := readShared(t, writeNativeBytes(t, g))
	requireEqual(t, got, g)
}

// A unit recorded on a cell that is underwater (a Catlike map whose water
// was raised after the unit was placed) is kept as written, in both
// formats; the editor's edits never put one there.
func TestUnderwaterUnitKept(t *testing.T) {
	g := testMap(t, 20, 15, 0)
	g.SetUnits(nil)
	for i := range g.Topology().CellCount() {
		g.SetWaterLevel(i, 0)
	}
	for _, i := range []int{3, 40, 41} {
		g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(i), Side: 1, MovesLeft: hexmap.UnitSpeed})
	}
	file := catlikeFile(5, g)
	// Flood cell 40 in the file itself: the water byte of its record.
	const headerLen, cellLen = 4 + 8 + 1, 12
	file[headerLen+40*cellLen+2] = byte(g.Cell(40).Elevation + 1) // water is not offset
	got, info := readShared(t, file)
	if info.Dropped.Dropped() || !got.Cell(40).IsUnderwater() {
		t.Fatalf("report %+v, cell 40 %+v", info.Dropped, got.Cell(40))
	}
	if len(got.Units()) != 3 || !got.Occupied(40) || !got.Occupied(3) || !got.Occupied(41) {
		t.Fatalf("units %v", got.Units())
	}
	again, _ := readShared(t, writeNativeBytes(t, got))
	requireEqual(t, again, got)
}

// Two units on one cell cannot come from any writer: the file is
// rejected with one line naming the unit.
func TestTwoUnitsOnOneCellRejected(t *testing.T) {
	g := testMap(t, 20, 15, 0)
	g.SetUnits(nil)
	g.SetWaterLevel(5, 0)
	g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(5), Side: 1, MovesLeft: hexmap.UnitSpeed})
	file := catlikeFile(2, g)
	// Duplicate the one unit record and bump the count.
	rec := slices.Clone(file[len(file)-12:])
	file = append(file, rec...)
	binary.LittleEndian.PutUint32(file[len(file)-28:], 2)
	expectError(t, "two units on a cell", file, "already holds a unit")
	if _, _, err := Read(bytes.NewReader(catlikeFile(2, g))); err != nil {
		t.Fatalf("the file with one unit: %v", err)
	}
}
