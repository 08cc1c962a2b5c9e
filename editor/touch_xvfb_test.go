//go:build xvfb

package editor

import (
	"context"
	"fmt"
	"image"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/internal/testutil"
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

// skirmish is testutil.Skirmish, the map of the touch tests.
func skirmish(t reporter) *hexmap.Grid {
	g, err := testutil.Skirmish()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// fingerTap is a finger's tap on cell's centre (looked up when reached):
// down and up a pixel or two apart within a frame.
func fingerTap(in *scriptInput, cell func() int) step {
	return seq(do(func(g *game) {
		x, y := g.cellScreen(cell())
		finger(in, TouchDown, 5, x, y)
		finger(in, TouchUp, 5, x+1, y+2)
	}), wait(1))
}

// In play a finger's first tap on a free cell shows the selected unit's
// way there, each cell with its turn, and moves nothing; a second tap
// on the same cell sends the unit. A first tap on an enemy the selected
// unit can attack shows the battle's forecast and harms no one; a second
// attacks. The numbers are worked by hand on the skirmish map: the scout's
// way to (10, 7) is its own cell and nine steps of 5 moves (45 > 36: the
// last two in the second turn), and it stops this turn after seven steps
// (35 of its 36 moves), on (8, 7).
func TestPlayFingerTwoTapsMoveAndAttack(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		grid := skirmish(t)
		cell := func(x, z int) int { return offset(t, grid, x, z) }
		unitOn := func(c int) engine.UnitInfo {
			id, ok := m().UnitAt(c)
			if !ok {
				t.Fatalf("no unit on cell %d", c)
			}
			u, _ := m().Unit(id)
			return u
		}
		var scout, blue, red engine.UnitInfo
		dest := cell(10, 7)
		return []step{
			playOn(t, in, grid),
			coverShown(t, "blue's hand-over screen"),
			passCover(t, in),
			do(func(g *game) {
				scout, blue, red = unitOn(cell(1, 7)), unitOn(cell(3, 4)), unitOn(cell(4, 4))
				for _, c := range []int{scout.Cell, dest, blue.Cell, red.Cell} {
					if x, y := g.cellScreen(c); !image.Pt(x, y).In(g.mapRect().Inset(40)) || y < g.win.style.px(barHeight)+40 {
						t.Fatalf("cell %d is at (%d, %d), off the map view %v", c, x, y, g.mapRect())
					}
				}
			}),
			fingerTap(in, func() int { return scout.Cell }),
			do(func(g *game) {
				if g.play.selected != scout.ID {
					t.Fatalf("after a tap on the scout unit %d is selected, want %d", g.play.selected, scout.ID)
				}
			}),
			fingerTap(in, func() int { return dest }),
			do(func(g *game) {
				cells, turns, ok := g.play.plannedPath()
				wantCells := []int{scout.Cell}
				for x := 2; x <= 10; x++ {
					wantCells = append(wantCells, cell(x, 7))
				}
				wantTurns := []int{0, 0, 0, 0, 0, 0, 0, 0, 1, 1}
				if !ok || !slices.Equal(cells, wantCells) || !slices.Equal(turns, wantTurns) {
					t.Errorf("after the first tap on (10, 7) the way shown is %v with turns %v (shown %v), want %v with %v", cells, turns, ok, wantCells, wantTurns)
				}
				if u := unitOn(scout.Cell); u.ID != scout.ID || u.Moves != scout.Moves {
					t.Fatalf("the first tap moved the scout: %+v on its cell", u)
				}
			}),
			fingerTap(in, func() int { return dest }),
			untilStill(t, 10*time.Second),
			do(func(g *game) {
				if u, _ := m().Unit(scout.ID); u.Cell != cell(8, 7) {
					t.Errorf("after the second tap the scout is on %d, want %d (8, 7): seven steps of 5 of its 36 moves", u.Cell, cell(8, 7))
				}
			}),
			fingerTap(in, func() int { return blue.Cell }),
			fingerTap(in, func() int { return red.Cell }),
			do(func(g *game) {
				if g.play.selected != blue.ID {
					t.Fatalf("after a tap on blue's spearman unit %d is selected, want %d", g.play.selected, blue.ID)
				}
				if _, ok := g.play.hoverForecast(); !ok {
					t.Errorf("the first tap on red's spearman shows no forecast")
				}
				if u, _ := m().Unit(red.ID); u.HP != red.HP || g.play.session.battle != nil {
					t.Fatalf("the first tap on red's spearman attacked it: %+v", u)
				}
			}),
			fingerTap(in, func() int { return red.Cell }),
			untilStill(t, 10*time.Second),
			do(func(g *game) {
				if u, alive := m().Unit(red.ID); alive && u.HP >= red.HP {
					t.Errorf("after the second tap red's spearman has %d hp of %d: not attacked", u.HP, red.HP)
				}
				if u, _ := m().Unit(blue.ID); u.Moves != 0 {
					t.Errorf("blue's spearman has %d moves left after attacking, want 0", u.Moves)
				}
			}),
		}
	})
}

