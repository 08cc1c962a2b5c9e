package editor

import "time"

// clock is the editor's time. Update reads its source once a tick; the
// input replay then moves now through the tick's events, so that
// everything one input step does (the camera, text fields, toasts,
// double clicks) sees the instant of that step, and everything after the
// input (unit travel, fog fades, autosave, jobs, the water's animation)
// sees the tick's. Tests give it a source that steps exactly.
type clock struct {
	source func() time.Time // wallClock, or a test's
	now    time.Time        // the instant the editor is at
	last   time.Time        // the previous tick's reading; zero before the first
}

// newClock is a clock reading source, standing at its first reading.
func newClock(source func() time.Time) clock {
	return clock{source: source, now: source()}
}

// tick reads the source for a new tick, moves now to it and returns the
// previous tick's instant (this one's, on the first tick) and this one's.
func (c *clock) tick() (prev, now time.Time) {
	now = c.source()
	prev = c.last
	if prev.IsZero() {
		prev = now
	}
	c.last, c.now = now, now
	return prev, now
}

// Now is the instant the editor is at.
func (c *clock) Now() time.Time { return c.now }

// wallClock is the time of day: the editor's only reading of the
// system clock. Besides the clock's source, what measures the machine
// rather than the map (the frame pacer, a generator's run time, the
// slow-machine test hook) reads it.
func wallClock() time.Time { return time.Now() }
