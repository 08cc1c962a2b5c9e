//go:build xvfb

package editor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/editor/showcase"
	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/render"
	"hexsandbox/saves"
)

// shotsDir is where screenshots go: HEXSANDBOX_SHOTS, or a temp folder.
func shotsDir(t *testing.T) string {
	if d := os.Getenv("HEXSANDBOX_SHOTS"); d != "" {
		return d
	}
	return t.TempDir()
}

// captureStep writes the next drawn frame to path.
func captureStep(t reporter, path string) step {
	return onFrame(func(img *ebiten.Image) {
		if err := render.WritePNG(path, img); err != nil {
			t.Errorf("screenshot: %v", err)
		}
	})
}

// onFrame hands the next drawn frame to f.
func onFrame(f func(img *ebiten.Image)) step {
	asked := false
	return func(g *game) bool {
		if !asked {
			asked = true
			g.hooks.frameWanted = true
			g.hooks.capture = func(img *ebiten.Image) {
				g.hooks.capture, g.hooks.frameWanted = nil, false
				f(img)
			}
			return false
		}
		return g.hooks.capture == nil
	}
}

// framesDrawn waits until n more frames have been drawn: ebitenui's sliders
// report a change only when drawn, and a slow frame has Ebitengine run
// several Updates (steps) before its next Draw, so waiting for Updates
// alone is not enough.
func framesDrawn(n int) step {
	asked := false
	return func(g *game) bool {
		if n == 0 {
			return true
		}
		if !asked {
			asked = true
			g.hooks.frameWanted = true
			g.hooks.capture = func(*ebiten.Image) {
				g.hooks.capture, g.hooks.frameWanted = nil, false
				n--
				asked = false
			}
		}
		return false
	}
}

func wait(frames int) step {
	n := 0
	return func(*game) bool { n++; return n > frames }
}

func do(f func(g *game)) step { return func(g *game) bool { f(g); return true } }

// stroke drags the cursor with the left button held through cells (each
// looked up when reached, since edits move the terrain), then releases.
func stroke(t reporter, in *scriptInput, cells func() []int) step {
	var list []int
	k := 0
	return func(g *game) bool {
		if list == nil {
			list = cells()
		}
		if k > 0 && k <= len(list) && g.ptr.cur.cell != list[k-1] {
			t.Errorf("cursor over cell %d picked %d (ok %v)", list[k-1], g.ptr.cur.cell, g.ptr.cur.ok)
		}
		if k == len(list) {
			in.left = false
			list, k = nil, 0
			return true
		}
		in.x, in.y = g.cellScreen(list[k])
		in.left = true
		k++
		return false
	}
}

// key presses a shortcut for one frame, with Ctrl (and Shift) held.
func key(in *scriptInput, k ebiten.Key, withShift bool) step {
	pressed := false
	return func(*game) bool {
		if pressed {
			in.held[ebiten.KeyControl], in.held[ebiten.KeyShift] = false, false
			return true
		}
		pressed = true
		in.held[ebiten.KeyControl] = true
		in.held[ebiten.KeyShift] = withShift
		in.chord(k)
		return false
	}
}

func click(t reporter, label string) step {
	return func(g *game) bool {
		b := findButton(g, label)
		if b == nil {
			t.Errorf("no %q button in the open dialog", label)
			return true
		}
		b.Click()
		return true
	}
}

func setTools(f func(s *tools.Settings)) step {
	return do(func(g *game) {
		g.edit.settings = tools.Settings{}
		f(&g.edit.settings)
		g.edit.panel.sync(&g.edit.settings, &g.view)
	})
}

func step1(g *hexmap.Grid, i int, d hexmap.Direction) int {
	n, ok := g.Topology().Neighbor(i, d)
	if !ok {
		panic(fmt.Sprintf("cell %d has no %v neighbour", i, d))
	}
	return n
}

