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
