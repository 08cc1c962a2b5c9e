package saves

import (
	"encoding/binary"
	"strings"
	"testing"

	"hexsandbox/hexmap"
)

// notedContent is the uncompressed content of a 10×5 map (50 cells) with
// one unit and two notes, and the offset where its notes section begins:
// after the unit count, the one unit of 14 bytes and the 50 bytes of
// exploration.
func notedContent(t testing.TB) ([]byte, int) {
	t.Helper()
	g := testMap(t, 10, 5, 2)
	g.SetUnits(nil)
	g.SetWaterLevel(7, 0)
	if err := g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(7), Orientation: 90, Side: 1, MovesLeft: 5}); err != nil {
		t.Fatal(err)
	}
	for cell, text := range map[int]string{3: "Ashford", 41: "Lake Mør"} {
		if err := g.SetNote(cell, text); err != nil {
			t.Fatal(err)
		}
	}
	return encodeNative(g, nil), offUnits + 4 + 14 + 50
}

func TestNotesRoundTrip(t *testing.T) {
	g := testMap(t, 20, 15, 3)
	long := strings.Repeat("é", hexmap.MaxNoteLength) // the most bytes a note takes
	for cell, text := range map[int]string{0: "Westmarch", 17: "The Narrows", 299: long} {
		if err := g.SetNote(cell, text); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := readShared(t, writeNativeBytes(t, g))
	if !got.Equal(g) {
		t.Fatal("notes did not survive a round trip")
	}
	if got.Note(299) != long || got.Note(17) != "The Narrows" || got.NoteCount() != 3 {
		t.Errorf("notes read back: %v", got.Notes())
	}
}

// A version 3 file (no notes section) still reads, as a map without
// notes, with its units and exploration.
func TestNativeVersion3StillReads(t *testing.T) {
	c, notesAt := notedContent(t)
	explored := string(c[notesAt-50 : notesAt])
	// Drop version 5's match length, the notes and what follows them.
	v3 := append(c[:offPlanes-4:offPlanes-4], c[offPlanes:notesAt]...)
	v3 = append(v3, 0, 0, 0, 0) // the checksum's place
	binary.LittleEndian.PutUint16(v3[offVersion:], 3)
	g, info, err := ReadWith(strings.NewReader(string(gz(t, reseal(v3)))), sharedNoise)
	if err != nil {
		t.Fatal(err)
	}
	if info.Version != 3 || g.NoteCount() != 0 || len(g.Units()) != 1 || string(g.Exploration()) != explored {
		t.Errorf("version %d, %d notes, %d units, exploration %v", info.Version, g.NoteCount(), len(g.Units()), g.Exploration())
	}
}

func TestNotesBadInput(t *testing.T) {
	c0, at := notedContent(t)
	edit := func(f func(c []byte) []byte) []byte {
		c := append([]byte(nil), c0...)
		return gz(t, reseal(f(c)))
	}
	// The first note is on cell 3 ("Ashford", 7 bytes) at at+4; the
	// version 5 sections follow the notes, then the checksum.
	first := at + 4
	notesLen, err := notesLength(c0[at:])
	if err != nil {
		t.Fatal(err)
	}
	tail := append(c0[at+notesLen:len(c0)-4:len(c0)-4], 0, 0, 0, 0)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"count beyond limit", edit(func(c []byte) []byte {
			binary.LittleEndian.PutUint32(c[at:], hexmap.MaxNotes+1)
			return c
		}), "note count"},
		{"count beyond data", edit(func(c []byte) []byte { binary.LittleEndian.PutUint32(c[at:], 3); return c }), "truncated"},
		{"cell off the map", edit(func(c []byte) []byte { binary.LittleEndian.PutUint32(c[first:], 50); return c }), "off the map"},
		{"cells out of order", edit(func(c []byte) []byte { binary.LittleEndian.PutUint32(c[first:], 41); return c }), "out of order"},
		{"control character", edit(func(c []byte) []byte { c[first+5+2] = '\n'; return c }), "printable"},
		{"spaces around", edit(func(c []byte) []byte { c[first+5] = ' '; return c }), "not a note as written"},
		{"bad UTF-8", edit(func(c []byte) []byte { c[first+5] = 0xff; return c }), "printable"},
		{"length past the end", edit(func(c []byte) []byte { c[first+4] = 255; return c }), "truncated"},
		{"empty note", edit(func(c []byte) []byte {
			// cell 3 with length 0, then the rest shifted: rebuild the section.
			c = append(c[:first+4:first+4], 0)
			c = binary.LittleEndian.AppendUint32(c, 41)
			c = append(c, byte(len("Lake Mør")))
			c = append(c, "Lake Mør"...)
			return append(c, tail...)
		}), "not a note as written"},
		{"too long", edit(func(c []byte) []byte {
			c = append(c[:first+4:first+4], byte(hexmap.MaxNoteLength+1))
			c = append(c, strings.Repeat("a", hexmap.MaxNoteLength+1)...)
			c = binary.LittleEndian.AppendUint32(c, 41)
			c = append(c, byte(len("Lake Mør")))
			c = append(c, "Lake Mør"...)
			return append(c, tail...)
		}), "at most 48"},
	} {
		expectError(t, tc.name, tc.data, tc.want)
	}
}
