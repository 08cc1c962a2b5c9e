//go:build xvfb

package editor

import (
	"encoding/json"
	"image"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// clickWidget scrolls the panel so that the widget find returns shows
// in the middle of its view (as dragging its scroll bar would), moves
// the pointer onto the widget's middle and clicks it: the button down
// one frame, up the next.
func clickWidget(t reporter, in *scriptInput, what string, find func(g *game) widget.HasWidget) step {
	scroll, scrolled := scrollTo(find), false
	click := clickAt(in, func(g *game) (int, int) {
		r := find(g).GetWidget().Rect
		at := image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
		if view := g.edit.panel.scroll.ViewRect(); !at.In(view) {
			t.Fatalf("%s at %v is not in the panel's view %v", what, at, view)
		}
		return at.X, at.Y
	})
	return func(g *game) bool {
		if !scrolled {
			scrolled = scroll(g)
			return false
		}
		return click(g)
	}
}

// exportCatlike exports the map to path through the Export dialog and
// waits until the file is written.
func exportCatlike(t reporter, path string) []step {
	return []step{
		do(func(g *game) { g.exportCatlike() }),
		wait(1),
		do(func(g *game) { findField(g).SetText(path) }),
		click(t, "Export"),
		idle(),
	}
}

// scrollTo scrolls the panel so that the widget find returns shows in
// the middle of its view, as dragging the scroll bar would, and lets the
// panel lay itself out again (it does when it draws).
func scrollTo(find func(g *game) widget.HasWidget) step {
	k := 0
	return func(g *game) bool {
		r := find(g).GetWidget().Rect
		at := image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
		p := g.edit.panel
		view, content := p.scroll.ViewRect(), p.content.GetWidget().Rect
		switch k++; k {
		case 1:
			if !at.In(view) {
				y := float64(at.Y - content.Min.Y - view.Dy()/2)
				p.scroll.ScrollTop = max(0, min(1, y/float64(content.Dy()-view.Dy())))
				p.bar.Current = int(p.scroll.ScrollTop * 1000)
			}
			g.win.dirty = true
			return false
		case 2, 3:
			g.win.dirty = true
			return false
		}
		return true
	}
}

// typeText types s into the focused field, one character event each.
func typeText(in *scriptInput, s string) step {
	return do(func(*game) {
		for _, r := range s {
			in.extra = append(in.extra, Event{Kind: Char, Char: r})
		}
	})
}

// dryCell makes cell i dry land (water 0) and returns it.
func dryCell(g *hexmap.Grid, i int) int {
	g.SetWaterLevel(i, 0)
	return i
}

// A click with the Units tool (key 7) places a unit of the type and
// side chosen in the panel and changes nothing else, though paint
// values are toggled on; a second click removes it; undo brings it back.
func TestEditorUnitsTool(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var c, steps int
		var cell hexmap.Cell
		grid := func() *hexmap.Grid { return g.sess.Grid }
		return []step{
			wait(2),
			setTools(func(s *tools.Settings) {
				s.ApplyTerrain, s.Terrain, s.ApplyUrban, s.Urban, s.Walled = true, hexmap.Stone, true, 2, tools.Yes
				s.ApplyElevation, s.Elevation, s.UnitSide = true, 5, 1
			}),
			do(func(g *game) { c = dryCell(grid(), centreCell(t, g)) }),
			tap(in, ebiten.Key7),
			clickWidget(t, in, "the Archer button", func(g *game) widget.HasWidget { return g.edit.panel.pieces.unitType.btns[2] }),
			clickWidget(t, in, "the red swatch", func(g *game) widget.HasWidget { return g.edit.panel.pieces.unitSide.btns[1] }),
			do(func(g *game) {
				if g.edit.settings.Tool != tools.ToolUnits || g.edit.settings.UnitType != 2 || g.edit.settings.UnitSide != 2 {
					t.Fatalf("settings %+v after key 7 and the panel's clicks", g.edit.settings)
				}
				cell, steps = grid().Cell(c), undoCount(g)
			}),
			clickCell(in, func() int { return c }),
			wait(1),
			do(func(g *game) {
				k, ok := grid().UnitAt(c)
				if !ok || grid().Units()[k].Type != "archer" || grid().Units()[k].Side != 2 {
					t.Fatalf("units after the click: %v", grid().Units())
				}
				if grid().Cell(c) != cell {
					t.Errorf("the click changed the cell: %+v, was %+v", grid().Cell(c), cell)
				}
				if undoCount(g) != steps+1 {
					t.Errorf("%d undo steps after the click, want %d", undoCount(g), steps+1)
				}
				if left, _ := g.statusText(); !strings.Contains(left, "Red archer") {
					t.Errorf("status line %q does not name the unit", left)
				}
			}),
			clickCell(in, func() int { return c }),
			wait(1),
			do(func(g *game) {
				if grid().Occupied(c) {
					t.Fatal("a second click did not remove the unit")
				}
			}),
			key(in, ebiten.KeyZ, false),
			wait(1),
			do(func(g *game) {
				if k, ok := grid().UnitAt(c); !ok || grid().Units()[k].Type != "archer" {
					t.Fatalf("undo did not bring the unit back: %v", grid().Units())
				}
			}),
		}
	})
}

