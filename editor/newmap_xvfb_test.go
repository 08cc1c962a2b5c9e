//go:build xvfb

package editor

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/mapgen"
	"hexsandbox/saves"
)

// previewed waits until the dialog shows the preview of its form as it
// stands.
func previewed(t reporter) step {
	frames := 0
	return func(g *game) bool {
		if frames++; frames > 600 {
			t.Fatalf("no preview after %d frames", frames)
		}
		d := g.newMap
		return d != nil && !d.running && d.latest != nil && d.latest.form == d.form
	}
}

// The New dialog generates the map its preview shows, from the seed and
// settings set in it; the generation is one step that Undo takes back and
// Redo brings again; Export writes the Catlike file of the map.
func TestEditorGeneratesMaps(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	export := filepath.Join(t.TempDir(), "exported")
	want := mapgen.DefaultSettings()
	want.LandPercentage, want.RegionCount = 35, 2
	var before *hexmap.Grid
	var previewLand int
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return append(openNewMap(in, &before),
			click(t, "40 × 30"),
			do(func(g *game) {
				d := g.newMap
				if d == nil {
					t.Fatal("no New map dialog")
				}
				d.seed.SetText("12345")
				d.sliders["land"].Current = 35 - 5 // land steps 1 from 5
				d.sliders["regions"].Current = 2 - 1
			}),
			framesDrawn(2), // the sliders report their change when drawn
			previewed(t),
			do(func(g *game) {
				d := g.newMap
				if d.form.seed != 12345 || d.form.settings != want || d.form.top != (hexmap.Topology{Width: 40, Height: 30}) {
					t.Errorf("form %+v", d.form)
				}
				// The preview shows land: some pixels are neither the
				// background nor water.
				px := make([]byte, 4*d.canvas.Bounds().Dx()*d.canvas.Bounds().Dy())
				d.canvas.ReadPixels(px)
				for k := 0; k < len(px); k += 4 {
					if px[k+1] > px[k+2] { // greener than blue: grass
						previewLand++
					}
				}
			}),
			captureStep(t, filepath.Join(shots, "editor-generate.png")),
			click(t, "Generate"),
			wait(1),
			do(func(g *game) {
				exp, _, err := mapgen.HexMapGenerator{Settings: want}.GenerateMap(hexmap.Topology{Width: 40, Height: 30}, 12345)
				if err != nil {
					t.Fatal(err)
				}
				if !g.sess.Grid.Equal(exp) || g.sess.Name != "" || !g.sess.Modified() || len(g.dialogs) != 0 {
					t.Errorf("generated map: equal %v, name %q, modified %v, %d dialogs",
						g.sess.Grid.Equal(exp), g.sess.Name, g.sess.Modified(), len(g.dialogs))
				}
			}),
			captureStep(t, filepath.Join(shots, "editor-generated.png")),
			key(in, ebiten.KeyZ, false),
			wait(1),
			do(func(g *game) {
				if g.sess.Grid != before || g.sess.Suggested != "showcase" {
					t.Errorf("undo: map %p (want %p), suggested %q", g.sess.Grid, before, g.sess.Suggested)
				}
			}),
			key(in, ebiten.KeyY, false),
			wait(1),
			do(func(g *game) {
				if g.sess.Grid == before || g.sess.Grid.Topology().Width != 40 {
					t.Error("redo did not bring the generated map back")
				}
				g.exportCatlike()
			}),
			wait(1),
			do(func(g *game) { findField(g).SetText(export) }),
			click(t, "Export"),
			idle(),
			do(func(g *game) {
				data, err := os.ReadFile(export + ".map")
				var spec bytes.Buffer
				if err == nil {
					err = saves.WriteCatlike(&spec, g.sess.Grid)
				}
				if err != nil || !bytes.Equal(data, spec.Bytes()) {
					t.Errorf("exported file: %v, %d bytes", err, len(data))
				}
			}),
		)
	})
	if previewLand < 100 {
		t.Errorf("the preview shows %d pixels of grass", previewLand)
	}
}

