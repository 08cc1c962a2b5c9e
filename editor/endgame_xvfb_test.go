//go:build xvfb

package editor

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/ai"
	"hexsandbox/editor/files"
	engine "hexsandbox/game"
	"hexsandbox/hexmap"
)

// openNewGame opens the New game dialog (Ctrl+Shift+N) in the full
// window.
func openNewGame(t reporter, in *scriptInput) step {
	return seq(
		wait(2),
		fullWindow(t),
		key(in, ebiten.KeyN, true),
		waitFor(t, "the New game dialog", func(g *game) bool { return findButton(g, "Start") != nil }),
	)
}

// nameSide types name into the New game dialog's field that shows was.
func nameSide(t reporter, was, name string) step {
	return do(func(g *game) {
		f := findIn(g, func(f *textField) bool { return f.GetText() == was })
		if f == nil {
			t.Fatalf("no name field shows %q", was)
		}
		f.SetText(name)
	})
}

// autosaveSettled waits until the match's autosave due at a turn's start
// is written.
func autosaveSettled(t reporter) step {
	return waitFor(t, "the match's autosave written", func(g *game) bool {
		return !g.play.autosaveDue && g.work.job == nil && len(g.work.queue) == 0
	})
}

// backToNorth plays blue's End Turn and waits for the computer's red
// turn to pass, back to blue in round 2.
func backToNorth(t reporter, in *scriptInput) step {
	return seq(
		tap(in, ebiten.KeyEnter),
		within(t, 60*time.Second, "blue's second round", func(g *game) bool {
			m := g.play.session.match
			return m.Round() == 2 && m.SideInTurn() == 1
		}),
	)
}

// New game names blue "North" (red's name left empty: its colour's) with
// red played by the computer; the name shows in the game bar and the
// map's setup, and after saving and reopening the match both the name
// and the computer side (at its level) are kept.
func TestPlayNamesAndComputersKept(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		check := func(when string) step {
			return do(func(g *game) {
				s := g.play.session
				if m().SideName(1) != "North" || m().SideName(2) != "" || s.sideName(2) != "Red" {
					t.Errorf("%s: sides named %q and %q", when, m().SideName(1), m().SideName(2))
				}
				if !strings.Contains(g.play.bar.turn.Label, "North") {
					t.Errorf("%s: the game bar says %q", when, g.play.bar.turn.Label)
				}
				if s.bots[1] != nil || s.bots[2] == nil || s.levels[2] != ai.Normal {
					t.Errorf("%s: computer on blue %v, on red %v at %v", when, s.bots[1] != nil, s.bots[2] != nil, s.levels[2])
				}
			})
		}
		var hash string
		return []step{
			openNewGame(t, in),
			nameSide(t, "Blue", "North"),
			nameSide(t, "Red", " "),
			click(t, "Start"),
			waitFor(t, "play mode", func(g *game) bool { return g.playing() }),
			wait(2),
			check("new game"),
			do(func(g *game) {
				if sd := g.sess.Grid.Setup().Sides; len(sd) != 2 || sd[0].Name != "North" || sd[1].Name != "" {
					t.Errorf("the map's sides %+v", sd)
				}
			}),
			backToNorth(t, in),
			wait(2),
			do(func(g *game) { hash = m().Hash() }),
			key(in, ebiten.KeyS, false),
			waitForField(t, "the Save dialog"),
			do(func(g *game) { setField(t, g, "named") }),
			click(t, "Save"),
			idle(),
			do(func(g *game) { g.setMode(g.edit) }),
			key(in, ebiten.KeyO, false),
			idle(),
			wait(1),
			pickMap(t, "named"),
			wait(1),
			click(t, "Open"),
			idle(),
			waitFor(t, "play mode after opening", func(g *game) bool { return g.playing() }),
			wait(2),
			check("reopened"),
			do(func(g *game) {
				if m().Hash() != hash || m().Round() != 2 {
					t.Errorf("reopened: hash %s (saved %s), round %d", m().Hash(), hash, m().Round())
				}
			}),
		}
	})
}

