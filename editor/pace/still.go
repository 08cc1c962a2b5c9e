package pace

import "time"

// Stillness throttles the frames of a still window. Once no input has
// come and nothing has moved for IdleAfter, only a frame every IdleFrame
// is drawn (the animated water still moves) and the others keep the
// last picture; anything that stirs brings every frame back at once.
// The zero value is ready; its count starts at the first frame.
type Stillness struct {
	active time.Time // the last instant anything stirred
	drawn  time.Time // the last idle frame drawn
	Kept   int       // frames that kept the last picture, so far
}

// How long a window must be still before its frames are throttled, and
// how often it then draws: at most eight frames a second, so that on a
// software renderer, where a frame with the water costs about 50 ms of
// CPU, the window takes less than half a core.
const (
	IdleAfter = 5 * time.Second
	IdleFrame = time.Second / 8
)

// Stir records that input came or something moved at now.
func (s *Stillness) Stir(now time.Time) { s.active = now }

// Idle reports whether nothing has stirred for IdleAfter before now.
func (s *Stillness) Idle(now time.Time) bool {
	if s.active.IsZero() {
		s.active = now
	}
	return now.Sub(s.active) >= IdleAfter
}

// Skip reports whether the frame at now keeps the last frame's picture:
// the window is idle and an idle frame was drawn less than IdleFrame
// ago. Otherwise the frame is to be drawn.
func (s *Stillness) Skip(now time.Time) bool {
	if !s.Idle(now) {
		return false
	}
	if since := now.Sub(s.drawn); since >= 0 && since < IdleFrame {
		s.Kept++
		return true
	}
	s.drawn = now
	return false
}
