//go:build xvfb

package editor

import (
	"image"
	"math"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
)

// holdFor holds key k down for d of the editor's clock, then lets go.
func holdFor(in *scriptInput, k ebiten.Key, d time.Duration) step {
	var start time.Time
	return func(g *game) bool {
		if start.IsZero() {
			start = g.clock.Now()
		}
		done := g.clock.Now().Sub(start) >= d
		in.held[k] = !done
		return done
	}
}

// onMapShare is the share of a grid of the map view's pixels under which
// the scene picks a cell.
func onMapShare(g *game) float64 {
	mr := g.mapRect()
	var on, all int
	for y := mr.Dy() / 32; y < mr.Dy(); y += mr.Dy() / 16 {
		for x := mr.Dx() / 32; x < mr.Dx(); x += mr.Dx() / 16 {
			all++
			if _, _, ok := g.scene.Pick(&g.cam, mr.Dx(), mr.Dy(), float64(x), float64(y)); ok {
				on++
			}
		}
	}
	return float64(on) / float64(all)
}

// The wheel zooms towards the point under the cursor: the cell under a
// cursor away from the middle stays under it (the point picked moves
// less than a cell's radius), and the camera's centre moves towards it.
func TestEditorWheelZoomsToCursor(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var zoom0, cx, cz float64
		var x0, z0 float32
		return []step{
			wait(2),
			do(func(g *game) {
				mr := g.mapRect()
				in.x, in.y = mr.Min.X+mr.Dx()/5, mr.Min.Y+mr.Dy()/4
			}),
			waitFor(t, "a cell under the cursor", func(g *game) bool { return g.ptr.cur.ok }),
			do(func(g *game) {
				zoom0, cx, cz = g.cam.Zoom, g.cam.X, g.cam.Z
				x0, z0 = g.ptr.cur.at[0], g.ptr.cur.at[2]
				in.wheel = 3
			}),
			waitFor(t, "a zoom", func(g *game) bool { return g.cam.Zoom > zoom0 }),
			waitFor(t, "a cell under the cursor", func(g *game) bool { return g.ptr.cur.ok }),
			do(func(g *game) {
				x1, z1 := g.ptr.cur.at[0], g.ptr.cur.at[2]
				if d := math.Hypot(float64(x1-x0), float64(z1-z0)); d > hexmap.OuterRadius {
					t.Errorf("zooming moved the point under the cursor from (%v, %v) to (%v, %v), %.1f away", x0, z0, x1, z1, d)
				}
				if (float64(x0)-cx)*(g.cam.X-cx)+(float64(z0)-cz)*(g.cam.Z-cz) <= 0 {
					t.Errorf("zooming in towards (%v, %v) moved the centre from (%v, %v) to (%v, %v)", x0, z0, cx, cz, g.cam.X, g.cam.Z)
				}
			}),
		}
	})
}

// The camera cannot leave a flat map so far that most of the view is
// empty: zoomed out a little with the wheel, after panning east and
// south with the keys (three seconds each, more than the 40×30 map's
// width), north-west with a right drag, and zooming out with the wheel in
// the corner, the scene picks a cell under more than half of the view's
// pixels.
func TestEditorCameraStaysOverMap(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		check := func(what string) step {
			return do(func(g *game) {
				if s := onMapShare(g); s <= 0.5 {
					t.Errorf("%s: the map fills %.0f%% of the view (camera %+v)", what, 100*s, g.cam)
				}
			})
		}
		drag := 0
		return []step{
			wait(2),
			do(func(g *game) { in.x, in.y = g.mapRect().Dx()/2, g.mapRect().Dy()/2; in.wheel = -3 }),
			holdFor(in, ebiten.KeyD, 3*time.Second),
			holdFor(in, ebiten.KeyS, 3*time.Second),
			check("panned south-east"),
			func(g *game) bool { // dragging the map south-east looks north-west
				if drag == 0 {
					in.extra = append(in.extra, Event{Kind: ButtonDown, Button: ebiten.MouseButtonRight, X: in.x, Y: in.y})
				}
				drag++
				if drag > 20 {
					in.extra = append(in.extra, Event{Kind: ButtonUp, Button: ebiten.MouseButtonRight, X: in.x, Y: in.y})
					return true
				}
				in.x, in.y = in.x+40, in.y+30
				if in.x > g.mapRect().Dx()-40 || in.y > g.mapRect().Dy()-40 {
					in.x, in.y = 40, 40
					in.extra = append(in.extra, Event{Kind: ButtonUp, Button: ebiten.MouseButtonRight, X: in.x, Y: in.y},
						Event{Kind: ButtonDown, Button: ebiten.MouseButtonRight, X: in.x, Y: in.y})
				}
				return false
			},
			wait(1),
			check("dragged north-west"),
			do(func(*game) { in.x, in.y = 30, 30; in.wheel = -4 }),
			wait(2),
			check("zoomed out in the corner"),
		}
	})
}

