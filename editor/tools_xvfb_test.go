//go:build xvfb

package editor

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
)

// End-to-end tests of the tools through the editor's input path: keys
// and clicks of the synthetic input, read by the editor's Update.

// tap presses key k for one frame with the given modifiers held.
func tap(in *scriptInput, k ebiten.Key, held ...ebiten.Key) step {
	pressed := false
	return func(*game) bool {
		if pressed {
			for _, h := range held {
				in.held[h] = false
			}
			return true
		}
		pressed = true
		for _, h := range held {
			in.held[h] = true
		}
		in.chord(k)
		return false
	}
}

// clickCell moves the pointer over cell i (looked up when reached) and
// clicks: the button down one frame, up the next.
func clickCell(in *scriptInput, cell func() int) step {
	k := 0
	return func(g *game) bool {
		switch k++; k {
		case 1:
			in.x, in.y = g.cellScreen(cell())
			return false
		case 2:
			in.left = true
			return false
		}
		in.left = false
		return true
	}
}

// hoverCell moves the pointer over cell i without a click.
func hoverCell(in *scriptInput, cell func() int) step {
	return do(func(g *game) { in.x, in.y = g.cellScreen(cell()) })
}

// offset is the index of the cell at offset (x, z).
func offset(t reporter, g *hexmap.Grid, x, z int) int {
	i, ok := g.Topology().IndexOffset(x, z)
	if !ok {
		t.Fatalf("(%d, %d) is off the map", x, z)
	}
	return i
}

// undoSteps counts the history's undo steps.
func undoCount(g *game) int {
	u, _ := g.sess.History.Len()
	return u
}

// Alt+click takes the cell's terrain, elevation, water and levels into
// the panel, with any tool; the Pick tool (key 3) does the same and
// hands over to the brush.
func TestEditorEyedropper(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var src, other, steps int
		return []step{
			wait(2),
			setTools(func(s *tools.Settings) { s.Tool = tools.ToolFill }),
			do(func(g *game) {
				src = centreCell(t, g)
				c := g.sess.Grid.Cell(src)
				if c.Elevation == 0 || c.TerrainType == hexmap.Sand {
					// Make the cell worth picking: nothing is left to defaults.
					g.sess.Grid.SetElevation(src, 4)
					g.sess.Grid.SetTerrainType(src, hexmap.Stone)
				}
				g.sess.Grid.SetUrbanLevel(src, 2)
				g.sess.Grid.SetPlantLevel(src, 1)
				steps = undoCount(g)
				in.held[ebiten.KeyAlt] = true
			}),
			clickCell(in, func() int { return src }),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-eyedropper.png")), // Alt still held: the picked cell outlined
			do(func(g *game) {
				in.held[ebiten.KeyAlt] = false
				c, s := g.sess.Grid.Cell(src), g.edit.settings
				if !s.ApplyTerrain || s.Terrain != c.TerrainType || !s.ApplyElevation || s.Elevation != int(c.Elevation) ||
					!s.ApplyWater || s.WaterLevel != int(c.WaterLevel) || s.Urban != 2 || s.Plant != 1 || !s.ApplyUrban {
					t.Errorf("Alt+click picked %+v from cell %+v", s, c)
				}
				if s.Tool != tools.ToolFill {
					t.Errorf("Alt+click changed the tool to %v", s.Tool)
				}
				if g.edit.panel.terrain.group.Active() != g.edit.panel.terrain.btns[1+int(c.TerrainType)] {
					t.Error("the panel does not show the picked terrain")
				}
				if undoCount(g) != steps {
					t.Error("picking edited the map")
				}
				other = step1(g.sess.Grid, src, hexmap.E)
				g.sess.Grid.SetElevation(other, 1)
			}),
			tap(in, ebiten.Key3),
			clickCell(in, func() int { return other }),
			do(func(g *game) {
				if g.edit.settings.Elevation != 1 || g.edit.settings.Tool != tools.ToolBrush {
					t.Errorf("the Pick tool: elevation %d, tool %v; want 1 and the brush", g.edit.settings.Elevation, g.edit.settings.Tool)
				}
			}),
		}
	})
}

