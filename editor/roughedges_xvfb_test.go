//go:build xvfb

package editor

import (
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/saves"
	"hexsandbox/topdown"
)

// End-to-end tests of the rough edges a new user hit, through the
// editor's input path.

// dialogField is the newest dialog's text field.
func dialogField(t reporter, g *game) *textField {
	f := findIn(g, every[*textField])
	if f == nil {
		t.Fatal("the dialog has no text field")
	}
	return f
}

// waitForField waits until one dialog is open and its text field is in
// the widget tree (the dialog lays out its content a frame or more after
// it opens).
func waitForField(t reporter, what string) step {
	return waitFor(t, what+" with its text field", func(g *game) bool {
		return len(g.dialogs) == 1 && findIn(g, every[*textField]) != nil
	})
}

// Map notes: the Note tool (key 6) asks for a text, which is drawn over
// the cell, is one undo step, and is saved with the map and read back.
func TestEditorNotesSavedAndLoaded(t *testing.T) {
	dir, store := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var cell int
		return []step{
			wait(2),
			tap(in, ebiten.Key6),
			do(func(g *game) { cell = centreCell(t, g) }),
			clickCell(in, func() int { return cell }),
			waitForField(t, "Note dialog"),
			do(func(g *game) { dialogField(t, g).SetText("Ashford") }),
			click(t, "Save"),
			wait(2),
			do(func(g *game) {
				if g.sess.Grid.Note(cell) != "Ashford" || undoCount(g) != 1 {
					t.Errorf("note %q, %d undo steps; want Ashford and 1", g.sess.Grid.Note(cell), undoCount(g))
				}
				in.x, in.y = g.win.w/2, 20 // away from the note, so it shows whole
			}),
			wait(1),
			captureStep(t, filepath.Join(shots, "editor-note.png")),
			key(in, ebiten.KeyS, true),
			waitForField(t, "Save dialog"),
			do(func(g *game) { dialogField(t, g).SetText("noted") }),
			click(t, "Save"),
			idle(),
			do(func(g *game) {
				saved, _, err := store.Load(context.Background(), "noted")
				if err != nil {
					t.Fatalf("reading the saved map: %v", err)
				}
				if saved.Note(cell) != "Ashford" {
					t.Fatalf("the saved map's note: %q", saved.Note(cell))
				}
				if info := hexmapInfo(t, filepath.Join(dir, "noted.hexmap")); info["notes"] != 1.0 {
					t.Errorf("hexmap info counts %v notes", info["notes"])
				}
			}),
			key(in, ebiten.KeyN, false),
			wait(1),
			click(t, "Empty map"),
			wait(1),
			key(in, ebiten.KeyO, false),
			wait(1),
			do(func(g *game) {
				if !selectEntry(findList(g), "noted") {
					t.Fatal("the Open dialog does not list the saved map")
				}
			}),
			click(t, "Open"),
			idle(),
			do(func(g *game) {
				if g.sess.Grid.Note(cell) != "Ashford" || g.sess.Name != "noted" {
					t.Errorf("the opened map %q has the note %q", g.sess.Name, g.sess.Grid.Note(cell))
				}
			}),
		}
	})
}

// Open and Import show the new map from a camera over its middle that
// fits it, not the old camera.
func TestEditorOpenFitsTheNewMap(t *testing.T) {
	dir, store := newMapsDir(t)
	small, _ := hexmap.NewGrid(20, 15, 4)
	if err := store.Save(context.Background(), "small", small, nil); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			do(func(g *game) { g.cam.X, g.cam.Z, g.cam.Rotation, g.cam.Zoom = 600, 400, 90, 1 }),
			key(in, ebiten.KeyO, false),
			wait(1),
			do(func(g *game) { selectEntry(findList(g), "small") }),
			click(t, "Open"),
			idle(),
			do(func(g *game) { checkFits(t, g, "Open") }),
		}
	})
}

