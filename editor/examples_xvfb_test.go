//go:build xvfb

package editor

import (
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/docs"
	"hexsandbox/editor/showcase"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/saves"
)

// panelButton is the panel's button labelled label, or nil.
func panelButton(g *game, label string) *widget.Button {
	var found *widget.Button
	walk(g.edit.panel.content, func(w widget.PreferredSizeLocateableWidget) {
		if b, ok := w.(*widget.Button); ok && b.Text() != nil && b.Text().Label == label {
			found = b
		}
	})
	return found
}

// File: Examples opens the built-in maps: a click on the panel's
// Examples button asks which, and Towns opens the documentation's town
// map, unsaved, under its name; Siege (once the unsaved Towns is
// discarded) opens the town map with the example scenario's towns, units
// and script, side 2 played by the computer at Normal; Showcase the
// start map.
func TestEditorExamplesOpenBuiltInMaps(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	towns, _, err := saves.ReadBytes(docs.TownsMap)
	if err != nil {
		t.Fatal(err)
	}
	show, err := showcase.Map()
	if err != nil {
		t.Fatal(err)
	}
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		button := func(g *game) image.Point {
			b := panelButton(g, "Examples…")
			if b == nil {
				t.Fatal("no Examples button in the panel")
			}
			r := b.GetWidget().Rect
			return image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
		}
		// An example opened is unsaved: the next asks first, and
		// Discard goes on.
		open := func(name string, discard bool, check func(g *game)) []step {
			steps := pressAt(in, button)
			if discard {
				steps = append(steps,
					waitFor(t, "the question about unsaved changes", func(g *game) bool { return findButton(g, "Discard") != nil }),
					click(t, "Discard"))
			}
			return append(steps,
				waitFor(t, "the Examples dialog", func(g *game) bool { return findButton(g, name) != nil }),
				click(t, name),
				idle(),
				do(check),
			)
		}
		steps := []step{wait(2), framesDrawn(1)}
		steps = append(steps, open("Towns", false, func(g *game) {
			if !g.sess.Grid.Equal(towns) || g.mapTitle() != "Towns" || g.sess.Name != "" {
				t.Errorf("Towns opened a map equal %v, titled %q, named %q", g.sess.Grid.Equal(towns), g.mapTitle(), g.sess.Name)
			}
		})...)
		steps = append(steps, open("Siege", true, func(g *game) {
			grid := g.sess.Grid
			var names []string
			for _, tw := range grid.Towns() {
				names = append(names, tw.Name)
			}
			if !slices.Equal(names, []string{"Fen", "Elm"}) || len(grid.Units()) != 9 || !strings.Contains(grid.Setup().Script, "on_town_taken") || g.mapTitle() != "Siege" {
				t.Errorf("Siege opened %q with towns %v, %d units and a script of %d bytes", g.mapTitle(), names, len(grid.Units()), len(grid.Setup().Script))
			}
			if sides := grid.Setup().Sides; len(sides) != 2 || sides[0].Controller != scenario.Human || sides[1].Controller != scenario.Normal {
				t.Errorf("Siege's sides %+v, want a person's against the computer at Normal", sides)
			}
		})...)
		return append(steps, open("Showcase", true, func(g *game) {
			if !g.sess.Grid.Equal(show) {
				t.Error("Showcase did not open the start map")
			}
		})...)
	})
}
