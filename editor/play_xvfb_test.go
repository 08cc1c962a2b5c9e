//go:build xvfb

package editor

import (
	"image"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/nav"
	"hexsandbox/saves"
)

// clickable reports whether a click on cell i's centre reaches the cell
// in edit mode: on the map view and not on the minimap.
func clickable(g *game, i int) bool {
	x, y := g.cellScreen(i)
	return image.Pt(x, y).In(g.mapRect()) && !g.mini.contains(x, y)
}

// within waits until cond holds, for at most d of the editor's clock
// (which a script steps by 1/60 s a tick, however slow the machine);
// then it reports that what did not happen.
func within(t reporter, d time.Duration, what string, cond func(g *game) bool) step {
	var start time.Time
	return func(g *game) bool {
		if cond(g) {
			return true
		}
		if start.IsZero() {
			start = g.clock.Now()
		}
		if g.clock.Now().Sub(start) > d {
			t.Errorf("%s within %v", what, d)
			return true
		}
		return false
	}
}

// untilStill waits for a move under way to end, at most limit of the
// editor's time.
func untilStill(t reporter, limit time.Duration) step {
	return within(t, limit, "the unit did not stop", func(g *game) bool {
		_, moving := g.world.game.Travelling()
		return !moving
	})
}

// underWay waits until the moving unit has left its first cell, at most
// ten seconds of the editor's time.
func underWay(t reporter, from func() int) step {
	return within(t, 10*time.Second, "the unit did not get under way", func(g *game) bool {
		k, moving := g.world.game.Travelling()
		return moving && g.sess.Grid.UnitCell(k) != from()
	})
}

// twoTurnsAway finds, on g's map, a dry cell for a unit near the view's
// centre and a destination well inside the view (below the game bar)
// whose path takes two turns (its last cell is reached in turn 1) with
// at least three cells this turn, away from the second unit's cell.
func twoTurnsAway(t reporter, g *game, other int) (from, to int, p nav.Path) {
	grid := g.sess.Grid
	f := nav.NewFinder(grid)
	defer f.Close()
	centre := centreCell(t, g)
	var cands []int
	for i := range grid.Topology().CellCount() {
		if !grid.Cell(i).IsUnderwater() && grid.Topology().Distance(i, centre) <= 2 {
			cands = append(cands, i)
		}
	}
	inView := func(i int) bool {
		x, y := g.cellScreen(i)
		mr := g.mapRect()
		return x > mr.Min.X+80 && x < mr.Max.X-80 && y > mr.Min.Y+g.win.style.px(barHeight)+60 && y < mr.Max.Y-60 && clickable(g, i)
	}
	for _, from := range cands {
		for to := range grid.Topology().CellCount() {
			if grid.Topology().Distance(to, other) < 3 || !inView(to) || !inView(other) {
				continue
			}
			p, ok := f.FindPath(nav.Query{From: from, To: to, Speed: hexmap.UnitSpeed})
			if !ok || p.Turn(len(p.Cells)-1) != 1 || p.Turn(3) != 0 || slices.Contains(p.Cells, other) {
				continue
			}
			return from, to, nav.Path{Cells: slices.Clone(p.Cells), Distances: slices.Clone(p.Distances), Speed: p.Speed}
		}
	}
	t.Fatal("no cell two turns from the centre")
	return 0, 0, nav.Path{}
}

// extraCell is the stroke that clicks extra[k], or none if there are
// fewer extra cells.
func extraCell(extra []int, k int) []int {
	if k < len(extra) {
		return extra[k : k+1]
	}
	return nil
}

