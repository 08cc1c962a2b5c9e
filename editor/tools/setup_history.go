package tools

import "hexsandbox/hexmap/scenario"

// setupTrack is the History's view of the scenario setup: the setup as
// the pending step began, and the grid's SetupEdits when last read.
type setupTrack struct {
	base    scenario.Setup
	edits   uint64
	pending bool
}

// setupChange is what a step did to the setup.
type setupChange struct{ before, after scenario.Setup }

// readSetup takes the grid's setup as the one the pending step starts
// from.
func (h *History) readSetup() {
	h.setup.base, h.setup.edits, h.setup.pending = h.grid.Setup(), h.grid.SetupEdits(), false
}

// syncSetup notes that the setup changed since the last read.
func (h *History) syncSetup() {
	if h.grid.SetupEdits() != h.setup.edits {
		h.setup.pending, h.setup.edits = true, h.grid.SetupEdits()
	}
}

// takeSetup returns what the pending step did to the setup (nil for
// nothing) and starts the next step from the setup as it is.
func (h *History) takeSetup() *setupChange {
	if !h.setup.pending {
		return nil
	}
	c := &setupChange{before: h.setup.base, after: h.grid.Setup()}
	h.readSetup()
	return c
}

// applySetup puts a step's setup back (or forward) and reads it as the
// new base.
func (h *History) applySetup(c *setupChange, back bool) {
	if c != nil {
		s := c.after
		if back {
			s = c.before
		}
		h.grid.SetSetup(s) // recorded from the grid: valid
	}
	h.readSetup()
}
