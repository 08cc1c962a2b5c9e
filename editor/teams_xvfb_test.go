//go:build xvfb

package editor

import (
	"errors"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	engine "hexsandbox/game"
	"hexsandbox/units"
)

// clickTeam clicks the team button on side's row of the New game dialog.
func clickTeam(t reporter, side int) step {
	return do(func(g *game) {
		for _, b := range sideRowButtons(g, side) {
			if b.Text() != nil && strings.HasPrefix(b.Text().Label, "Team ") {
				b.Click()
				return
			}
		}
		t.Fatalf("no team button on %s's row", units.SideName(side))
	})
}

// sideRowButtons returns the buttons on side's row of the New game
// dialog: who plays it, then its team.
func sideRowButtons(g *game, side int) []*widget.Button {
	var out []*widget.Button
	findIn(g, func(r *widget.Container) bool {
		ch := r.Children()
		if len(ch) == 0 {
			return false
		}
		if l, ok := ch[0].(*widget.Text); !ok || l.Label != units.SideName(side) {
			return false
		}
		for _, w := range ch[1:] {
			if b, ok := w.(*widget.Button); ok {
				out = append(out, b)
			}
		}
		return true
	})
	return out
}

// checkSideRows checks that the rows of the first n sides can be used and
// the others are greyed, and that every row's buttons stand in the same
// columns (each row is a grid of its own: only equal label widths line
// them up).
func checkSideRows(t reporter, n int) step {
	return do(func(g *game) {
		var x0, x1 int
		for side := 1; side <= 4; side++ {
			bs := sideRowButtons(g, side)
			if len(bs) != 2 {
				t.Fatalf("%s's row has %d buttons, want 2", units.SideName(side), len(bs))
			}
			for _, b := range bs {
				if b.GetWidget().Disabled != (side > n) {
					t.Errorf("with %d sides, %s's %q button disabled: %v", n, units.SideName(side), b.Text().Label, b.GetWidget().Disabled)
				}
			}
			if side == 1 {
				x0, x1 = bs[0].GetWidget().Rect.Min.X, bs[1].GetWidget().Rect.Min.X
			} else if bs[0].GetWidget().Rect.Min.X != x0 || bs[1].GetWidget().Rect.Min.X != x1 {
				t.Errorf("%s's buttons start at x %d and %d, blue's at %d and %d", units.SideName(side),
					bs[0].GetWidget().Rect.Min.X, bs[1].GetWidget().Rect.Min.X, x0, x1)
			}
		}
	})
}

// New game with three sides (the dialog greys the rows of sides that
// will not play, and lines its columns up), red's team button clicked
// round from team 2 to team 1: the match has blue and red on team 1 and green on team 3;
// blue's unit cannot attack red's (the engine finds no target there, as
// it does not for green's, which is merely out of reach) and blue sees
// red's unit across the map through its teammate's eyes.
func TestNewGameTeams(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			openNewGame(t, in),
			checkSideRows(t, 2),
			click(t, "2"), // sides: 3
			wait(1),
			checkSideRows(t, 3),
			clickTeam(t, 2), clickTeam(t, 2), clickTeam(t, 2),
			click(t, "Start"),
			waitFor(t, "play mode", func(g *game) bool { return g.playing() }),
			wait(2),
			do(func(g *game) {
				m := g.play.session.match
				var teams []int
				for _, sd := range m.Scenario().Sides {
					teams = append(teams, sd.Team)
				}
				if len(teams) != 3 || teams[0] != 1 || teams[1] != 1 || teams[2] != 3 {
					t.Fatalf("the match's teams %v, want [1 1 3]", teams)
				}
				var first [4]*engine.UnitInfo
				us := m.Units()
				for k := range us {
					if first[us[k].Side] == nil {
						first[us[k].Side] = &us[k]
					}
				}
				blue, red, green := first[1], first[2], first[3]
				if blue == nil || red == nil || green == nil {
					t.Fatalf("a side without units: %v", us)
				}
				if _, err := m.Forecast(blue.ID, red.Cell); !errors.Is(err, engine.ErrNoTarget) {
					t.Errorf("blue attacking its teammate red: %v, want no target", err)
				}
				if _, err := m.Forecast(blue.ID, green.Cell); errors.Is(err, engine.ErrNoTarget) {
					t.Errorf("blue attacking green: %v, want a target", err)
				}
				if !m.Sees(1, red.Cell) {
					t.Errorf("blue does not see its teammate's unit")
				}
			}),
		}
	})
}

// New game with blue and red both on team 1 is refused with one line
// saying why, and play does not start.
func TestNewGameOneTeamRefused(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			openNewGame(t, in),
			clickTeam(t, 2), clickTeam(t, 2), clickTeam(t, 2),
			do(func(g *game) { g.msgs.toasts = nil }),
			click(t, "Start"),
			wait(3),
			do(func(g *game) {
				if g.playing() {
					t.Errorf("a one-team game started")
				}
				if len(g.msgs.toasts) != 1 || !strings.Contains(g.msgs.toasts[0].text, "all sides are on one team") {
					t.Errorf("the editor said %v", g.msgs.toasts)
				}
			}),
		}
	})
}
