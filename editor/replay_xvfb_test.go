//go:build xvfb

package editor

import (
	"image"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
	"hexsandbox/hexmap"
)

// engineHash is the state hash of the match of scenario sc on grid after
// the commands of log, played with the engine alone, up to the first
// that would begin round stop (0: the whole log).
func engineHash(t reporter, grid *hexmap.Grid, sc engine.Scenario, log []engine.Command, stop int) string {
	m, _, err := engine.NewMatch(grid, sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range log {
		if stop > 0 && m.Round() >= stop {
			break
		}
		if _, err := m.Apply(cmd); err != nil {
			t.Fatal(err)
		}
	}
	return m.Hash()
}

// inReplayMode waits for the replay.
func inReplayMode(t reporter) step {
	return waitFor(t, "the replay", func(g *game) bool { return g.mode == mode(g.replay) && g.replay.session != nil })
}

// toTopSpeed presses + until the replay plays at its fastest.
func toTopSpeed(in *scriptInput) step {
	var steps []step
	for range replaySpeeds {
		steps = append(steps, tap(in, ebiten.KeyEqual))
	}
	return seq(steps...)
}

// replayToEnd runs the replay to its end at top speed and checks that
// it shows the match's state: the same hash as the match played.
func replayToEnd(t reporter, in *scriptInput, want func() string) step {
	return seq(
		toTopSpeed(in),
		within(t, time.Minute, "the replay did not reach its end", func(g *game) bool { return g.replay.atEnd() }),
		do(func(g *game) {
			r := g.replay
			if r.pos != len(r.saved.Log) || r.playing {
				t.Errorf("at the end the replay stands at %d of %d commands, playing %v", r.pos, len(r.saved.Log), r.playing)
			}
			if got, w := r.session.match.Hash(), want(); got != w {
				t.Errorf("the replay ends on state %s, the match stands at %s", got, w)
			}
		}),
	)
}

// roundTrack is the point of the replay bar's slider where round k lies.
func roundTrack(k int) func(g *game) image.Point {
	return func(g *game) image.Point {
		sl := g.replay.bar.rounds
		r := sl.GetWidget().Rect
		handle := g.win.style.px(sliderHandle)
		x := r.Min.X + handle/2 + (k-sl.Min)*(r.Dx()-handle)/(sl.Max-sl.Min)
		return image.Pt(x, (r.Min.Y+r.Max.Y)/2)
	}
}

// A match played to a conquest through the input path (blue's first
// horseman wanders off and back in rounds 1 and 2, then blue's horsemen
// attack the red scout) is replayed twice. Mid-match, R replays the
// match so far: at top speed it ends on the match's state, and Escape
// goes back to the game. After the victory, Watch replay on the end
// screen replays it all: it starts playing from the first command, a
// battle shows mid-way (the bar's screenshot, paused), at top speed it
// ends on the match's final state; a click on the round slider at round
// k shows the same state as the engine after the log's commands before
// round k (jumping back to round 1, on to 3, back to 2); . and , step one command on and back;
// V shows each side's view, then the whole map; Escape returns to the
// end screen.
func TestReplayConquest(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	grid, scout := conquestMap(t)
	wanderer, _ := grid.Topology().Neighbor(scout, hexmap.W)
	away, _ := grid.Topology().Neighbor(wanderer, hexmap.W)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		moved := map[int]bool{}
		midReplay := false
		next := func(g *game) step {
			if g.play.cover != nil {
				return passCover(t, in)
			}
			round := m().Round()
			switch {
			case m().SideInTurn() == 2:
				return tap(in, ebiten.KeyEnter)
			case round == 2 && !midReplay:
				midReplay = true
				return seq(
					tap(in, ebiten.KeyR),
					inReplayMode(t),
					do(func(g *game) {
						if r := g.replay; r.pos != 0 || len(r.saved.Log) != len(m().Log()) || !r.playing {
							t.Errorf("R replays from %d, %d commands of the match's %d, playing %v", r.pos, len(r.saved.Log), len(m().Log()), r.playing)
						}
					}),
					replayToEnd(t, in, func() string { return m().Hash() }),
					tap(in, ebiten.KeyEscape),
					waitFor(t, "the game again", func(g *game) bool { return g.mode == mode(g.play) }),
				)
			case round <= 2 && !moved[round]:
				moved[round] = true
				from, to := wanderer, away
				if round == 2 {
					from, to = away, wanderer
				}
				return seq(clickCell(in, func() int { return from }), clickCell(in, func() int { return to }), untilStill(t, 5*time.Second))
			case round <= 2:
				return tap(in, ebiten.KeyEnter)
			}
			for _, u := range m().Units() {
				if u.Side == 1 && u.Moves > 0 {
					return seq(clickCell(in, func() int { return u.Cell }), clickCell(in, func() int { return scout }), wait(1))
				}
			}
			return tap(in, ebiten.KeyEnter)
		}
		var log []engine.Command
		var sc engine.Scenario
		atRound := func(k int) step {
			return seq(append(pressAt(in, roundTrack(k)), do(func(g *game) {
				r := g.replay
				if got, want := r.session.match.Hash(), engineHash(t, g.sess.Grid, sc, log, k); r.round() != k || got != want {
					t.Errorf("the slider at round %d shows round %d, state %s; the engine %s", k, r.round(), got, want)
				}
			}))...)
		}
		stepCheck := func(k ebiten.Key, by int) step {
			var from int
			return seq(
				do(func(g *game) { from = g.replay.pos }),
				tap(in, k),
				do(func(g *game) {
					r := g.replay
					want := engineHash(t, g.sess.Grid, sc, log[:from+by], 0)
					if r.pos != from+by || r.session.match.Hash() != want || r.playing {
						t.Errorf("a step by %d from %d stands at %d (playing %v), state %s, the engine %s", by, from, r.pos, r.playing, r.session.match.Hash(), want)
					}
				}),
			)
		}
		view := func(seer int) step {
			return seq(tap(in, ebiten.KeyV), do(func(g *game) {
				r, fog := g.replay, g.fogData()
				switch {
				case r.seer != seer:
					t.Errorf("V shows side %d, want %d", r.seer, seer)
				case seer == 0 && fog != nil:
					t.Error("the whole map is shown fogged")
				case seer != 0 && (fog == nil || fog.Side() != seer):
					t.Errorf("seen as %d, the fog is %v", seer, fog)
				}
			}))
		}
		return []step{
			playOn(t, in, grid),
			playUntil(t, 300, func(g *game) bool {
				over, _ := m().Over()
				return over
			}, next),
			coverShown(t, "the end screen"),
			do(func(g *game) {
				log, sc = append([]engine.Command{}, m().Log()...), m().Scenario()
				if m().Round() < 3 {
					t.Fatalf("the match ended in round %d, too soon to try the slider", m().Round())
				}
			}),
			clickAt(in, func(*game) (int, int) {
				c := g.play.cover.buttons[0].at
				return (c.Min.X + c.Max.X) / 2, (c.Min.Y + c.Max.Y) / 2
			}),
			inReplayMode(t),
			do(func(g *game) {
				if r := g.replay; r.pos != 0 || !r.playing || len(r.saved.Log) != len(log) {
					t.Errorf("Watch replay stands at %d of %d commands (the match's %d), playing %v", r.pos, len(r.saved.Log), len(log), r.playing)
				}
			}),
			tap(in, ebiten.KeyEqual), tap(in, ebiten.KeyMinus), tap(in, ebiten.KeyEqual), tap(in, ebiten.KeyEqual),
			do(func(g *game) {
				if got := g.replay.bar.speed.Text().Label; got != "Speed 4×" {
					t.Errorf("+, -, +, + from 1× give %q", got)
				}
			}),
			within(t, time.Minute, "no battle in the replay", func(g *game) bool { return g.replay.session.battle != nil }),
			tap(in, ebiten.KeySpace),
			do(func(g *game) {
				if g.replay.playing || !strings.HasPrefix(g.replay.bar.play.Text().Label, "Play") {
					t.Error("Space did not pause the replay")
				}
			}),
			wait(2),
			captureStep(t, filepath.Join(shots, "replay-bar.png")),
			tap(in, ebiten.KeySpace),
			replayToEnd(t, in, func() string { return m().Hash() }),
			atRound(1), atRound(3), atRound(2),
			stepCheck(ebiten.KeyPeriod, 1), stepCheck(ebiten.KeyPeriod, 1), stepCheck(ebiten.KeyComma, -1),
			view(1), view(2),
			wait(30), // the fog fades to red's view
			captureStep(t, filepath.Join(shots, "replay-seen-as-red.png")),
			view(0),
			tap(in, ebiten.KeyEscape),
			coverShown(t, "the end screen again"),
		}
	})
}
