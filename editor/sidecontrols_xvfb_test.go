//go:build xvfb

package editor

import (
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/ai"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/palette"
)

// The Scenario panel's players and colours through the input path: on
// the conquest map, red's player button clicked round to Computer
// (hard) and its Orange swatch clicked; the setup then has red played by
// the computer at Hard in colour 4, and its labels say Orange. Saved and opened again, the setup is the same; New game
// offers this map with red's player preselected as Computer (hard);
// started, the computer plays red at Hard, and red's units and the
// minimap's dots are drawn orange, blue's blue.
func TestScenarioPanelPlayersAndColours(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	grid, _ := conquestMap(t)
	player := func(g *game) widget.HasWidget { return g.edit.panel.scenario.sides.players[1] }
	orange := func(g *game) widget.HasWidget { return g.edit.panel.scenario.sides.colours[1].btns[3] }
	want := []scenario.Side{{Side: 1, Team: 1}, {Side: 2, Team: 2, Controller: scenario.Hard, Colour: 4}}
	checkSetup := func(when string) step {
		return do(func(g *game) {
			if got := g.sess.Grid.Setup().Sides; !slices.Equal(got, want) {
				t.Errorf("%s: sides %+v, want %+v", when, got, want)
			}
		})
	}
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			openOn(t, grid),
			wait(2),
			clickWidget(t, in, "red's player", player), wait(1),
			clickWidget(t, in, "red's player", player), wait(1),
			clickWidget(t, in, "red's player", player), wait(1),
			clickWidget(t, in, "red's orange swatch", orange),
			wait(2),
			checkSetup("set in the panel"),
			do(func(g *game) {
				c := &g.edit.panel.scenario.sides
				if l := c.players[1].Text().Label; l != "Computer (hard)" {
					t.Errorf("red's player button says %q", l)
				}
				for _, l := range c.labels[1] {
					if l.Label != "Orange" {
						t.Errorf("red's label says %q, want Orange", l.Label)
					}
				}
			}),
			saveAndReopen(t, in, dir, "orange", func([]byte) {}),
			wait(2),
			checkSetup("reopened"),
			openNewGame(t, in),
			do(func(g *game) {
				if b := findButton(g, "This map"); b == nil {
					t.Error("New game does not offer this map first")
				}
				if bs := sideRowButtons(g, 2); len(bs) == 0 || bs[0].Text().Label != "Computer (hard)" {
					t.Errorf("New game's red row: %v", bs)
				}
			}),
			click(t, "Start"),
			waitFor(t, "play mode", func(g *game) bool { return g.playing() && g.play.session != nil }),
			wait(2),
			do(func(g *game) {
				s := g.play.session
				if s.bots[2] == nil || s.levels[2] != ai.Hard || s.bots[1] != nil {
					t.Errorf("the computer plays red: %v at %v, blue: %v", s.bots[2] != nil, s.levels[2], s.bots[1] != nil)
				}
				figs := s.figures(0, false)
				for k, u := range s.match.Units() {
					if wantRGB := palette.Sides[[]int{0, 0, 3}[u.Side]]; figs[k].Color != wantRGB {
						t.Errorf("side %d's unit drawn in %v, want %v", u.Side, figs[k].Color, wantRGB)
					}
				}
				if p := matchPaint(s.match); p.text(2) != colourText(4) || p.text(1) != colourText(1) {
					t.Errorf("the minimap's and banners' colours: %v", p)
				}
			}),
		}
	})
}

// New game offers the example scenarios after the generated and the
// open map: its Map button clicked from Generate one through This map
// and Hold the bridge to Escort, Start plays Escort's map and script,
// blue a person's and red the computer's at Normal.
func TestNewGameOffersExampleScenarios(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			openNewGame(t, in),
			click(t, "Generate one"), wait(1),
			click(t, "This map"), wait(1),
			click(t, "Hold the bridge"), wait(1),
			click(t, "Start"),
			waitFor(t, "play mode", func(g *game) bool { return g.playing() && g.play.session != nil }),
			do(func(g *game) {
				s := g.play.session
				if !strings.Contains(s.match.Scenario().Script, "wagon") || s.match.Towns()[0].Name != "Ash" {
					t.Errorf("New game did not start Escort: towns %v", s.match.Towns())
				}
				if s.bots[1] != nil || s.bots[2] == nil || s.levels[2] != ai.Normal {
					t.Errorf("blue played by the computer: %v; red: %v at %v", s.bots[1] != nil, s.bots[2] != nil, s.levels[2])
				}
			}),
		}
	})
}
