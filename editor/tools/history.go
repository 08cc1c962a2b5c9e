package tools

import (
	"slices"

	"hexsandbox/hexmap"
)

// DefaultHistoryLimit bounds the cell changes all undo and redo steps
// hold together (about 40 bytes each, so some 10 MB).
const DefaultHistoryLimit = 250_000

// step is one undoable stroke: each changed cell once, with its state
// before the first change and after the last, and the units and towns
// it placed and removed.
type step struct {
	serial  uint64
	changes []hexmap.Change
	units   listDiff[hexmap.Unit]
	towns   listDiff[hexmap.Town]
	notes   []noteChange
}

// listDiff is what an edit did to a list of records (units, towns): the
// records removed, with their places in the list before, and those
// added, with their places after.
type listDiff[T comparable] struct{ added, removed []placed[T] }

type placed[T comparable] struct {
	at  int
	rec T
}

func (d listDiff[T]) empty() bool { return len(d.added)+len(d.removed) == 0 }

// History follows a grid's change feed and turns it into undo steps, one
// per stroke (or per edit outside strokes), and replays them backwards
// and forwards. Memory is bounded: when the steps hold more than the
// limit of changes, the oldest are forgotten.
//
// Units placed and removed are part of the steps. Moves in play (and
// the passing of turns) are not undoable: they change the map for good,
// so after one no earlier state can be reached again (Modified stays
// true until a save) and the steps forget their units, keeping their
// cells.
type History struct {
	grid       *hexmap.Grid
	feed       *hexmap.FeedReader
	limit      int
	undo, redo []step
	total      int         // changes held in undo and redo
	open       map[int]int // cell index → position in pending
	pending    []hexmap.Change
	lastEdit   uint64 // the Edit of the newest pending change
	inStroke   bool
	nextSerial uint64
	saved      uint64 // State() when the map was last saved
	base       uint64 // State() with every undo step undone
	notes      noteTrack
	towns      townTrack

	units        []hexmap.Unit // the grid's units when the pending step began
	unitEdits    uint64        // the grid's UnitEdits when last read
	unitChanges  uint64        // the grid's UnitChanges when last read
	pendingUnits bool          // units were edited in the pending step
	epoch        uint64        // moves in play so far; part of State
}

// NewHistory starts following g's changes. limit ≤ 0 means the default.
func NewHistory(g *hexmap.Grid, limit int) *History {
	if limit <= 0 {
		limit = DefaultHistoryLimit
	}
	h := &History{grid: g, feed: g.Follow(), limit: limit, open: map[int]int{}, nextSerial: 1}
	h.readUnits()
	h.readTowns()
	h.readNotes()
	return h
}

// readUnits takes the grid's units as the ones the pending step starts
// from.
func (h *History) readUnits() {
	h.units = append(h.units[:0], h.grid.Units()...)
	h.unitEdits, h.unitChanges = h.grid.UnitEdits(), h.grid.UnitChanges()
	h.pendingUnits = false
}

// syncUnits notes what happened to the units since the last read: edits
// (placements, removals) belong to the pending step; a move in play
// starts a new epoch.
func (h *History) syncUnits() {
	g := h.grid
	switch {
	case g.UnitChanges() == h.unitChanges:
	case g.UnitEdits() == h.unitEdits:
		h.epoch++
		h.forgetUnits()
		h.readUnits()
	default:
		h.pendingUnits = true
		h.unitEdits, h.unitChanges = g.UnitEdits(), g.UnitChanges()
	}
}

// forgetUnits drops the unit part of every step: after a move in play
// the records they name may no longer be where they were.
func (h *History) forgetUnits() {
	for _, list := range [][]step{h.undo, h.redo} {
		for k := range list {
			list[k].units = listDiff[hexmap.Unit]{}
		}
	}
}