// Fill (key 2, or F) paints the connected region of the clicked cell's
// terrain, as one undo step.
func TestEditorFill(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var start int
		var region []int
		var before *hexmap.Grid
		return []step{
			wait(2),
			do(func(g *game) {
				g.edit.settings = tools.Settings{ApplyTerrain: true, Terrain: hexmap.Snow, Match: tools.MatchTerrain}
				g.edit.syncPanel()
				start = centreCell(t, g)
				region = terrainFlood(g.sess.Grid, start)
				before = g.sess.Grid.Clone()
			}),
			tap(in, ebiten.KeyF),
			hoverCell(in, func() int { return start }),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-fill-preview.png")),
			clickCell(in, func() int { return start }),
			do(func(g *game) {
				grid := g.sess.Grid
				changed := 0
				for i := range grid.Topology().CellCount() {
					if grid.Cell(i).TerrainType != before.Cell(i).TerrainType {
						changed++
					}
				}
				if changed != len(region) || grid.Cell(start).TerrainType != hexmap.Snow {
					t.Errorf("the fill changed %d cells, want the region's %d", changed, len(region))
				}
				if undoCount(g) != 1 {
					t.Errorf("the fill made %d undo steps", undoCount(g))
				}
			}),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-fill.png")),
			key(in, ebiten.KeyZ, false),
			do(func(g *game) {
				if !g.sess.Grid.Equal(before) {
					t.Error("Ctrl+Z did not take the fill back")
				}
			}),
		}
	})
}

// terrainFlood is the region of start's terrain, worked out apart from
// tools.Region: a flood over neighbours of the same terrain.
func terrainFlood(grid *hexmap.Grid, start int) []int {
	want := grid.Cell(start).TerrainType
	seen := map[int]bool{start: true}
	region := []int{start}
	for k := 0; k < len(region); k++ {
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			if n, ok := grid.Topology().Neighbor(region[k], d); ok && !seen[n] && grid.Cell(n).TerrainType == want {
				seen[n] = true
				region = append(region, n)
			}
		}
	}
	return region
}

// The wand (key 5, or U) outlines the region of the hovered cell's
// terrain before the click and selects it on the click, editing
// nothing; Shift+click adds another region.
func TestEditorWand(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var start, other int
		var region []int
		var before *hexmap.Grid
		return []step{
			wait(2),
			do(func(g *game) {
				g.edit.settings.Match = tools.MatchTerrain
				g.edit.syncPanel()
				start = centreCell(t, g)
				region = terrainFlood(g.sess.Grid, start)
				if len(region) < 2 {
					t.Fatalf("the centre cell's terrain region is %d cell(s): the test would show little", len(region))
				}
				before = g.sess.Grid.Clone()
			}),
			tap(in, ebiten.KeyU),
			hoverCell(in, func() int { return start }),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-wand-preview.png")),
			clickCell(in, func() int { return start }),
			do(func(g *game) {
				if g.edit.settings.Tool != tools.ToolWand {
					t.Fatalf("U picked the tool %v", g.edit.settings.Tool)
				}
				if g.edit.sel.Len() != len(region) {
					t.Errorf("the wand selected %d cells, want the region's %d", g.edit.sel.Len(), len(region))
				}
				for _, i := range region {
					if !g.edit.sel.Contains(i) {
						t.Errorf("cell %d of the region is not selected", i)
						break
					}
				}
				if !g.sess.Grid.Equal(before) {
					t.Error("the wand edited the map")
				}
				// Another region: a neighbour outside this one.
				other = -1
				for _, i := range region {
					g.sess.Grid.Topology().Neighbors(i, func(_ hexmap.Direction, n int) {
						if !g.edit.sel.Contains(n) && other < 0 {
							other = n
						}
					})
				}
				if other < 0 {
					t.Fatal("the region has no neighbour outside it")
				}
				in.held[ebiten.KeyShift] = true
			}),
			clickCell(in, func() int { return other }),
			do(func(g *game) {
				in.held[ebiten.KeyShift] = false
				if want := len(region) + len(terrainFlood(g.sess.Grid, other)); g.edit.sel.Len() != want {
					t.Errorf("Shift+click: %d cells selected, want both regions' %d", g.edit.sel.Len(), want)
				}
			}),
			hoverCell(in, func() int { return start }),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-wand.png")),
		}
	})
}