// The Town tool (key 8) places a town named in the panel's field (made
// unique), or with a name from the list when the field is empty, owned
// as chosen, and changes nothing else of the cell though paint values
// are toggled on; it refuses water, removes a town clicked, is undoable,
// draws the town in its owner's colour and names it in the status line.
func TestEditorTownTool(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	purple := sideColor(3)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var a, b, c, wet, before int
		var cellA hexmap.Cell
		grid := func() *hexmap.Grid { return g.sess.Grid }
		town := func(i int) hexmap.Town {
			k, ok := grid().TownAt(i)
			if !ok {
				t.Fatalf("no town on cell %d: %v", i, grid().Towns())
			}
			return grid().Towns()[k]
		}
		countPurple := func(n *int) step {
			return onFrame(func(img *ebiten.Image) {
				*n = 0
				r := img.Bounds()
				for y := r.Min.Y; y < r.Max.Y; y++ {
					for x := r.Min.X; x < r.Max.X; x++ {
						if cr, cg, cb, _ := img.At(x, y).RGBA(); cr>>8 == uint32(purple.R) && cg>>8 == uint32(purple.G) && cb>>8 == uint32(purple.B) {
							*n++
						}
					}
				}
			})
		}
		var after int
		return []step{
			wait(2),
			do(func(g *game) {
				a = dryCell(grid(), centreCell(t, g))
				b = dryCell(grid(), step1(grid(), step1(grid(), a, hexmap.E), hexmap.E))
				c = dryCell(grid(), step1(grid(), step1(grid(), a, hexmap.W), hexmap.W))
				wet = step1(grid(), a, hexmap.SE)
				grid().SetWaterLevel(wet, int(grid().Cell(wet).Elevation)+1)
				cellA = grid().Cell(a)
			}),
			setTools(func(s *tools.Settings) {
				s.ApplyTerrain, s.Terrain, s.ApplyUrban, s.Urban, s.ApplyElevation, s.Elevation = true, hexmap.Stone, true, 2, true, 5
			}),
			wait(1),
			countPurple(&before),
			tap(in, ebiten.Key8),
			wait(2), // the panel lays out the Town section the key showed
			clickWidget(t, in, "the purple owner swatch", func(g *game) widget.HasWidget { return g.edit.panel.pieces.townOwner.btns[3] }),
			clickWidget(t, in, "the town name field", func(g *game) widget.HasWidget { return g.edit.panel.pieces.townName }),
			typeText(in, "Ash"),
			wait(1),
			clickCell(in, func() int { return a }),
			clickCell(in, func() int { return b }),
			wait(1),
			do(func(g *game) {
				if g.textFocused() {
					t.Error("the name field kept the keyboard after a click on the map")
				}
				if ta, tb := town(a), town(b); ta.Name != "Ash" || ta.Owner != 3 || tb.Name != "Ash 2" || tb.Owner != 3 {
					t.Fatalf("towns %+v, %+v; want Ash and Ash 2 of side 3", ta, tb)
				}
				if grid().Cell(a) != cellA {
					t.Errorf("placing a town changed the cell: %+v, was %+v", grid().Cell(a), cellA)
				}
				if left, _ := g.statusText(); !strings.Contains(left, "town Ash 2 (Purple)") { // the pointer is over b
					t.Errorf("status line %q does not name the town", left)
				}
				g.edit.panel.pieces.townName.SetText("") // an empty field: a name from the list
			}),
			clickCell(in, func() int { return c }),
			clickCell(in, func() int { return wet }),
			hoverCell(in, func() int { return a }),
			wait(2),
			countPurple(&after),
			captureStep(t, filepath.Join(shots, "editor-towns.png")),
			do(func(g *game) {
				if tc := town(c); tc.Name != tools.TownNames()[0] {
					t.Errorf("the town placed with an empty name is %q, want %q", tc.Name, tools.TownNames()[0])
				}
				if _, ok := grid().TownAt(wet); ok || len(grid().Towns()) != 3 {
					t.Errorf("towns after a click on water: %v", grid().Towns())
				}
				if after < before+30 {
					t.Errorf("%d pixels of the owner's colour with the towns drawn, %d before", after, before)
				}
			}),
			clickCell(in, func() int { return a }),
			wait(1),
			do(func(g *game) {
				if _, ok := grid().TownAt(a); ok {
					t.Fatal("a click on the town did not remove it")
				}
			}),
			key(in, ebiten.KeyZ, false),
			wait(1),
			do(func(g *game) {
				if town(a).Name != "Ash" {
					t.Fatal("undo did not bring the town back")
				}
			}),
		}
	})
}

