//go:build xvfb

package editor

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
)

// clickWidget scrolls the panel so that the widget find returns shows
// in the middle of its view (as dragging its scroll bar would), moves
// the pointer onto the widget's middle and clicks it: the button down
// one frame, up the next.
func clickWidget(t reporter, in *scriptInput, what string, find func(g *game) widget.HasWidget) step {
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
				g.win.dirty = true // the panel lays its widgets out when it draws
			}
			return false
		case 2, 3:
			g.win.dirty = true
			return false
		case 4:
			if !at.In(view) {
				t.Fatalf("%s at %v is not in the panel's view %v", what, at, view)
			}
			in.x, in.y = at.X, at.Y
			return false
		case 5:
			in.left = true
			return false
		}
		in.left = false
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
// as chosen; it refuses water, removes a town clicked, is undoable,
// draws the town in its owner's colour and names it in the status line.
func TestEditorTownTool(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	purple := sideColor(3)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var a, b, c, wet, before int
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
		return []step{
			wait(2),
			do(func(g *game) {
				i := dryCell(g.sess.Grid, centreCell(t, g))
				if err := g.sess.Grid.PlaceTown(hexmap.Town{Location: g.sess.Grid.Topology().Coordinates(i), Name: "Ash"}); err != nil {
					t.Fatal(err)
				}
				g.exportCatlike()
			}),
			wait(1),
			do(func(g *game) { findField(g).SetText(export) }),
			click(t, "Export"),
			idle(),
			do(func(g *game) {
				if n := g.liveNotice(); !strings.Contains(n, "Exported") || !strings.Contains(n, "cannot keep 1 town") {
					t.Errorf("the notice after the export: %q", n)
				}
			}),
		}
	})
}
