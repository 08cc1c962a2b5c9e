package editor

import (
	"fmt"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/render/project"
)

// replayMode plays a match back from its log: a match of its own,
// rebuilt from the saved match's scenario, re-executes the log's
// commands through the engine one by one, shown as play mode shows them
// (moves walking, battles); the replay bar plays and pauses, sets the
// speed, steps one command and jumps to a round, and shows the map as
// one side saw it (its fog) or whole. Input drives the bar only: the
// replay issues no command of its own. The state depends on the log
// alone; the clock only paces it.
type replayMode struct {
	env     *modeEnv
	bar     *replayBar
	saved   engine.Saved // the match replayed: its scenario and log
	starts  []int        // starts[r-1]: the commands played before round r began
	session *playSession // the match after the first pos commands; nil when none is loaded
	pos     int
	playing bool
	speed   int     // index in replaySpeeds
	wait    float64 // seconds of replay time before the next command
	seer    int     // the side whose view is shown, 0 for the whole map
}

// replaySpeeds are the replay's speeds, as multiples of play's pace.
var replaySpeeds = []float64{0.5, 1, 2, 4, 8, 16}

// replayPause is the pause between two commands at speed 1, in seconds.
const replayPause = 0.4

// watchReplay plays match s back in the window seen as side seer (0:
// whole), saying why when it cannot.
func (g *game) watchReplay(s engine.Saved, seer int) {
	if err := g.replay.load(s, seer); err != nil {
		g.errorf("Replay: %v", err)
		return
	}
	g.setMode(g.replay)
}

// load makes s, a match on the session's map, the one replayed seen as
// side seer (0: whole), from its start and playing at 1× (after a pause
// on the start); it says why when its log does not replay.
func (r *replayMode) load(s engine.Saved, seer int) error {
	starts, err := roundStarts(r.env.sess.Grid, s)
	if err != nil {
		return err
	}
	r.saved, r.starts, r.seer, r.playing, r.wait, r.speed = s, starts, seer, true, replayPause, 1
	return r.rebuild(0)
}

// roundStarts replays s's log on grid and returns, per round, how many
// commands came before it began: round r+1 begins where round r ends.
func roundStarts(grid *hexmap.Grid, s engine.Saved) ([]int, error) {
	stats, err := engine.Stats(grid, s.Scenario, s.Log)
	if err != nil {
		return nil, fmt.Errorf("the log's %w", err)
	}
	starts := make([]int, len(stats)-1) // stats[0] is the start, before round 1
	for r := range starts {
		starts[r] = stats[r].Commands
	}
	return starts, nil
}

// rebuild replays the log's first n commands anew, shown at once.
func (r *replayMode) rebuild(n int) error {
	s := r.saved
	m, err := engine.Resume(r.env.sess.Grid, engine.Saved{Version: s.Version, Scenario: s.Scenario, Log: s.Log[:n]})
	if err != nil {
		return err
	}
	r.session = newPlaySession(m, r.env.sess.Grid, r.env.ground(), r.env.state(), [hexmap.MaxSides + 1]int{})
	r.session.seeAs(r.seer)
	r.pos = n
	return nil
}

// seek shows the match after the log's first n commands, at once: on
// from here when n is ahead, else replayed anew.
func (r *replayMode) seek(n int) {
	n = max(0, min(n, len(r.saved.Log)))
	if n < r.pos {
		if err := r.rebuild(n); err != nil {
			r.fail(err)
		}
		return
	}
	for r.pos < n && r.next() {
	}
	r.session.finishWalks()
}

// next plays the log's next command, shown, and reports whether it did.
func (r *replayMode) next() bool {
	if r.pos == len(r.saved.Log) {
		return false
	}
	if _, err := r.session.apply(r.saved.Log[r.pos]); err != nil {
		r.fail(err) // cannot happen: load replayed the whole log
		return false
	}
	r.pos++
	return true
}

// fail stops the replay, saying why.
func (r *replayMode) fail(err error) {
	r.playing = false
	r.env.notice("The replay stopped: " + err.Error())
}

// round is the round shown.
func (r *replayMode) round() int { return r.session.match.Round() }

// seekRound shows the match as round k (clamped) began.
func (r *replayMode) seekRound(k int) {
	r.seek(r.starts[max(1, min(k, len(r.starts)))-1])
}

// atEnd reports whether the whole log is played and shown.
func (r *replayMode) atEnd() bool {
	return r.session != nil && r.pos == len(r.saved.Log) && !r.session.walking()
}