// At each turn's start the match is autosaved to the editor's recovery
// slot: after blue's End Turn and the computer's red turn, the autosave
// holds the match at blue's second turn (the same state hash, red still
// the computer's). When that editor is gone (as in a crash), the next
// start offers it, and recovering continues the match: play mode, the
// same state hash, red the computer's.
func TestPlayAutosaveAtTurnStartRecovers(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	var hash string
	var commands int
	first := runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		return []step{
			openNewGame(t, in),
			click(t, "Start"),
			waitFor(t, "play mode", func(g *game) bool { return g.playing() }),
			backToNorth(t, in),
			autosaveSettled(t),
			do(func(g *game) {
				hash, commands = m().Hash(), len(m().Log())
				blob, err := g.sess.Store.(*files.Dir).OwnRecoveryMatch()
				if err != nil {
					t.Fatalf("no autosave of the match: %v", err)
				}
				var s engine.Saved
				if err := json.Unmarshal(blob, &s); err != nil {
					t.Fatal(err)
				}
				back, err := engine.Resume(g.sess.Grid, s)
				if err != nil {
					t.Fatal(err)
				}
				if back.Hash() != hash || len(s.Log) != commands || len(s.Computers) != 1 || s.Computers[0].Side != 2 {
					t.Errorf("the autosave: hash %s (now %s), %d commands (%d), computers %+v", back.Hash(), hash, len(s.Log), commands, s.Computers)
				}
			}),
		}
	})
	if err := first.sess.Store.Close(); err != nil { // that editor is gone, its autosave left
		t.Fatal(err)
	}
	runEditor(t, Options{MapsDir: dir}, newScriptInput(), func(g *game, t *checker) []step {
		return []step{
			wait(2),
			waitFor(t, "the recovery question", func(g *game) bool { return findButton(g, "Recover") != nil }),
			do(func(g *game) {
				if !strings.Contains(dialogText(g), "a match in progress") {
					t.Errorf("the recovery question %q does not mention the match", dialogText(g))
				}
			}),
			click(t, "Recover"),
			idle(),
			waitFor(t, "play mode after recovering", func(g *game) bool { return g.playing() }),
			do(func(g *game) {
				s := g.play.session
				if s.match.Hash() != hash || len(s.match.Log()) != commands || s.bots[2] == nil || s.bots[1] != nil {
					t.Errorf("recovered: hash %s (autosaved %s), %d commands (%d), computer on red %v",
						s.match.Hash(), hash, len(s.match.Log()), commands, s.bots[2] != nil)
				}
			}),
		}
	})
}

// chartMap is conquestMap with a blue town, Ash, yielding 11 a turn (2,
// +3 for its buildings, +6 for the farms around it: a spearman in round
// 3, 8 left over, 19 in round 4), and a red town, Oak, east of the red
// scout.
func chartMap(t *testing.T) (grid *hexmap.Grid, scout, oak int) {
	grid, scout = conquestMap(t)
	ash := offsetOf(grid, 3, 3)
	grid.SetUrbanLevel(ash, 3)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		nb, _ := grid.Topology().Neighbor(ash, d)
		grid.SetFarmLevel(nb, 1)
	}
	oak, _ = grid.Topology().Neighbor(scout, hexmap.E)
	for _, tw := range []hexmap.Town{{Location: grid.Topology().Coordinates(ash), Name: "Ash", Owner: 1},
		{Location: grid.Topology().Coordinates(oak), Name: "Oak", Owner: 2}} {
		if err := grid.PlaceTown(tw); err != nil {
			t.Fatal(err)
		}
	}
	return grid, scout, oak
}

