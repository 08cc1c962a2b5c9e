//go:build xvfb

package editor

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/render/project"
)

// typeCode types src into the focused field: characters as typed, each
// line break as a press of Enter.
func typeCode(in *scriptInput, src string) step {
	return do(func(*game) {
		for _, r := range src {
			if r == '\n' {
				in.extra = append(in.extra, keyPress(ebiten.KeyEnter)...)
				continue
			}
			in.extra = append(in.extra, Event{Kind: Char, Char: r})
		}
	})
}

// keyPress is key k going down and up again.
func keyPress(k ebiten.Key) []Event {
	return []Event{{Kind: KeyDown, Key: k}, {Kind: KeyUp, Key: k}}
}

// pressKeys presses keys one after another within a frame.
func pressKeys(in *scriptInput, keys ...ebiten.Key) step {
	return do(func(*game) {
		for _, k := range keys {
			in.extra = append(in.extra, keyPress(k)...)
		}
	})
}

// centre is the middle of w's rectangle.
func centre(w widget.HasWidget) image.Point {
	r := w.GetWidget().Rect
	return image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
}

// openScenarioDialog opens the scenario dialog with a click on the
// panel's button (scrolled into view).
func openScenarioDialog(t reporter, in *scriptInput) []step {
	button := func(g *game) widget.HasWidget {
		b := panelButton(g, "Objectives and script…")
		if b == nil {
			t.Fatal("no Objectives and script button in the panel")
		}
		return b
	}
	steps := []step{scrollTo(button)}
	steps = append(steps, pressAt(in, func(g *game) image.Point { return centre(button(g)) })...)
	return append(steps, waitFor(t, "the scenario dialog", func(g *game) bool { return findButton(g, "Apply") != nil }))
}

// scenarioFields is the open scenario dialog's fields but the names:
// the sides' objectives, then the script.
func scenarioFields(g *game) []*textField {
	return dialogFields(g, func(f *textField) bool { return f.placeholder != "name" })
}

// sideNameFields is the open scenario dialog's name fields, one for each
// side that plays.
func sideNameFields(g *game) []*textField {
	return dialogFields(g, func(f *textField) bool { return f.placeholder == "name" })
}

// dialogFields is the open dialogs' text fields that ok accepts.
func dialogFields(g *game, ok func(*textField) bool) []*textField {
	var out []*textField
	for _, d := range g.dialogs {
		walk(d.c, func(w widget.PreferredSizeLocateableWidget) {
			if f, is := w.(*textField); is && ok(f) {
				out = append(out, f)
			}
		})
	}
	return out
}

// typoScript fails to compile at line 3 (gme for game); fixedScript is
// it mended.
const (
	typoScript  = "def on_start():\n    game.set_objectives(1, \"Reach the ford.\")\n    gme.message(\"hello\")"
	fixedScript = "def on_start():\n    game.set_objectives(1, \"Reach the ford.\")\n    game.message(\"hello\")"
)