// Select (key 4) drags a rectangle; Ctrl+C copies it; Ctrl+V pastes a
// preview that follows the pointer, R turns it 60° clockwise, a click
// places it: the cells land turned, with their river turned, in one
// undo step.
func TestEditorSelectCopyRotatePaste(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var a, b, target, steps int
		var before *hexmap.Grid
		grid := func() *hexmap.Grid { return g.sess.Grid }
		return []step{
			wait(2),
			do(func(g *game) {
				c := centreCell(t, g)
				x, z := grid().Topology().Offset(c)
				a, b = offset(t, grid(), x-2, z-1), offset(t, grid(), x, z) // a 3×2 rectangle
				target = offset(t, grid(), x+4, z-4)
				// Nothing but a river through the rectangle's top row, west
				// to east.
				for _, i := range tools.Indices(tools.Rect(grid().Topology(), grid().Topology().Coordinates(a), grid().Topology().Coordinates(b))) {
					grid().SetElevation(i, 2)
					grid().SetWaterLevel(i, 0)
					grid().RemoveRiver(i)
					grid().RemoveRoads(i)
				}
				if err := grid().SetOutgoingRiver(offset(t, grid(), x-2, z), hexmap.E); err != nil {
					t.Fatal(err)
				}
				if err := grid().SetOutgoingRiver(offset(t, grid(), x-1, z), hexmap.E); err != nil {
					t.Fatal(err)
				}
				// No river or road near the target, so that every cell the
				// paste changes with a river is a pasted one.
				grid().Topology().Within(target, 3, func(i int) {
					grid().RemoveRiver(i)
					grid().RemoveRoads(i)
				})
				g.sess.History.MarkSaved()
			}),
			tap(in, ebiten.Key4),
			stroke(t, in, func() []int { return []int{a, b} }), // press on a, drag to b, release
			do(func(g *game) {
				if g.edit.sel.Len() != 6 {
					t.Errorf("the rectangle selected %d cells, want 6", g.edit.sel.Len())
				}
				before = grid().Clone()
				steps = undoCount(g)
			}),
			key(in, ebiten.KeyC, false),
			key(in, ebiten.KeyV, false),
			tap(in, ebiten.KeyR),
			hoverCell(in, func() int { return target }),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-paste-preview.png")),
			do(func(g *game) {
				if g.edit.paste == nil || g.edit.paste.tr != (tools.Transform{Turns: 1}) {
					t.Fatalf("pasting %v with %+v, want a paste turned once", g.edit.paste != nil, g.edit.paste)
				}
			}),
			clickCell(in, func() int { return target }),
			do(func(g *game) {
				if g.edit.paste != nil {
					t.Error("still pasting after the click")
				}
				if undoCount(g) != steps+1 {
					t.Errorf("the paste made %d undo steps, want 1", undoCount(g)-steps)
				}
				// The river's two links flowed E; turned, they flow SE,
				// both ends agreeing, among the pasted cells.
				links := 0
				for i, c := range grid().Cells() {
					if before.Cell(i) == c || !c.HasOutgoingRiver() {
						continue
					}
					n, ok := grid().Topology().Neighbor(i, c.OutgoingRiver)
					if c.OutgoingRiver != hexmap.SE || !ok || grid().Cell(n).IncomingRiver != hexmap.NW {
						t.Errorf("pasted cell %d: river out %v", i, c.OutgoingRiver)
					}
					links++
				}
				if links != 2 {
					t.Errorf("%d turned river links pasted, want 2", links)
				}
			}),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-pasted.png")),
			key(in, ebiten.KeyZ, false),
			do(func(g *game) {
				if !grid().Equal(before) {
					t.Error("Ctrl+Z did not take the paste back")
				}
			}),
		}
	})
}