// togglePlay plays or pauses; at the end, play starts again from the
// beginning.
func (r *replayMode) togglePlay() {
	if r.session == nil {
		return
	}
	if !r.playing && r.atEnd() {
		r.seek(0)
	}
	r.playing, r.wait = !r.playing, 0
}

// step pauses and shows the match one command on; back one command
// back.
func (r *replayMode) step() { r.pauseAt(r.pos + 1) }
func (r *replayMode) back() { r.pauseAt(r.pos - 1) }

// pauseAt pauses and shows the match after the log's first n commands.
func (r *replayMode) pauseAt(n int) {
	if r.session != nil {
		r.playing = false
		r.seek(n)
	}
}

// cycleSpeed goes one speed faster, from the fastest to the slowest.
func (r *replayMode) cycleSpeed() { r.speed = (r.speed + 1) % len(replaySpeeds) }

// faster and slower change the speed by one step.
func (r *replayMode) faster() { r.speed = min(r.speed+1, len(replaySpeeds)-1) }
func (r *replayMode) slower() { r.speed = max(r.speed-1, 0) }

// cycleView shows the whole map, then each side's view in turn.
func (r *replayMode) cycleView() {
	if r.session == nil {
		return
	}
	sides := r.session.match.Summary().Sides
	next := 0
	for k, sd := range sides {
		if sd.Side == r.seer && k+1 < len(sides) {
			next = sides[k+1].Side
		}
	}
	if r.seer == 0 && len(sides) > 0 {
		next = sides[0].Side
	}
	r.seer = next
	r.session.seeAs(next)
}

// update advances the replay, while it plays, by dt seconds of the
// clock at its speed: the move shown, then, after a pause, the next
// command. Paused, it stands still (a battle mid-way too) but for the
// fog's fades. It reports whether the replay moves on its own.
func (r *replayMode) update(dt float64) bool {
	s := r.session
	switch {
	case s == nil:
		return false
	case !r.playing:
		return s.fog.Update(dt)
	}
	dt *= replaySpeeds[r.speed]
	if s.update(dt); !s.walking() {
		if r.wait -= dt; r.wait <= 0 {
			r.wait = replayPause
			r.next()
		}
	}
	r.playing = r.playing && !r.atEnd()
	return r.playing
}

func (r *replayMode) root() *widget.Container { return r.bar.root }
func (r *replayMode) beside() bool            { return false }
func (r *replayMode) sync()                   {}
func (r *replayMode) keys() modes             { return inReplay }
func (r *replayMode) fogged() bool            { return r.seer != 0 }
func (r *replayMode) minimap() bool           { return true } // what the side seen knows (drawMinimap)
func (r *replayMode) shown() *playSession     { return r.session }
func (r *replayMode) escape()                 { r.env.toPlay() }
func (r *replayMode) interrupt()              {}
func (r *replayMode) input(pointer)           {} // the bar is the replay's only input
func (r *replayMode) enter()                  {}

// leave lets the replayed match go.
func (r *replayMode) leave() {
	r.session, r.playing = nil, false
}

// tick shows the replay's state on the bar, and jumps to the round the
// bar's slider was moved to.
func (r *replayMode) tick() bool {
	if r.session == nil {
		return false
	}
	if k, moved := r.bar.slid(); moved {
		r.seekRound(k)
	}
	return r.bar.update(r.barInfo())
}

// barInfo is what the replay bar shows.
func (r *replayMode) barInfo() replayInfo {
	seen := "Seen: whole map (V)"
	if r.seer != 0 {
		seen = "Seen as " + r.session.sideName(r.seer) + " (V)"
	}
	return replayInfo{
		round: r.round(), rounds: len(r.starts), side: r.session.side(), colour: r.session.match.SideColour(r.session.side()), name: r.session.sideName(r.session.side()),
		pos: r.pos, total: len(r.saved.Log), playing: r.playing,
		speed: replaySpeeds[r.speed], seen: seen,
	}
}

// drawOver draws the towns' banners, the units' labels and the battle
// shown, as the side seen sees them (the side in turn when whole).
func (r *replayMode) drawOver(screen *ebiten.Image, v *project.View) {
	if s := r.session; s != nil {
		s.drawShow(screen, v, r.env.paint, s.seer, r.fogged())
	}
}

// drawUnder draws nothing: the replay's marks go over the notes.
func (r *replayMode) drawUnder(*ebiten.Image, *project.View, []float32, float32) {}

// status tells nothing of the hovered cell: the bar tells the replay.
func (r *replayMode) status() (cell, right string) { return "", "" }
