//go:build xvfb

package editor

import (
	"image"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// fordScript greets whoever enters the area "ford" and gives the match
// to its team (side and team are one in conquestMap); typed with a typo
// (unt for unit) on its last line, mended with the caret keys.
const (
	fordHead   = "def on_unit_moved(unit, cell):\n    if game.in_area(cell, \"ford\"):\n        game.message(\"Reached the ford\", side=unit.side)\n"
	fordTypo   = fordHead + "        game.victory(unt.side)"
	fordScript = fordHead + "        game.victory(unit.side)"
)

// A scenario made in the editor and played: on the conquest map, the
// Area tool (9) paints two cells west of a blue horseman into the area
// "ford" named in the panel; in the scenario dialog, blue's objectives
// are typed and then a script whose typo marks its line (4), mended
// (the mark goes) and applied. The map is saved and opened again with
// its area, objectives and script; played, blue's objectives show in
// the box, and the horseman sent into the ford makes the script's
// on_unit_moved greet blue and end the match in blue's victory, the
// greeting on the end screen.
func TestEditorMakesAScenarioToVictory(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	grid, scout := conquestMap(t)
	top := grid.Topology()
	west := func(i int) int { n, _ := top.Neighbor(i, hexmap.W); return n }
	horse := west(scout)
	ford := []int{west(west(horse)), west(west(west(horse)))}
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		code := func(g *game) *textField {
			fs := scenarioFields(g)
			return fs[len(fs)-1]
		}
		steps := []step{
			openOn(t, grid),
			wait(2),
			tap(in, ebiten.Key9),
			clickWidget(t, in, "the area name field", func(g *game) widget.HasWidget { return g.edit.panel.scenario.areas.name }),
			typeText(in, "ford"),
			wait(1),
			stroke(t, in, func() []int { return ford }),
			wait(2),
			do(func(g *game) {
				set := g.sess.Grid.Setup()
				want := []scenario.Area{{Name: "ford", Cells: slices.Sorted(slices.Values(ford))}}
				if !slices.EqualFunc(set.Areas, want, func(a, b scenario.Area) bool { return a.Name == b.Name && slices.Equal(a.Cells, b.Cells) }) {
					t.Errorf("areas painted %+v, want %+v", set.Areas, want)
				}
			}),
			framesDrawn(2),
			captureStep(t, filepath.Join(shots, "editor-area-tool.png")),
		}
		steps = append(steps, openScenarioDialog(t, in)...)
		steps = append(steps,
			typeCode(in, fordTypo),
			wait(2),
			do(func(g *game) {
				if c := code(g); c.mark != 4 || !statusSays(g, "Line 4: undefined: unt") {
					t.Errorf("the typo marks line %d", c.mark)
				}
			}),
			pressKeys(in, ebiten.KeyArrowLeft, ebiten.KeyArrowLeft, ebiten.KeyArrowLeft, ebiten.KeyArrowLeft,
				ebiten.KeyArrowLeft, ebiten.KeyArrowLeft, ebiten.KeyBackspace, ebiten.KeyBackspace, ebiten.KeyBackspace),
			typeText(in, "unit"),
			wait(2),
			do(func(g *game) {
				if c := code(g); c.GetText() != fordScript || c.mark != 0 {
					t.Errorf("mended to %q, mark %d", c.GetText(), c.mark)
				}
			}),
		)
		steps = append(steps, pressAt(in, func(g *game) image.Point { return centre(scenarioFields(g)[0]) })...)
		steps = append(steps,
			typeText(in, "Bring a horseman to the ford."),
			wait(1),
			click(t, "Apply"),
			wait(2),
			saveAndReopen(t, in, dir, "ford", func([]byte) {}),
			wait(2),
			do(func(g *game) {
				set := g.sess.Grid.Setup()
				if set.Script != fordScript || len(set.Areas) != 1 || !slices.Equal(set.Objectives,
					[]scenario.Objective{{Side: 1, Text: "Bring a horseman to the ford."}}) {
					t.Errorf("reopened: script %q, areas %+v, objectives %+v", set.Script, set.Areas, set.Objectives)
				}
			}),
			tap(in, ebiten.KeyTab),
			coverShown(t, "blue's hand-over"),
			passCover(t, in),
			wait(2),
			do(func(g *game) {
				if !boxHas(g, "Bring a horseman to the ford.") {
					t.Errorf("blue's objectives box: %v", g.play.goals.box.lines)
				}
			}),
			quickClock(),
			clickCell(in, func() int { return horse }),
			wait(1),
			do(func(g *game) {
				if !slices.Contains(g.play.reachable(), ford[0]) {
					t.Fatalf("the ford's cell %d is beyond the horseman's reach", ford[0])
				}
			}),
			clickCell(in, func() int { return ford[0] }),
			waitFor(t, "the end screen", func(g *game) bool { return g.play.cover != nil && g.play.cover.chart != nil }),
			do(func(g *game) {
				m := g.play.session.match
				if over, _ := m.Over(); !over || m.Summary().Winner != 1 {
					t.Errorf("the match after the ford: over %v, winner %d (want team 1)", over, m.Summary().Winner)
				}
				c := g.play.cover.box.lines
				if len(c) < 3 || c[0].text != "Blue wins" || !slices.ContainsFunc(c, func(l textLine) bool { return l.text == "Reached the ford" }) {
					t.Errorf("the end screen says %v", c)
				}
			}),
			untilStill(t, 5e9),
			captureStep(t, filepath.Join(shots, "play-ford.png")),
		)
		return steps
	})
}
