package tools

import (
	"maps"
	"slices"
)

// noteChange is one note an undo step changed: its text before and after.
type noteChange struct {
	cell          int
	before, after string
}

// noteTrack is the History's view of the map notes: the notes as the
// pending step began, and the grid's NoteEdits when last read. Notes are
// few, so a step finds what it changed by comparing the two sets.
type noteTrack struct {
	base    map[int]string
	edits   uint64
	pending bool
}

// readNotes takes the grid's notes as the ones the pending step starts
// from.
func (h *History) readNotes() {
	h.notes.base = map[int]string{}
	for _, n := range h.grid.Notes() {
		h.notes.base[n.Cell] = n.Text
	}
	h.notes.edits, h.notes.pending = h.grid.NoteEdits(), false
}

// syncNotes notes that the notes changed since the last read.
func (h *History) syncNotes() {
	if h.grid.NoteEdits() != h.notes.edits {
		h.notes.pending = true
		h.notes.edits = h.grid.NoteEdits()
	}
}

// takeNotes returns what the pending step did to the notes and starts
// the next step from the notes as they are.
func (h *History) takeNotes() []noteChange {
	if !h.notes.pending {
		return nil
	}
	before := h.notes.base
	h.readNotes()
	after := h.notes.base
	var out []noteChange
	cells := slices.Sorted(maps.Keys(before))
	for c := range after {
		if _, ok := before[c]; !ok {
			cells = append(cells, c)
		}
	}
	for _, c := range cells {
		if before[c] != after[c] {
			out = append(out, noteChange{cell: c, before: before[c], after: after[c]})
		}
	}
	return out
}

// replayNotes sets the notes of a step as they were before it (back) or
// after it, and reads them as the new base.
func (h *History) replayNotes(changes []noteChange, back bool) {
	for _, c := range changes {
		text := c.after
		if back {
			text = c.before
		}
		h.grid.SetNote(c.cell, text) // recorded from the grid: valid
	}
	h.readNotes()
}