// A match to its end by commands: both sides end their turns until
// round 3 (Ash builds a spearman as it begins), then blue's horsemen
// attack the red scout until it is destroyed and one takes Oak, which
// ends the match. The end screen's charts hold the match's Stats, and
// their last values are what happened: blue holds 2 towns, built 1 unit,
// lost none and destroyed 1; red holds none, built none, lost 1.
func TestPlayEndScreenCharts(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	grid, scout, oak := chartMap(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		blue := func() engine.Command {
			if m().Round() < 3 {
				return engine.Command{Cmd: "end"}
			}
			id, alive := m().UnitAt(scout)
			if u, _ := m().Unit(id); u.Side != 2 {
				alive = false // a horseman stands there, the scout destroyed
			}
			for _, u := range m().Units() {
				switch {
				case u.Side != 1 || u.Moves == 0 || m().Rules().Types[u.Type].Name != "horseman":
				case alive && g.sess.Grid.Topology().Distance(u.Cell, scout) == 1:
					return engine.Command{Cmd: "attack", Unit: u.ID, At: g.play.cellOf(scout)}
				case !alive:
					return engine.Command{Cmd: "move", Unit: u.ID, To: g.play.cellOf(oak)}
				}
			}
			return engine.Command{Cmd: "end"}
		}
		return []step{
			playOn(t, in, grid),
			playUntil(t, 100, func(g *game) bool { over, _ := m().Over(); return over }, func(g *game) step {
				return do(func(g *game) {
					g.play.showCover(nil) // the hand-over between the two people
					cmd := engine.Command{Cmd: "end"}
					if m().SideInTurn() == 1 {
						cmd = blue()
					}
					if !g.play.command(cmd) {
						t.Fatalf("refused: %+v", cmd)
					}
				})
			}),
			coverShown(t, "the end screen"),
			wait(2),
			do(func(g *game) {
				c := g.play.cover.chart
				if c == nil {
					t.Fatal("the end screen has no charts")
				}
				want, err := engine.Stats(g.sess.Grid, m().Scenario(), m().Log())
				if err != nil {
					t.Fatal(err)
				}
				if len(c.stats) != m().Round()+1 || len(c.stats) != len(want) {
					t.Fatalf("charts of %d rounds, stats of %d, match in round %d", len(c.stats), len(want), m().Round())
				}
				for k := range chartMeasures {
					for j, sd := range want[0].Sides {
						got := c.series(k, j)
						for r := range want {
							if v := chartMeasures[k].of(want[r].Sides[j]); got[r] != v {
								t.Errorf("%s, side %d, round %d: charted %d, stats %d", chartMeasures[k].title, sd.Side, r, got[r], v)
							}
						}
					}
				}
				last := c.stats[len(c.stats)-1].Sides
				type tally struct{ towns, built, lost, destroyed int }
				for j, w := range []tally{{2, 1, 0, 1}, {0, 0, 1, 0}} {
					if g := (tally{last[j].Towns, last[j].Built, last[j].Lost, last[j].Destroyed}); g != w {
						t.Errorf("side %d at the end: %+v, want %+v", last[j].Side, g, w)
					}
				}
			}),
			captureStep(t, filepath.Join(shots, "play-victory-charts.png")),
		}
	})
}

// Play on a map with no game set up (a fresh, empty map) shows a screen
// that says how to get one, over the map, with New game and Back to
// edit; its New game opens the dialog, whose Start plays.
func TestPlayNoGameOffersNewGame(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	empty, err := hexmap.NewGrid(20, 15, 3)
	if err != nil {
		t.Fatal(err)
	}
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			playOn(t, in, empty),
			wait(2),
			do(func(g *game) {
				c := g.play.cover
				if g.play.session != nil || c == nil || !c.seeMap || len(c.buttons) != 2 || c.buttons[0].label != "New game" ||
					c.box.lines[0].text != "No game on this map" {
					t.Fatalf("no game: session %v, cover %+v", g.play.session != nil, c)
				}
			}),
			captureStep(t, filepath.Join(shots, "play-no-game.png")),
			clickAt(in, func(g *game) (int, int) {
				b := g.play.cover.buttons[0].at
				return (b.Min.X + b.Max.X) / 2, (b.Min.Y + b.Max.Y) / 2
			}),
			waitFor(t, "the New game dialog", func(g *game) bool { return findButton(g, "Start") != nil }),
			click(t, "Start"),
			waitFor(t, "a game", func(g *game) bool { return g.playing() }),
			do(func(g *game) {
				if g.play.cover != nil {
					t.Error("the no-game screen stays over the new game")
				}
			}),
		}
	})
}

// issueFingerSize is the least height of a control on a phone, in
// logical (CSS) pixels, as issue 32 asks.
const issueFingerSize = 44

// On a phone held upright (a screen 390 pixels wide) the no-game
// screen's text wraps to the screen's width and its buttons, a finger's
// height, lie on it.
func TestPlayNoGameFitsAPhone(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	empty, err := hexmap.NewGrid(20, 15, 3)
	if err != nil {
		t.Fatal(err)
	}
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			playOn(t, in, empty),
			wait(2),
			do(func(g *game) {
				c := g.play.cover
				if c == nil || len(c.buttons) != 2 {
					t.Fatalf("no no-game screen: %+v", c)
				}
				phone := ebiten.NewImage(390, 844)
				defer phone.Deallocate()
				c.draw(phone, g.win.style)
				screen := phone.Bounds()
				if !c.at.In(screen) {
					t.Errorf("the text %v is not on the screen %v", c.at, screen)
				}
				for _, b := range c.buttons {
					if !b.at.In(screen) || b.at.Dy() < g.win.style.px(issueFingerSize) {
						t.Errorf("button %q at %v: not on the screen %v or lower than a finger", b.label, b.at, screen)
					}
				}
			}),
		}
	})
}
