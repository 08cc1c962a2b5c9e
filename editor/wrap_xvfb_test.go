//go:build xvfb

package editor

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
)

// A wrapping map from the New dialog (its Wrapping toggle off while the
// open map is flat): the status line says it wraps, the camera pans west across
// the seam and back east without stopping, a river and a road dragged
// over the cells as drawn across the seam join column 19 to column 0, and
// the map saved and opened again is the same.
func TestEditorWrappingMap(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		grid := func() *hexmap.Grid { return g.sess.Grid }
		row := 7
		across := func() []int { // columns 17, 18, 19, 0 and 1 of the row
			w := grid().Topology().Width
			return []int{w - 3 + row*w, w - 2 + row*w, w - 1 + row*w, row * w, 1 + row*w}
		}
		hold := func(k ebiten.Key, frames int) step {
			n := 0
			return func(*game) bool {
				n++
				in.held[k] = n <= frames
				return n > frames
			}
		}
		var startX float64
		return []step{
			wait(2),
			key(in, ebiten.KeyN, false),
			wait(1),
			click(t, "20 × 15"),
			func(g *game) bool {
				c := findCheckbox(g)
				if c == nil {
					t.Fatal("the New dialog has no Wrapping toggle")
				}
				if c.State() != widget.WidgetUnchecked {
					t.Error("Wrapping is on for a new map while the open map is flat")
				}
				c.Click()
				return true
			},
			wait(1),
			click(t, "Empty map"),
			wait(1),
			do(func(g *game) {
				if !grid().Topology().Wrapping || grid().Topology().Width != 20 {
					t.Fatalf("New with Wrapping made a %d wide map, wrapping %v", grid().Topology().Width, grid().Topology().Wrapping)
				}
				if _, right := g.statusText(); !strings.Contains(right, "20×15 wrapping") {
					t.Errorf("status %q does not say the map wraps", right)
				}
				g.cam.X, g.cam.Z, g.cam.Zoom = 40, 100, 0.6
				startX = g.cam.X
			}),
			hold(ebiten.KeyA, 20), // west, across the seam
			do(func(g *game) {
				w := float64(grid().Topology().WrapSize())
				if g.cam.X < w/2 || g.cam.X >= w {
					t.Errorf("panning west from x %v across the seam reached x %v, want it wrapped below %v", startX, g.cam.X, w)
				}
				startX = g.cam.X
			}),
			hold(ebiten.KeyD, 20), // and back east
			do(func(g *game) {
				if g.cam.X > 100 {
					t.Errorf("panning east from x %v across the seam reached x %v", startX, g.cam.X)
				}
				g.cam.X = 0 // over the seam
			}),
			setTools(func(s *tools.Settings) { s.River = tools.Yes }),
			stroke(t, in, across),
			setTools(func(s *tools.Settings) { s.Road = tools.Yes }),
			do(func(*game) { row = 9 }),
			stroke(t, in, across),
			do(func(g *game) { g.view.Grid = true }),
			wait(2),
			captureStep(t, filepath.Join(shots, "editor-wrap.png")),
			do(func(g *game) {
				g.view.Grid = false
				gr, w := grid(), grid().Topology().Width
				if gr.Cell(w-1+7*w).OutgoingRiver != hexmap.E || gr.Cell(7*w).IncomingRiver != hexmap.W {
					t.Errorf("no river from column %d into column 0 after dragging across the seam", w-1)
				}
				if !gr.Cell(w-1+9*w).HasRoadThroughEdge(hexmap.E) || !gr.Cell(9*w).HasRoadThroughEdge(hexmap.W) {
					t.Error("no road across the seam after dragging across it")
				}
				op, err := g.sess.SaveOp("wrap", true)
				if err == nil {
					err = op.Do()
				}
				if err != nil {
					t.Fatal(err)
				}
				saved := gr.Clone()
				if _, err := g.sess.Open("wrap"); err != nil {
					t.Fatal(err)
				}
				g.resetView()
				if !grid().Equal(saved) {
					t.Error("the wrapping map reopened differs from the saved one")
				}
			}),
		}
	})
}