// Home frames the map tightly at the current rotation: after turning the
// camera (Q held) and zooming in, Home keeps the rotation, every corner
// of the map's hexagons' bounds is in the view, and the map's outline
// spans at least 85% of the view's width or height.
func TestEditorHomeFitsMapAtRotation(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var rot float64
		steps := []step{wait(2)}
		for _, turn := range []time.Duration{0, 150 * time.Millisecond, 100 * time.Millisecond} {
			steps = append(steps,
				holdFor(in, ebiten.KeyQ, turn),
				do(func(g *game) {
					rot = g.cam.Rotation
					in.x, in.y = 200, 200
					in.wheel = 2
				}),
				wait(1),
				func(*game) bool { in.chord(ebiten.KeyHome); return true },
				wait(1),
				do(func(g *game) {
					if g.cam.Rotation != rot {
						t.Errorf("Home turned the camera from %v° to %v°", rot, g.cam.Rotation)
					}
					mr := g.mapRect()
					v := g.cam.View(mr.Dx(), mr.Dy())
					x0, z0, x1, z1 := g.sess.Grid.Topology().Bounds(0)
					lo, hi := [2]float32{1e9, 1e9}, [2]float32{-1e9, -1e9}
					for _, c := range [4][2]float32{{x0, z0}, {x1, z0}, {x0, z1}, {x1, z1}} {
						sx, sy, ok := project2D(&v, vec3.T{c[0], 0, c[1]})
						if !ok || sx < 0 || sy < 0 || sx > float32(mr.Dx()) || sy > float32(mr.Dy()) {
							t.Errorf("at %.0f°, Home leaves the map's corner %v out of the view (at %v, %v)", rot, c, sx, sy)
						}
						lo = [2]float32{min(lo[0], sx), min(lo[1], sy)}
						hi = [2]float32{max(hi[0], sx), max(hi[1], sy)}
					}
					if (hi[0]-lo[0]) < 0.85*float32(mr.Dx()) && (hi[1]-lo[1]) < 0.85*float32(mr.Dy()) {
						t.Errorf("at %.0f°, Home frames the map loosely: %.0f×%.0f px of a %d×%d view", rot, hi[0]-lo[0], hi[1]-lo[1], mr.Dx(), mr.Dy())
					}
				}),
			)
		}
		return steps
	})
}

// The minimap shows the view's rotation and folds away: its arrow points
// up the minimap when the camera is not turned and right (east) when it
// is turned a quarter clockwise (E held half a second); a click on its
// fold button hides it, leaving the map's corner to the map but for a
// small tab, and a click on the tab brings it back; neither click edits
// the map.
func TestEditorMinimapTurnsAndFolds(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		steps := []step{
			wait(2),
			framesDrawn(1),
			do(func(g *game) {
				g.cam.Rotation = 0
				if dx, dy := g.mini.headingDir(&g.cam); dy > -0.99 {
					t.Errorf("unturned, the minimap's arrow points (%.2f, %.2f), not up", dx, dy)
				}
			}),
			holdFor(in, ebiten.KeyE, 500*time.Millisecond),
			do(func(g *game) {
				if dx, dy := g.mini.headingDir(&g.cam); dx < 0.99 {
					t.Errorf("turned %.0f°, the minimap's arrow points (%.2f, %.2f), not right", g.cam.Rotation, dx, dy)
				}
			}),
		}
		steps = append(steps, pressAt(in, func(g *game) image.Point { return g.mini.fold.Min.Add(image.Pt(4, 4)) })...)
		steps = append(steps, do(func(g *game) {
			if g.view.Minimap || !g.mini.rect.Empty() {
				t.Errorf("a click on the fold button left the minimap shown (%v)", g.mini.rect)
			}
			if f := g.mini.fold; f.Dx()*f.Dy() > 64*40*g.win.style.px(1)*g.win.style.px(1) {
				t.Errorf("the folded minimap's tab is %v", f)
			}
		}))
		steps = append(steps, pressAt(in, func(g *game) image.Point { return g.mini.fold.Min.Add(image.Pt(4, 4)) })...)
		return append(steps, do(func(g *game) {
			if !g.view.Minimap || g.mini.rect.Empty() {
				t.Error("a click on the tab did not bring the minimap back")
			}
			if g.sess.Modified() {
				t.Error("folding and unfolding the minimap edited the map")
			}
		}))
	})
}
