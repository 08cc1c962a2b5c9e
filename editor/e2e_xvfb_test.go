//go:build xvfb

package editor

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
func captureStep(t *testing.T, path string) step {
	asked := false
	return func(g *game) bool {
		if !asked {
			asked = true
			g.capture = func(img *ebiten.Image) {
				g.capture = nil
				if err := render.WritePNG(path, img); err != nil {
					t.Errorf("screenshot: %v", err)
				}
			}
			return false
		}
		return g.capture == nil
	}
}

func wait(frames int) step {
	n := 0
	return func(*game) bool { n++; return n > frames }
}

func do(f func(g *game)) step { return func(g *game) bool { f(g); return true } }

// stroke drags the cursor with the left button held through cells (each
// looked up when reached, since edits move the terrain), then releases.
func stroke(t *testing.T, in *scriptInput, cells func() []int) step {
	var list []int
	k := 0
	return func(g *game) bool {
		if list == nil {
			list = cells()
		}
		if k > 0 && k <= len(list) && g.hover != list[k-1] {
			t.Errorf("cursor over cell %d picked %d (ok %v)", list[k-1], g.hover, g.hoverOK)
		}
		if k == len(list) {
			in.left = false
			list, k = nil, 0
			return true
		}
		in.x, in.y = cellScreen(g, list[k])
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

func click(t *testing.T, label string) step {
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
		g.settings = tools.Settings{}
		f(&g.settings)
		g.panel.sync(&g.settings, &g.view)
	})
}

func step1(g *hexmap.Grid, i int, d hexmap.Direction) int {
	n, ok := g.Neighbor(i, d)
	if !ok {
		panic(fmt.Sprintf("cell %d has no %v neighbour", i, d))
	}
	return n
}

