//go:build xvfb

package editor

import (
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/editor/prefs"
	"hexsandbox/render"
)

// The quality choices made in the panel (shadows off, 75% resolution)
// reach the renderer, are written to the settings file, and the next run
// of the editor starts with them; a run with another settings folder
// starts with the defaults.
func TestEditorRemembersQuality(t *testing.T) {
	maps, _ := newMapsDir(t)
	cfg := t.TempDir()
	runEditor(t, Options{MapsDir: maps, Config: cfg}, newScriptInput(), func(g *game, c *checker) []step {
		return []step{
			wait(2),
			do(func(g *game) {
				if g.view.Quality != prefs.Default() {
					c.Errorf("a first run starts with %+v, want the defaults", g.view.Quality)
				}
				for i, r := range prefs.Resolutions() {
					if r == 75 {
						g.edit.panel.resBtns[i].Click()
					}
				}
			}),
			// The box is clicked from the script, between two of the UI's
			// updates: its change event waits for the next update, and a
			// panel sync before it (which puts the box back as the view
			// says) can undo it. A person's click is handled inside the
			// update, so the script clicks again until the box shows off.
			waitFor(c, "the Shadows box unticked", func(g *game) bool {
				if g.edit.panel.shadows.State() == widget.WidgetChecked {
					g.edit.panel.shadows.Click()
				}
				return !g.view.Quality.Shadows
			}),
			wait(2),
			do(func(g *game) {
				want := prefs.Prefs{Shadows: false, Resolution: 75}
				if g.view.Quality != want {
					c.Errorf("after the clicks the settings are %+v, want %+v", g.view.Quality, want)
				}
				if got := g.quality.last; got != (render.Quality{Scale: 0.75}) {
					c.Errorf("the renderer draws with %+v", got)
				}
				if saved, err := prefs.InDir(cfg).Load(); err != nil || saved != want {
					c.Errorf("the settings file holds %+v (%v), want %+v", saved, err, want)
				}
			}),
		}
	})
	runEditor(t, Options{MapsDir: maps, Config: cfg}, newScriptInput(), func(g *game, c *checker) []step {
		return []step{wait(2), do(func(g *game) {
			if want := (prefs.Prefs{Resolution: 75}); g.view.Quality != want {
				c.Errorf("the next run starts with %+v, want %+v", g.view.Quality, want)
			}
			if g.edit.panel.shadows.State() != widget.WidgetUnchecked {
				c.Error("the Shadows box is ticked in the next run")
			}
		})}
	})
}