// hexmapInfo runs `hexmap info` on a file and decodes its JSON.
func hexmapInfo(t reporter, path string) map[string]any {
	t.Helper()
	out, err := exec.Command("go", "run", "hexsandbox/cmd/hexmap", "info", path).Output()
	if err != nil {
		t.Fatalf("hexmap info: %v", err)
	}
	var info map[string]any
	if err := json.Unmarshal(out, &info); err != nil {
		t.Fatalf("hexmap info output %q: %v", out, err)
	}
	return info
}

func count(g *hexmap.Grid, f func(hexmap.Cell) bool) float64 {
	n := 0
	for _, c := range g.Cells() {
		if f(c) {
			n++
		}
	}
	return float64(n)
}

func roadEdges(g *hexmap.Grid) float64 {
	n := 0
	for _, c := range g.Cells() {
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			if c.HasRoadThroughEdge(d) {
				n++
			}
		}
	}
	return float64(n / 2) // each road is kept on both of its cells
}

// ownRecovery reads the autosave of the editor g.
func ownRecovery(g *game) (*hexmap.Grid, error) {
	_, rec, err := g.sess.Store.(*files.Dir).OwnRecovery()
	return rec, err
}

// newMapsDir is an empty maps folder with its store.
func newMapsDir(t *testing.T) (string, *files.Dir) {
	t.Helper()
	dir := t.TempDir()
	store, err := files.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, store
}

// plateauTools clears a size-2 brush of the showcase's features and
// raises it to a plateau at elevation 3.
func plateauTools() step {
	return setTools(func(s *tools.Settings) {
		s.ApplyElevation, s.Elevation, s.BrushSize = true, 3, 2
		s.ApplyUrban, s.ApplySpecial, s.ApplyWater = true, true, true
		s.River, s.Road, s.Walled = tools.No, tools.No, tools.No
	})
}

// centreCell is the cell under the middle of the map view.
func centreCell(t reporter, g *game) int {
	mr := g.mapRect()
	p, _, ok := g.scene.Pick(&g.cam, mr.Dx(), mr.Dy(), float64(mr.Dx()/2), float64(mr.Dy()/2))
	if !ok {
		t.Fatal("nothing under the map's centre")
	}
	return p
}

// A recovery autosave left by an earlier session is offered at start,
// naming the map (an unnamed map by the name it came with: the showcase
// here), and recovering it gives that map, unsaved, under that name, with
// an undo history that starts there, which the editor says.
func TestEditorRecoversAutosave(t *testing.T) {
	dir, store := newMapsDir(t)
	lost, err := showcase.Map()
	if err != nil {
		t.Fatal(err)
	}
	lost.SetElevation(0, 5)
	if err := store.SaveRecovery(context.Background(), "", "showcase", lost); err != nil {
		t.Fatal(err)
	}
	store.Close() // that editor has ended: its autosave is up for recovery
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, newScriptInput(), func(g *game, t *checker) []step {
		return []step{
			idle(),
			wait(2),
			captureStep(t, filepath.Join(shots, "editor-recover.png")),
			do(func(g *game) {
				if !strings.Contains(dialogText(g), `"showcase"`) {
					t.Errorf("the recovery question %q does not name the map", dialogText(g))
				}
			}),
			// The clock stands still from here, so that what the editor
			// says stays on screen however slowly the frames come.
			do(func(g *game) {
				t0 := g.clock.Now()
				g.clock.source = func() time.Time { return t0 }
			}),
			click(t, "Recover"),
			idle(),
			do(func(g *game) {
				if !g.sess.Grid.Equal(lost) || !g.sess.Modified() {
					t.Errorf("recovered map: equal %v, modified %v", g.sess.Grid.Equal(lost), g.sess.Modified())
				}
				if g.mapTitle() != "showcase" || g.sess.Name != "" || g.sess.History.CanUndo() {
					t.Errorf("recovered: title %q, name %q, can undo %v", g.mapTitle(), g.sess.Name, g.sess.History.CanUndo())
				}
				said := false
				for _, m := range g.msgs.toasts {
					said = said || strings.Contains(m.text, "undo history starts here")
				}
				if !said {
					t.Errorf("the editor did not say the history starts at the recovery: %v", g.msgs.toasts)
				}
				if rec, err := ownRecovery(g); err != nil || !rec.Equal(lost) {
					t.Errorf("the recovered map is not this editor's autosave: %v", err)
				}
				entries, _ := os.ReadDir(dir)
				var autosaves int
				for _, e := range entries {
					if strings.HasSuffix(e.Name(), files.Ext) {
						autosaves++
					}
				}
				if autosaves != 1 {
					t.Errorf("%d autosaves after recovering, want 1 (the old one taken over)", autosaves)
				}
			}),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor.png")),
		}
	})
}