// Import, reached by a click on the panel's button and a file picked in
// its browser, shows the imported map as Open does: from a camera over
// its middle, unturned, that fits it.
func TestEditorImportFitsTheNewMap(t *testing.T) {
	dir, _ := newMapsDir(t)
	folder := t.TempDir()
	small, _ := hexmap.NewGrid(20, 15, 4)
	file := filepath.Join(folder, "small.hexmap")
	if err := saves.SaveFile(file, small); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			do(func(g *game) {
				g.cam.X, g.cam.Z, g.cam.Rotation, g.cam.Zoom = 600, 400, 90, 1
				g.doc.importDir = folder // where the browser was last
				var b *widget.Button
				walk(g.edit.panel.content, func(w widget.PreferredSizeLocateableWidget) {
					if bt, ok := w.(*widget.Button); ok && bt.Text() != nil && bt.Text().Label == "Import…" {
						b = bt
					}
				})
				if b == nil {
					t.Fatal("the panel has no Import… button")
				}
				r := b.GetWidget().Rect
				in.x, in.y = (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
			}),
			mouseButton(in, true),
			mouseButton(in, false),
			waitFor(t, "Import browser listing "+file, func(g *game) bool {
				l := findList(g)
				return l != nil && selectEntry(l, file)
			}),
			click(t, "Import"),
			waitFor(t, "the imported map", func(g *game) bool { return g.sess.Grid.Equal(small) }),
			do(func(g *game) { checkFits(t, g, "Import") }),
		}
	})
}

// checkFits checks that the camera after what is over the middle of the
// open map, unturned, with all four corner cells in view.
func checkFits(t reporter, g *game, what string) {
	top := g.sess.Grid.Topology()
	maxX, maxZ := top.Extent()
	if g.cam.Rotation != 0 || abs64(g.cam.X-maxX/2) > 1 || abs64(g.cam.Z-maxZ/2) > 1 {
		t.Errorf("camera after %s: %+v, want over the middle (%.0f, %.0f), unturned", what, g.cam, maxX/2, maxZ/2)
	}
	mr := g.mapRect()
	for _, c := range [][2]int{{0, 0}, {top.Width - 1, 0}, {0, top.Height - 1}, {top.Width - 1, top.Height - 1}} {
		x, y := g.cellScreen(offset(t, g.sess.Grid, c[0], c[1]))
		if !image.Pt(x, y).In(mr) {
			t.Errorf("after %s, corner cell %v is at (%d, %d), outside the view %v", what, c, x, y, mr)
		}
	}
}

func abs64(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// Save As offers the map's name selected, so that typing replaces it.
func TestEditorSaveAsSelectsTheName(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			key(in, ebiten.KeyS, true),
			waitForField(t, "Save As dialog"),
			do(func(g *game) {
				f := dialogField(t, g)
				if f.GetText() != "showcase" || f.SelectedText() != "showcase" {
					t.Errorf("Save As offers %q with %q selected; want showcase, all selected", f.GetText(), f.SelectedText())
				}
				// A typed character as the field takes it: the key's press,
				// then its character (the browser sends both).
				f.edit(Event{Kind: KeyDown, Key: ebiten.KeyM}, time.Now())
				f.edit(Event{Kind: Char, Char: 'm'}, time.Now())
				if f.GetText() != "m" {
					t.Errorf("typing over the offered name gives %q, want m", f.GetText())
				}
			}),
			click(t, "Cancel"),
		}
	})
}

// dialogText is the text of the newest dialog's paragraphs.
func dialogText(g *game) string {
	var out []string
	if len(g.dialogs) > 0 {
		walk(g.dialogs[len(g.dialogs)-1].c, func(w widget.PreferredSizeLocateableWidget) {
			if t, ok := w.(*widget.Text); ok {
				out = append(out, t.Label)
			}
		})
	}
	return strings.Join(out, " ")
}

// Until the pointer moves, and while it is outside the window, no cell
// is outlined under it (the browser puts it at (0, 0) until it enters
// the page).
func TestEditorNoHoverBeforeThePointerEnters(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput() // at (0, 0), over the map's top-left corner
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(3),
			do(func(g *game) {
				if g.ptr.cur.ok {
					t.Errorf("a cell (%d) is hovered before the pointer moved", g.ptr.cur.cell)
				}
				in.x, in.y = g.win.w/3, g.win.h/3
			}),
			wait(1),
			do(func(g *game) {
				if !g.ptr.cur.ok {
					t.Error("no cell hovered under the moved pointer")
				}
				in.out = true
			}),
			wait(1),
			do(func(g *game) {
				if g.ptr.cur.ok {
					t.Error("a cell is hovered with the pointer outside the window")
				}
			}),
		}
	})
}

