package touch

import (
	"math"
	"slices"
	"testing"
	"time"
)

var t0 = time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC)

func ms(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }

// step is one finger's change fed to the recogniser.
type step struct {
	id   int
	ph   Phase
	x, y float64
	at   int // milliseconds after t0
}

func feed(r *Recogniser, steps ...step) []Gesture {
	var out []Gesture
	for _, s := range steps {
		out = r.Touch(s.id, s.ph, Point{s.x, s.y}, ms(s.at), out)
	}
	return out
}

func kinds(gs []Gesture) []Kind {
	var k []Kind
	for _, g := range gs {
		k = append(k, g.Kind)
	}
	return k
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// A finger down, wandering 5 pixels (within the slop of 10), and up
// 100 ms later is one tap where it went down.
func TestTapIsDownAndUpWithinTheSlop(t *testing.T) {
	var r Recogniser
	gs := feed(&r, step{1, Down, 100, 100, 0}, step{1, Move, 103, 104, 50}, step{1, Up, 103, 104, 100})
	if !slices.Equal(kinds(gs), []Kind{Tap}) || gs[0].At != (Point{100, 100}) {
		t.Fatalf("gestures %+v, want one tap at (100, 100)", gs)
	}
	if r.Active() {
		t.Error("a finger is still followed after the tap")
	}
}

// A move of exactly the slop (6, 8: 10 pixels) is still a tap's
// wander; (30, 40) starts a drag from where the finger went down, and
// lifting ends it there, with no tap.
func TestDragStartsPastTheSlop(t *testing.T) {
	var r Recogniser
	gs := feed(&r, step{1, Down, 0, 0, 0}, step{1, Move, 6, 8, 10})
	if len(gs) != 0 {
		t.Fatalf("a move of 10 pixels gave %+v", gs)
	}
	gs = feed(&r, step{1, Move, 30, 40, 20}, step{1, Move, 60, 40, 30}, step{1, Up, 60, 40, 40})
	want := []Kind{DragStart, Drag, Drag, DragEnd}
	if !slices.Equal(kinds(gs), want) {
		t.Fatalf("kinds %v, want %v", kinds(gs), want)
	}
	if gs[0].At != (Point{0, 0}) || gs[1].At != (Point{30, 40}) || gs[3].At != (Point{60, 40}) {
		t.Errorf("points %+v", gs)
	}
}

// Fingers at (100, 100) and (200, 100); the second moves to (300, 100):
// the distance doubles (scale 2), the line does not turn, and the
// midpoint moves from (150, 100) to (200, 100).
func TestPinchScaleAndMidpoint(t *testing.T) {
	var r Recogniser
	gs := feed(&r, step{1, Down, 100, 100, 0}, step{2, Down, 200, 100, 5}, step{2, Move, 300, 100, 30})
	if !slices.Equal(kinds(gs), []Kind{Pinch}) {
		t.Fatalf("kinds %v, want one pinch", kinds(gs))
	}
	g := gs[0]
	if !near(g.Scale, 2) || !near(g.Angle, 0) || g.At != (Point{200, 100}) || g.Shift != (Point{50, 0}) {
		t.Errorf("pinch %+v: want scale 2, angle 0, at (200, 100), shift (50, 0)", g)
	}
}

// Fingers at (100, 100) and (200, 100); the second moves to (100, 200),
// a quarter turn about the first, clockwise on the screen (y down): the
// angle is π/2, the distance stays 100 (scale 1), the midpoint moves
// from (150, 100) to (100, 150).
func TestTwistAngle(t *testing.T) {
	var r Recogniser
	gs := feed(&r, step{1, Down, 100, 100, 0}, step{2, Down, 200, 100, 5}, step{2, Move, 100, 200, 30})
	if len(gs) != 1 || gs[0].Kind != Pinch {
		t.Fatalf("gestures %+v, want one pinch", gs)
	}
	g := gs[0]
	if !near(g.Angle, math.Pi/2) || !near(g.Scale, 1) || g.At != (Point{100, 150}) || g.Shift != (Point{-50, 50}) {
		t.Errorf("twist %+v: want angle π/2, scale 1, at (100, 150), shift (-50, 50)", g)
	}
	// A quarter turn on, to just past straight left of the first finger
	// (100, 0.1 above it): atan2 jumps from +π to −π there, and the turn
	// is still a quarter turn clockwise, not three quarters back.
	gs = feed(&r, step{2, Move, 0, 99.9, 40})
	if len(gs) != 1 || math.Abs(gs[0].Angle-math.Pi/2) > 0.01 {
		t.Errorf("a quarter turn on past the left: %+v", gs)
	}
}

// A still finger becomes a long press at 500 ms, not at 499; lifting it
// then is no tap.
func TestLongPressThreshold(t *testing.T) {
	var r Recogniser
	gs := feed(&r, step{1, Down, 50, 60, 0}, step{1, Move, 53, 60, 100})
	gs = r.Tick(ms(499), gs)
	if len(gs) != 0 {
		t.Fatalf("at 499 ms: %+v", gs)
	}
	gs = r.Tick(ms(500), gs)
	if !slices.Equal(kinds(gs), []Kind{LongPress}) || gs[0].At != (Point{50, 60}) {
		t.Fatalf("at 500 ms: %+v, want a long press at (50, 60)", gs)
	}
	if gs = feed(&r, step{1, Move, 90, 60, 600}, step{1, Up, 90, 60, 700}); len(gs) != 0 {
		t.Errorf("after the long press: %+v", gs)
	}
}

// A finger lifted 600 ms after it went down, with no tick between (a
// slow frame), was a long press, not a tap.
func TestLongPressSeenAtTheLift(t *testing.T) {
	var r Recogniser
	gs := feed(&r, step{1, Down, 50, 60, 0}, step{1, Up, 50, 60, 600})
	if !slices.Equal(kinds(gs), []Kind{LongPress}) {
		t.Fatalf("kinds %v, want a long press", kinds(gs))
	}
}

// A second finger ends a drag under way; after the pinch neither lift
// is a tap, nor is a third finger followed.
func TestSecondFingerEndsTheDrag(t *testing.T) {
	var r Recogniser
	gs := feed(&r, step{1, Down, 0, 0, 0}, step{1, Move, 40, 0, 10}, step{2, Down, 100, 0, 20})
	if !slices.Equal(kinds(gs), []Kind{DragStart, Drag, DragEnd}) || gs[2].At != (Point{40, 0}) {
		t.Fatalf("gestures %+v", gs)
	}
	gs = feed(&r, step{3, Down, 500, 500, 25}, step{3, Move, 600, 600, 26}, step{3, Up, 600, 600, 27},
		step{1, Up, 40, 0, 30}, step{2, Move, 300, 0, 35}, step{2, Up, 300, 0, 40})
	if len(gs) != 0 {
		t.Errorf("after the pinch: %+v", gs)
	}
	if r.Active() {
		t.Error("fingers still followed")
	}
}

// A cancelled finger (the system took it) is no tap.
func TestCancelIsNoTap(t *testing.T) {
	var r Recogniser
	if gs := feed(&r, step{1, Down, 5, 5, 0}, step{1, Cancel, 5, 5, 50}); len(gs) != 0 {
		t.Errorf("gestures %+v", gs)
	}
}