// A press that begins over the panel never edits, even when the held
// button then slides onto the map.
func TestEditorPanelPressDoesNotEdit(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var p int
		return []step{
			wait(2),
			plateauTools(),
			do(func(g *game) { p = centreCell(t, g); in.x, in.y, in.left = g.win.w-g.win.style.px(40), g.win.h/2, true }),
			wait(2),
			do(func(g *game) { in.x, in.y = g.cellScreen(p) }), // still held, now over the map
			wait(2),
			do(func(g *game) {
				in.left = false
				if g.sess.History.CanUndo() {
					t.Error("a press over the panel edited the map")
				}
			}),
		}
	})
}

// editStrokes paints six strokes around the map's centre p: a plateau, a
// flooded cell, a river, a road, walls and a town, each one undo step.
func editStrokes(t reporter, in *scriptInput, grid func() *hexmap.Grid, p, water *int) []step {
	at := func(d hexmap.Direction) int { return step1(grid(), *p, d) }
	return []step{
		do(func(g *game) {
			*p = centreCell(t, g)
			*water = step1(grid(), step1(grid(), step1(grid(), at(hexmap.W), hexmap.W), hexmap.W), hexmap.SW)
		}),
		plateauTools(),
		stroke(t, in, func() []int { return []int{*p} }),
		setTools(func(s *tools.Settings) { s.ApplyWater, s.WaterLevel = true, int(grid().Cell(*water).Elevation)+2 }),
		stroke(t, in, func() []int { return []int{*water} }),
		setTools(func(s *tools.Settings) { s.River = tools.Yes }),
		stroke(t, in, func() []int { return []int{at(hexmap.W), *p, at(hexmap.E)} }),
		setTools(func(s *tools.Settings) { s.Road = tools.Yes }),
		stroke(t, in, func() []int { return []int{at(hexmap.NW), at(hexmap.NE)} }),
		setTools(func(s *tools.Settings) { s.Walled = tools.Yes }),
		stroke(t, in, func() []int { return []int{at(hexmap.SE)} }),
		setTools(func(s *tools.Settings) { s.ApplyUrban, s.Urban = true, 2 }),
		stroke(t, in, func() []int { return []int{at(hexmap.SE)} }),
	}
}

