package saves

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

// handMadeCatlike is a Catlike version 5 save written byte by byte from
// the tutorial's layout (SaveLoadMenu.Save, HexGrid.Save, HexCell.Save,
// HexUnit.Save): a wrapping 5×5 map with a river and a road across the
// seam, walls, features, a special, explored cells (border cells too)
// and two units, one facing an odd angle.
func handMadeCatlike() []byte {
	var b bytes.Buffer
	i32 := func(v int32) { binary.Write(&b, binary.LittleEndian, v) }
	i32(5)         // version
	i32(5)         // cellCountX
	i32(5)         // cellCountZ
	b.WriteByte(1) // wrapping
	for i := range 25 {
		x, z := i%5, i/5
		// terrain, elevation+127, water, urban, farm, plant, special,
		// walled, incoming river, outgoing river, roads, explored
		c := []byte{byte(i % 5), byte(127 + (x+z)%4 - 1), 2, 0, 0, 0, 0, 0, 0, 0, 0, byte((i / 2) % 2)}
		switch {
		case x == 4 && z == 0: // river east across the seam...
			c[1], c[9] = 127+3, 128+1 // elevation 3, out E
		case x == 0 && z == 0: // ...into (0, 0)
			c[1], c[8] = 127+2, 128+4 // elevation 2, in W
		case x == 4 && z == 1: // a road east across the seam
			c[1], c[10] = 127+2, 1<<1
		case x == 0 && z == 1:
			c[1], c[10] = 127+2, 1<<4
		case x == 2 && z == 2: // a walled town with farms and a forest
			c[3], c[4], c[5], c[7] = 3, 1, 2, 1
		case x == 3 && z == 3:
			c[6] = 2 // ziggurat
		}
		b.Write(c)
	}
	i32(2) // units
	i32(1)
	i32(2)
	binary.Write(&b, binary.LittleEndian, float32(123.5))
	i32(-1)
	i32(4)
	binary.Write(&b, binary.LittleEndian, math.Float32frombits(0x3eaaaaab)) // 1/3, all mantissa bits
	return b.Bytes()
}

// catlikeExplorable is handMadeCatlike with the explored flag cleared on
// the cells Catlike never counts as explored (part 22: IsExplored is
// explored && Explorable, and Save writes IsExplored): on this wrapping
// map the first and last rows.
func catlikeExplorable(file []byte) []byte {
	out := bytes.Clone(file)
	const header, cellLen = 4 + 8 + 1, 12
	for i := range 25 {
		if z := i / 5; z == 0 || z == 4 {
			out[header+i*cellLen+11] = 0
		}
	}
	return out
}

// TestCatlikeFileReadsBackByteForByte: a Catlike file read and written
// back is the same file, units, explored flags and wrapping included,
// but for explored flags on border cells, which Catlike drops too.
func TestCatlikeFileReadsBackByteForByte(t *testing.T) {
	raw := handMadeCatlike()
	in := catlikeExplorable(raw)
	if bytes.Equal(in, raw) {
		t.Fatal("the hand-made file has no explored border cell")
	}
	g, info := readShared(t, raw)
	if info.Dropped.Dropped() || !g.Topology().Wrapping || len(g.Units()) != 2 {
		t.Fatalf("read %+v, wrapping %v, %d units", info, g.Topology().Wrapping, len(g.Units()))
	}
	var out bytes.Buffer
	if err := WriteCatlike(&out, g); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), in) {
		t.Fatalf("written back: %d bytes, differs from the %d read at byte %d", out.Len(), len(in), firstDifference(out.Bytes(), in))
	}
	// And through the product's format and back.
	var native bytes.Buffer
	if err := Write(&native, g); err != nil {
		t.Fatal(err)
	}
	back, _ := readShared(t, native.Bytes())
	out.Reset()
	if err := WriteCatlike(&out, back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), in) {
		t.Fatalf("via the product's format: differs at byte %d", firstDifference(out.Bytes(), in))
	}
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func TestFormatFor(t *testing.T) {
	for name, want := range map[string]Format{
		"a.map": FormatCatlike, "dir/B.MAP": FormatCatlike, "a.hexmap": FormatHexsandbox,
		"map": FormatHexsandbox, "a.map.bak": FormatHexsandbox, "x.mapx": FormatHexsandbox,
	} {
		if got := FormatFor(name); got != want {
			t.Errorf("FormatFor(%q) = %s, want %s", name, got, want)
		}
	}
}