// Exporting a map with a town to Catlike's format says in the status
// line that the file cannot keep the town.
func TestEditorCatlikeExportWarns(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	export := filepath.Join(t.TempDir(), "towns")
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return slices.Concat([]step{
			wait(2),
			do(func(g *game) {
				i := dryCell(g.sess.Grid, centreCell(t, g))
				if err := g.sess.Grid.PlaceTown(hexmap.Town{Location: g.sess.Grid.Topology().Coordinates(i), Name: "Ash"}); err != nil {
					t.Fatal(err)
				}
			}),
		}, append(exportCatlike(t, export),
			do(func(g *game) {
				if n := g.liveNotice(); !strings.Contains(n, "Exported") || !strings.Contains(n, "cannot keep 1 town") {
					t.Errorf("the notice after the export: %q", n)
				}
			})))
	})
}

// The panel's controls neither overlap nor stick out of the panel; a
// screenshot shows the panel with each tool of its own chosen, scrolled
// to that tool's section.
func TestEditorPanelLayout(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		laidOut := func(g *game) bool { return !g.edit.panel.content.GetWidget().Rect.Empty() }
		steps := []step{waitFor(t, "the panel laid out", laidOut), do(func(g *game) { checkPanelLayout(t, g) })}
		for _, c := range []struct {
			key     ebiten.Key
			name    string
			section func(g *game) widget.HasWidget
		}{
			{ebiten.Key7, "units", func(g *game) widget.HasWidget { return g.edit.panel.pieces.unitType.btns[0] }},
			{ebiten.Key8, "town", func(g *game) widget.HasWidget { return g.edit.panel.pieces.townName }},
			{ebiten.Key1, "scenario", func(g *game) widget.HasWidget { return g.edit.panel.scenario.seed }},
		} {
			steps = append(steps, tap(in, c.key), wait(1), scrollTo(c.section), wait(1),
				captureStep(t, filepath.Join(shots, "editor-panel-"+c.name+".png")))
		}
		return steps
	})
}

// checkPanelLayout checks that no two of the panel's controls overlap
// and that each lies within the panel's width.
func checkPanelLayout(t reporter, g *game) {
	p := g.edit.panel
	leaves := shownLeaves(p.content)
	if len(leaves) < 50 {
		t.Fatalf("only %d controls in the panel", len(leaves))
	}
	checkApart(t, leaves, p.content.GetWidget().Rect)
}

// shownLeaves are the shown widgets in c that are not containers.
func shownLeaves(c *widget.Container) []widget.PreferredSizeLocateableWidget {
	var leaves []widget.PreferredSizeLocateableWidget
	walk(c, func(w widget.PreferredSizeLocateableWidget) {
		if _, ok := w.(*widget.Container); !ok && w.GetWidget().GetVisibility() == widget.Visibility_Show {
			leaves = append(leaves, w)
		}
	})
	return leaves
}

// checkApart checks that no two of leaves overlap and that each lies
// within the width of box.
func checkApart(t reporter, leaves []widget.PreferredSizeLocateableWidget, box image.Rectangle) {
	for k, a := range leaves {
		ra := a.GetWidget().Rect
		if ra.Min.X < box.Min.X || ra.Max.X > box.Max.X || ra.Empty() {
			t.Errorf("a %T at %v is cut off by the width %d..%d", a, ra, box.Min.X, box.Max.X)
		}
		for _, b := range leaves[k+1:] {
			if rb := b.GetWidget().Rect; ra.Overlaps(rb) {
				t.Errorf("a %T at %v overlaps a %T at %v", a, ra, b, rb)
			}
		}
	}
}

// A first start (no preferences) paints grass and nothing else: a click
// on a raised, flooded cell changes its terrain only, and the status
// line says so before the click.
func TestEditorFirstStartPaintsTerrainOnly(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var c int
		var want hexmap.Cell
		grid := func() *hexmap.Grid { return g.sess.Grid }
		return []step{
			wait(2),
			do(func(g *game) {
				c = centreCell(t, g)
				grid().SetElevation(c, 3)
				grid().SetWaterLevel(c, 5)
				grid().SetTerrainType(c, hexmap.Snow)
			}),
			hoverCell(in, func() int { return c }),
			wait(1),
			do(func(g *game) {
				want = grid().Cell(c)
				want.TerrainType = hexmap.Grass
				if _, right := g.statusText(); !strings.Contains(right, "Brush: paints grass ") {
					t.Errorf("the status line's right %q does not say a click paints grass only", right)
				}
			}),
			clickCell(in, func() int { return c }),
			wait(1),
			do(func(g *game) {
				if got := grid().Cell(c); got != want {
					t.Errorf("a first click left %+v, want %+v", got, want)
				}
			}),
		}
	})
}

