package tools

import "hexsandbox/hexmap"

// townTrack is the History's view of the towns: the towns as the
// pending step began, and the grid's TownEdits when last read. Towns
// change only by edits (placing, removing, the flood rule), so every
// change is part of a step.
type townTrack struct {
	base    []hexmap.Town
	edits   uint64
	pending bool
}

// readTowns takes the grid's towns as the ones the pending step starts
// from.
func (h *History) readTowns() {
	h.towns.base = append(h.towns.base[:0], h.grid.Towns()...)
	h.towns.edits, h.towns.pending = h.grid.TownEdits(), false
}

// syncTowns notes that the towns changed since the last read.
func (h *History) syncTowns() {
	if h.grid.TownEdits() != h.towns.edits {
		h.towns.pending = true
		h.towns.edits = h.grid.TownEdits()
	}
}

// takeTowns returns what the pending step did to the towns and starts
// the next step from the towns as they are.
func (h *History) takeTowns() listDiff[hexmap.Town] {
	if !h.towns.pending {
		return listDiff[hexmap.Town]{}
	}
	d := diffList(h.towns.base, h.grid.Towns())
	h.readTowns()
	return d
}

// applyTowns applies a step's towns (see listDiff.apply) and reads them
// as the new base.
func (h *History) applyTowns(d listDiff[hexmap.Town], back bool) {
	g := h.grid
	find := func(t hexmap.Town) (int, bool) {
		i, ok := g.Topology().Index(t.Location)
		if !ok {
			return 0, false
		}
		k, ok := g.TownAt(i)
		return k, ok && g.Towns()[k] == t
	}
	// Inserted records were recorded from the grid: valid where they were.
	d.apply(back, find, func(k int) { g.RemoveTown(k) }, func(at int, t hexmap.Town) { g.InsertTown(at, t) })
	h.readTowns()
}