// The terrain row shows what is applied: Keep while no terrain is, the
// swatch once one is; moving a value's slider turns its toggle on, and a
// click on a slider's track takes it to the click.
func TestEditorPanelShowsWhatIsApplied(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var water *valueRow
		return []step{
			wait(2),
			do(func(g *game) {
				// A first start paints grass (issue 33): its swatch shows it.
				if !g.edit.settings.ApplyTerrain || g.edit.panel.terrain.group.Active() != g.edit.panel.terrain.btns[1+int(hexmap.Grass)] {
					t.Error("a first start: grass is not the active terrain choice")
				}
				g.edit.panel.terrain.btns[0].Click()
			}),
			wait(1),
			do(func(g *game) {
				if g.edit.settings.ApplyTerrain || g.edit.panel.terrain.group.Active() != g.edit.panel.terrain.btns[0] {
					t.Error("after a click on Keep, terrain is applied or Keep is not the active choice")
				}
				g.edit.panel.terrain.btns[1+int(hexmap.Grass)].Click()
			}),
			wait(1),
			do(func(g *game) {
				if !g.edit.settings.ApplyTerrain || g.edit.settings.Terrain != hexmap.Grass {
					t.Errorf("a click on the grass swatch: apply %v, terrain %d", g.edit.settings.ApplyTerrain, g.edit.settings.Terrain)
				}
				for _, r := range g.edit.panel.rows {
					if r.name == "Water" {
						water = r
					}
				}
				if water == nil || g.edit.settings.ApplyWater {
					t.Fatal("no water row, or water applied from the start")
				}
				// A press at the far right end of the track: the slider's
				// last value (tools.MaxPanelElevation), not one step up.
				w := water.slider.GetWidget()
				w.MouseButtonPressedEvent.Fire(&widget.WidgetMouseButtonPressedEventArgs{
					Widget: w, Button: ebiten.MouseButtonLeft, OffsetX: w.Rect.Dx() - 1, OffsetY: w.Rect.Dy() / 2})
				g.win.dirty = true // as the press's input event does: the panel is drawn again, and reports the change
			}),
			framesDrawn(2),
			do(func(g *game) {
				if g.edit.settings.WaterLevel != tools.MaxPanelElevation {
					t.Errorf("a click at the track's end set water %d, want %d", g.edit.settings.WaterLevel, tools.MaxPanelElevation)
				}
				if !g.edit.settings.ApplyWater || water.check.State() != widget.WidgetChecked {
					t.Error("moving the water slider did not turn its toggle on")
				}
				w := water.slider.GetWidget()
				w.MouseButtonPressedEvent.Fire(&widget.WidgetMouseButtonPressedEventArgs{
					Widget: w, Button: ebiten.MouseButtonLeft, OffsetX: w.Rect.Dx() / 2, OffsetY: w.Rect.Dy() / 2})
				g.win.dirty = true
			}),
			framesDrawn(2),
			do(func(g *game) {
				if g.edit.settings.WaterLevel != 3 {
					t.Errorf("a click at the track's middle set water %d, want 3", g.edit.settings.WaterLevel)
				}
			}),
			captureStep(t, filepath.Join(shots, "editor-panel.png")),
		}
	})
}

// The Open dialog lists each map with its shape, size and date and shows
// a preview of the one selected; a double click opens it.
func TestEditorOpenDialogDetailsAndDoubleClick(t *testing.T) {
	dir, store := newMapsDir(t)
	wide, _ := hexmap.NewGridOf(hexmap.Topology{Width: 40, Height: 15, Wrapping: true}, noise.New(2))
	wide.SetElevation(3, 2)
	if err := store.Save(context.Background(), "wide", wide, nil); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var l *widget.List
		// A clock that stands still: the two clicks are a double click
		// however slowly the frames come.
		now := time.Now()
		g.clock.source = func() time.Time { return now }
		return []step{
			wait(2),
			key(in, ebiten.KeyO, false),
			wait(1),
			do(func(g *game) {
				l = findList(g)
				label := l.Entries()[0].(listEntry).label
				day := time.Now().Format("2 Jan 2006")
				if !strings.Contains(label, "40×15 wrapping") || !strings.Contains(label, "bytes") || !strings.Contains(label, day) {
					t.Errorf("the list shows %q: want the shape, the size and today's date", label)
				}
				selectEntry(l, "wide")
			}),
			waitFor(t, "the preview", func(g *game) bool { return strings.Contains(dialogText(g), "40×15 wrapping:") }),
			captureStep(t, filepath.Join(shots, "editor-open-preview.png")),
			do(func(g *game) {
				r := l.GetWidget().Rect
				in.x, in.y = r.Min.X+20, r.Min.Y+12
			}),
			mouseButton(in, true), mouseButton(in, false), mouseButton(in, true), mouseButton(in, false),
			wait(1),
			do(func(g *game) {
				if len(g.dialogs) != 0 || g.sess.Name != "wide" || !g.sess.Grid.Equal(wide) {
					t.Errorf("after a double click: %d dialogs, map %q", len(g.dialogs), g.sess.Name)
				}
			}),
			// Enter opens the selected map too.
			key(in, ebiten.KeyO, false),
			wait(1),
			do(func(g *game) { selectEntry(findList(g), "wide"); g.sess.Name = "" }),
			tap(in, ebiten.KeyEnter),
			wait(1),
			do(func(g *game) {
				if len(g.dialogs) != 0 || g.sess.Name != "wide" {
					t.Errorf("after Enter: %d dialogs, map %q", len(g.dialogs), g.sess.Name)
				}
			}),
		}
	})
}