// Generate pressed while the worker still makes the preview of the form
// does not generate on the UI goroutine: the map stays and the dialog
// stays open, saying that the map opens when ready, while frames go on;
// once the worker has it, the map is the form's as Catlike's generator
// makes it, and the dialog closes. The test holds the worker up, so the
// preview is surely unfinished when Generate is pressed.
func TestEditorGenerateWaitsForPreview(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	started, release := make(chan struct{}, 1), make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	defer free() // a failed run must not leave the worker waiting
	var before *hexmap.Grid
	var form newMapForm
	frames := 0
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return append(openNewMap(in, &before),
			previewed(t), // the first preview, by the real worker
			do(func(g *game) {
				g.newMap.generate = func(f newMapForm, n *noise.Noise) generatedMap {
					select {
					case started <- struct{}{}:
					default:
					}
					<-release
					return generateForm(f, n)
				}
				g.newMap.seed.SetText("4242")
			}),
			func(g *game) bool { // the worker has begun the new seed's preview
				if frames++; frames > 600 {
					t.Fatalf("no preview of the new seed started in %d frames", frames)
				}
				select {
				case <-started:
					return true
				default:
					return false
				}
			},
			do(func(g *game) { form = g.newMap.form }),
			click(t, "Generate"),
			wait(3),
			do(func(g *game) {
				d := g.newMap
				if g.sess.Grid != before || len(g.dialogs) != 1 || d == nil || !d.pending || !strings.Contains(d.status.Label, "when it is ready") {
					t.Fatalf("Generate before the preview: map replaced %v, %d dialogs, status %q", g.sess.Grid != before, len(g.dialogs), d.status.Label)
				}
				if form.seed != 4242 {
					t.Errorf("form seed %d", form.seed)
				}
				free()
				frames = 0
			}),
			func(g *game) bool {
				if frames++; frames > 600 {
					t.Fatalf("the generated map did not open in %d frames", frames)
				}
				return g.sess.Grid != before
			},
			do(func(g *game) {
				exp, _, err := mapgen.HexMapGenerator{Settings: form.settings}.GenerateMap(form.top, 4242)
				if err != nil {
					t.Fatal(err)
				}
				if !g.sess.Grid.Equal(exp) || len(g.dialogs) != 0 || !g.sess.Modified() {
					t.Errorf("generated map: equal %v, %d dialogs, modified %v", g.sess.Grid.Equal(exp), len(g.dialogs), g.sess.Modified())
				}
			}),
		)
	})
}

// Empty map makes an empty map of the size and wrapping chosen; a bad
// size keeps the dialog open and says why.
func TestEditorNewEmptyWrappingMap(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			key(in, ebiten.KeyN, false),
			wait(1),
			do(func(g *game) {
				g.newMap.wf.SetText("33")
			}),
			click(t, "Empty map"),
			wait(1),
			do(func(g *game) {
				if len(g.dialogs) != 1 || g.sess.Grid.Topology().Width == 33 {
					t.Errorf("a 33-wide map: %d dialogs, width %d", len(g.dialogs), g.sess.Grid.Topology().Width)
				}
				g.newMap.wf.SetText("25")
				g.newMap.hf.SetText("10")
				findCheckbox(g).Click() // the one check box: wrap east-west
			}),
			wait(1),
			click(t, "Empty map"),
			wait(1),
			do(func(g *game) {
				top := g.sess.Grid.Topology()
				if top != (hexmap.Topology{Width: 25, Height: 10, Wrapping: true}) || len(g.dialogs) != 0 {
					t.Errorf("empty map %+v, %d dialogs", top, len(g.dialogs))
				}
				for _, c := range g.sess.Grid.Cells() {
					if c != hexmap.NewCell() {
						t.Fatal("the empty map is not empty")
					}
				}
			}),
		}
	})
}

// findField returns the newest dialog's text field (the last one).
func findField(g *game) *textField { return findIn(g, every[*textField]) }

// findCheckbox returns the newest dialog's check box (the last one).
func findCheckbox(g *game) *widget.Checkbox { return findIn(g, every[*widget.Checkbox]) }

// openNewMap notes the open map in *before and opens the New map dialog.
func openNewMap(in *scriptInput, before **hexmap.Grid) []step {
	return []step{
		wait(2),
		do(func(g *game) { *before = g.sess.Grid }),
		key(in, ebiten.KeyN, false),
		wait(1),
	}
}