// diffList returns the records of before missing from after (removed,
// at their places in before) and those of after missing from before
// (added, at their places in after). Edits only append and delete, so
// the records both hold keep their order.
func diffList[T comparable](before, after []T) listDiff[T] {
	var d listDiff[T]
	k := 0
	for i, u := range before {
		if at := slices.Index(after[k:], u); at >= 0 {
			for ; at > 0; at-- {
				d.added = append(d.added, placed[T]{k, after[k]})
				k++
			}
			k++
		} else {
			d.removed = append(d.removed, placed[T]{i, u})
		}
	}
	for ; k < len(after); k++ {
		d.added = append(d.added, placed[T]{k, after[k]})
	}
	return d
}

// apply turns a list of records from one side of d to the other:
// forward (redo) removes what d removed and adds what it added, back
// (undo) the reverse. find locates a record on the grid by value (one
// that moved or whose cell was taken since is not found and left
// alone), remove takes away what find found, insert puts a record at
// its place in the list.
func (d listDiff[T]) apply(back bool, find func(T) (int, bool), remove func(int), insert func(int, T)) {
	removed, added := d.removed, d.added
	if back {
		removed, added = added, removed
	}
	for _, p := range removed {
		if at, ok := find(p.rec); ok {
			remove(at)
		}
	}
	for _, p := range added {
		insert(p.at, p.rec)
	}
}

// applyUnits applies a step's units (see listDiff.apply).
func (h *History) applyUnits(d listDiff[hexmap.Unit], back bool) {
	g := h.grid
	find := func(u hexmap.Unit) (int, bool) {
		i, ok := g.Topology().Index(u.Location)
		if !ok {
			return 0, false
		}
		k, ok := g.UnitAt(i)
		return i, ok && g.Units()[k] == u
	}
	d.apply(back, find, func(i int) { g.RemoveUnit(i) }, func(at int, u hexmap.Unit) { g.InsertUnit(at, u) })
}

// Detach stops following the grid (before the grid is replaced).
func (h *History) Detach() { h.feed.Close() }

// sync reads the changes made since the last call. Outside a stroke each
// edit (one edit method call with its cascade, or one batch) becomes a
// step of its own; inside one they gather into the stroke's step. A feed
// that lost changes (the history was not read for very long) leaves
// steps that cannot be replayed safely, so they are forgotten.
func (h *History) sync() {
	changes, complete := h.feed.Read()
	if !complete {
		h.forget()
		h.MarkUnsaved()
	}
	for _, c := range changes {
		if !h.inStroke && len(h.pending) > 0 && c.Edit != h.lastEdit {
			h.commit()
		}
		h.lastEdit = c.Edit
		if at, ok := h.open[c.Index]; ok {
			h.pending[at].After = c.After
		} else {
			h.open[c.Index] = len(h.pending)
			h.pending = append(h.pending, c)
		}
	}
	h.syncUnits()
	h.syncTowns()
	h.syncNotes()
	if !h.inStroke {
		h.commit()
	}
}

// forget drops every undo and redo step and what is pending.
func (h *History) forget() {
	h.base = h.top()
	h.undo, h.redo, h.total = nil, nil, 0
	h.pending = h.pending[:0]
	h.readUnits()
	h.readTowns()
	h.readNotes()
	clear(h.open)
}

// BeginStroke groups the following changes into one undo step.
func (h *History) BeginStroke() {
	h.sync()
	h.inStroke = true
}

// EndStroke closes the step begun by BeginStroke.
func (h *History) EndStroke() {
	h.sync()
	h.inStroke = false
	h.commit()
}

// InStroke reports whether a stroke is open.
func (h *History) InStroke() bool { return h.inStroke }

func (h *History) commit() {
	changes := h.pending[:0:0]
	for _, c := range h.pending {
		if c.Before != c.After { // a cell edited and edited back is no change
			changes = append(changes, c)
		}
	}
	h.pending = h.pending[:0]
	clear(h.open)
	var units listDiff[hexmap.Unit]
	if h.pendingUnits {
		units = diffList(h.units, h.grid.Units())
		h.readUnits()
	}
	towns := h.takeTowns()
	notes := h.takeNotes()
	if len(changes) == 0 && units.empty() && towns.empty() && len(notes) == 0 {
		return
	}
	h.total -= countChanges(h.redo)
	h.redo = nil
	h.undo = append(h.undo, step{serial: h.nextSerial, changes: changes, units: units, towns: towns, notes: notes})
	h.nextSerial++
	h.total += len(changes) + len(notes)
	h.trim()
}