// The scenario dialog, opened from the panel: a script typed with a typo
// marks the typo's line (3) and says why under the editor; mended (the
// caret moved there with Up, Home and Right), the mark goes and the
// check says no errors; blue's objectives typed into its field and red
// renamed in its (only blue and red, who play, have one); Apply sets
// them in the map's setup, and one undo takes them back.
func TestEditorScenarioDialogMarksScriptErrors(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	small, _ := conquestMap(t) // a small map draws fast
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		code := func(g *game) *textField {
			fs := scenarioFields(g)
			return fs[len(fs)-1]
		}
		steps := []step{wait(2), do(func(g *game) { g.sess.Replace("", small, false); g.resetView() }), framesDrawn(1)}
		steps = append(steps, openScenarioDialog(t, in)...)
		steps = append(steps,
			do(func(g *game) {
				if fs := scenarioFields(g); len(fs) != 5 || g.focusedField() != code(g) || code(g).rows < 2 {
					t.Fatalf("the dialog has %d fields, the script's focused %v", len(fs), g.focusedField() == code(g))
				}
				if ns := sideNameFields(g); len(ns) != 2 || ns[0].GetText() != "Blue" || ns[1].GetText() != "Red" {
					t.Fatalf("the dialog has %d name fields, not Blue's and Red's", len(ns))
				}
			}),
			typeCode(in, typoScript),
			wait(2),
			do(func(g *game) {
				if c := code(g); c.GetText() != typoScript || c.mark != 3 {
					t.Errorf("typed %q, marked line %d, want line 3", c.GetText(), c.mark)
				}
				if !statusSays(g, "Line 3: undefined: gme") {
					t.Error("the check does not say line 3's error")
				}
			}),
			framesDrawn(2),
			captureStep(t, filepath.Join(shots, "editor-script-error.png")),
			pressKeys(in, ebiten.KeyArrowUp, ebiten.KeyArrowDown, ebiten.KeyHome,
				ebiten.KeyArrowRight, ebiten.KeyArrowRight, ebiten.KeyArrowRight, ebiten.KeyArrowRight, ebiten.KeyArrowRight),
			typeText(in, "a"),
			wait(2),
			do(func(g *game) {
				if c := code(g); c.GetText() != fixedScript || c.mark != 0 {
					t.Errorf("mended to %q, marked line %d, want none", c.GetText(), c.mark)
				}
				if !statusSays(g, "No errors") {
					t.Error("the check does not say the mended script has no errors")
				}
			}),
		)
		steps = append(steps, pressAt(in, func(g *game) image.Point { return centre(scenarioFields(g)[0]) })...)
		steps = append(steps, typeText(in, "Hold the ford"), wait(1))
		steps = append(steps, pressAt(in, func(g *game) image.Point { return centre(sideNameFields(g)[1]) })...)
		steps = append(steps,
			pressKeys(in, ebiten.KeyEnd, ebiten.KeyBackspace, ebiten.KeyBackspace, ebiten.KeyBackspace),
			typeText(in, "Raiders"),
			wait(1),
			click(t, "Apply"),
			wait(2),
			do(func(g *game) {
				s := g.sess.Grid.Setup()
				want := []scenario.Objective{{Side: 1, Text: "Hold the ford"}}
				sides := []scenario.Side{{Side: 1, Team: 1}, {Side: 2, Team: 2, Name: "Raiders"}}
				if s.Script != fixedScript || !slices.Equal(s.Objectives, want) || !slices.Equal(s.Sides, sides) {
					t.Errorf("setup after Apply: script %q, objectives %v, sides %+v", s.Script, s.Objectives, s.Sides)
				}
			}),
			key(in, ebiten.KeyZ, false),
			wait(2),
			do(func(g *game) {
				if s := g.sess.Grid.Setup(); s.Script != "" || len(s.Objectives) != 0 || len(s.Sides) != 0 {
					t.Errorf("undo left script %q, objectives %v, sides %+v", s.Script, s.Objectives, s.Sides)
				}
			}),
		)
		return steps
	})
}

// statusSays reports whether the scenario dialog's check line says s.
func statusSays(g *game, s string) bool {
	found := false
	for _, d := range g.dialogs {
		walk(d.c, func(w widget.PreferredSizeLocateableWidget) {
			if tx, ok := w.(*widget.Text); ok && strings.HasPrefix(tx.Label, s) {
				found = true
			}
		})
	}
	return found
}