// Strokes through the editor's input path edit the map as the tools say,
// each stroke is one undo step, undoing them all restores the map, and
// Ctrl+Shift+Z redoes.
func TestEditorStrokesAndUndo(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		grid := func() *hexmap.Grid { return g.sess.Grid }
		initial := grid().Clone()
		var p, water int
		steps := []step{wait(2)}
		steps = append(steps, editStrokes(t, in, grid, &p, &water)...)
		steps = append(steps,
			do(func(g *game) {
				c := grid()
				for _, i := range tools.Brush(c, p, 2) {
					if c.Cell(i).Elevation != 3 {
						t.Errorf("cell %d of the plateau has elevation %d", i, c.Cell(i).Elevation)
					}
				}
				if c.Cell(water).WaterLevel != initial.Cell(water).Elevation+2 {
					t.Errorf("water level %d", c.Cell(water).WaterLevel)
				}
				if c.Cell(p).IncomingRiver != hexmap.W || c.Cell(p).OutgoingRiver != hexmap.E {
					t.Errorf("river through the centre: in %v out %v", c.Cell(p).IncomingRiver, c.Cell(p).OutgoingRiver)
				}
				if !c.Cell(step1(c, p, hexmap.NW)).HasRoadThroughEdge(hexmap.E) {
					t.Error("no road drawn")
				}
				se := c.Cell(step1(c, p, hexmap.SE))
				if !se.Walled || se.UrbanLevel != 2 {
					t.Errorf("walls %v urban %d", se.Walled, se.UrbanLevel)
				}
				if u, _ := g.sess.History.Len(); u != 6 {
					t.Errorf("%d undo steps after 6 strokes", u)
				}
				// Show the brush over the plateau in the screenshot.
				g.edit.settings.BrushSize = 2
				g.view.Grid = true
				g.edit.panel.sync(&g.edit.settings, &g.view)
				in.x, in.y = g.cellScreen(p)
			}),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-edited.png")),
			do(func(g *game) {
				g.view.Grid, g.view.Labels = false, true
				g.cam.Zoom = 0.8
				g.edit.panel.sync(&g.edit.settings, &g.view)
			}),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-labels.png")),
			// Undo every stroke: the map is the showcase again.
			key(in, ebiten.KeyZ, false), key(in, ebiten.KeyZ, false), key(in, ebiten.KeyZ, false),
			key(in, ebiten.KeyZ, false), key(in, ebiten.KeyZ, false), key(in, ebiten.KeyZ, false),
			do(func(g *game) {
				if !grid().Equal(initial) {
					t.Error("undoing every stroke did not restore the map")
				}
				if g.sess.Modified() {
					t.Error("undone back to the map as opened, yet counted as modified")
				}
			}),
			key(in, ebiten.KeyZ, true), // redo one: the plateau is back
			do(func(g *game) {
				if grid().Cell(p).Elevation != 3 {
					t.Error("Ctrl+Shift+Z did not redo the plateau")
				}
			}),
		)
		return steps
	})
}

// A minute after an edit, unsaved changes are autosaved for recovery.
func TestEditorAutosavesAfterAMinute(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		g.clock.source = func() time.Time { return clock }
		var p int
		return []step{
			wait(2),
			plateauTools(),
			do(func(g *game) { p = centreCell(t, g) }),
			stroke(t, in, func() []int { return []int{p} }),
			do(func(*game) { clock = clock.Add(time.Second) }),
			wait(1),
			idle(),
			do(func(g *game) {
				if _, err := ownRecovery(g); !errors.Is(err, files.ErrNoRecovery) {
					t.Errorf("autosaved a second after the edit: %v", err)
				}
				clock = clock.Add(files.AutosaveInterval)
			}),
			wait(1),
			idle(),
			do(func(g *game) {
				rec, err := ownRecovery(g)
				if err != nil || !rec.Equal(g.sess.Grid) {
					t.Errorf("no autosave of the edited map after a minute: %v", err)
				}
			}),
		}
	})
}

