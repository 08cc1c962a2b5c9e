//go:build xvfb

package editor

import (
	"fmt"
	"image"
	"image/color"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/nav"
	"hexsandbox/palette"
	"hexsandbox/topdown"
)

// ordersMap is a flat 20×15 map of level land cut by a column of cliffs
// at x = 10 with one gap at (10, 7), with units.
func ordersMap(t *testing.T, units ...hexmap.Unit) *hexmap.Grid {
	g, err := hexmap.NewGrid(20, 15, 1)
	if err != nil {
		t.Fatal(err)
	}
	for z := range 15 {
		if z != 7 {
			g.SetElevation(offsetOf(g, 10, z), 3)
		}
	}
	for _, u := range units {
		if err := g.AddUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// unitAt is a unit of side and type at offset (x, z).
func unitAt(x, z, side int, typ string) hexmap.Unit {
	return hexmap.Unit{Location: hexmap.FromOffset(x, z), Side: uint8(side), Type: typ}
}

// endRound ends blue's turn and red's, passing both hand-over screens.
func endRound(t reporter, in *scriptInput) step {
	return seq(
		tap(in, ebiten.KeyEnter), coverShown(t, "red's hand-over screen"), passCover(t, in),
		tap(in, ebiten.KeyEnter), coverShown(t, "blue's hand-over screen"), passCover(t, in),
	)
}

// miniPixel is the minimap's pixel over cell i's centre in frame img.
func miniPixel(g *game, img *image.RGBA, i int) color.RGBA {
	x, z := g.sess.Grid.Topology().CellCenter(i)
	sx, sy := g.mini.screen(x, z)
	return img.RGBAAt(int(sx), int(sy))
}

// sameRGB reports whether two colours agree within tol in each channel.
func sameRGB(a color.RGBA, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// A standing order through the input path, on a hot-seat match: blue's
// spearman, clicked to a cell three turns away (so says nav, and the
// turns overlay, on for it with T, agrees with nav cell by cell), goes
// as far as this turn allows and keeps its destination; N passes over
// it; the order's way is drawn when it is selected; the order survives
// saving and reopening the match; at blue's next two turns it goes on
// by itself and stands on the cell in the engine's state, the order
// done. The minimap in play shows blue's explored cells only (an
// unexplored cell and the unseen red scout in the background colour,
// blue's spearman a dot), where edit mode's shows the map.
func TestPlayStandingOrder(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	grid := ordersMap(t, unitAt(2, 7, 1, "spearman"), unitAt(2, 11, 1, "scout"), unitAt(17, 2, 2, "scout"))
	start, dest, gap := offsetOf(grid, 2, 7), offsetOf(grid, 13, 7), offsetOf(grid, 10, 7)
	blind := offsetOf(grid, 14, 10) // far from every unit: no side explores it
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		var frame *image.RGBA
		var spear, scout int
		spearCell := func() int { u, _ := m().Unit(spear); return u.Cell }
		return []step{
			playOn(t, in, grid),
			coverShown(t, "blue's hand-over screen"),
			passCover(t, in),
			do(func(g *game) {
				spear, _ = m().UnitAt(start)
				scout, _ = m().UnitAt(offsetOf(grid, 2, 11))
				g.fitMap()
			}),
			wait(2),
			grab(&frame),
			do(func(g *game) {
				if m().Explored(1, blind) {
					t.Fatal("blue has explored the far cell already")
				}
				back := palette.Back
				if p := miniPixel(g, frame, blind); !sameRGB(p, back, 0) {
					t.Errorf("play minimap: unexplored cell %d is %v, want the background %v", blind, p, back)
				}
				if p := miniPixel(g, frame, offsetOf(grid, 17, 2)); !sameRGB(p, back, 0) {
					t.Errorf("play minimap: the unseen red scout's cell is %v, want the background", p)
				}
				if p := miniPixel(g, frame, start); !sameRGB(p, ownPaint().text(1), 2) {
					t.Errorf("play minimap: blue's spearman's cell is %v, want its dot %v", p, ownPaint().text(1))
				}
			}),
			captureStep(t, filepath.Join(shots, "play-minimap.png")),
			tap(in, ebiten.KeyTab),
			wait(2),
			grab(&frame),
			do(func(g *game) {
				want := topdown.CellColor(grid.Cell(blind))
				if p := miniPixel(g, frame, blind); !sameRGB(p, want, 2) {
					t.Errorf("edit minimap: cell %d is %v, want its colour %v", blind, p, want)
				}
			}),
			tap(in, ebiten.KeyTab),
			coverShown(t, "blue's hand-over screen, back in play"),
			passCover(t, in),
			clickCell(in, func() int { return start }),
			wait(1),
			tap(in, ebiten.KeyV),
			tap(in, ebiten.KeyT),
			wait(1),
			do(func(g *game) {
				if g.play.selected != spear {
					t.Fatalf("selected %d, want the spearman %d", g.play.selected, spear)
				}
				f := nav.NewFinder(grid)
				defer f.Close()
				dist := f.Distances(nav.Query{From: start, Speed: 24}, nil)
				got := g.play.turnsTo()
				shown := 0
				for i, d := range dist {
					if _, held := m().UnitAt(i); held && i != start || d < 0 {
						continue
					}
					want := nav.Turn(d, 24) + 1
					if i == start {
						want = -1
					}
					if got[i] != want {
						t.Errorf("cell %d labelled %d, nav's turn %d", i, got[i], want)
					}
					shown++
				}
				if shown < 200 || got[dest] != 3 {
					t.Errorf("%d cells compared; the destination is labelled %d, want 3 (hand-worked: 4 cells a turn)", shown, got[dest])
				}
				p, ok := f.FindPath(nav.Query{From: start, To: dest, Speed: 24})
				if !ok || p.Turns() != 3 {
					t.Fatalf("nav: the destination is %d turns away, want 3", p.Turns())
				}
			}),
			hoverCell(in, func() int { return dest }),
			wait(2),
			captureStep(t, filepath.Join(shots, "play-turns.png")),
			tap(in, ebiten.KeyT),
			tap(in, ebiten.KeyV),
			clickCell(in, func() int { return dest }),
			untilStill(t, 20*time.Second),
			do(func(g *game) {
				if d := grid.Topology().Distance(spearCell(), start); d != 4 {
					t.Errorf("after the click the spearman is %d cells on, want 4 (this turn's reach)", d)
				}
				if o, ok := g.play.session.orders.of(spear); !ok || o.To != (engine.Cell{13, 7}) {
					t.Errorf("the spearman's standing order: %+v %v", o, ok)
				}
			}),
			tap(in, ebiten.KeyEscape),
			tap(in, ebiten.KeyN),
			wait(1),
			do(func(g *game) {
				if g.play.selected != scout {
					t.Errorf("N selected unit %d, want the scout %d (the spearman has orders)", g.play.selected, scout)
				}
			}),
			clickCell(in, spearCell),
			hoverCell(in, func() int { return offsetOf(grid, 5, 12) }),
			wait(2),
			do(func(g *game) {
				way, ok := g.play.orderPath()
				if !ok || way[0] != spearCell() || way[len(way)-1] != dest {
					t.Errorf("the standing order's way drawn: %v %v", way, ok)
				}
			}),
			captureStep(t, filepath.Join(shots, "play-order.png")),
			saveAndReopen(t, in, dir, "ordered", func(match []byte) {
				if !strings.Contains(string(match), `"orders":[{"unit":`) {
					t.Fatal("the saved match has no orders")
				}
			}),
			coverShown(t, "blue's hand-over screen after opening"),
			passCover(t, in),
			wait(2),
			do(func(g *game) {
				if _, ok := g.play.session.orders.of(spear); !ok {
					t.Fatal("the reopened match lost the standing order")
				}
				if d := grid.Topology().Distance(spearCell(), start); d != 4 {
					t.Errorf("after reopening the spearman is %d cells on, want 4", d)
				}
			}),
			endRound(t, in),
			untilStill(t, 20*time.Second),
			within(t, 20*time.Second, "the spearman goes on in round 2", func(g *game) bool { return spearCell() == gap }),
			endRound(t, in),
			within(t, 20*time.Second, "the spearman arrives in round 3", func(g *game) bool { return spearCell() == dest }),
			untilStill(t, 20*time.Second),
			do(func(g *game) {
				if _, ok := g.play.session.orders.of(spear); ok || m().Round() != 3 {
					t.Errorf("round %d: the order is still there after arriving", m().Round())
				}
				var moves []int // the round of each move of the spearman (two sides: two ends a round)
				ends := 0
				for _, c := range m().Log() {
					switch {
					case c.Cmd == "end":
						ends++
					case c.Cmd == "move" && c.Unit == spear:
						moves = append(moves, 1+ends/2)
					}
				}
				if fmt.Sprint(moves) != "[1 2 3]" {
					t.Errorf("the spearman's moves by the log came in rounds %v, want [1 2 3]", moves)
				}
			}),
			captureStep(t, filepath.Join(shots, "play-order-arrived.png")),
		}
	})
}

// A standing order whose way is blocked through the input path: blue's
// scout is sent through the one gap in a wall of cliffs, beyond its
// reach; red's scout steps into the gap; at blue's next turn the order
// is dropped, the scout stays, and the status line says why.
func TestPlayStandingOrderBlocked(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	grid := ordersMap(t, unitAt(0, 7, 1, "scout"), unitAt(14, 5, 2, "scout"))
	start, dest, gap := offsetOf(grid, 0, 7), offsetOf(grid, 18, 7), offsetOf(grid, 10, 7)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		var blue, red, stop int
		return []step{
			playOn(t, in, grid),
			coverShown(t, "blue's hand-over screen"),
			passCover(t, in),
			do(func(g *game) {
				blue, _ = m().UnitAt(start)
				red, _ = m().UnitAt(offsetOf(grid, 14, 5))
				g.fitMap()
			}),
			wait(2),
			clickCell(in, func() int { return start }),
			clickCell(in, func() int { return dest }),
			untilStill(t, 20*time.Second),
			do(func(g *game) {
				u, _ := m().Unit(blue)
				stop = u.Cell
				if _, ok := g.play.session.orders.of(blue); !ok || stop == dest {
					t.Fatalf("blue's scout on %d without a standing order", stop)
				}
			}),
			tap(in, ebiten.KeyEnter),
			coverShown(t, "red's hand-over screen"),
			passCover(t, in),
			clickCell(in, func() int { u, _ := m().Unit(red); return u.Cell }),
			clickCell(in, func() int { return gap }),
			untilStill(t, 20*time.Second),
			do(func(g *game) {
				if u, _ := m().Unit(red); u.Cell != gap {
					t.Fatalf("red's scout on %d, sent to the gap %d", u.Cell, gap)
				}
			}),
			tap(in, ebiten.KeyEnter),
			coverShown(t, "blue's hand-over screen"),
			passCover(t, in),
			within(t, 5*time.Second, "the blocked order dropped", func(g *game) bool {
				_, ok := g.play.session.orders.of(blue)
				return !ok
			}),
			wait(2),
			do(func(g *game) {
				if u, _ := m().Unit(blue); u.Cell != stop {
					t.Errorf("blue's scout moved from %d to %d", stop, u.Cell)
				}
				if n := g.liveNotice(); !strings.Contains(n, "Order dropped") || !strings.Contains(n, "the way is blocked") {
					t.Errorf("status line: %q", n)
				}
			}),
			captureStep(t, filepath.Join(shots, "play-order-dropped.png")),
		}
	})
}