// The Open dialog's list of thirty maps is no higher than
// listMaxHeight, its entries scrolled within; a finger dragged 100
// pixels up over it scrolls its content 100 pixels with it and picks no
// map; a tap on an entry then picks it.
func TestEditorFingerScrollsADialogList(t *testing.T) {
	dir, store := newMapsDir(t)
	small, err := hexmap.NewGrid(5, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	for k := range 30 {
		if err := store.Save(context.Background(), fmt.Sprintf("map%02d", k), small, nil); err != nil {
			t.Fatal(err)
		}
	}
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var l *widget.List
		var p *listParts
		var x, y, over int
		var before any
		return []step{
			wait(2),
			key(in, ebiten.KeyO, false),
			waitFor(t, "the Open dialog's list", func(g *game) bool { return findList(g) != nil }),
			wait(2),
			do(func(g *game) {
				l = findList(g)
				var ok bool
				if p, ok = l.GetWidget().CustomData.(*listParts); !ok || p.view == nil || p.bar == nil {
					t.Fatalf("the list carries no scroll view and bar: %+v", l.GetWidget().CustomData)
				}
				if h := l.GetWidget().Rect.Dy(); h > g.win.style.px(listMaxHeight) {
					t.Errorf("the list is %d pixels high, more than %d", h, g.win.style.px(listMaxHeight))
				}
				if over = p.view.ContentRect().Dy() - p.view.ViewRect().Dy(); over < 150 {
					t.Fatalf("the list's content %v overflows its view %v by %d pixels only", p.view.ContentRect(), p.view.ViewRect(), over)
				}
				if p.view.ScrollTop != 0 {
					t.Fatalf("the list opens scrolled to %g", p.view.ScrollTop)
				}
				before = l.SelectedEntry()
				r := p.view.ViewRect()
				x, y = (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
				finger(in, TouchDown, 4, x, y)
			}),
			do(func(*game) { finger(in, TouchMove, 4, x, y-20) }),
			do(func(*game) { finger(in, TouchMove, 4, x+3, y-60) }),
			do(func(*game) { finger(in, TouchMove, 4, x+3, y-100) }),
			do(func(*game) { finger(in, TouchUp, 4, x+3, y-100) }),
			wait(2),
			do(func(g *game) {
				if got := p.view.ScrollTop * float64(over); math.Abs(got-100) > 1 {
					t.Errorf("the list scrolled %.1f pixels, want 100", got)
				}
				if l.SelectedEntry() != before || len(g.dialogs) != 1 {
					t.Errorf("the drag picked %v (before: %v), %d dialogs open", l.SelectedEntry(), before, len(g.dialogs))
				}
				finger(in, TouchDown, 5, x, y)
				finger(in, TouchUp, 5, x+1, y+1)
			}),
			wait(2),
			do(func(g *game) {
				if e, ok := l.SelectedEntry().(listEntry); !ok || e == before {
					t.Errorf("a tap on the scrolled list picked %v, want a map", l.SelectedEntry())
				}
			}),
		}
	})
}

// In a window narrow enough for the game bar's lines of three (400
// pixels), each of the bar's texts (the round, the selected unit with
// its hit points, its moves) fits its column and its row as
// ebitenui measures it: a long one wraps rather than running over the
// next; the bar's box grows with it, holding every widget.
func TestPlayBarTextsFitTheirColumnsWhenNarrow(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditorSized(t, 400, 800, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		grid := skirmish(t)
		return []step{
			waitFor(t, "the 400×800 window", func(g *game) bool { return g.win.w == 400 && g.win.h == 800 }),
			wait(2),
			do(func(g *game) {
				g.sess.Replace("", grid, false)
				g.resetView()
			}),
			tap(in, ebiten.KeyTab),
			coverShown(t, "blue's hand-over screen"),
			passCover(t, in),
			do(func(g *game) {
				id, ok := g.play.session.match.UnitAt(offset(t, grid, 3, 4))
				if !ok || g.play.bar.columns != 3 {
					t.Fatalf("blue's spearman found %v; the bar in lines of %d", ok, g.play.bar.columns)
				}
				g.play.selected = id
			}),
			wait(3),
			do(func(g *game) {
				root := g.play.bar.root.GetWidget().Rect
				for _, w := range g.play.bar.grid.Children() {
					if r := w.GetWidget().Rect; !r.In(root) {
						t.Errorf("a widget of the bar at %v lies outside the bar's box %v", r, root)
					}
				}
				for _, tx := range g.play.bar.texts {
					w, h := tx.PreferredSize()
					if r := tx.GetWidget().Rect; w > r.Dx() || h > r.Dy() {
						t.Errorf("the bar's text %q needs %d×%d pixels, its place %v is %d×%d", tx.Label, w, h, r, r.Dx(), r.Dy())
					}
				}
			}),
		}
	})
}