// mouseButton sets the left button for one frame.
func mouseButton(in *scriptInput, down bool) step {
	return do(func(*game) { in.left = down })
}

// waitFor waits up to some seconds of frames until ok holds.
func waitFor(t reporter, what string, ok func(g *game) bool) step {
	frames := 0
	return func(g *game) bool {
		if frames++; frames > 1200 {
			t.Fatalf("no %s after %d frames", what, frames)
		}
		return ok(g)
	}
}

// The Import dialog browses folders: it lists a folder's folders and its
// map files (not other files, unless asked), goes into a folder on a
// double click and imports a file on one.
func TestEditorImportBrowser(t *testing.T) {
	dir, _ := newMapsDir(t)
	root := t.TempDir()
	sub := filepath.Join(root, "campaign")
	os.Mkdir(sub, 0o755)
	os.WriteFile(filepath.Join(root, "notes.txt"), []byte("not a map"), 0o644)
	m, _ := hexmap.NewGrid(20, 15, 9)
	m.SetElevation(5, 3)
	if err := saves.SaveFile(filepath.Join(sub, "island.hexmap"), m); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var l *widget.List
		now := time.Now() // a clock that stands still, as above
		g.clock.source = func() time.Time { return now }
		twice := func() []step {
			return []step{mouseButton(in, true), mouseButton(in, false), mouseButton(in, true), mouseButton(in, false)}
		}
		steps := []step{
			wait(2),
			do(func(g *game) { g.doc.importDir = root; g.cmdImport() }),
			wait(1),
			do(func(g *game) {
				l = findList(g)
				var labels []string
				for _, e := range l.Entries() {
					labels = append(labels, e.(listEntry).label)
				}
				if len(labels) != 1 || labels[0] != "campaign"+string(filepath.Separator) {
					t.Errorf("the maps filter lists %q, want only the folder", labels)
				}
				selectEntry(l, sub)
				r := l.GetWidget().Rect
				in.x, in.y = r.Min.X+20, r.Min.Y+12
			}),
		}
		steps = append(steps, twice()...)
		steps = append(steps,
			wait(1),
			do(func(g *game) {
				if len(l.Entries()) != 1 || !strings.HasPrefix(l.Entries()[0].(listEntry).label, "island.hexmap") {
					t.Fatalf("inside the folder the list shows %v", l.Entries())
				}
				selectEntry(l, filepath.Join(sub, "island.hexmap"))
			}),
			captureStep(t, filepath.Join(shots, "editor-import.png")),
		)
		steps = append(steps, twice()...)
		return append(steps,
			wait(1),
			do(func(g *game) {
				if len(g.dialogs) != 0 || !g.sess.Grid.Equal(m) || g.mapTitle() != "island" {
					t.Errorf("after a double click on the file: %d dialogs, title %q (%v)", len(g.dialogs), g.mapTitle(), g.msgs.toasts)
				}
			}),
		)
	})
}