// Saving an unnamed map asks for a name; the file then holds the map
// (as hexmap info counts it), the autosave is gone and nothing is unsaved.
func TestEditorSaveAs(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	file := filepath.Join(dir, "e2e.hexmap")
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		g.clock.source = func() time.Time { return clock }
		grid := func() *hexmap.Grid { return g.sess.Grid }
		var p, water int
		steps := []step{wait(2)}
		steps = append(steps, editStrokes(t, in, grid, &p, &water)...)
		steps = append(steps,
			do(func(*game) { clock = clock.Add(files.AutosaveInterval + time.Second) }),
			wait(1),
			idle(),
			do(func(g *game) {
				if _, err := ownRecovery(g); err != nil {
					t.Errorf("no autosave before saving: %v", err)
				}
			}),
			key(in, ebiten.KeyS, false),
			idle(),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-save-as.png")),
			do(func(g *game) {
				var field *textField
				if len(g.dialogs) > 0 {
					walk(g.dialogs[len(g.dialogs)-1].c, func(w widget.PreferredSizeLocateableWidget) {
						if f, ok := w.(*textField); ok {
							field = f
						}
					})
				}
				if field == nil {
					t.Fatal("Save As has no name field")
				}
				field.SetText("e2e")
			}),
			click(t, "Save"),
			idle(),
			do(func(g *game) {
				if g.sess.Modified() || g.sess.Name != "e2e" {
					t.Errorf("after saving: modified %v, name %q", g.sess.Modified(), g.sess.Name)
				}
				saved, _, err := saves.LoadFile(file)
				if err != nil {
					t.Fatalf("reading the saved map: %v", err)
				}
				if !saved.Equal(grid()) {
					t.Error("the saved file differs from the edited map")
				}
				if _, err := ownRecovery(g); !errors.Is(err, files.ErrNoRecovery) {
					t.Errorf("the autosave survived saving: %v", err)
				}
				info := hexmapInfo(t, file)
				for k, want := range map[string]float64{
					"rivers":     count(saved, hexmap.Cell.HasOutgoingRiver),
					"roads":      roadEdges(saved),
					"walled":     count(saved, func(c hexmap.Cell) bool { return c.Walled }),
					"urban":      count(saved, func(c hexmap.Cell) bool { return c.UrbanLevel > 0 }),
					"underwater": count(saved, hexmap.Cell.IsUnderwater),
				} {
					if info[k] != want {
						t.Errorf("hexmap info %s = %v, want %v", k, info[k], want)
					}
				}
			}),
		)
		return steps
	})
}

// Closing the window with unsaved changes asks first: Cancel keeps the
// editor open with the map as it was, Discard ends it.
func TestEditorCloseGuard(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	g := runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var p int
		return []step{
			wait(2),
			plateauTools(),
			do(func(g *game) { p = centreCell(t, g) }),
			stroke(t, in, func() []int { return []int{p} }),
			do(func(*game) { in.closing = true }),
			wait(1),
			do(func(g *game) {
				if len(g.dialogs) == 0 || findButton(g, "Cancel") == nil {
					t.Error("closing with unsaved changes did not ask")
				}
			}),
			click(t, "Cancel"),
			wait(1),
			do(func(g *game) {
				if g.quitting || len(g.dialogs) != 0 || g.sess.Grid.Cell(p).Elevation != 3 {
					t.Errorf("after Cancel: quitting %v, dialogs %d, plateau %d", g.quitting, len(g.dialogs), g.sess.Grid.Cell(p).Elevation)
				}
			}),
			do(func(*game) { in.closing = true }),
			wait(1),
			click(t, "Discard"),
			idle(), // the editor ends once its autosave is removed
			do(func(*game) { t.Error("the editor went on after its window was closed") }),
		}
	})
	if !g.quitting {
		t.Error("closing the window did not end the editor")
	}
}

// Opening a map with unsaved changes asks first; the opened map is the
// file's, saved and without history.
func TestEditorOpenAsksAndOpens(t *testing.T) {
	dir, store := newMapsDir(t)
	saved, err := hexmap.NewGrid(20, 15, 4)
	if err != nil {
		t.Fatal(err)
	}
	saved.SetElevation(7, 2)
	if err := store.Save(context.Background(), "e2e", saved, nil); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var p int
		return []step{
			wait(2),
			plateauTools(),
			do(func(g *game) { p = centreCell(t, g) }),
			stroke(t, in, func() []int { return []int{p} }),
			key(in, ebiten.KeyO, false),
			wait(1),
			click(t, "Discard"),
			idle(),
			wait(1),
			pickMap(t, "e2e"),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-open.png")),
			click(t, "Open"),
			idle(),
			do(func(g *game) {
				if !g.sess.Grid.Equal(saved) {
					t.Error("the reopened map differs from the saved one")
				}
				if g.sess.Modified() || g.sess.History.CanUndo() {
					t.Error("a freshly opened map is modified or has history")
				}
			}),
		}
	})
}

