//go:build xvfb

package editor

import (
	"math"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
)

// Fingers through the editor's input path: touch events of the
// synthetic input, turned into taps, long presses and pinches
// (touchInput), read by the editor's Update.

// finger queues finger id's event at (x, y) for the next frame.
func finger(in *scriptInput, kind EventKind, id, x, y int) {
	in.extra = append(in.extra, Event{Kind: kind, Finger: id, X: x, Y: y})
}

// A tap on a cell paints it with the brush (one undo step); a finger
// held still on another cell for 40 frames (2/3 s of the script's
// clock) picks that cell's terrain and paints nothing; two fingers
// spreading from 100 to 200 pixels apart about the map's middle halve
// the camera's distance.
func TestEditorTouchTapHoldAndPinch(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var c, other, steps int
		var dist0 float64
		var mx, my int
		return []step{
			wait(2),
			setTools(func(s *tools.Settings) { s.ApplyTerrain, s.Terrain = true, hexmap.Snow }),
			do(func(g *game) {
				c = centreCell(t, g)
				other = step1(g.sess.Grid, c, hexmap.E)
				g.sess.Grid.SetTerrainType(c, hexmap.Grass)
				g.sess.Grid.SetTerrainType(other, hexmap.Mud)
				steps = undoCount(g)
				x, y := g.cellScreen(c)
				finger(in, TouchDown, 7, x, y)
				finger(in, TouchUp, 7, x+2, y+1)
			}),
			wait(1),
			do(func(g *game) {
				if got := g.sess.Grid.Cell(c).TerrainType; got != hexmap.Snow {
					t.Errorf("tapped cell: terrain %d, want snow", got)
				}
				if undoCount(g) != steps+1 {
					t.Errorf("undo steps %d after a tap, want %d", undoCount(g), steps+1)
				}
				x, y := g.cellScreen(other)
				finger(in, TouchDown, 8, x, y)
			}),
			wait(40),
			do(func(g *game) {
				x, y := g.cellScreen(other)
				finger(in, TouchUp, 8, x, y)
			}),
			wait(1),
			do(func(g *game) {
				if got := g.sess.Grid.Cell(other).TerrainType; got != hexmap.Mud {
					t.Errorf("long-pressed cell: terrain %d, want mud as it was", got)
				}
				if s := g.edit.settings; s.Terrain != hexmap.Mud {
					t.Errorf("after the long press the terrain is %d, want mud (picked)", s.Terrain)
				}
				g.cam.Zoom = 0.3
				dist0 = g.cam.Distance()
				mr := g.mapRect()
				mx, my = (mr.Min.X+mr.Max.X)/2, (mr.Min.Y+mr.Max.Y)/2
				finger(in, TouchDown, 1, mx-50, my)
				finger(in, TouchDown, 2, mx+50, my)
			}),
			do(func(*game) { finger(in, TouchMove, 1, mx-100, my) }),
			do(func(*game) { finger(in, TouchMove, 2, mx+100, my) }),
			do(func(*game) {
				finger(in, TouchUp, 1, mx-100, my)
				finger(in, TouchUp, 2, mx+100, my)
			}),
			wait(1),
			do(func(g *game) {
				if d := g.cam.Distance(); math.Abs(d-dist0/2) > 0.01 {
					t.Errorf("camera distance %g after the pinch, want %g", d, dist0/2)
				}
			}),
		}
	})
}

// A finger that goes down on a panel button and drags 120 pixels up
// scrolls the panel's content 120 pixels with it (the wheel's notch is
// 60 pixels: two notches), and the button is not pressed.
func TestEditorFingerScrollsThePanel(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	var x, y int
	runEditorSized(t, 1000, 420, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			// The window takes its size after some frames on a loaded
			// machine: the Play button's place is read after that.
			waitFor(t, "the 1000×420 window", func(g *game) bool { return g.win.w == 1000 && g.win.h == 420 }),
			wait(2),
			do(func(g *game) {
				var play *widget.Button
				walk(g.edit.panel.content, func(w widget.PreferredSizeLocateableWidget) {
					if b, ok := w.(*widget.Button); ok && b.Text() != nil && b.Text().Label == "Play (Tab)" {
						play = b
					}
				})
				if play == nil {
					t.Fatalf("no Play button in the panel")
				}
				r := play.GetWidget().Rect
				x, y = (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
				finger(in, TouchDown, 3, x, y)
			}),
			do(func(*game) { finger(in, TouchMove, 3, x, y-20) }),
			do(func(*game) { finger(in, TouchMove, 3, x+5, y-70) }),
			do(func(*game) { finger(in, TouchMove, 3, x+5, y-120) }),
			do(func(*game) { finger(in, TouchUp, 3, x+5, y-120) }),
			wait(2),
			do(func(g *game) {
				p := g.edit.panel
				over := p.content.GetWidget().Rect.Dy() - p.scroll.ViewRect().Dy()
				if over < 120 {
					t.Fatalf("the panel's content overflows by %d pixels only", over)
				}
				if got, want := p.scroll.ScrollTop*float64(over), 120.0; math.Abs(got-want) > 1 {
					t.Errorf("the panel scrolled %.1f pixels, want %g", got, want)
				}
				if g.mode != mode(g.edit) {
					t.Errorf("the drag pressed the Play button")
				}
			}),
		}
	})
}
