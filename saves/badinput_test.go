package saves

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"runtime"
	"strings"
	"testing"

	"hexsandbox/hexmap"
)

// Offsets in the product's uncompressed content, from the format's layout.
const (
	offVersion = 10
	offWidth   = 12
	offHeight  = 16
	offFlags   = 28
	offPlanes  = 33 // after version 5's match length
)

func gz(t testing.TB, content []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	z.Write(content)
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// reseal recomputes the trailing CRC-32C so that only the change under
// test is wrong.
func reseal(content []byte) []byte {
	body := content[:len(content)-4]
	return binary.LittleEndian.AppendUint32(bytes.Clone(body), crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
}

// smallContent is the uncompressed content of a 10×5 map with units.
func smallContent(t testing.TB) []byte {
	t.Helper()
	g := testMap(t, 10, 5, 2)
	g.SetUnits(nil)
	g.SetWaterLevel(7, 0)
	if err := g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(7), Orientation: 90, Side: 2, MovesLeft: 10}); err != nil {
		t.Fatal(err)
	}
	return encodeNative(g, nil)
}

// offUnits is where smallContent's unit count is: after the planes of
// its 50 cells and the side in turn.
const offUnits = offPlanes + planeCount*50 + 1

// withUnitCount rewrites the unit count of smallContent.
func withUnitCount(c []byte, count uint32) []byte {
	binary.LittleEndian.PutUint32(c[offUnits:], count)
	return c
}

func expectError(t *testing.T, name string, data []byte, want string) {
	t.Helper()
	g, _, err := ReadWith(bytes.NewReader(data), sharedNoise)
	if err == nil {
		t.Errorf("%s: accepted", name)
		return
	}
	if g != nil {
		t.Errorf("%s: failed read returned a grid", name)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%s: error %q does not mention %q", name, err, want)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("%s: error is more than one line: %q", name, err)
	}
}

func TestNativeBadInput(t *testing.T) {
	edit := func(f func(c []byte) []byte) []byte { return gz(t, reseal(f(smallContent(t)))) }
	put32 := func(off int, v uint32) []byte {
		return edit(func(c []byte) []byte { binary.LittleEndian.PutUint32(c[off:], v); return c })
	}
	good := gz(t, smallContent(t))
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"wrong magic", edit(func(c []byte) []byte { c[0] = 'h'; return c }), "magic"},
		{"future version", edit(func(c []byte) []byte { c[offVersion] = nativeVersion + 1; return c }), fmt.Sprintf("version %d is newer", nativeVersion+1)},
		{"version zero", edit(func(c []byte) []byte { c[offVersion] = 0; return c }), "unknown format version 0"},
		{"unknown flags", edit(func(c []byte) []byte { c[offFlags] = 6; return c }), "flags"},
		{"zero width", put32(offWidth, 0), "must be positive"},
		{"zero height", put32(offHeight, 0), "must be positive"},
		{"width not a chunk multiple", put32(offWidth, 12), "multiple"},
		{"height beyond limit", put32(offHeight, hexmap.MaxCellCount+5), "limit"},
		{"huge width", put32(offWidth, 0xffffffff), "limit"},
		{"terrain out of range", edit(func(c []byte) []byte { c[offPlanes+2*50+3] = 5; return c }), "terrain type 5"},
		{"terrain unknown bits", edit(func(c []byte) []byte { c[offPlanes+2*50+3] = 0x80; return c }), "unknown bits"},
		{"river direction out of range", edit(func(c []byte) []byte { c[offPlanes+4*50+3] = 7; return c }), "incoming river direction 6"},
		{"road bits out of range", edit(func(c []byte) []byte { c[offPlanes+5*50+3] = 0x40; return c }), "road bits"},
		{"unit count beyond cells", edit(func(c []byte) []byte { return withUnitCount(c, 51) }), "unit count 51"},
		{"unit count huge", edit(func(c []byte) []byte { return withUnitCount(c, 0xffffffff) }), "unit count"},
		{"unit off the map", edit(func(c []byte) []byte {
			binary.LittleEndian.PutUint32(c[offUnits+4:], 99)
			return c
		}), "off the"},
		{"side in turn zero", edit(func(c []byte) []byte { c[offUnits-1] = 0; return c }), "side in turn 0"},
		{"side in turn five", edit(func(c []byte) []byte { c[offUnits-1] = 5; return c }), "side in turn 5"},
		{"unit side zero", edit(func(c []byte) []byte { c[offUnits+4+12] = 0; return c }), "side is 1 to 4"},
		{"unit side five", edit(func(c []byte) []byte { c[offUnits+4+12] = 5; return c }), "side is 1 to 4"},
		{"unit moves beyond speed", edit(func(c []byte) []byte { c[offUnits+4+13] = 25; return c }), "moves left"},
		{"unit orientation NaN", edit(func(c []byte) []byte {
			binary.LittleEndian.PutUint32(c[offUnits+4+8:], 0x7fc00000)
			return c
		}), "orientation"},
		{"units missing", edit(func(c []byte) []byte { return withUnitCount(c, 40) }), "truncated"},
		{"exploration of a fifth side", edit(func(c []byte) []byte { c[len(c)-4-50+12] = 1 << hexmap.MaxSides; return c }), "name no side"},
		{"exploration missing", edit(func(c []byte) []byte { return append(c[:len(c)-4-50], 0, 0, 0, 0) }), "truncated"},
		{"old exploration bit in version 3", edit(func(c []byte) []byte { c[offPlanes+2*50+12] |= 1 << 4; return c }), "unknown bits"},
		{"content cut", gz(t, smallContent(t)[:200]), "truncated"},
		{"content extra", edit(func(c []byte) []byte { return append(c, 0, 0, 0) }), "trailing data"},
		{"gzip cut", good[:len(good)/2], "truncated"},
		{"gzip header cut", good[:5], "gzip"},
		{"data after gzip", append(bytes.Clone(good), 1, 2, 3), "trailing data"},
		{"CRC mismatch", gz(t, func() []byte { c := smallContent(t); c[offPlanes+1]++; return c }()), "CRC mismatch"},
		{"CRC corrupt", gz(t, func() []byte { c := smallContent(t); c[len(c)-1]++; return c }()), "CRC mismatch"},
		{"gzip corrupt", func() []byte { d := bytes.Clone(good); d[len(d)-6] ^= 0xff; return d }(), "corrupt"},
	}
	for _, tc := range cases {
		expectError(t, tc.name, tc.data, tc.want)
	}
}

