//go:build xvfb

package editor

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/pace"
)

// The editor left alone on its map becomes idle, then draws frames at
// least pace.IdleFrame apart on its clock, without drawing the 3D scene
// again, and keeps the picture in other frames; the pointer's first move
// brings every frame back: no frame keeps the picture from the tick of
// the move on.
func TestStillWindowDrawsSeldomUntilInput(t *testing.T) {
	in := newScriptInput()
	var drawn []time.Time
	waited, counted, after, kept, opaque := 0, 0, 0, 0, 0
	runEditor(t, Options{MapsDir: t.TempDir()}, in, func(g *game, c *checker) []step {
		opaqueDraws := func(g *game) int {
			if s, ok := g.scene.(*renderScene); ok && s.r != nil {
				return s.r.OpaqueDraws
			}
			c.Fatalf("the editor draws with no renderer")
			return 0
		}
		g.hooks.capture = func(*ebiten.Image) { drawn = append(drawn, g.clock.now) }
		return []step{
			func(g *game) bool { // until the window is idle
				if waited++; waited > 3000 {
					c.Fatalf("not idle after %d ticks (%d chunks pending)", waited, g.scene.Pending())
				}
				drawn = drawn[:0]
				if !g.quality.still.Idle(g.clock.now) {
					return false
				}
				opaque = opaqueDraws(g)
				return true
			},
			func(g *game) bool { // two seconds of the editor's clock idle
				if counted++; counted < 120 {
					return false
				}
				if len(drawn) == 0 {
					c.Fatalf("no frame drawn in %d idle ticks", counted)
				}
				for k := 1; k < len(drawn); k++ {
					if gap := drawn[k].Sub(drawn[k-1]); gap < pace.IdleFrame {
						c.Errorf("idle frames drawn %v apart", gap)
					}
				}
				if n := opaqueDraws(g) - opaque; n > 0 {
					c.Errorf("the idle window drew the 3D scene %d times again", n)
				}
				if g.quality.still.Kept == 0 {
					c.Errorf("no frame kept the picture in %d idle ticks", counted)
				}
				in.x, in.y = g.win.w/3, g.win.h/3 // the pointer moves over the map
				kept = g.quality.still.Kept
				return true
			},
			func(g *game) bool {
				if g.quality.still.Kept != kept {
					c.Fatalf("%d ticks after the input's, %d frames kept the picture", after, g.quality.still.Kept-kept)
				}
				after++
				return after > 10
			},
		}
	})
}

// A desktop window left alone falls asleep: Ebitengine then runs a frame
// only when asked (FPSModeVsyncOffMinimum, one tick a frame), the waker
// asks every pace.IdleFrame, and each such frame is drawn; the pointer's
// first move puts vsync and 60 ticks a second back within the tick that
// sees it.
func TestIdleWindowSleepsUntilInput(t *testing.T) {
	in := newScriptInput()
	waited, asleepFrames, drawn := 0, 0, 0
	runEditor(t, Options{MapsDir: t.TempDir()}, in, func(g *game, c *checker) []step {
		g.quality.waker.enable()
		g.hooks.capture = func(*ebiten.Image) { drawn++ }
		return []step{
			func(g *game) bool { // until the window sleeps
				if waited++; waited > 3000 {
					c.Fatalf("not asleep after %d ticks (idle: %v)", waited, g.quality.still.Idle(g.clock.now))
				}
				drawn = 0
				return g.quality.waker.asleep
			},
			func(g *game) bool { // a few frames asked for by the waker
				if ebiten.FPSMode() != ebiten.FPSModeVsyncOffMinimum || ebiten.TPS() != ebiten.SyncWithFPS {
					c.Fatalf("asleep with FPS mode %v and %d ticks a second", ebiten.FPSMode(), ebiten.TPS())
				}
				if asleepFrames++; asleepFrames < 4 {
					return false
				}
				if drawn < asleepFrames-1 {
					c.Errorf("%d of %d frames of the sleeping window drawn", drawn, asleepFrames)
				}
				in.x, in.y = g.win.w/3, g.win.h/3 // the pointer moves over the map
				return true
			},
			func(g *game) bool {
				if g.quality.waker.asleep || ebiten.FPSMode() != ebiten.FPSModeVsyncOn || ebiten.TPS() != ebiten.DefaultTPS {
					c.Errorf("after the pointer moved: asleep %v, FPS mode %v, %d ticks a second",
						g.quality.waker.asleep, ebiten.FPSMode(), ebiten.TPS())
				}
				return true
			},
		}
	})
}

// The waker sets the sleeping mode once when the window turns idle, asks
// for frames until it wakes, then sets the normal mode once and stops
// asking.
func TestIdleWakerFollowsIdleness(t *testing.T) {
	var modes []bool
	wakes := make(chan struct{})
	w := idleWaker{setMode: func(s bool) { modes = append(modes, s) }, wake: func() { wakes <- struct{}{} }}
	w.follow(false)
	w.follow(true)
	w.follow(true)
	<-wakes // the ticker asks for frames while asleep
	<-wakes
	done := w.done
	go func() { // drain a wake the ticker may be sending while it stops
		for {
			select {
			case <-wakes:
			case <-done:
				return
			}
		}
	}()
	w.follow(false)
	w.follow(false)
	if len(modes) != 2 || !modes[0] || modes[1] {
		t.Errorf("modes set %v, want [true false]", modes)
	}
	if w.asleep || w.stop != nil {
		t.Errorf("awake waker: asleep %v, ticker's stop %v", w.asleep, w.stop)
	}
}
