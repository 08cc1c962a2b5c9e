//go:build xvfb

package editor

import (
	"image"
	"image/color"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/prefs"
	"hexsandbox/hexmap"
	"hexsandbox/vision"
)

// grab copies the next drawn frame into *dst.
func grab(dst **image.RGBA) step {
	return onFrame(func(img *ebiten.Image) {
		rgba := image.NewRGBA(img.Bounds())
		img.ReadPixels(rgba.Pix)
		*dst = rgba
	})
}

// settled waits until no cell of the fog is fading, at most limit of the
// editor's time.
func settled(t reporter, limit time.Duration) step {
	return within(t, limit, "the fog did not settle", func(g *game) bool {
		d := g.fogData()
		return d == nil || d.Settled()
	})
}

// fogState is what side 1 knows of a cell: 0 unexplored, 1 explored out
// of sight, 2 seen.
func fogState(g *game, i int) int {
	if g.playing() {
		m := g.play.session.match
		switch {
		case m.Sees(1, i):
			return 2
		case m.Explored(1, i):
			return 1
		}
		return 0
	}
	switch {
	case g.world.fog.vision.Visible(1, i):
		return 2
	case g.sess.Grid.Explored(i, 1):
		return 1
	}
	return 0
}

func countExplored(g *hexmap.Grid, side int) int {
	n := 0
	for i := range g.Topology().CellCount() {
		if g.Explored(i, side) {
			n++
		}
	}
	return n
}

