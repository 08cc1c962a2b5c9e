// Package touch recognises gestures in the fingers on a touch screen: a
// tap, a one-finger drag, a long press, and two fingers' pinch, twist
// and pan. It knows nothing of the window or the map: its input is each
// finger going down, moving and lifting, with the time, and a tick of
// the clock; its output is gestures in screen pixels.
package touch

import (
	"math"
	"time"
)

// Phase is what a finger did.
type Phase uint8

// The phases of a finger.
const (
	Down Phase = iota + 1
	Move
	Up
	Cancel // the platform took the finger away (a system gesture): no tap
)

// Point is a place on the screen in pixels.
type Point struct{ X, Y float64 }

func (p Point) sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }
func (p Point) length() float64   { return math.Hypot(p.X, p.Y) }
func mid(p, q Point) Point        { return Point{(p.X + q.X) / 2, (p.Y + q.Y) / 2} }
func angle(p, q Point) float64    { d := q.sub(p); return math.Atan2(d.Y, d.X) }
func dist(p, q Point) float64     { return q.sub(p).length() }

// Kind is what a gesture is.
type Kind uint8

// The gestures.
const (
	Tap       Kind = iota + 1 // a finger went down and up without moving: At is where it went down
	DragStart                 // one finger moved past the slop: At is where it went down
	Drag                      // the dragging finger moved to At
	DragEnd                   // the dragging finger lifted at At
	LongPress                 // one finger held still for Hold: At is where
	Pinch                     // two fingers moved: At is their midpoint now, Scale, Angle and Shift the change
)

// Gesture is one recognised gesture.
type Gesture struct {
	Kind Kind
	At   Point
	// Pinch: the distance between the fingers now over before (above 1:
	// spread apart), the angle the line between them turned in radians
	// (positive: clockwise on a screen whose y grows downwards), and how
	// far their midpoint moved.
	Scale float64
	Angle float64
	Shift Point
	Time  time.Time
}

// Defaults: a finger may wander 10 pixels and still tap (at a device
// pixel ratio of 3, about 3 CSS pixels: fingers are not still), and is
// held half a second for a long press.
const (
	DefaultSlop = 10
	DefaultHold = 500 * time.Millisecond
)

// state is where the recogniser is in a sequence of touches.
type state uint8

const (
	idle      state = iota // no finger down
	pending                // one finger down, neither a tap, a drag nor a long press yet
	dragging               // one finger dragging
	held                   // the long press was reported: nothing more until the finger lifts
	twoFinger              // two fingers pinching, twisting, panning
	spent                  // a two-finger gesture lost a finger: nothing until all lift
)

// finger is one finger followed: its id, where it is, where and when it
// went down.
type finger struct {
	id    int
	at    Point
	from  Point
	since time.Time
}

// Recogniser turns touches into gestures. It follows at most two
// fingers; a third is ignored. Its zero value uses the defaults.
type Recogniser struct {
	Slop    float64       // how far a finger may move and still tap or long-press (0: DefaultSlop)
	Hold    time.Duration // how long a still finger is held for a long press (0: DefaultHold)
	fingers []finger
	state   state
}

// Active reports whether a finger is down.
func (r *Recogniser) Active() bool { return len(r.fingers) > 0 }

func (r *Recogniser) slop() float64 {
	if r.Slop > 0 {
		return r.Slop
	}
	return DefaultSlop
}

func (r *Recogniser) hold() time.Duration {
	if r.Hold > 0 {
		return r.Hold
	}
	return DefaultHold
}

// Tick tells the recogniser the time now (once a frame): a finger held
// still long enough becomes a long press. It appends what that
// recognises to dst.
func (r *Recogniser) Tick(now time.Time, dst []Gesture) []Gesture {
	if r.state == pending && now.Sub(r.fingers[0].since) >= r.hold() {
		r.state = held
		dst = append(dst, Gesture{Kind: LongPress, At: r.fingers[0].from, Time: now})
	}
	return dst
}

// Touch takes one finger's change at time at and appends the gestures it
// completes to dst.
func (r *Recogniser) Touch(id int, ph Phase, p Point, at time.Time, dst []Gesture) []Gesture {
	dst = r.Tick(at, dst) // a finger held past the time before this event
	k := r.find(id)
	switch ph {
	case Down:
		return r.down(id, p, at, k, dst)
	case Move:
		if k < 0 {
			return dst
		}
		return r.move(k, p, at, dst)
	case Up, Cancel:
		if k < 0 {
			return dst
		}
		return r.up(k, p, at, ph == Cancel, dst)
	}
	return dst
}

func (r *Recogniser) find(id int) int {
	for k, f := range r.fingers {
		if f.id == id {
			return k
		}
	}
	return -1
}

// down starts following a finger: the first alone, the second makes a
// two-finger gesture (ending a drag under way where its finger is).
func (r *Recogniser) down(id int, p Point, at time.Time, k int, dst []Gesture) []Gesture {
	if k >= 0 || len(r.fingers) >= 2 {
		return dst
	}
	r.fingers = append(r.fingers, finger{id: id, at: p, from: p, since: at})
	switch {
	case len(r.fingers) == 1:
		r.state = pending
	case r.state == spent:
	default:
		if r.state == dragging {
			dst = append(dst, Gesture{Kind: DragEnd, At: r.fingers[0].at, Time: at})
		}
		r.state = twoFinger
	}
	return dst
}

// move follows finger k to p.
func (r *Recogniser) move(k int, p Point, at time.Time, dst []Gesture) []Gesture {
	f := &r.fingers[k]
	before := f.at
	f.at = p
	switch r.state {
	case pending:
		if dist(f.from, p) > r.slop() {
			r.state = dragging
			dst = append(dst, Gesture{Kind: DragStart, At: f.from, Time: at}, Gesture{Kind: Drag, At: p, Time: at})
		}
	case dragging:
		dst = append(dst, Gesture{Kind: Drag, At: p, Time: at})
	case twoFinger:
		other := r.fingers[1-k].at
		d0, d1 := dist(before, other), dist(p, other)
		scale := 1.0
		if d0 > 0 && d1 > 0 {
			scale = d1 / d0
		}
		// The angle of the line from the other finger to this one.
		turn := angle(other, p) - angle(other, before)
		turn = math.Remainder(turn, 2*math.Pi)
		m0, m1 := mid(before, other), mid(p, other)
		dst = append(dst, Gesture{Kind: Pinch, At: m1, Scale: scale, Angle: turn, Shift: m1.sub(m0), Time: at})
	}
	return dst
}

// up stops following finger k, lifted at p (or taken away).
func (r *Recogniser) up(k int, p Point, at time.Time, cancel bool, dst []Gesture) []Gesture {
	f := r.fingers[k]
	r.fingers = append(r.fingers[:k], r.fingers[k+1:]...)
	switch r.state {
	case pending:
		if !cancel {
			dst = append(dst, Gesture{Kind: Tap, At: f.from, Time: at})
		}
	case dragging:
		dst = append(dst, Gesture{Kind: DragEnd, At: p, Time: at})
	case twoFinger:
		r.state = spent
	}
	if len(r.fingers) == 0 {
		r.state = idle
	}
	return dst
}