// With the half-turn symmetry (Y twice: off, mirror, 2-fold), a stroke
// also paints the cell turned about the map's middle: on the showcase's
// 40×30 (an even height) that is (39−x, 29−z), worked out by hand for
// offset rows. Both are one undo step.
func TestEditorSymmetry(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var p, image int
		return []step{
			wait(2),
			setTools(func(s *tools.Settings) { s.ApplyElevation, s.Elevation = true, 6 }),
			tap(in, ebiten.KeyY),
			tap(in, ebiten.KeyY),
			do(func(g *game) {
				if g.edit.settings.Symmetry != tools.Symmetry2 {
					t.Fatalf("Y twice: symmetry %v", g.edit.settings.Symmetry)
				}
				if top := g.sess.Grid.Topology(); top.Width != 40 || top.Height != 30 {
					t.Fatalf("the showcase is %v", top)
				}
				p = centreCell(t, g)
				x, z := g.sess.Grid.Topology().Offset(p)
				image = offset(t, g.sess.Grid, 39-x, 29-z)
			}),
			stroke(t, in, func() []int { return []int{p} }),
			do(func(g *game) {
				if e := g.sess.Grid.Cell(image).Elevation; e != 6 || g.sess.Grid.Cell(p).Elevation != 6 {
					t.Errorf("painted %d at the pointer, its image has elevation %d; want 6 at both", g.sess.Grid.Cell(p).Elevation, e)
				}
				if undoCount(g) != 1 {
					t.Errorf("a symmetric stroke made %d undo steps", undoCount(g))
				}
				// For the picture: the whole map, a symmetric stroke with a
				// size 2 brush of stone, and the brush and its image over it.
				mr := g.mapRect()
				g.cam = fitCamera(g.sess.Grid.Topology(), mr.Dx(), mr.Dy())
				g.cam.Rotation = 0
				g.edit.settings.BrushSize, g.edit.settings.ApplyTerrain, g.edit.settings.Terrain = 2, true, hexmap.Stone
				g.edit.syncPanel()
				x, z := g.sess.Grid.Topology().Offset(p)
				p = offset(t, g.sess.Grid, x-9, z+5) // north-west: clear of the minimap
			}),
			stroke(t, in, func() []int {
				return []int{p, step1(g.sess.Grid, p, hexmap.E), step1(g.sess.Grid, step1(g.sess.Grid, p, hexmap.E), hexmap.NE)}
			}),
			hoverCell(in, func() int { return step1(g.sess.Grid, p, hexmap.NW) }),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-symmetry.png")),
		}
	})
}

// A river dragged uphill is refused, and the status line says why.
func TestEditorRefusalInStatusLine(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var a, b int
		return []step{
			wait(2),
			do(func(g *game) {
				a = centreCell(t, g)
				b = step1(g.sess.Grid, a, hexmap.E)
				for _, i := range []int{a, b} {
					g.sess.Grid.RemoveRiver(i)
					g.sess.Grid.SetWaterLevel(i, 0)
				}
				g.sess.Grid.SetElevation(a, 1)
				g.sess.Grid.SetElevation(b, 3)
			}),
			setTools(func(s *tools.Settings) { s.River = tools.Yes }),
			stroke(t, in, func() []int { return []int{a, b} }),
			do(func(g *game) {
				left, _ := g.statusText()
				if !strings.Contains(left, "River not placed: a river cannot flow uphill") {
					t.Errorf("status line %q does not say why the river was refused", left)
				}
				if g.sess.Grid.Cell(a).HasOutgoingRiver() {
					t.Error("the river flows uphill")
				}
			}),
		}
	})
}

// A click on the minimap moves the camera to the point under it, a drag
// follows, and neither edits the map.
func TestEditorMinimapClick(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var r [4]int
		return []step{
			wait(2),
			captureStep(t, filepath.Join(shots, "editor-minimap.png")),
			do(func(g *game) {
				m := g.mini.rect
				if m.Dx() < 50 || !m.In(g.mapRect()) {
					t.Fatalf("minimap at %v, map view %v", m, g.mapRect())
				}
				r = [4]int{m.Min.X, m.Min.Y, m.Max.X, m.Max.Y}
				in.x, in.y = r[0]+2, r[3]-2 // the south-west corner of the map
				in.left = true
			}),
			wait(1),
			do(func(g *game) {
				// The map's south-west cell centre is at (0, 0); its block's
				// corner lies within a cell of it.
				if g.cam.X > 2*hexmap.InnerRadius || g.cam.Z > 2*hexmap.OuterRadius {
					t.Errorf("clicked the minimap's south-west corner: camera at %.1f, %.1f", g.cam.X, g.cam.Z)
				}
				in.x, in.y = (r[0]+r[2])/2, (r[1]+r[3])/2 // drag to the middle
			}),
			wait(1),
			do(func(g *game) {
				in.left = false
				maxX, maxZ := g.sess.Grid.Topology().Extent()
				if d := g.cam.X - maxX/2; d*d > 4*hexmap.InnerRadius*hexmap.InnerRadius {
					t.Errorf("dragged to the minimap's middle: camera X %.1f, the map's middle %.1f", g.cam.X, maxX/2)
				}
				if d := g.cam.Z - maxZ/2; d*d > 4*hexmap.OuterRadius*hexmap.OuterRadius {
					t.Errorf("dragged to the minimap's middle: camera Z %.1f, the map's middle %.1f", g.cam.Z, maxZ/2)
				}
				if g.sess.History.CanUndo() {
					t.Error("a press on the minimap edited the map")
				}
			}),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-minimap-moved.png")),
		}
	})
}