// hexmapInfo runs `hexmap info` on a file and decodes its JSON.
func hexmapInfo(t *testing.T, path string) map[string]any {
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

func TestEditorEndToEnd(t *testing.T) {
	dir := t.TempDir()
	// A recovery autosave left by an earlier session that did not save.
	store, err := files.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	lost, err := showcase.Map()
	if err != nil {
		t.Fatal(err)
	}
	lost.SetElevation(0, 5)
	if err := store.SaveRecovery("", lost); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	g, err := newGame(Options{MapsDir: dir}, in)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	g.now = func() time.Time { return clock }
	shots := shotsDir(t)
	var initial *hexmap.Grid
	grid := func() *hexmap.Grid { return g.sess.Grid }
	var p, water int // the plateau's centre, a cell to flood
	var saved *hexmap.Grid
	file := filepath.Join(dir, "e2e.hexmap")

	steps := []step{
		wait(3),
		captureStep(t, filepath.Join(shots, "editor-recover.png")),
		click(t, "Recover"),
		wait(1),
		do(func(g *game) {
			if !grid().Equal(lost) || !g.sess.Modified() {
				t.Errorf("recovered map: equal %v, modified %v", grid().Equal(lost), g.sess.Modified())
			}
			initial = grid().Clone()
			in.x, in.y = g.mapRect().Dx()/2, g.mapRect().Dy()/2
		}),
		wait(1),
		captureStep(t, filepath.Join(shots, "editor.png")),
		do(func(g *game) {
			mr := g.mapRect()
			var ok bool
			p, ok = g.scene.Pick(&g.cam.Camera, mr.Dx(), mr.Dy(), float64(mr.Dx()/2), float64(mr.Dy()/2))
			if !ok {
				t.Fatal("nothing under the map's centre")
			}
			water = step1(grid(), step1(grid(), step1(grid(), step1(grid(), p, hexmap.W), hexmap.W), hexmap.W), hexmap.SW)
		}),
		// The mouse over the panel never edits.
		do(func(g *game) { in.x, in.y, in.left = g.w-g.style.px(40), g.h/2, true }),
		wait(2),
		do(func(g *game) { in.x, in.y = cellScreen(g, p) }), // still held, now over the map
		wait(2),
		do(func(g *game) {
			in.left = false
			if g.sess.History.CanUndo() {
				t.Error("a press over the panel edited the map")
			}
		}),
		// A plateau cleared of what the showcase had there.
		setTools(func(s *tools.Settings) {
			s.ApplyElevation, s.Elevation, s.BrushSize = true, 3, 2
			s.ApplyUrban, s.ApplySpecial, s.ApplyWater = true, true, true
			s.River, s.Road, s.Walled = tools.No, tools.No, tools.No
		}),
		stroke(t, in, func() []int { return []int{p} }),
		setTools(func(s *tools.Settings) { s.ApplyWater, s.WaterLevel = true, int(grid().Cell(water).Elevation)+2 }),
		stroke(t, in, func() []int { return []int{water} }),
		setTools(func(s *tools.Settings) { s.River = tools.Yes }),
		stroke(t, in, func() []int { return []int{step1(grid(), p, hexmap.W), p, step1(grid(), p, hexmap.E)} }),
		setTools(func(s *tools.Settings) { s.Road = tools.Yes }),
		stroke(t, in, func() []int { return []int{step1(grid(), p, hexmap.NW), step1(grid(), p, hexmap.NE)} }),
		setTools(func(s *tools.Settings) { s.Walled = tools.Yes }),
		stroke(t, in, func() []int { return []int{step1(grid(), p, hexmap.SE)} }),
		setTools(func(s *tools.Settings) { s.ApplyUrban, s.Urban = true, 2 }),
		stroke(t, in, func() []int { return []int{step1(grid(), p, hexmap.SE)} }),
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
			g.settings.BrushSize = 2
			g.view.Grid = true
			g.panel.sync(&g.settings, &g.view)
			in.x, in.y = cellScreen(g, p)
		}),
		wait(1),
		captureStep(t, filepath.Join(shots, "editor-edited.png")),
		do(func(g *game) {
			g.view.Grid, g.view.Labels = false, true
			g.cam.Zoom = 0.8
			g.panel.sync(&g.settings, &g.view)
		}),
		wait(1),
		captureStep(t, filepath.Join(shots, "editor-labels.png")),
		do(func(g *game) { g.view.Labels = false; g.cam.Zoom = 0.3; g.panel.sync(&g.settings, &g.view) }),
		// A minute later the unsaved changes are autosaved for recovery.
		do(func(*game) { clock = clock.Add(time.Second) }),
		wait(1),
		do(func(*game) { clock = clock.Add(files.AutosaveInterval) }),
		wait(1),
		do(func(g *game) {
			_, rec, err := store.LoadRecovery()
			if err != nil || !rec.Equal(grid()) {
				t.Errorf("no autosave of the edited map after a minute: %v", err)
			}
		}),
		// Save: the map has no name, so Save As asks for one.
		key(in, ebiten.KeyS, false),
		wait(1),
		captureStep(t, filepath.Join(shots, "editor-save-as.png")),
		do(func(g *game) {
			var field *widget.TextInput
			if len(g.dialogs) > 0 {
				walk(g.dialogs[len(g.dialogs)-1].c, func(w widget.PreferredSizeLocateableWidget) {
					if f, ok := w.(*widget.TextInput); ok {
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
		wait(1),
		do(func(g *game) {
			if g.sess.Modified() || g.sess.Name != "e2e" {
				t.Errorf("after saving: modified %v, name %q", g.sess.Modified(), g.sess.Name)
			}
			var err error
			saved, _, err = saves.LoadFile(file)
			if err != nil {
				t.Fatalf("reading the saved map: %v", err)
			}
			if !saved.Equal(grid()) {
				t.Error("the saved file differs from the edited map")
			}
			if _, _, err := store.LoadRecovery(); !errors.Is(err, files.ErrNoRecovery) {
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
		// Undo every stroke: the map is the showcase again.
		key(in, ebiten.KeyZ, false), key(in, ebiten.KeyZ, false), key(in, ebiten.KeyZ, false),
		key(in, ebiten.KeyZ, false), key(in, ebiten.KeyZ, false), key(in, ebiten.KeyZ, false),
		do(func(g *game) {
			if !grid().Equal(initial) {
				t.Error("undoing every stroke did not restore the map")
			}
			if !g.sess.Modified() {
				t.Error("undone map counts as saved")
			}
		}),
		key(in, ebiten.KeyZ, true), // redo one: the plateau is back
		do(func(g *game) {
			if grid().Cell(p).Elevation != 3 {
				t.Error("Ctrl+Shift+Z did not redo the plateau")
			}
		}),
		// Closing the window with unsaved changes asks first; Cancel keeps
		// the editor open with the map as it was.
		do(func(*game) { in.closing = true }),
		wait(1),
		do(func(g *game) {
			if g.modals == 0 || findButton(g, "Cancel") == nil {
				t.Error("closing with unsaved changes did not ask")
			}
		}),
		click(t, "Cancel"),
		wait(1),
		do(func(g *game) {
			if g.quitting || g.modals != 0 || grid().Cell(p).Elevation != 3 {
				t.Errorf("after Cancel: quitting %v, dialogs %d, plateau %d", g.quitting, g.modals, grid().Cell(p).Elevation)
			}
		}),
		// Reopen the saved map: the guard asks about the unsaved undo.
		key(in, ebiten.KeyO, false),
		wait(1),
		click(t, "Discard"),
		wait(1),
		do(func(g *game) {
			l := findList(g)
			if l == nil {
				t.Fatal("Open shows no list")
			}
			l.SetSelectedEntry("e2e")
		}),
		wait(1),
		captureStep(t, filepath.Join(shots, "editor-open.png")),
		click(t, "Open"),
		wait(1),
		do(func(g *game) {
			if !grid().Equal(saved) {
				t.Error("the reopened map differs from the saved one")
			}
			if g.sess.Modified() || g.sess.History.CanUndo() {
				t.Error("a freshly opened map is modified or has history")
			}
		}),
		// A new 20×15 map from the New dialog.
		key(in, ebiten.KeyN, false),
		wait(1),
		captureStep(t, filepath.Join(shots, "editor-new.png")),
		click(t, "20 × 15"),
		wait(1),
		do(func(g *game) {
			if grid().Width() != 20 || grid().Height() != 15 || g.sess.Name != "" {
				t.Errorf("new map %d×%d named %q", grid().Width(), grid().Height(), g.sess.Name)
			}
			data, err := files.Encode(saved)
			if err != nil {
				t.Fatal(err)
			}
			in.dropped = fstest.MapFS{"dropped.hexmap": {Data: data}}
		}),
		wait(1),
		do(func(g *game) {
			if !grid().Equal(saved) || g.suggested != "dropped" {
				t.Errorf("dropping a file: equal %v, suggested name %q", grid().Equal(saved), g.suggested)
			}
		}),
		// A dialog opened by another's choice takes the keyboard: Discard
		// in the unsaved-changes question, then Import's path field.
		do(func(g *game) { g.sess.History.MarkUnsaved(); g.cmdImport() }),
		wait(1),
		click(t, "Discard"),
		wait(2),
		do(func(g *game) { checkFieldFocused(t, g, "Import after Discard", "") }),
		click(t, "Cancel"),
		wait(1),
		// Picking a name in Save As hands the keyboard back to the name
		// field, so Enter saves under it.
		key(in, ebiten.KeyS, true),
		wait(1),
		do(func(g *game) {
			l := findList(g)
			if l == nil {
				t.Fatal("Save As shows no list")
			}
			g.ui.SetFocusedWidget(l) // as a click on the list does
			l.SetSelectedEntry("e2e")
		}),
		wait(1),
		do(func(g *game) { checkFieldFocused(t, g, "Save As after picking a map", "e2e") }),
		click(t, "Cancel"),
		wait(1),
		// Escape dismisses a dialog.
		key(in, ebiten.KeyO, false),
		wait(1),
		do(func(*game) { in.chord(ebiten.KeyEscape) }),
		wait(1),
		do(func(g *game) {
			if g.modals != 0 {
				t.Errorf("%d dialogs open after Escape", g.modals)
			}
		}),
		// A short window: the panel scrolls instead of being cut off.
		do(func(*game) { ebiten.SetWindowSize(900, 480) }),
		wait(3),
		captureStep(t, filepath.Join(shots, "editor-small.png")),
		do(func(g *game) {
			if g.h > 500 {
				t.Errorf("the window did not shrink: %d px high", g.h)
			}
			if g.panel.bar.GetWidget().GetVisibility() != widget.Visibility_Show {
				t.Error("no scroll bar on a panel taller than the window")
			}
		}),
	}
	// Finally close the window: answered with Discard when there is
	// anything unsaved, the editor ends and the script runs no further.
	steps = append(steps,
		do(func(*game) { in.closing = true }),
		wait(1),
		func(g *game) bool {
			if g.modals > 0 {
				if b := findButton(g, "Discard"); b != nil {
					b.Click()
				}
			}
			return true
		},
		wait(2),
		do(func(*game) { t.Error("the editor went on after its window was closed") }),
	)
	g.script = runScript(in, steps)
	if err := runGame(g); err != nil {
		t.Fatal(err)
	}
	if !g.quitting {
		t.Error("closing the window did not end the editor")
	}
}

// checkFieldFocused checks that the newest dialog's text field has the
// keyboard and, unless want is empty, holds want.
func checkFieldFocused(t *testing.T, g *game, what, want string) {
	t.Helper()
	f, ok := g.ui.GetFocusedWidget().(*widget.TextInput)
	switch {
	case len(g.dialogs) == 0:
		t.Errorf("%s: no dialog open", what)
	case !ok || g.dialogs[len(g.dialogs)-1].focus != f:
		t.Errorf("%s: the text field does not have the keyboard (focused: %T)", what, g.ui.GetFocusedWidget())
	case want != "" && f.GetText() != want:
		t.Errorf("%s: field holds %q, want %q", what, f.GetText(), want)
	}
}