// trim forgets the oldest undo steps until the total fits the limit; the
// newest step always stays (it is at most one change per cell).
func (h *History) trim() {
	drop := 0
	for h.total > h.limit && drop < len(h.undo)-1 {
		h.total -= len(h.undo[drop].changes) + len(h.undo[drop].notes)
		h.base = h.undo[drop].serial
		drop++
	}
	if drop > 0 {
		h.undo = append(h.undo[:0:0], h.undo[drop:]...)
	}
}

func countChanges(steps []step) int {
	n := 0
	for _, s := range steps {
		n += len(s.changes) + len(s.notes)
	}
	return n
}

// CanUndo and CanRedo report whether there is a step to replay.
func (h *History) CanUndo() bool { h.sync(); return len(h.undo) > 0 }

// CanRedo reports whether an undone step can be redone.
func (h *History) CanRedo() bool { h.sync(); return len(h.redo) > 0 }

// Len returns the number of undo and redo steps held.
func (h *History) Len() (undo, redo int) { h.sync(); return len(h.undo), len(h.redo) }

// Undo restores the cells of the last step; it reports false when there
// is none.
func (h *History) Undo() bool {
	h.sync()
	if h.inStroke || len(h.undo) == 0 {
		return false
	}
	s := h.undo[len(h.undo)-1]
	h.undo = h.undo[:len(h.undo)-1]
	h.replay(s, true)
	h.redo = append(h.redo, s)
	return true
}

// Redo re-applies the last undone step; it reports false when there is none.
func (h *History) Redo() bool {
	h.sync()
	if h.inStroke || len(h.redo) == 0 {
		return false
	}
	s := h.redo[len(h.redo)-1]
	h.redo = h.redo[:len(h.redo)-1]
	h.replay(s, false)
	h.undo = append(h.undo, s)
	return true
}

// replay restores a step as one batch (one rebuild for the consumers of
// the feed), then its units, towns and notes, and skips the changes it
// made itself. The cells come first, so that a unit or town the step's
// water had drowned finds its cell dry again.
func (h *History) replay(s step, back bool) {
	h.grid.Batch(hexmap.NoRules, func() {
		for _, c := range s.changes {
			if back {
				h.grid.SetCell(c.Index, c.Before)
			} else {
				h.grid.SetCell(c.Index, c.After)
			}
		}
	})
	h.feed.Skip()
	h.applyUnits(s.units, back)
	h.readUnits()
	h.applyTowns(s.towns, back)
	h.replayNotes(s.notes, back)
}

// State identifies the map's current state among those the history can
// reach: equal States mean equal maps.
func (h *History) State() uint64 {
	h.sync()
	return h.state()
}

// state is State without reading the feed first: the top step's serial,
// in the epoch of moves made so far (high bits), so that no state from
// before a move compares equal to one after it.
func (h *History) state() uint64 { return h.epoch<<40 | h.top() }

// top is the serial of the top undo step, or base without one.
func (h *History) top() uint64 {
	if len(h.undo) == 0 {
		return h.base
	}
	return h.undo[len(h.undo)-1].serial
}

// MarkSaved records the current state as the one on disk.
func (h *History) MarkSaved() { h.saved = h.State() }

// MarkSavedAt records state (an earlier State()) as the one on disk: a
// save that wrote a copy taken then, while editing went on.
func (h *History) MarkSavedAt(state uint64) { h.saved = state }

// MarkUnsaved makes Modified true until the next save, for maps that do
// not match any file (a recovered autosave, an import).
func (h *History) MarkUnsaved() { h.saved = ^uint64(0) }

// Modified reports whether the map differs from the one last saved.
func (h *History) Modified() bool { s := h.State(); return h.inStroke || s != h.saved }
