package hexmap

import (
	"errors"
	"strings"
	"testing"
)

func TestSetNote(t *testing.T) {
	g, err := NewGrid(10, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetNote(4, "  Old Town  "); err != nil || g.Note(4) != "Old Town" {
		t.Fatalf("note %q, %v: want the text without surrounding spaces", g.Note(4), err)
	}
	edits := g.NoteEdits()
	if err := g.SetNote(4, "Old Town"); err != nil || g.NoteEdits() != edits {
		t.Errorf("setting the same text counted as an edit (%v)", err)
	}
	for _, bad := range []struct {
		text string
		want error
	}{{"two\nlines", errNoteText}, {"tab\there", errNoteText}, {strings.Repeat("x", MaxNoteLength+1), errNoteTooLong}, {"\xff", errNoteText}} {
		if err := g.SetNote(4, bad.text); !errors.Is(err, bad.want) || g.Note(4) != "Old Town" {
			t.Errorf("%q: %v, note now %q; want %v and the old note", bad.text, err, g.Note(4), bad.want)
		}
	}
	if err := g.SetNote(4, strings.Repeat("ü", MaxNoteLength)); err != nil {
		t.Errorf("a note of %d characters (%d bytes) refused: %v", MaxNoteLength, 2*MaxNoteLength, err)
	}
	c := g.Clone()
	if !c.Equal(g) || c.Note(4) != g.Note(4) {
		t.Error("a clone differs in its notes")
	}
	c.SetNote(4, "")
	if c.Equal(g) || c.NoteCount() != 0 || g.NoteCount() != 1 {
		t.Error("removing a clone's note: grids still equal, or the original lost it too")
	}
}

func TestNotesAreBounded(t *testing.T) {
	g, err := NewGrid(80, 60, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range MaxNotes {
		if err := g.SetNote(i, "n"); err != nil {
			t.Fatalf("note %d: %v", i, err)
		}
	}
	if err := g.SetNote(MaxNotes, "one more"); !errors.Is(err, errTooManyNotes) {
		t.Errorf("note beyond the limit: %v", err)
	}
	if err := g.SetNote(0, "replaced"); err != nil {
		t.Errorf("replacing a note at the limit: %v", err)
	}
	if n := g.Notes(); len(n) != MaxNotes || n[0].Cell != 0 || n[len(n)-1].Cell != MaxNotes-1 {
		t.Errorf("Notes: %d, first %v, last %v; want all, by cell", len(n), n[0], n[len(n)-1])
	}
}