// closeTo reports whether colours a and b differ by at most tol per channel.
func closeTo(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return abs(int(x)-int(y)) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

func scaled(c color.RGBA, f float64) color.RGBA {
	s := func(v uint8) uint8 { return uint8(float64(v)*f + 0.5) }
	return color.RGBA{s(c.R), s(c.G), s(c.B), 255}
}

func luma(c color.RGBA) int { return 299*int(c.R) + 587*int(c.G) + 114*int(c.B) }

// Fog of war through the editor, side 1 playing: a blue unit walks three
// cells and back, a red one stands far off. Checked on the pixels of the
// cells' centres (plain dry cells whose centre the pick confirms):
// unexplored cells are the background
// #68615B and stay so, and the red unit among them is not drawn; cells
// the walk brings into view change from the background to the map as
// the revealed map shows it; cells left behind are dimmed to a quarter
// and brighten to full again when the unit comes back (next turn, after
// red's, in which the view is red's).
func TestFogOfWar(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		grid := func() *hexmap.Grid { return g.sess.Grid }
		var a, b, red int
		var before, after, revealed, back *image.RGBA
		var stateBefore, stateAfter, stateBack []int
		states := func(dst *[]int) step {
			return do(func(g *game) {
				*dst = make([]int, grid().Topology().CellCount())
				for i := range *dst {
					(*dst)[i] = fogState(g, i)
				}
			})
		}
		plain := func(i int) bool {
			c := grid().Cell(i)
			return !c.IsUnderwater() && !c.HasRiver() && !c.HasRoads() && !grid().Occupied(i)
		}
		return []step{
			wait(2),
			fullWindow(t),
			do(func(g *game) {
				// Full resolution in every frame: the automatic one follows
				// the wall clock, and a frame drawn smaller on a loaded
				// machine would shift the pixels compared between frames.
				g.view.Quality = prefs.Prefs{Shadows: true, Resolution: 100}
				// No units and nothing explored, then the view from the
				// map's camera at a middle zoom.
				grid().SetUnits(nil)
				grid().SetExploration(make([]uint8, grid().Topology().CellCount()))
				g.resetView()
				g.cam.Zoom = 0.3 // wide enough for the cells the test picks
				g.cam.Clamp()
			}),
			wait(1),
			do(func(g *game) {
				top := grid().Topology()
				centre := centreCell(t, g)
				a = -1
				for i := range grid().Topology().CellCount() {
					if top.Distance(i, centre) <= 1 && plain(i) && top.Explorable(i) {
						a = i
						break
					}
				}
				if a < 0 {
					t.Fatal("no dry cell at the view's centre")
				}
				grid().AddUnit(hexmap.Unit{Location: grid().Topology().Coordinates(a), Side: 1, MovesLeft: hexmap.UnitSpeed})
				// b: three cells off, reached this turn, the one that brings
				// the most cells into view on screen; red: far from both.
				g.world.fog.vision.Sync() // the unit's sight explores around it
				b, red = -1, -1
				tried, best := 0, -1
				for i := range grid().Topology().CellCount() {
					if top.Distance(i, a) == 3 && plain(i) {
						tried++
						if p, ok := g.world.game.Plan(0, i); ok && p.Turn(len(p.Cells)-1) == 0 {
							if n := newOnScreen(g, a, i); n > best {
								b, best = i, n
							}
						}
					}
				}
				if b < 0 {
					t.Fatalf("no cell three steps from the unit at %d reached this turn (%d tried; %d cells explored)", a, tried, countExplored(grid(), 1))
				}
				for i := range grid().Topology().CellCount() {
					if red < 0 && top.Distance(i, a) >= 7 && top.Distance(i, b) >= 7 && plain(i) {
						if x, y := g.cellScreen(i); image.Pt(x, y).In(g.mapRect().Inset(80)) && y > g.win.style.px(barHeight)+60 {
							red = i
						}
					}
				}
				if red < 0 {
					t.Fatal("no cell on screen far from the way for the red unit")
				}
				grid().AddUnit(hexmap.Unit{Location: grid().Topology().Coordinates(red), Side: 2, MovesLeft: hexmap.UnitSpeed})
			}),
			tap(in, ebiten.KeyTab),
			coverShown(t, "blue's hand-over screen"),
			passCover(t, in),
			settled(t, 10*time.Second),
			tap(in, ebiten.KeyEscape),
			wait(2),
			states(&stateBefore),
			grab(&before),
			clickCell(in, func() int { return a }),
			clickCell(in, func() int { return b }),
			untilStill(t, 20*time.Second),
			settled(t, 10*time.Second),
			tap(in, ebiten.KeyEscape),
			wait(2),
			states(&stateAfter),
			grab(&after),
			captureStep(t, filepath.Join(shots, "fog-play.png")),
			do(func(g *game) {
				if slices.ContainsFunc(g.play.session.figs.ids, func(id int) bool { return g.play.session.unitSide(id) == 2 }) {
					t.Error("the red unit, out of side 1's sight, is drawn")
				}
			}),
			tap(in, ebiten.KeyV),
			wait(3),
			grab(&revealed),
			captureStep(t, filepath.Join(shots, "fog-revealed.png")),
			do(func(g *game) {
				if !g.view.Reveal || !slices.ContainsFunc(g.play.session.figs.ids, func(id int) bool { return g.play.session.unitSide(id) == 2 }) {
					t.Error("Reveal map (V) does not show the red unit")
				}
			}),
			tap(in, ebiten.KeyV),
			// Red's turn and back: blue gets its moves again.
			tap(in, ebiten.KeyEnter),
			coverShown(t, "red's hand-over screen"),
			passCover(t, in),
			do(func(g *game) {
				if g.fogData().Side() != 2 {
					t.Errorf("in red's turn the fog shows side %d's view", g.fogData().Side())
				}
			}),
			tap(in, ebiten.KeyEnter),
			coverShown(t, "blue's hand-over screen"),
			passCover(t, in),
			clickCell(in, func() int { return b }),
			clickCell(in, func() int { return a }),
			untilStill(t, 20*time.Second),
			settled(t, 10*time.Second),
			tap(in, ebiten.KeyEscape),
			wait(2),
			states(&stateBack),
			grab(&back),
			captureStep(t, filepath.Join(shots, "fog-back.png")),
			do(func(g *game) {
				checkFogPixels(t, g, a, b, plain, [3][]int{stateBefore, stateAfter, stateBack}, [4]*image.RGBA{before, after, revealed, back})
				// Hot-seat: the camera far from every unit, the next
				// side's turn starts with its unit in view.
				g.cam.X, g.cam.Z = 0, 0
				g.cam.Clamp()
				if onView(g, red) {
					t.Fatal("the red unit is in view from the map's corner")
				}
			}),
			tap(in, ebiten.KeyEnter),
			coverShown(t, "red's hand-over screen"),
			passCover(t, in),
			do(func(g *game) {
				if side := g.play.session.side(); side != 2 || !onView(g, red) {
					t.Errorf("red's turn (side %d in turn) starts with its unit at %d out of view", side, red)
				}
			}),
		}
	})
}