// F12 writes a screenshot of the map view, without the panel or the
// brush's outline, into the screenshots folder beside the maps, and
// says where; Export Image writes the whole map from above at the
// chosen scale there.
func TestEditorScreenshotsAndExportImage(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shotsFolder := files.ScreenshotsDir(dir)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			do(func(g *game) { in.x, in.y = g.win.w/3, g.win.h/2 }), // the brush's outline under the pointer
			// The clock stands still from here, so that the message stays
			// however slowly the frames come (the picture's name differs
			// from the shot's by its kind, not its time).
			do(func(g *game) {
				t0 := g.clock.Now()
				g.clock.source = func() time.Time { return t0 }
			}),
			wait(1),
			tap(in, ebiten.KeyF12),
			waitFor(t, "screenshot", func(g *game) bool { return len(pngsIn(shotsFolder)) == 1 }),
			wait(2),
			do(func(g *game) {
				shot := pngsIn(shotsFolder)[0]
				said := false
				for _, m := range g.msgs.toasts {
					said = said || strings.Contains(m.text, shot)
				}
				if !said {
					t.Errorf("no message names %s: %v", shot, g.msgs.toasts)
				}
				img := readPNG(t, shot)
				if img.Bounds().Dx() != g.win.w || img.Bounds().Dy() != g.win.h {
					t.Errorf("screenshot %v, window %d×%d", img.Bounds(), g.win.w, g.win.h)
				}
				// Where the panel is, the shot shows the map; the brush's
				// orange outline is nowhere.
				panel, outline := 0, 0
				for y := 0; y < img.Bounds().Dy(); y++ {
					for x := 0; x < img.Bounds().Dx(); x++ {
						c := img.At(x, y)
						if same(c, colPanel) {
							panel++
						}
						if same(c, hoverColor) {
							outline++
						}
					}
				}
				if panel > 100 || outline > 0 {
					t.Errorf("the screenshot has %d pixels of the panel's colour and %d of the brush's outline", panel, outline)
				}
			}),
			do(func(g *game) { g.exportImageDialog() }),
			wait(1),
			click(t, "Export"),
			waitFor(t, "map picture", func(g *game) bool { return len(pngsIn(shotsFolder)) == 2 }),
			wait(2),
			do(func(g *game) {
				var pic string
				for _, p := range pngsIn(shotsFolder) {
					if strings.Contains(p, "-map-") {
						pic = p
					}
				}
				img := readPNG(t, pic)
				w, h := topdown.PictureSize(g.sess.Grid.Topology(), 16)
				if img.Bounds().Dx() != w || img.Bounds().Dy() != h {
					t.Errorf("map picture %v, want %d×%d at 16 px per cell", img.Bounds(), w, h)
				}
			}),
		}
	})
}

func pngsIn(dir string) []string {
	m, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	return m
}

func readPNG(t reporter, path string) image.Image {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

func same(a, b interface{ RGBA() (r, g, b, a uint32) }) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	return r1>>8 == r2>>8 && g1>>8 == g2>>8 && b1>>8 == b2>>8
}

// A restart reopens the map that was open and the tool settings.
func TestEditorRestartReopensTheLastMap(t *testing.T) {
	dir, store := newMapsDir(t)
	kept, _ := hexmap.NewGrid(20, 15, 6)
	kept.SetElevation(9, 4)
	if err := store.Save(context.Background(), "kept", kept, nil); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	var want tools.Settings
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			key(in, ebiten.KeyO, false),
			wait(1),
			do(func(g *game) { selectEntry(findList(g), "kept") }),
			click(t, "Open"),
			tap(in, ebiten.KeyF),
			tap(in, ebiten.KeyY),
			tap(in, ebiten.KeyBracketRight),
			do(func(g *game) {
				want = g.edit.settings
				if want.Symmetry != tools.SymmetryMirror || want.Tool != tools.ToolFill {
					t.Errorf("Y and F did not choose mirror symmetry and Fill: %+v", want)
				}
				// A restart keeps the tool and values but turns symmetry
				// off (issue 33: no click after a restart changes cells
				// far from the pointer).
				want.Symmetry = tools.SymmetryOff
				in.closing = true
			}),
			wait(2),
		}
	})
	in = newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			do(func(g *game) {
				if g.sess.Name != "kept" || !g.sess.Grid.Equal(kept) || g.sess.Modified() {
					t.Errorf("restarted on %q (equal %v, modified %v), want kept as saved", g.sess.Name, g.sess.Grid.Equal(kept), g.sess.Modified())
				}
				if g.edit.settings != want || want.BrushSize != 1 {
					t.Errorf("restarted with %+v, want %+v", g.edit.settings, want)
				}
			}),
		}
	})
}
