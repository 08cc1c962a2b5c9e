//go:build xvfb

package editor

import (
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/docs"
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
// map, unsaved, under its name; then Showcase opens the start map.
func TestEditorExamplesOpenBuiltInMaps(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	towns, _, err := saves.ReadBytes(docs.TownsMap)
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
		steps := []step{wait(2), framesDrawn(1)}
		steps = append(steps, pressAt(in, button)...)
		steps = append(steps,
			waitFor(t, "the Examples dialog", func(g *game) bool { return findButton(g, "Towns") != nil }),
			click(t, "Towns"),
			idle(),
			do(func(g *game) {
				if !g.sess.Grid.Equal(towns) || g.mapTitle() != "Towns" || g.sess.Name != "" {
					t.Errorf("Towns opened a map equal %v, titled %q, named %q", g.sess.Grid.Equal(towns), g.mapTitle(), g.sess.Name)
				}
			}),
		)
		return steps
	})
}