// Scripts imported into the scenario dialog: a .star file dropped on the
// open dialog (beside a file that is no script) replaces the script and
// is checked at once (the typo's line marked); "Import .star…" asks for
// a path, where the file's name typed after the folder offered and Enter
// import the mended script (the mark goes); Apply sets it in the map's
// setup. A file too long for a script is refused with a sentence, the
// script left as it was.
func TestEditorScenarioDialogImportsScripts(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	scripts := t.TempDir()
	for name, src := range map[string]string{"ford.star": fixedScript, "huge.star": strings.Repeat("#", scenario.MaxScriptBytes+1)} {
		if err := os.WriteFile(filepath.Join(scripts, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	small, _ := conquestMap(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		code := func(g *game) *textField { return scenarioFields(g)[hexmap.MaxSides] }
		importPath := func(name string) []step {
			return []step{
				click(t, "Import .star…"),
				waitFor(t, "the script path dialog", func(g *game) bool { return findButton(g, "Import") != nil }),
				typeText(in, name),
				pressKeys(in, ebiten.KeyEnter),
				waitFor(t, "the path dialog closed", func(g *game) bool { return findButton(g, "Import") == nil }),
				wait(1),
			}
		}
		steps := []step{wait(2), do(func(g *game) {
			g.sess.Replace("", small, false)
			g.resetView()
			g.doc.importDir = scripts
		}), framesDrawn(1)}
		steps = append(steps, openScenarioDialog(t, in)...)
		steps = append(steps,
			do(func(*game) {
				in.dropped = fstest.MapFS{"a.txt": {Data: []byte("no script")}, "ford.star": {Data: []byte(typoScript)}}
			}),
			wait(2),
			do(func(g *game) {
				if c := code(g); c.GetText() != typoScript || c.mark != 3 || !statusSays(g, "Line 3: undefined: gme") {
					t.Errorf("after the drop: script %q, marked line %d", c.GetText(), c.mark)
				}
				if len(g.dialogs) != 1 || g.sess.Grid.Setup().Script != "" {
					t.Errorf("the drop opened as a map or changed the setup: %d dialogs", len(g.dialogs))
				}
			}),
		)
		steps = append(steps, importPath("huge.star")...)
		steps = append(steps,
			do(func(g *game) {
				if code(g).GetText() != typoScript || !slices.ContainsFunc(toastTexts(g), func(s string) bool { return strings.Contains(s, "longer than a script may be") }) {
					t.Errorf("the long file: script now %d bytes, toasts %q", len(code(g).GetText()), toastTexts(g))
				}
			}),
		)
		steps = append(steps, importPath("ford.star")...)
		steps = append(steps,
			do(func(g *game) {
				if c := code(g); c.GetText() != fixedScript || c.mark != 0 || !statusSays(g, "No errors") {
					t.Errorf("after Import: script %q, marked line %d", c.GetText(), c.mark)
				}
			}),
			click(t, "Apply"),
			wait(2),
			do(func(g *game) {
				if s := g.sess.Grid.Setup(); s.Script != fixedScript {
					t.Errorf("setup after Apply: script %q", s.Script)
				}
			}),
		)
		return steps
	})
}

// trialScript greets blue as a match starts.
const trialScript = "def on_start():\n    game.message(\"The trial begins\", side=1)"

// The scenario dialog's Test scenario applies the script and plays the
// scenario at once (its on_start greets blue); Tab goes back to editing
// as it was: the scenario dialog open again on the script, the test
// match gone, the match the map carried kept, the camera where it was.
func TestEditorTestsAScenario(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	small, _ := conquestMap(t)
	carried := []byte(`{"a match":"the map carried"}`)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var cam project.Camera
		steps := []step{wait(2), do(func(g *game) {
			g.sess.Replace("", small, false)
			g.sess.Match = carried
			g.resetView()
			g.cam.Zoom = 0.5
			cam = g.cam
		}), framesDrawn(1)}
		steps = append(steps, openScenarioDialog(t, in)...)
		steps = append(steps,
			typeCode(in, trialScript),
			wait(1),
			click(t, "Test scenario"),
			coverShown(t, "blue's hand-over"),
			passCover(t, in),
			waitFor(t, "the script's greeting", func(g *game) bool { return slices.Contains(toastTexts(g), "The trial begins") }),
			do(func(g *game) {
				if g.mode != mode(g.play) || g.play.trial == nil || g.sess.Grid.Setup().Script != trialScript {
					t.Errorf("Test scenario: in play %v, a trial %v, script %q", g.mode == mode(g.play), g.play.trial != nil, g.sess.Grid.Setup().Script)
				}
			}),
			captureStep(t, filepath.Join(shots, "play-trial.png")),
			tap(in, ebiten.KeyTab),
			waitFor(t, "the scenario dialog again", func(g *game) bool { return findButton(g, "Test scenario") != nil }),
			do(func(g *game) {
				if g.mode != mode(g.edit) || g.play.session != nil || g.play.trial != nil {
					t.Errorf("after the trial: in edit %v, a match left %v", g.mode == mode(g.edit), g.play.session != nil)
				}
				if fs := scenarioFields(g); fs[len(fs)-1].GetText() != trialScript {
					t.Errorf("the dialog reopened on %q", fs[len(fs)-1].GetText())
				}
				c := g.cam
				if !bytes.Equal(g.sess.Match, carried) || c.X != cam.X || c.Z != cam.Z || c.Zoom != cam.Zoom || c.Rotation != cam.Rotation {
					t.Errorf("after the trial: the carried match %q, camera %+v (was %+v)", g.sess.Match, g.cam, cam)
				}
			}),
		)
		return steps
	})
}
