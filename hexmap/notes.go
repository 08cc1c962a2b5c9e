package hexmap

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Map notes are short texts placed on cells (town names, regions), kept
// by the grid with its cells so that files, copies and undo carry them.

// MaxNoteLength bounds a note in characters, MaxNotes the notes of one
// map; both keep a note file's size, and a hostile file's, small.
const (
	MaxNoteLength = 48
	MaxNotes      = 4096
)

// Note is one map note: the cell it is on and its text.
type Note struct {
	Cell int
	Text string
}

// The reasons the grid refuses a note.
var (
	errNoteTooLong  = errors.New("a note is at most 48 characters")
	errNoteText     = errors.New("a note holds printable text on one line")
	errTooManyNotes = errors.New("a map holds at most 4096 notes")
)

// CleanNote returns text as a note keeps it (without surrounding
// spaces), or why it cannot be one.
func CleanNote(text string) (string, error) {
	text = strings.TrimSpace(text)
	if !utf8.ValidString(text) {
		return "", errNoteText
	}
	for _, r := range text {
		if !unicode.IsPrint(r) && r != ' ' {
			return "", errNoteText
		}
	}
	if utf8.RuneCountInString(text) > MaxNoteLength {
		return "", errNoteTooLong
	}
	return text, nil
}

// Note returns the note on cell i, "" when there is none.
func (g *Grid) Note(i int) string { return g.notes[i] }

// SetNote puts text on cell i (CleanNote's form of it); an empty text
// removes the note. It refuses text CleanNote refuses and a note beyond
// MaxNotes, and then changes nothing.
func (g *Grid) SetNote(i int, text string) error {
	text, err := CleanNote(text)
	if err != nil {
		return err
	}
	old, had := g.notes[i]
	switch {
	case text == old:
		return nil
	case text == "":
		delete(g.notes, i)
	case !had && len(g.notes) >= MaxNotes:
		return errTooManyNotes
	default:
		if g.notes == nil {
			g.notes = map[int]string{}
		}
		g.notes[i] = text
	}
	g.noteEdits++
	return nil
}

// Notes returns every note, by cell index.
func (g *Grid) Notes() []Note {
	out := make([]Note, 0, len(g.notes))
	for _, i := range slices.Sorted(maps.Keys(g.notes)) {
		out = append(out, Note{Cell: i, Text: g.notes[i]})
	}
	return out
}

// NoteCount is the number of notes on the map.
func (g *Grid) NoteCount() int { return len(g.notes) }

// NoteEdits counts the changes of notes; followers (undo, the note
// labels) compare it with what they saw last.
func (g *Grid) NoteEdits() uint64 { return g.noteEdits }