// A restart after the Units tool was in use, with symmetry on, comes
// back with the Brush and no symmetry: a plain click places no unit,
// and the status line says what it paints.
func TestEditorRestartNeverPlacesUnits(t *testing.T) {
	dir, store := newMapsDir(t)
	last := tools.Settings{Tool: tools.ToolUnits, Units: tools.Yes, UnitSide: 2, UnitType: 3,
		ApplyUrban: true, Urban: 1, Symmetry: tools.SymmetryMirror}
	data, err := json.Marshal(editorPrefs{Settings: last, View: defaultView()})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SavePrefs(data); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var c int
		return []step{
			wait(2),
			do(func(g *game) {
				s := g.edit.settings
				if s.Tool != tools.ToolBrush || s.Symmetry != tools.SymmetryOff || s.UnitSide != 2 || !s.ApplyUrban {
					t.Errorf("settings after the restart: %+v", s)
				}
				c = dryCell(g.sess.Grid, centreCell(t, g))
			}),
			hoverCell(in, func() int { return c }),
			wait(1),
			do(func(g *game) {
				if _, right := g.statusText(); !strings.Contains(right, "Brush: paints urban 1") {
					t.Errorf("the status line's right %q does not say what a click paints", right)
				}
			}),
			clickCell(in, func() int { return c }),
			wait(1),
			do(func(g *game) {
				if len(g.sess.Grid.Units()) != 0 {
					t.Errorf("a click after the restart placed units: %v", g.sess.Grid.Units())
				}
				if g.sess.Grid.Cell(c).UrbanLevel != 1 {
					t.Errorf("the click did not paint urban 1: %+v", g.sess.Grid.Cell(c))
				}
			}),
		}
	})
}

// The panel's Scenario section sets the map's setup through clicks and
// typing: three sides, Red on Blue's team, a seed, a round limit; each
// change is an undo step, and undo shows the setup before it.
func TestEditorScenarioSettings(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		q := &g.edit.panel.scenario
		setup := func() scenario.Setup { return g.sess.Grid.Setup() }
		var steps int
		return []step{
			wait(2),
			do(func(g *game) {
				if err := g.sess.Grid.SetSetup(scenario.Setup{}); err != nil {
					t.Fatal(err)
				}
			}),
			wait(1),
			do(func(g *game) { steps = undoCount(g) }),
			clickWidget(t, in, "the 3 sides button", func(*game) widget.HasWidget { return q.count.btns[2] }),
			wait(1),
			clickWidget(t, in, "Red's team 1", func(*game) widget.HasWidget { return q.teams[1].btns[0] }),
			wait(1),
			clickWidget(t, in, "the seed field", func(*game) widget.HasWidget { return q.seed }),
			tap(in, ebiten.KeyEnd),
			typeText(in, "42"),
			tap(in, ebiten.KeyEnter),
			wait(1),
			clickWidget(t, in, "Round limit", func(*game) widget.HasWidget { return q.victory.btns[1] }),
			wait(2),
			do(func(g *game) {
				want := scenario.Setup{Seed: 42, Victory: scenario.Victory{Rounds: defaultRoundLimit},
					Sides: []scenario.Side{{Side: 1, Team: 1}, {Side: 2, Team: 1}, {Side: 3, Team: 3}}}
				if got := setup(); got.Seed != want.Seed || got.Victory != want.Victory || !slices.Equal(got.Sides, want.Sides) {
					t.Errorf("setup %+v, want %+v", got, want)
				}
				if n := undoCount(g); n != steps+4 {
					t.Errorf("%d undo steps after 4 setup changes from %d", n, steps)
				}
				if q.teams[2].btns[0].GetWidget().Disabled || !q.teams[3].btns[0].GetWidget().Disabled {
					t.Error("the team buttons of a side that does not play are not disabled (or a playing side's are)")
				}
				g.win.ui.ClearFocus()
			}),
			key(in, ebiten.KeyZ, false),
			wait(2),
			do(func(g *game) {
				if r := setup().Victory.Rounds; r != 0 || q.victory.group.Active() != q.victory.btns[0] {
					t.Errorf("after undo: rounds %d, the panel shows %v", r, q.victory.group.Active() == q.victory.btns[1])
				}
				if setup().Seed != 42 {
					t.Errorf("undo of the round limit changed the seed: %+v", setup())
				}
			}),
		}
	})
}