// The New dialog makes an empty map of the chosen size; a file dropped on
// the window opens, named after the file.
func TestEditorNewMapAndDrop(t *testing.T) {
	dir, _ := newMapsDir(t)
	dropped, err := showcase.Map()
	if err != nil {
		t.Fatal(err)
	}
	data, err := files.Encode(dropped)
	if err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			key(in, ebiten.KeyN, false),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-new.png")),
			click(t, "20 × 15"),
			click(t, "Empty map"),
			wait(1),
			do(func(g *game) {
				c := g.sess.Grid
				if c.Topology().Width != 20 || c.Topology().Height != 15 || g.sess.Name != "" {
					t.Errorf("new map %d×%d named %q", c.Topology().Width, c.Topology().Height, g.sess.Name)
				}
				in.dropped = fstest.MapFS{"dropped.hexmap": {Data: data}}
			}),
			wait(1),
			idle(),
			do(func(g *game) {
				if !g.sess.Grid.Equal(dropped) || g.sess.Suggested != "dropped" {
					t.Errorf("dropping a file: equal %v, suggested name %q", g.sess.Grid.Equal(dropped), g.sess.Suggested)
				}
			}),
		}
	})
}

// A dialog opened by another's choice takes the keyboard (Discard in the
// unsaved-changes question, then Import's path field), and picking a name
// in Save As hands the keyboard back to the name field.
func TestEditorDialogsTakeTheKeyboard(t *testing.T) {
	dir, store := newMapsDir(t)
	other, err := hexmap.NewGrid(20, 15, 4)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Save(context.Background(), "e2e", other, nil); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			do(func(g *game) { g.sess.History.MarkUnsaved(); g.cmdImport() }),
			wait(1),
			click(t, "Discard"),
			wait(2),
			do(func(g *game) { checkFieldFocused(t, g, "Import after Discard", "") }),
			click(t, "Cancel"),
			wait(1),
			key(in, ebiten.KeyS, true),
			idle(),
			wait(1),
			pickMap(t, "e2e"),
			wait(1),
			do(func(g *game) { checkFieldFocused(t, g, "Save As after picking a map", "e2e") }),
			click(t, "Cancel"),
			wait(1),
		}
	})
}

// Escape dismisses a dialog.
func TestEditorEscapeDismissesDialog(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			key(in, ebiten.KeyO, false),
			idle(),
			wait(1),
			do(func(g *game) {
				if len(g.dialogs) == 0 {
					t.Error("Ctrl+O opened no dialog")
				}
				in.chord(ebiten.KeyEscape)
			}),
			wait(1),
			do(func(g *game) {
				if len(g.dialogs) != 0 {
					t.Errorf("%d dialogs open after Escape", len(g.dialogs))
				}
			}),
		}
	})
}

// In a short window the panel scrolls instead of being cut off.
func TestEditorShortWindowScrollsPanel(t *testing.T) {
	dir, _ := newMapsDir(t)
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, newScriptInput(), func(g *game, t *checker) []step {
		return []step{
			wait(2),
			do(func(*game) { ebiten.SetWindowSize(900, 480) }),
			wait(3),
			captureStep(t, filepath.Join(shots, "editor-small.png")),
			do(func(g *game) {
				if g.win.h > 500 {
					t.Errorf("the window did not shrink: %d px high", g.win.h)
				}
				if g.edit.panel.bar.GetWidget().GetVisibility() != widget.Visibility_Show {
					t.Error("no scroll bar on a panel taller than the window")
				}
			}),
		}
	})
}

// checkFieldFocused checks that the newest dialog's text field has the
// keyboard and, unless want is empty, holds want.
func checkFieldFocused(t reporter, g *game, what, want string) {
	t.Helper()
	f, ok := g.win.ui.GetFocusedWidget().(*textField)
	switch {
	case len(g.dialogs) == 0:
		t.Errorf("%s: no dialog open", what)
	case !ok || g.dialogs[len(g.dialogs)-1].focus != f:
		t.Errorf("%s: the text field does not have the keyboard (focused: %T)", what, g.win.ui.GetFocusedWidget())
	case want != "" && f.GetText() != want:
		t.Errorf("%s: field holds %q, want %q", what, f.GetText(), want)
	}
}
