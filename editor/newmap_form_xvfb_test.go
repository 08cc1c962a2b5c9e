//go:build xvfb

package editor

import (
	"image"
	"path/filepath"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
)

// The New map dialog marks the chosen size: the toggle of the open map's
// size (40×30) is pressed and the others not, and typing 20 by 15 presses
// 20×15 instead. The hemisphere is three toggles, not a slider, and a
// click on North chooses it. Switching to the Advanced tab leaves the
// Generate button where it was. On either tab no label, slider or
// readout overlaps another.
func TestEditorNewMapDialogMarksChoices(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	var before *hexmap.Grid
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		pressed := func(g *game, want string) {
			for k, b := range g.newMap.sizes {
				sz := newMapSizes[k]
				if on := b.State() == widget.WidgetChecked; on != (b.Text().Label == want) {
					t.Errorf("the %d×%d toggle is pressed %v with %s chosen", sz[0], sz[1], on, want)
				}
			}
		}
		var gen image.Rectangle
		return append(openNewMap(in, &before),
			waitFor(t, "the New map dialog", func(g *game) bool { return g.newMap != nil }),
			framesDrawn(2),
			captureStep(t, filepath.Join(shots, "editor-new-common.png")),
			do(func(g *game) {
				tab := &g.newMap.tabs[0].Container
				checkApart(t, shownLeaves(tab), tab.GetWidget().Rect)
				pressed(g, "40 × 30")
				d := g.newMap
				d.wf.SetText("20")
				d.hf.SetText("15")
				if _, ok := d.sliders["hemisphere"]; ok || len(d.choices["hemisphere"]) != 3 {
					t.Errorf("the hemisphere is a slider (%v) or has %d toggles", ok, len(d.choices["hemisphere"]))
				}
				gen = (findButton(g, "Generate").GetWidget().Rect)
			}),
			do(func(g *game) { g.newMap.choices["hemisphere"][int(mapgen.North)].(*widget.Button).Click() }),
			framesDrawn(1),
			do(func(g *game) {
				pressed(g, "20 × 15")
				if h := g.newMap.form.settings.Hemisphere; h != mapgen.North {
					t.Errorf("a click on North chose hemisphere %d", h)
				}
				book := findIn(g, every[*widget.TabBook])
				if book == nil {
					t.Fatal("no tab book in the New map dialog")
				}
				book.GetTabButton(g.newMap.tabs[1]).Click()
			}),
			framesDrawn(2),
			captureStep(t, filepath.Join(shots, "editor-new-advanced.png")),
			do(func(g *game) {
				if r := (findButton(g, "Generate").GetWidget().Rect); r != gen {
					t.Errorf("the Generate button moved from %v to %v with the Advanced tab", gen, r)
				}
				tab := &g.newMap.tabs[1].Container
				checkApart(t, shownLeaves(tab), tab.GetWidget().Rect)
			}),
		)
	})
}
