package editor

import (
	"fmt"
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
)

// coverScreen is a screen over the whole window that hides the map: the
// hot-seat hand-over between two people ("Red's turn: click to
// continue", with what happened since that side's last turn), or the
// end of the match. A click anywhere dismisses a hand-over; the end
// screen waits for one of its buttons.
type coverScreen struct {
	seeMap  bool // the map shows around the box (nothing there to hide)
	box     textBox
	at      image.Rectangle // where the box was last drawn
	chart   *roundChart     // the end screen's charts, nil for none
	buttons []coverButton
}

// coverButton is a button of a cover screen and where it was last drawn.
type coverButton struct {
	label string
	run   func()
	at    image.Rectangle
}

// coverBack is the cover's colour: opaque, so nothing of the map shows.
var coverBack = color.NRGBA{0x10, 0x13, 0x18, 0xff}

// handOver is the hand-over screen for side, called name and drawn in
// colour (a colour number), with its turn summary.
func handOver(s *style, name string, side, colour, round int, sum turnSummary) *coverScreen {
	c := &coverScreen{}
	c.box.lines = []textLine{
		{fmt.Sprintf("%s's turn: click to continue", name), s.bold, colourText(colour)},
		{fmt.Sprintf("Round %d", round), s.face, colText},
	}
	for _, l := range sum.lines(side) {
		c.box.lines = append(c.box.lines, textLine{l, s.face, colDim})
	}
	c.box.pad, c.box.gap = float64(s.px(24)), float64(s.px(8))
	return c
}

// lines is the summary as the hand-over tells it.
func (t turnSummary) lines(side int) []string {
	if t == (turnSummary{}) {
		return []string{"Nothing new since your last turn"}
	}
	var out []string
	for _, n := range []struct {
		n         int
		one, many string
	}{{t.healed, "unit healed", "units healed"}, {t.produced, "unit produced", "units produced"},
		{t.lost, "town lost", "towns lost"}, {t.sighted, "enemy unit came into sight", "enemy units came into sight"}} {
		switch {
		case n.n == 1:
			out = append(out, "1 "+n.one)
		case n.n > 1:
			out = append(out, fmt.Sprintf("%d %s", n.n, n.many))
		}
	}
	return out
}

// endScreen is the end of match m, with the script's last words to the
// side whose view was shown (a scenario's "The ford is ours!") and its
// buttons: Watch replay, Back to edit, New game.
func endScreen(s *style, m *engine.Match, words []scriptWord, watch, toEdit, newGame func()) *coverScreen {
	sum := m.Summary()
	title := "A draw"
	if sum.Winner != 0 {
		title = fmt.Sprintf("Team %d wins", sum.Winner)
		for _, sd := range sum.Sides {
			if sd.Team == sum.Winner {
				title = sideLabel(m, sd.Side) + " wins"
				break
			}
		}
	}
	c := &coverScreen{buttons: []coverButton{{label: "Watch replay", run: watch}, {label: "Back to edit", run: toEdit}, {label: "New game", run: newGame}}}
	c.box.lines = []textLine{{title, s.bold, colAccent}, {fmt.Sprintf("after %d rounds", sum.Round), s.face, colText}}
	for _, w := range words {
		col := color.Color(colText)
		if w.isErr {
			col = errText
		}
		c.box.lines = append(c.box.lines, textLine{toastText(w), s.face, col})
	}
	for _, sd := range sum.Sides {
		state := "defeated"
		if sd.Alive {
			state = "standing"
		}
		c.box.lines = append(c.box.lines, textLine{
			fmt.Sprintf("%s: %d towns, %d units, score %d (%s)", sideLabel(m, sd.Side), sd.Towns, sd.Units, sd.Score, state),
			s.face, colourText(m.SideColour(sd.Side))})
	}
	c.box.pad, c.box.gap = float64(s.px(24)), float64(s.px(8))
	c.chart = newRoundChart(m)
	return c
}

// noGameScreen is what play mode shows on a map with no game set up
// (why: the rules engine's reason): how to get one, with New game and
// Back to edit; the map stays in view around it.
func noGameScreen(s *style, why string, newGame, toEdit func()) *coverScreen {
	c := &coverScreen{seeMap: true, buttons: []coverButton{{label: "New game", run: newGame}, {label: "Back to edit", run: toEdit}}}
	c.box.lines = []textLine{
		{"No game on this map", s.bold, colAccent},
		{"New game (Ctrl+Shift+N) starts one: on a generated map, or on this one.", s.face, colText},
		{"Or set this map up in edit mode (Tab): place towns (the Town tool)", s.face, colText},
		{"and the units of two sides or more (the Units tool); the panel's", s.face, colText},
		{"Scenario section sets the sides, their teams and the victory.", s.face, colText},
		{"(" + why + ")", s.small, colDim},
	}
	c.box.pad, c.box.gap = float64(s.px(24)), float64(s.px(8))
	return c
}

// draw covers the whole screen (unless the map is to show) and draws the
// text and buttons centred.
func (c *coverScreen) draw(screen *ebiten.Image, s *style) {
	if !c.seeMap {
		screen.Fill(coverBack)
	}
	b := screen.Bounds()
	box := c.box.fit(float64(b.Dx() - 2*s.px(8)))
	w, h := box.size()
	var cw, ch int
	if c.chart != nil {
		cw, ch = c.chart.size(s)
		ch += s.px(12)
	}
	labels := make([]textBox, len(c.buttons))
	for k, btn := range c.buttons {
		labels[k] = textBox{lines: []textLine{{btn.label, s.bold, colText}}, pad: float64(s.px(coverButtonPad))}
	}
	x := max(0, (float64(b.Dx())-w)/2)
	rows, bh := c.placeButtons(labels, x, float64(b.Dx()), s)
	y := (float64(b.Dy()) - h - float64(ch) - float64(rows)*(bh+float64(s.px(12)))) / 2
	c.at = box.draw(screen, x, y, colPanel, colBorder)
	if c.chart != nil {
		c.chart.draw(screen, (b.Dx()-cw)/2, int(y+h)+s.px(12), s)
	}
	top := y + h + float64(ch+s.px(12))
	for k := range c.buttons {
		btn := &c.buttons[k]
		btn.at = labels[k].draw(screen, float64(btn.at.Min.X), top+float64(btn.at.Min.Y), colButton, colAccent)
	}
}

// coverButtonPad is the padding of a cover screen's button's label in
// logical pixels: the button is 44 or more high, a finger's size.
const coverButtonPad = 14

// placeButtons lays the buttons out in rows from x, a row as wide as the
// screen's width allows, and returns how many rows and their height:
// each button's at holds its left and its top below the first row's
// until drawn.
func (c *coverScreen) placeButtons(labels []textBox, x, width float64, s *style) (int, float64) {
	if len(labels) == 0 {
		return 0, 0
	}
	gap := float64(s.px(16))
	bx, row := x, 0
	_, bh := labels[0].size()
	for k := range c.buttons {
		w, _ := labels[k].size()
		if bx > x && bx+w > width {
			bx, row = x, row+1
		}
		y := float64(row) * (bh + float64(s.px(12)))
		c.buttons[k].at = image.Rect(int(bx), int(y), int(bx+w), int(y+bh))
		bx += w + gap
	}
	return row + 1, bh
}

// click handles a click at (x, y): a hand-over goes; the end screen runs
// the button clicked. It reports whether the screen is done.
func (c *coverScreen) click(x, y int) bool {
	if len(c.buttons) == 0 {
		return true
	}
	for _, b := range c.buttons {
		if image.Pt(x, y).In(b.at) {
			b.run()
			return true
		}
	}
	return false
}
