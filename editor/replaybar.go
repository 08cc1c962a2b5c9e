package editor

import (
	"fmt"
	"strconv"

	"github.com/ebitenui/ebitenui/widget"
)

// replayBar is the replay's bar across the top of the map: back to the
// game, play or pause, one step, the speed, a slider of the rounds, where
// the replay stands, and whose view is shown.
type replayBar struct {
	root   *widget.Container
	play   *widget.Button
	speed  *widget.Button
	rounds *widget.Slider
	at     *widget.Text
	seen   *widget.Button
	shown  int // the round the slider was last set to
}

// replayActions are what the bar's buttons do.
type replayActions struct {
	Back, Play, Step, Speed, View func()
}

// replayInfo is the replay's state as the bar shows it.
type replayInfo struct {
	round, rounds, side int
	colour              int    // the side in turn's colour number (sidePaint)
	name                string // the side in turn's
	pos, total          int    // commands played, of the log's
	playing             bool
	speed               float64
	seen                string
}

func newReplayBar(s *style, act replayActions) *replayBar {
	b := &replayBar{root: barRow(s), shown: 1}
	center := widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
	button := func(label string, minW int, run func(), tip string) *widget.Button {
		btn := s.button(label, minW, run)
		btn.GetWidget().LayoutData = center
		s.withTip(btn, tip)
		return btn
	}
	back := button("Back to game (Esc)", 150, act.Back, "Leave the replay: the match as it stands")
	b.play = button("Pause (Space)", 120, act.Play, "Play the replay, or pause it")
	step := button("Step (.)", 80, act.Step, "Pause, and play one command (comma: one back)")
	b.speed = button("Speed 1×", 100, act.Speed, "Faster, up to 16×, then ½× again (+ and - keys)")
	b.rounds = s.slider(1, 2, 1, func(int) {})
	b.rounds.GetWidget().LayoutData = center
	b.rounds.GetWidget().MinWidth = s.px(200)
	s.withTip(b.rounds, "Jump to the start of a round")
	b.at = widget.NewText(widget.TextOpts.Text("", &s.face, colText),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.LayoutData(center), widget.WidgetOpts.MinSize(s.px(250), 0)))
	b.seen = button("Seen: whole map (V)", 170, act.View, "The whole map, or what one side saw (its fog)")
	b.root.AddChild(back, b.play, step, b.speed, b.rounds, b.at, b.seen)
	return b
}

// slid reports the round the slider was moved to since update last set
// it, if it was.
func (b *replayBar) slid() (int, bool) {
	return b.rounds.Current, b.rounds.Current != b.shown
}

// update shows the replay's state; it reports whether a label changed.
func (b *replayBar) update(info replayInfo) (changed bool) {
	play := "Play (Space)"
	if info.playing {
		play = "Pause (Space)"
	}
	speed := "Speed " + speedLabel(info.speed)
	at := fmt.Sprintf("Round %d of %d · %s · %d/%d", info.round, info.rounds, info.name, info.pos, info.total)
	changed = play != b.play.Text().Label || speed != b.speed.Text().Label || at != b.at.Label ||
		info.seen != b.seen.Text().Label || info.round != b.shown
	b.play.Text().Label, b.speed.Text().Label, b.seen.Text().Label = play, speed, info.seen
	b.at.Label = at
	b.at.SetColor(colourText(info.colour))
	b.rounds.Min, b.rounds.Max = 1, max(2, info.rounds)
	b.rounds.Current, b.shown = info.round, info.round
	return changed
}

// speedLabel is speed as a multiple: ½×, 1×, 16×.
func speedLabel(speed float64) string {
	if speed == 0.5 {
		return "½×"
	}
	return strconv.FormatFloat(speed, 'f', -1, 64) + "×"
}