// Play through the editor's input path: units of two sides placed with
// the unit tool, Tab into play mode, a unit sent to a cell two turns
// away (it stops where this turn's moves end, the static scene is not
// redrawn while it walks), End Turn twice (the other side cannot move
// it meanwhile), the unit moved on to its destination, then the map saved,
// reopened and compared, units and turn included.
func TestPlayEndToEnd(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		grid := func() *hexmap.Grid { return g.sess.Grid }
		var from, to, red, firstStop int
		var extra []int // more units of both sides, off the way
		var plan nav.Path
		var opaque int
		var saved *hexmap.Grid
		unitOn := func(cell int) int {
			k, ok := grid().UnitAt(cell)
			if !ok {
				t.Fatalf("no unit on cell %d", cell)
			}
			return k
		}
		return []step{
			wait(2),
			fullWindow(t),
			do(func(g *game) {
				red = step1(grid(), step1(grid(), step1(grid(), centreCell(t, g), hexmap.W), hexmap.W), hexmap.NW)
				from, to, plan = twoTurnsAway(t, g, red)
				for k := range plan.Cells {
					if plan.Turn(k) == 0 {
						firstStop = plan.Cells[k]
					}
				}
				top := grid().Topology()
				for i := range grid().Topology().CellCount() {
					near := top.Distance(i, from) == 3 || top.Distance(i, red) == 2
					clear := !slices.Contains(plan.Cells, i) && top.Distance(i, to) > 1 && i != red
					if near && clear && clickable(g, i) && !grid().Cell(i).IsUnderwater() && len(extra) < 4 && i%3 == 0 {
						extra = append(extra, i)
					}
				}
			}),
			// Edit mode: a blue unit and a red one, placed by clicking.
			setTools(func(s *tools.Settings) { s.Tool, s.Units, s.UnitSide = tools.ToolUnits, tools.Yes, 1 }),
			stroke(t, in, func() []int { return []int{from} }),
			setTools(func(s *tools.Settings) { s.Tool, s.Units, s.UnitSide = tools.ToolUnits, tools.Yes, 2 }),
			stroke(t, in, func() []int { return []int{red} }),
			do(func(g *game) {
				if len(grid().Units()) != 2 || grid().Units()[unitOn(from)].Side != 1 || grid().Units()[unitOn(red)].Side != 2 {
					t.Fatalf("units after placing: %v", grid().Units())
				}
			}),
			// A click on each extra cell places a unit there, half of them
			// blue, half red.
			setTools(func(s *tools.Settings) { s.Tool, s.Units, s.UnitSide = tools.ToolUnits, tools.Yes, 1 }),
			stroke(t, in, func() []int { return extraCell(extra, 0) }),
			stroke(t, in, func() []int { return extraCell(extra, 1) }),
			setTools(func(s *tools.Settings) { s.Tool, s.Units, s.UnitSide = tools.ToolUnits, tools.Yes, 2 }),
			stroke(t, in, func() []int { return extraCell(extra, 2) }),
			stroke(t, in, func() []int { return extraCell(extra, 3) }),
			do(func(g *game) {
				if len(grid().Units()) != 2+len(extra) {
					t.Errorf("%d units after placing %d more", len(grid().Units()), len(extra))
				}
				// Blue has explored the way (unexplored cells are no way
				// through); fog_xvfb_test.go plays with the fog itself.
				for _, i := range plan.Cells {
					grid().Explore(i, 1)
				}
			}),
			tap(in, ebiten.KeyTab),
			wait(1),
			do(func(g *game) {
				if !(g.mode == g.play) || g.play.bar.root.GetWidget().GetVisibility() != widget.Visibility_Show ||
					g.edit.panel.root.GetWidget().GetVisibility() == widget.Visibility_Show {
					t.Fatal("Tab did not switch to play mode with the game bar")
				}
			}),
			clickCell(in, func() int { return from }),
			hoverCell(in, func() int { return to }),
			wait(2),
			do(func(g *game) {
				if g.play.selected != unitOn(from) {
					t.Fatalf("selected %d, want the blue unit", g.play.selected)
				}
				cells, turns, ok := g.play.plannedPath()
				if !ok || !slices.Equal(cells, plan.Cells) || turns[len(turns)-1] != 1 {
					t.Fatalf("path shown %v turns %v, want %v ending in turn 1 (hover %d %v, cursor %d,%d, to %d)", cells, turns, plan.Cells, g.ptr.cur.cell, g.ptr.cur.ok, in.x, in.y, to)
				}
				if len(g.play.reachable()) == 0 || !slices.Contains(g.play.reachable(), firstStop) {
					t.Error("the cells reachable this turn do not include the first stop")
				}
				if info := g.play.barInfo(); info.moves != "24 / 24" {
					t.Errorf("game bar: %q %q", info.unit, info.moves)
				}
			}),
			captureStep(t, filepath.Join(shots, "play-path.png")),
			clickCell(in, func() int { return to }),
			underWay(t, func() int { return from }),
			do(func(g *game) { opaque = g.scene.(*renderScene).r.OpaqueDraws }),
			captureStep(t, filepath.Join(shots, "play-moving.png")),
			untilStill(t, 20*time.Second),
			do(func(g *game) {
				if d := g.scene.(*renderScene).r.OpaqueDraws - opaque; d != 0 {
					t.Errorf("the static scene was redrawn %d times while the unit walked", d)
				}
				k := unitOn(firstStop)
				if u := grid().Units()[k]; int(u.MovesLeft) != hexmap.UnitSpeed-plan.Distances[slices.Index(plan.Cells, firstStop)] {
					t.Errorf("moves left %d after reaching distance %d", u.MovesLeft, plan.Distances[slices.Index(plan.Cells, firstStop)])
				}
			}),
			// End Turn (the key): red's turn; blue cannot move.
			tap(in, ebiten.KeyEnter),
			wait(1),
			clickCell(in, func() int { return firstStop }),
			clickCell(in, func() int { return to }),
			wait(2),
			do(func(g *game) {
				if grid().SideInTurn() != 2 {
					t.Errorf("side %d in turn after End Turn", grid().SideInTurn())
				}
				if _, moving := g.world.game.Travelling(); moving || !grid().Occupied(firstStop) {
					t.Error("blue moved in red's turn")
				}
			}),
			// End Turn (the button): blue again, with its moves back.
			do(func(g *game) { g.play.bar.endTurn.Click() }),
			wait(1),
			clickCell(in, func() int { return firstStop }),
			clickCell(in, func() int { return to }),
			untilStill(t, 20*time.Second),
			do(func(g *game) {
				if grid().SideInTurn() != 1 {
					t.Errorf("side %d in turn after the second End Turn", grid().SideInTurn())
				}
				if !grid().Occupied(to) || grid().Units()[unitOn(to)].Side != 1 || grid().Occupied(firstStop) {
					t.Errorf("after moving on: units %v, want the blue one on %d", grid().Units(), to)
				}
				if !g.sess.Modified() {
					t.Error("a map whose units moved reads as saved")
				}
			}),
			// Save (Ctrl+S asks for a name), reopen, compare.
			key(in, ebiten.KeyS, false),
			wait(1),
			do(func(g *game) { setField(t, g, "played") }),
			click(t, "Save"),
			idle(),
			do(func(g *game) {
				var err error
				saved, _, err = saves.LoadFile(filepath.Join(dir, "played.hexmap"))
				if err != nil {
					t.Fatal(err)
				}
				if !saved.Equal(grid()) || !slices.Equal(saved.Units(), grid().Units()) || saved.SideInTurn() != 1 {
					t.Errorf("saved units %v side %d, the editor has %v", saved.Units(), saved.SideInTurn(), grid().Units())
				}
				// Each side's exploration is saved: blue's sight along its
				// way, beyond the path the test explored for it; red's
				// around its unit, which never moved.
				if !slices.Equal(saved.Exploration(), grid().Exploration()) {
					t.Error("the saved exploration differs from the editor's")
				}
				for side, least := range map[int]int{1: len(plan.Cells) + 6, 2: 7} {
					if n := countExplored(saved, side); n < least {
						t.Errorf("side %d explored %d cells in the saved map, want at least %d", side, n, least)
					}
				}
			}),
			key(in, ebiten.KeyO, false),
			idle(),
			wait(1),
			pickMap(t, "played"),
			wait(1),
			click(t, "Open"),
			idle(),
			do(func(g *game) {
				if !grid().Equal(saved) || g.sess.Modified() {
					t.Errorf("the reopened map differs from the saved one (modified %v)", g.sess.Modified())
				}
				// In play, the reopened map shows blue's view as saved.
				if !(g.mode == g.play) || g.world.fog.data.Side() != 1 {
					t.Errorf("reopened: play %v, the fog shows side %d's view", (g.mode == g.play), g.world.fog.data.Side())
				}
				for i := range grid().Topology().CellCount() {
					if g.knows(i) != saved.Explored(i, 1) {
						t.Fatalf("reopened: cell %d shown as explored %v, saved %v", i, g.knows(i), saved.Explored(i, 1))
					}
				}
				if k := unitOn(to); grid().Units()[k].Side != 1 {
					t.Errorf("reopened: unit on %d is side %d", to, grid().Units()[k].Side)
				}
			}),
		}
	})
}

// fullWindow waits for the window to have its full size again (an
// earlier test may have shrunk it), at most a few seconds.
func fullWindow(t reporter) step {
	n := 0
	return func(g *game) bool {
		if g.win.w >= 1200 && g.win.h >= 700 {
			return true
		}
		if n++; n > 300 {
			t.Fatalf("the window stays %d×%d", g.win.w, g.win.h)
		}
		return false
	}
}

// setField types name into the newest dialog's text field.
func setField(t reporter, g *game, name string) {
	field := findIn(g, every[*textField])
	if field == nil {
		t.Fatal("the dialog has no text field")
	}
	field.SetText(name)
}