func TestSniffBadInput(t *testing.T) {
	expectError(t, "empty", nil, "empty")
	expectError(t, "too short", []byte{1, 0}, "truncated")
	expectError(t, "zip file", []byte("PK\x03\x04rest"), "not a map file")
	expectError(t, "future Catlike", []byte{6, 0, 0, 0, 20, 0, 0, 0}, "Catlike save version")
	expectError(t, "negative Catlike", []byte{0xff, 0xff, 0xff, 0xff}, "version")
}

func TestCatlikeBadInput(t *testing.T) {
	v3 := catlikeFile(3, catlikeMap(t, 3))
	v2 := catlikeFile(2, catlikeMap(t, 2))
	v5 := catlikeFile(5, catlikeMap(t, 5))
	// Header offsets: version 0, width 4, height 8; v5 wrapping 12.
	put32 := func(data []byte, off int, v int32) []byte {
		d := bytes.Clone(data)
		binary.LittleEndian.PutUint32(d[off:], uint32(v))
		return d
	}
	// cellByte sets byte k of the cell at index i in a v3 file (12 bytes a cell).
	cellByte := func(i, k int, v byte) []byte {
		d := bytes.Clone(v3)
		d[12+i*12+k] = v
		return d
	}
	units := 12 + 1200*12 // v3's unit count offset (40×30 cells)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"header cut", v3[:6], "truncated data: file ends in the header"},
		{"cells cut", v3[:500], "truncated data: file ends in the cells"},
		{"unit count cut", v3[:units+2], "truncated data: file ends in the unit count"},
		{"units cut", v3[:len(v3)-3], "truncated data: file ends in the units"},
		{"v0 cut", catlikeFile(0, catlikeMap(t, 0))[:100], "truncated"},
		{"zero width", put32(v3, 4, 0), "must be positive"},
		{"negative height", put32(v3, 8, -15), "must be positive"},
		{"width not a chunk multiple", put32(v3, 4, 41), "multiple"},
		{"width beyond limit", put32(v3, 4, hexmap.MaxCellCount+5), "limit"},
		{"terrain out of range", cellByte(5, 0, 5), "terrain type 5"},
		{"elevation out of range", cellByte(5, 1, 200), "elevation 200"},
		{"water out of range", cellByte(5, 2, 129), "water level 129"},
		{"urban level", cellByte(5, 3, 4), "feature level"},
		{"farm level", cellByte(5, 4, 9), "feature level"},
		{"plant level", cellByte(5, 5, 4), "feature level"},
		{"special index", cellByte(5, 6, 4), "special index 4"},
		{"incoming river not a direction", cellByte(5, 8, 134), "river byte 134"},
		{"outgoing river without flag", cellByte(5, 9, 3), "river byte 3"},
		{"road bits", cellByte(5, 10, 0x80), "road bits"},
		{"negative unit count", put32(v3, units, -1), "unit count -1"},
		{"unit count beyond cells", put32(v3, units, 1201), "unit count 1201"},
		{"unit off the map", put32(v2, len(v2)-12, 1000), "off the"},
		{"trailing data", append(bytes.Clone(v5), 0), "trailing data"},
	}
	for _, tc := range cases {
		expectError(t, tc.name, tc.data, tc.want)
	}
}

// allocated reports the bytes allocated while reading data.
func allocated(data []byte) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ReadWith(bytes.NewReader(data), sharedNoise)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A header promising the largest map, followed by almost nothing, must
// not make a reader allocate for the promise.
func TestHostileHeadersAllocateLittle(t *testing.T) {
	sharedNoise(0) // built before measuring
	big := uint32(hexmap.MaxCellCount)
	native := smallContent(t)[:offPlanes+10]
	binary.LittleEndian.PutUint32(native[offWidth:], big)
	binary.LittleEndian.PutUint32(native[offHeight:], big)
	catlike := binary.LittleEndian.AppendUint32(nil, 4)
	catlike = binary.LittleEndian.AppendUint32(catlike, big)
	catlike = binary.LittleEndian.AppendUint32(catlike, big)
	catlike = append(catlike, make([]byte, 40)...)
	for name, data := range map[string][]byte{"native": gz(t, native), "catlike": catlike} {
		if n := allocated(data); n > 1<<20 {
			t.Errorf("%s: %d bytes allocated for a %d-byte file", name, n, len(data))
		}
	}
}

// A compressed stream that inflates far beyond what its header allows is
// cut off at the bound, not read to its end.
func TestGzipBombStopsAtBound(t *testing.T) {
	content := append(smallContent(t), make([]byte, 16<<20)...)
	bomb := gz(t, content)
	expectError(t, "gzip bomb", bomb, "longer than a 10×5 map")
	if n := allocated(bomb); n > 8<<20 {
		t.Errorf("%d bytes allocated reading a gzip bomb", n)
	}
}
