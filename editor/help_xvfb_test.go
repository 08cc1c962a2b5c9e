//go:build xvfb

package editor

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// F1's help covers play as well as editing: it shows a Play group that
// says how to select a unit, move it and end the turn, and Tab, and in
// the default window the whole help fits the map view.
func TestEditorHelpCoversPlay(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			func(*game) bool { in.chord(ebiten.KeyF1); return true },
			waitFor(t, "the help", func(g *game) bool { return g.keys.help }),
			captureStep(t, filepath.Join(shots, "editor-help.png")),
			do(func(g *game) {
				if !slices.Contains(helpColumns[0], "Play") && !slices.Contains(helpColumns[1], "Play") {
					t.Error("the help shows no Play group")
				}
				var play []string
				for _, b := range g.keys.table {
					if b.group == "Play" && b.keys != "" {
						play = append(play, b.keys+": "+b.what)
					}
				}
				text := strings.ToLower(strings.Join(play, "\n"))
				for _, want := range []string{"tab", "select", "move", "end the turn"} {
					if !strings.Contains(text, want) {
						t.Errorf("the help's Play group does not say %q:\n%s", want, text)
					}
				}
				_, _, w, h := g.helpSize()
				if mr := g.mapRect(); w > float64(mr.Dx()) || h > float64(mr.Dy()) {
					t.Errorf("the help is %.0f×%.0f px, larger than the map view %v", w, h, mr)
				}
			}),
		}
	})
}
