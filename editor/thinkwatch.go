package editor

import "time"

// thinkWatch measures how long the computer's commands hold up the
// frames (a test hook): the time of the ticks in which it played a
// command, summed over each frame drawn after them.
type thinkWatch struct {
	Commands int // ticks in which the computer played a command
	Frames   int // frames drawn with some of its thinking before them
	Drawn    int // frames drawn while its side was in turn
	// Waits is the thinking before each of those frames, Total all of it.
	Waits   []time.Duration
	Total   time.Duration
	pending time.Duration // the thinking since the last frame drawn
}

// ticked counts a tick of d in which the computer played a command.
func (w *thinkWatch) ticked(d time.Duration) {
	w.Commands++
	w.pending += d
	w.Total += d
}

// drawn closes a frame: the thinking before it is what it waited for.
// computer tells whether the computer's side is in turn.
func (w *thinkWatch) drawn(computer bool) {
	if w == nil {
		return
	}
	if computer {
		w.Drawn++
	}
	if w.pending > 0 {
		w.Frames++
		w.Waits = append(w.Waits, w.pending)
		w.pending = 0
	}
}