// onView reports whether cell i's centre is within the map's part of
// the window.
func onView(g *game, i int) bool {
	x, y := g.cellScreen(i)
	return image.Pt(x, y).In(g.mapRect())
}

// newOnScreen counts the plain cells well inside the map's part of the
// window that a unit's sight from cell b would bring into view and its
// sight from cell a does not see.
func newOnScreen(g *game, a, b int) int {
	grid := g.sess.Grid
	s := vision.NewSight(grid)
	seen := s.Cells(a, vision.Range, nil)
	n := 0
	for _, c := range s.Cells(b, vision.Range, nil) {
		x, y := g.cellScreen(int(c))
		if !slices.Contains(seen, c) && image.Pt(x, y).In(g.mapRect().Inset(40)) && y > g.win.style.px(barHeight)+60 {
			n++
		}
	}
	return n
}

// checkFogPixels checks the frames before the walk, after it, revealed
// and back, against side 1's states of the cells in each.
func checkFogPixels(t reporter, g *game, a, b int, plain func(int) bool, st [3][]int, frames [4]*image.RGBA) {
	grid := g.sess.Grid
	top := grid.Topology()
	bg := color.RGBA{0x68, 0x61, 0x5b, 0xff}
	at := func(img *image.RGBA, x, y int) color.RGBA { return img.RGBAAt(x, y) }
	var unexplored, appeared, dimmed int
	for i := range grid.Topology().CellCount() {
		if !plain(i) || top.Distance(i, a) <= 1 || top.Distance(i, b) <= 1 {
			continue // the units' cells and the cursor's outline
		}
		// A cell's centre lies in its solid hexagon, where the fog is the
		// cell's own (the blend reaches only its edges and corners).
		x, y := g.cellScreen(i)
		mr := g.mapRect()
		// Off the game bar and the toasts under it, and off the minimap.
		if !image.Pt(x, y).In(mr.Inset(4)) || y < g.win.style.px(barHeight)+60 || g.mini.contains(x, y) {
			continue
		}
		if c, _, ok := g.scene.Pick(&g.cam, mr.Dx(), mr.Dy(), float64(x), float64(y)); !ok || c != i {
			continue // something of another cell stands in front
		}
		pb, pa, pr, pk := at(frames[0], x, y), at(frames[1], x, y), at(frames[2], x, y), at(frames[3], x, y)
		for k, s := range []int{st[0][i], st[1][i], st[2][i]} {
			p := [3]color.RGBA{pb, pa, pk}[k]
			ok := true
			switch s {
			case 0:
				ok = closeTo(p, bg, 3)
			case 1:
				ok = closeTo(p, scaled(pr, 0.25), 6)
			case 2:
				ok = closeTo(p, pr, 6)
			}
			if !ok {
				t.Errorf("cell %d in frame %d, state %d: pixel (%d, %d) is %v (revealed %v, background %v)", i, k, s, x, y, p, pr, bg)
			}
		}
		switch {
		case st[0][i] == 0 && st[1][i] == 0 && st[2][i] == 0:
			unexplored++
		case st[0][i] == 0 && st[1][i] == 2:
			if closeTo(pr, bg, 10) {
				continue // a cell that looks like the background anyway
			}
			appeared++
		}
		if st[1][i] == 1 && st[2][i] == 2 {
			dimmed++
			if luma(pk) <= luma(pa) {
				t.Errorf("cell %d: back in sight, pixel %v is not brighter than out of sight %v", i, pk, pa)
			}
		}
	}
	if unexplored < 10 || appeared < 3 || dimmed < 3 {
		t.Errorf("too few cells to judge: %d unexplored, %d came into view, %d left behind and seen again", unexplored, appeared, dimmed)
	}
}
