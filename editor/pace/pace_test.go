package pace

import (
	"testing"
	"time"
)

// run feeds the pacer frames of length dt for total and returns the
// resolution it ends at.
func run(p *Pacer, start time.Time, dt, total time.Duration) (time.Time, float64) {
	s := 0.0
	t := start
	for end := start.Add(total); t.Before(end); t = t.Add(dt) {
		s = p.Frame(t)
	}
	return t, s
}

// Slow frames lower the resolution step by step to the lowest; fast
// frames bring it back to full; frames at the target keep it.
func TestPacerFollowsFrameRate(t *testing.T) {
	var p Pacer
	t0 := time.Unix(1000, 0)
	now, s := run(&p, t0, 100*time.Millisecond, 10*time.Second) // 10 fps
	if s != Scales[len(Scales)-1] || !p.Slow() {
		t.Fatalf("after 10 s at 10 fps: resolution %v, want the lowest %v", s, Scales[len(Scales)-1])
	}
	now, s = run(&p, now, 10*time.Millisecond, 20*time.Second) // 100 fps
	if s != 1 || p.Slow() {
		t.Fatalf("after 20 s at 100 fps: resolution %v, want full", s)
	}
	_, s = run(&p, now, time.Second/32, 10*time.Second) // just above the target
	if s != 1 {
		t.Fatalf("at 32 fps the resolution dropped to %v", s)
	}
}

// One long stall (a map loading) lowers the resolution by one step at
// most, not to the bottom.
func TestPacerOneStall(t *testing.T) {
	var p Pacer
	t0 := time.Unix(1000, 0)
	now, _ := run(&p, t0, 10*time.Millisecond, time.Second)
	p.Frame(now.Add(3 * time.Second))
	_, s := run(&p, now.Add(3*time.Second+10*time.Millisecond), 10*time.Millisecond, 200*time.Millisecond)
	if s < Scales[1] {
		t.Fatalf("one stall lowered the resolution to %v", s)
	}
}

// The resolution does not move before frames have been slow for a while:
// one slow frame among fast ones leaves it.
func TestPacerIgnoresOneSlowFrame(t *testing.T) {
	var p Pacer
	t0 := time.Unix(1000, 0)
	now, _ := run(&p, t0, 10*time.Millisecond, 2*time.Second)
	p.Frame(now.Add(60 * time.Millisecond))
	_, s := run(&p, now.Add(70*time.Millisecond), 10*time.Millisecond, time.Second)
	if s != 1 {
		t.Fatalf("one 60 ms frame lowered the resolution to %v", s)
	}
}
