package pace

import (
	"testing"
	"time"
)

// run feeds the pacer frames of length dt, each redrawing the view or
// not, for total and returns the time and the resolution it ends at.
func run(p *Pacer, start time.Time, dt, total time.Duration, busy bool) (time.Time, float64) {
	s := 0.0
	t := start
	for end := start.Add(total); t.Before(end); t = t.Add(dt) {
		s = p.Frame(t, busy)
	}
	return t, s
}

// Slow redraws lower the resolution step by step to the lowest; fast ones
// bring it back to full; redraws at the target keep it.
func TestPacerFollowsFrameRate(t *testing.T) {
	var p Pacer
	t0 := time.Unix(1000, 0)
	now, s := run(&p, t0, 100*time.Millisecond, 10*time.Second, true) // 10 fps
	if s != Scales[len(Scales)-1] {
		t.Fatalf("after 10 s at 10 fps: resolution %v, want the lowest %v", s, Scales[len(Scales)-1])
	}
	now, s = run(&p, now, 10*time.Millisecond, 20*time.Second, true) // 100 fps
	if s != 1 {
		t.Fatalf("after 20 s at 100 fps: resolution %v, want full", s)
	}
	_, s = run(&p, now, time.Second/32, 10*time.Second, true) // just above the target
	if s != 1 {
		t.Fatalf("at 32 fps the resolution dropped to %v", s)
	}
}

// A still view (no redraws) goes back to full resolution whatever the
// frame rate, and moving again returns to the lowered resolution at once.
func TestPacerStillViewSharp(t *testing.T) {
	var p Pacer
	t0 := time.Unix(1000, 0)
	now, low := run(&p, t0, 200*time.Millisecond, 10*time.Second, true)
	if low == 1 {
		t.Fatal("5 fps redraws kept full resolution")
	}
	now, s := run(&p, now, 200*time.Millisecond, time.Second, false) // slow, but from the cache
	if s != 1 {
		t.Fatalf("a still view stays at %v", s)
	}
	if s = p.Frame(now, true); s != low {
		t.Fatalf("moving again: resolution %v, want the moving %v at once", s, low)
	}
}

// Slow frames that draw from the cache (a slow machine, a still view)
// never lower the resolution, but they are behind; fast ones are not.
func TestPacerIgnoresCachedFrames(t *testing.T) {
	var p Pacer
	now, s := run(&p, time.Unix(1000, 0), 100*time.Millisecond, 10*time.Second, false)
	if s != 1 {
		t.Fatalf("slow cached frames lowered the resolution to %v", s)
	}
	if !p.Behind() {
		t.Error("10 fps is not behind a 30 fps target")
	}
	run(&p, now, 20*time.Millisecond, 5*time.Second, false)
	if p.Behind() {
		t.Error("50 fps is behind a 30 fps target")
	}
}

// Once behind, frames a little faster than the target (which drawing the
// water less often gave) keep the pacer behind; only clearly faster ones
// (above 1.5 times the target) end it.
func TestPacerBehindHolds(t *testing.T) {
	var p Pacer
	now, _ := run(&p, time.Unix(1000, 0), 100*time.Millisecond, 5*time.Second, false) // 10 fps
	if !p.Behind() {
		t.Fatal("10 fps is not behind a 30 fps target")
	}
	now, _ = run(&p, now, time.Second/36, 5*time.Second, false)
	if !p.Behind() {
		t.Error("36 fps after falling behind: no longer behind, so the water would be drawn every frame again")
	}
	run(&p, now, time.Second/50, 5*time.Second, false)
	if p.Behind() {
		t.Error("50 fps is still behind a 30 fps target")
	}
	var fresh Pacer
	run(&fresh, time.Unix(1000, 0), time.Second/36, 5*time.Second, false)
	if fresh.Behind() {
		t.Error("36 fps from the start is behind a 30 fps target")
	}
}

// One long stall (a map loading) lowers the resolution by one step at
// most.
func TestPacerOneStall(t *testing.T) {
	var p Pacer
	t0 := time.Unix(1000, 0)
	now, _ := run(&p, t0, 10*time.Millisecond, time.Second, true)
	p.Frame(now.Add(3*time.Second), true)
	_, s := run(&p, now.Add(3*time.Second+10*time.Millisecond), 10*time.Millisecond, 200*time.Millisecond, true)
	if s < Scales[1] {
		t.Fatalf("one stall lowered the resolution to %v", s)
	}
}

// The redraw that going back to full resolution causes is not taken for
// motion: the still view stays sharp instead of swinging between levels.
func TestPacerOwnRedrawIsNotMotion(t *testing.T) {
	var p Pacer
	now, _ := run(&p, time.Unix(1000, 0), 200*time.Millisecond, 10*time.Second, true)
	prev := p.Frame(now, false)
	for k := range 50 {
		now = now.Add(200 * time.Millisecond)
		// The view is redrawn exactly when the resolution changed.
		s := p.Frame(now, false)
		if s != prev {
			s = p.Frame(now.Add(time.Millisecond), true)
		}
		if k > 10 && s != 1 {
			t.Fatalf("frame %d of a still view: resolution %v", k, s)
		}
		prev = s
	}
}

// A window drawn 60 times a second draws every frame while input comes
// and for IdleAfter after the last, then one frame in seven or eight (at
// most eight a second, the first at once), and every frame again from
// the first input on.
func TestStillnessThrottlesIdleFrames(t *testing.T) {
	var s Stillness
	t0 := time.Unix(1000, 0)
	tick := func(k int) time.Time { return t0.Add(time.Duration(k) * time.Second / 60) }
	s.Stir(t0)
	k := 0
	for ; tick(k).Sub(t0) < IdleAfter; k++ {
		if s.Skip(tick(k)) {
			t.Fatalf("frame %d, %v after the last input, kept the last picture", k, tick(k).Sub(t0))
		}
	}
	var drawn []int
	for end := k + 600; k < end; k++ { // 10 s idle
		if !s.Skip(tick(k)) {
			drawn = append(drawn, k)
		}
	}
	// Gaps of seven or eight frames (an eighth of a second is seven and
	// a half): 600/8 to 600/7.
	if len(drawn) < 75 || len(drawn) > 86 {
		t.Fatalf("idle for 10 s at 60 frames a second: %d drawn, want 75 to 86", len(drawn))
	}
	if drawn[0] != 300 {
		t.Errorf("the first idle frame, 300, was not drawn (the first drawn: %d)", drawn[0])
	}
	for j := 1; j < len(drawn); j++ {
		if gap := tick(drawn[j]).Sub(tick(drawn[j-1])); gap < IdleFrame {
			t.Fatalf("idle frames %d and %d drawn %v apart", drawn[j-1], drawn[j], gap)
		}
	}
	if s.Kept != 600-len(drawn) {
		t.Errorf("Kept %d, want %d", s.Kept, 600-len(drawn))
	}
	s.Stir(tick(k))
	for end := k + 60; k < end; k++ {
		if s.Skip(tick(k)) {
			t.Fatalf("frame %d after an input kept the last picture", k)
		}
	}
}
