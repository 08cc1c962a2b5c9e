package saves

import (
	"encoding/binary"
	"fmt"

	"hexsandbox/hexmap"
)

// appendNotes writes the notes section of the product's format: the
// count, then per note its cell, its length and its bytes.
func appendNotes(data []byte, notes []hexmap.Note) []byte {
	data = binary.LittleEndian.AppendUint32(data, uint32(len(notes)))
	for _, nt := range notes {
		data = binary.LittleEndian.AppendUint32(data, uint32(nt.Cell))
		data = append(data, byte(len(nt.Text)))
		data = append(data, nt.Text...)
	}
	return data
}

// notesLength returns the byte length of the notes section at the start
// of b (b holds at least what follows the units), checking its count and
// that each note fits, without reading the texts.
func notesLength(b []byte) (int, error) {
	if len(b) < 4 {
		return 0, fmt.Errorf("truncated data: no note count")
	}
	count := binary.LittleEndian.Uint32(b)
	if count > hexmap.MaxNotes {
		return 0, fmt.Errorf("note count %d is more than the %d a map may have", count, hexmap.MaxNotes)
	}
	at := 4
	for range count {
		if len(b) < at+5 {
			return 0, fmt.Errorf("truncated data in the notes")
		}
		at += 5 + int(b[at+4])
	}
	return at, nil
}

// decodeNotes reads the notes section (exactly b) of a map of n cells:
// cells on the map, in ascending order, texts that hexmap.CleanNote
// keeps as they are.
func decodeNotes(b []byte, n int) ([]hexmap.Note, error) {
	count := int(binary.LittleEndian.Uint32(b))
	notes := make([]hexmap.Note, 0, count)
	at := 4
	for k := range count {
		cell, size := int(binary.LittleEndian.Uint32(b[at:])), int(b[at+4])
		text := string(b[at+5 : at+5+size])
		at += 5 + size
		switch clean, err := hexmap.CleanNote(text); {
		case cell >= n:
			return nil, fmt.Errorf("note %d: cell %d is off the map's %d cells", k, cell, n)
		case k > 0 && cell <= notes[k-1].Cell:
			return nil, fmt.Errorf("note %d: cells out of order (%d after %d)", k, cell, notes[k-1].Cell)
		case err != nil:
			return nil, fmt.Errorf("note %d: %w", k, err)
		case clean != text || text == "":
			return nil, fmt.Errorf("note %d: %q is not a note as written", k, text)
		}
		notes = append(notes, hexmap.Note{Cell: cell, Text: text})
	}
	return notes, nil
}
