package files

import "time"

// AutosaveInterval is how often unsaved changes are written to the
// recovery file.
const AutosaveInterval = 60 * time.Second

// Autosaver decides when to write the recovery autosave: every Interval
// while there are unsaved changes, counted from the first unsaved change,
// never while the map is saved. It keeps no clock of its own; the caller
// passes the time, which keeps it testable.
type Autosaver struct {
	Interval time.Duration
	since    time.Time // zero: no unsaved changes pending
}

// Due reports whether to autosave now; dirty is whether the map has
// unsaved changes that the last autosave does not hold.
func (a *Autosaver) Due(now time.Time, dirty bool) bool {
	if !dirty {
		a.since = time.Time{}
		return false
	}
	if a.since.IsZero() {
		a.since = now
		return false
	}
	iv := a.Interval
	if iv <= 0 {
		iv = AutosaveInterval
	}
	return now.Sub(a.since) >= iv
}

// Done records an autosave made at now.
func (a *Autosaver) Done() { a.since = time.Time{} }
