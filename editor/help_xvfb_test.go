//go:build xvfb

package editor

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// F1's help covers play as well as editing: it shows a Play group that
// says how to select a unit, move it, attack, end the turn and hand over,
// and Tab; Home says it keeps the rotation; Ctrl+Shift+O plays online.
// In the default window the whole help fits the map view, and every line
// fits its column: a key ends before its description starts, and a
// description before the next column or the box's right edge.
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
				said := strings.ToLower(strings.Join(play, "\n"))
				for _, want := range []string{"tab", "select", "move", "attack", "end the turn", "hand-over"} {
					if !strings.Contains(said, want) {
						t.Errorf("the help's Play group does not say %q:\n%s", want, said)
					}
				}
				online := false
				for _, b := range g.keys.table {
					if b.keys == "Home" && !strings.Contains(b.what, "rotation") {
						t.Errorf("the help's Home says %q, not what becomes of the rotation", b.what)
					}
					online = online || b.keys == "Ctrl+Shift+O" && strings.Contains(b.what, "online")
				}
				if !online {
					t.Error("the help does not say that Ctrl+Shift+O plays online")
				}
				cols, pad, w, h := g.helpSize()
				if mr := g.mapRect(); w > float64(mr.Dx()) || h > float64(mr.Dy()) {
					t.Errorf("the help is %.0f×%.0f px, larger than the map view %v", w, h, mr)
				}
				s := g.win.style
				keyW := float64(s.px(160))
				for c, groups := range helpColumns {
					end := w - pad/2
					if c == 0 {
						end = cols[1]
					}
					for _, b := range g.keys.table {
						if b.keys == "" || !slices.Contains(groups, b.group) {
							continue
						}
						if k := text.Advance(b.keys, s.face); k >= keyW {
							t.Errorf("the key %q is %.0f px wide, into its description at %.0f", b.keys, k, keyW)
						}
						if r := cols[c] + keyW + text.Advance(b.what, s.small); r > end {
							t.Errorf("%q ends at %.0f px, past %.0f (the help is %.0f px wide)", b.what, r, end, w)
						}
					}
				}
			}),
		}
	})
}
