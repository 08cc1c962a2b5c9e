//go:build xvfb

package editor

import (
	"slices"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
)

// No key runs two bindings: two entries of the table with the same key
// and modifiers never both run in one mode, and every entry the help
// lists is in one of the help's columns.
func TestKeyTableHasNoClashes(t *testing.T) {
	table := new(game).keyTable()
	for a, x := range table {
		for _, y := range table[a+1:] {
			if x.run == nil || y.run == nil || x.key != y.key || x.mods != y.mods {
				continue
			}
			for _, own := range []modes{inEdit, inPlay, inReplay} {
				if x.runsIn(own) && y.runsIn(own) {
					t.Errorf("%v (mods %d, mode %d) runs both %q and %q", x.key, x.mods, own, x.what, y.what)
				}
			}
		}
	}
	for _, b := range table {
		if b.keys != "" && !slices.Contains(helpColumns[0], b.group) && !slices.Contains(helpColumns[1], b.group) {
			t.Errorf("%q is in group %q, which the help does not show", b.keys, b.group)
		}
	}
}

// Every tool's number and letter pick it; F1 shows the help and Escape
// closes it; in play mode the tool keys do nothing and undo is refused
// with a word.
func TestEditorToolKeysAndHelp(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, c *checker) []step {
		steps := []step{wait(2)}
		for k := range tools.ToolCount {
			other := (k + 1) % tools.ToolCount
			want := func(label string) step {
				return do(func(g *game) {
					if g.edit.settings.Tool != tools.Tool(k) || g.edit.panel.tool.group.Active() != g.edit.panel.tool.btns[k] {
						c.Errorf("after %s: tool %v, panel shows %v; want %v", label, g.edit.settings.Tool, g.edit.panel.tool.group.Active(), tools.Tool(k))
					}
				})
			}
			steps = append(steps,
				do(func(g *game) { g.edit.setTool(tools.Tool(other)) }),
				tap(in, toolKeys[k].number), want("its number"),
				do(func(g *game) { g.edit.setTool(tools.Tool(other)) }),
				tap(in, toolKeys[k].letter), want("its letter"))
		}
		return append(steps,
			tap(in, ebiten.KeyF1),
			do(func(g *game) {
				if !g.keys.help {
					c.Error("F1 did not show the help")
				}
			}),
			tap(in, ebiten.KeyEscape),
			do(func(g *game) {
				if g.keys.help {
					c.Error("Escape did not close the help")
				}
				g.edit.setTool(tools.ToolBrush)
			}),
			tap(in, ebiten.KeyTab),
			tap(in, ebiten.Key2),
			tap(in, ebiten.KeyZ, ebiten.KeyControl),
			do(func(g *game) {
				if !(g.mode == g.play) || g.edit.settings.Tool != tools.ToolBrush {
					c.Errorf("in play: playing %v, tool %v (want the brush still)", (g.mode == g.play), g.edit.settings.Tool)
				}
				said := false
				for _, m := range g.msgs.toasts {
					said = said || m.text == noMatchUndo // the empty map has no game
				}
				if !said {
					c.Errorf("Ctrl+Z in play said nothing: %v", g.msgs.toasts)
				}
			}),
			tap(in, ebiten.KeyTab),
			do(func(g *game) {
				if g.mode == g.play {
					c.Error("Tab did not go back to editing")
				}
			}),
		)
	})
}

// Every control of the panel and of the game bar says what it does in a
// tooltip.
func TestEditorPanelTooltips(t *testing.T) {
	dir, _ := newMapsDir(t)
	runEditor(t, Options{MapsDir: dir}, newScriptInput(), func(g *game, c *checker) []step {
		return []step{
			wait(2),
			do(func(g *game) {
				controls := 0
				check := func(w widget.PreferredSizeLocateableWidget) {
					var name string
					switch x := w.(type) {
					case *widget.Button:
						name = "a button"
						if x.Text() != nil {
							name = "button " + x.Text().Label
						}
					case *widget.Checkbox:
						name = "a checkbox"
					case *widget.Slider:
						name = "a slider"
					default:
						return
					}
					controls++
					if len(w.GetWidget().ToolTips) == 0 {
						c.Errorf("%s has no tooltip", name)
					}
				}
				walk(g.edit.panel.content, check)
				walk(g.play.bar.root, check)
				if controls < 44 {
					c.Errorf("found %d controls in the panel, want the whole panel's", controls)
				}
			}),
		}
	})
}
