//go:build xvfb

package editor

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/hexmap/scenario"
)

// wordsScript sets blue's objectives and greets each side at the start;
// red's turn start fails at line 7 (a damage out of range).
const wordsScript = `def on_start():
    game.set_objectives(1, "Destroy the red scout before round 5.")
    game.message("Welcome, Blue.", side=1)
    game.message("Red hears this.", side=2)

def on_turn_start(side, round):
    if side == 2: game.damage(1, 1000)
`

// toastTexts is the toasts shown now.
func toastTexts(g *game) []string {
	var out []string
	for _, t := range g.msgs.toasts {
		out = append(out, t.text)
	}
	return out
}

// boxHas reports whether the objectives box's lines hold s.
func boxHas(g *game, s string) bool {
	return slices.ContainsFunc(g.play.goals.box.lines, func(l textLine) bool { return strings.Contains(l.text, s) })
}

// A match whose script talks: blue sees its own greeting as a banner
// centred at the foot of the map (not red's) and its objectives in the box, which O folds and unfolds;
// red, after the hand-over, sees its greeting (not blue's) and the error of its
// failing turn-start handler with the handler's line, in a toast and in
// its box's log; the match goes on (red can end its turn). Saved and
// opened again, red's box still has them (not told again as toasts).
func TestPlayShowsScriptWords(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	grid, _ := conquestMap(t)
	if err := grid.SetSetup(scenario.Setup{Script: wordsScript}); err != nil {
		t.Fatal(err)
	}
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			playOn(t, in, grid),
			coverShown(t, "blue's hand-over"),
			passCover(t, in),
			waitFor(t, "blue's greeting", func(g *game) bool { return slices.Contains(toastTexts(g), "Welcome, Blue.") }),
			wait(2),
			captureStep(t, filepath.Join(shots, "play-objectives.png")),
			do(func(g *game) {
				if slices.Contains(toastTexts(g), "Red hears this.") {
					t.Error("blue was shown red's message")
				}
				if !g.play.goals.open || !boxHas(g, "Destroy the red scout before round 5.") || !boxHas(g, "Welcome, Blue.") {
					t.Errorf("objectives box (open %v): %v", g.play.goals.open, g.play.goals.box.lines)
				}
				if g.play.goals.at.Empty() {
					t.Error("the objectives box was not drawn")
				}
				mr := g.mapRect()
				for _, b := range g.msgs.toasts {
					if b.text != "Welcome, Blue." {
						continue
					}
					if mid := (b.at.Min.X + b.at.Max.X) / 2; b.at.Empty() || abs(mid-(mr.Min.X+mr.Max.X)/2) > 1 ||
						b.at.Min.Y < (mr.Min.Y+mr.Max.Y)/2 || b.at.Max.Y > mr.Max.Y {
						t.Errorf("blue's greeting drawn at %v, not a banner at the foot of the map %v", b.at, mr)
					}
				}
			}),
			tap(in, ebiten.KeyO),
			wait(2),
			do(func(g *game) {
				if g.play.goals.open || !g.play.goals.at.Empty() {
					t.Error("O did not fold the objectives box")
				}
			}),
			tap(in, ebiten.KeyO),
			tap(in, ebiten.KeyEnter),
			coverShown(t, "red's hand-over"),
			wait(2),
			do(func(g *game) {
				if slices.ContainsFunc(toastTexts(g), func(s string) bool { return strings.Contains(s, "Red hears") }) {
					t.Error("red's message shown before its hand-over was passed")
				}
			}),
			passCover(t, in),
			wait(2),
			do(func(g *game) {
				texts := toastTexts(g)
				if !slices.Contains(texts, "Red hears this.") || slices.Contains(texts, "Welcome, Blue.") {
					t.Errorf("red's toasts %q: not its greeting alone", texts)
				}
				failed := func(s string) bool {
					return strings.Contains(s, "line 7") && strings.Contains(s, "on_turn_start") && strings.Contains(s, "1000")
				}
				if !slices.ContainsFunc(texts, failed) {
					t.Errorf("red's toasts %q lack the handler's error at line 7", texts)
				}
				if !boxHas(g, "line 7") || !boxHas(g, "None set") {
					t.Errorf("red's objectives box: %v", g.play.goals.box.lines)
				}
				if over, _ := g.play.session.match.Over(); over || g.play.session.side() != 2 {
					t.Error("the match stopped after the script's error")
				}
			}),
			captureStep(t, filepath.Join(shots, "play-script-error.png")),
			saveAndReopen(t, in, dir, "words", func(match []byte) {
				if !bytes.Contains(match, []byte("Red hears this.")) {
					t.Error("the saved match does not keep red's message")
				}
			}),
			coverShown(t, "red's hand-over after opening"),
			passCover(t, in),
			wait(2),
			do(func(g *game) {
				if !boxHas(g, "Red hears this.") || !boxHas(g, "line 7") || boxHas(g, "Welcome, Blue.") {
					t.Errorf("red's objectives box after opening: %v", g.play.goals.box.lines)
				}
				if slices.Contains(toastTexts(g), "Red hears this.") {
					t.Error("red was told its message again after opening")
				}
			}),
			tap(in, ebiten.KeyEnter),
			coverShown(t, "blue's hand-over"),
		}
	})
}
