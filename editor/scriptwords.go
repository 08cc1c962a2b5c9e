package editor

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	engine "hexsandbox/game"
	"hexsandbox/hexmap"
)

// What a match's script says to the people playing it: its messages
// (game.message) and the errors of its failing handlers, each for the
// side it is meant for, shown as a toast when that side's view is next
// on screen and kept in a short log; and the objectives box, which shows
// the side's objectives (game.set_objectives, or the scenario's starting
// ones) with that log, folded and unfolded with O.

// scriptWord is one thing the script said: a message, or a handler's
// error (with its line).
type scriptWord struct {
	text  string
	isErr bool
}

// Bounds of what is kept per side: the words not yet shown (a side the
// computer plays never reads its own) and the log.
const (
	maxUnread = 16
	maxLogged = 6
)

// scriptWords is what the script said to each side: not yet shown, and
// the last ones shown, oldest first. Both stay within their bounds.
type scriptWords struct {
	unread [hexmap.MaxSides + 1][]scriptWord
	log    [hexmap.MaxSides + 1][]scriptWord
}

// note keeps the messages and script errors among events ev for the
// sides they are meant for: a message for its side (0: every side), an
// error for every side, since whoever plays should know the script
// failed.
func (w *scriptWords) note(ev []engine.Event) {
	for _, e := range ev {
		var word scriptWord
		side := 0
		switch e.Ev {
		case "message":
			word = scriptWord{text: e.Text}
			if e.Side != nil {
				side = *e.Side
			}
		case "scripterror":
			word = scriptWord{text: "Script error: " + e.Text, isErr: true}
		default:
			continue
		}
		for s := 1; s <= hexmap.MaxSides; s++ {
			if side == 0 || side == s {
				w.unread[s] = keepLast(append(w.unread[s], word), maxUnread)
			}
		}
	}
}

// take returns what side has not yet been shown and moves it to its log.
func (w *scriptWords) take(side int) []scriptWord {
	out := w.unread[side]
	if len(out) == 0 {
		return nil
	}
	w.unread[side] = nil
	w.log[side] = keepLast(append(w.log[side], out...), maxLogged)
	return out
}

// savedWord is a word as a saved match keeps it: for which side, and
// whether that side was shown it yet.
type savedWord struct {
	Side   int    `json:"side"`
	Text   string `json:"text"`
	Err    bool   `json:"err,omitempty"`
	Unread bool   `json:"unread,omitempty"`
}

// maxWordBytes is the longest word a saved match gives back: a message
// is at most 1000 bytes, an error's sentence a little more.
const maxWordBytes = 4000

// save is the words as a saved match keeps them: each side's log, then
// its words not yet shown, oldest first.
func (w *scriptWords) save() []savedWord {
	var out []savedWord
	for side := 1; side <= hexmap.MaxSides; side++ {
		for _, unread := range []bool{false, true} {
			list := w.log[side]
			if unread {
				list = w.unread[side]
			}
			for _, x := range list {
				out = append(out, savedWord{Side: side, Text: x.text, Err: x.isErr, Unread: unread})
			}
		}
	}
	return out
}

// restore puts back the words a saved match kept, within the bounds
// (a word for no side, or too long, is left out: the file was not ours).
func (w *scriptWords) restore(saved []savedWord) {
	for _, x := range saved {
		if x.Side < 1 || x.Side > hexmap.MaxSides || len(x.Text) > maxWordBytes {
			continue
		}
		word := scriptWord{text: x.Text, isErr: x.Err}
		if x.Unread {
			w.unread[x.Side] = keepLast(append(w.unread[x.Side], word), maxUnread)
		} else {
			w.log[x.Side] = keepLast(append(w.log[x.Side], word), maxLogged)
		}
	}
}

// keepLast is the last n of words.
func keepLast(words []scriptWord, n int) []scriptWord {
	if len(words) > n {
		words = append(words[:0], words[len(words)-n:]...)
	}
	return words
}

// toastText is a word as a toast shows it: its first line, cut short
// (the objectives box has it whole).
func toastText(w scriptWord) string {
	t, _, more := strings.Cut(w.text, "\n")
	if r := []rune(t); len(r) > 100 {
		t, more = string(r[:100]), true
	}
	if more {
		t += "… (O: objectives)"
	}
	return t
}

// objectivesBox is the box of the side whose view is shown: its
// objectives and the script's last words to it, at the map's top right.
type objectivesBox struct {
	open bool // shown; O folds and unfolds it
	box  textBox
	at   image.Rectangle // where it was last drawn, empty when not
}

// errText is the colour of a script error's text on the dark box.
var errText = color.NRGBA{0xff, 0x8a, 0x80, 0xff}

// lines writes the box for side (called name) with objectives obj and
// the log words.
func (o *objectivesBox) lines(s *style, colour int, name, obj string, words []scriptWord) {
	width := float64(s.px(420))
	o.box.lines = []textLine{{fmt.Sprintf("Objectives · %s (O hides)", name), s.bold, colourText(colour)}}
	if obj == "" {
		obj = "None set"
	}
	for _, l := range wrapText(obj, s.face, width) {
		o.box.lines = append(o.box.lines, textLine{l, s.face, colText})
	}
	if len(words) > 0 {
		o.box.lines = append(o.box.lines, textLine{"Messages", s.bold, colDim})
	}
	for _, w := range words {
		col := color.Color(colText)
		if w.isErr {
			col = errText
		}
		for _, l := range wrapText(w.text, s.face, width) {
			o.box.lines = append(o.box.lines, textLine{l, s.face, col})
		}
	}
	o.box.pad, o.box.gap = float64(s.px(10)), float64(s.px(4))
}

// draw draws the box at the map's top right, under the game bar.
func (o *objectivesBox) draw(screen *ebiten.Image, mr image.Rectangle, s *style) {
	w, _ := o.box.size()
	x, y := float64(mr.Max.X-s.px(12))-w, float64(mr.Min.Y+s.px(barHeight+12))
	o.at = o.box.draw(screen, x, y, helpBack, colBorder)
}

// wrapText breaks t into lines no wider than width in face, at spaces
// (a word wider than width on a line of its own) and at its own line
// breaks.
func wrapText(t string, face text.Face, width float64) []string {
	var out []string
	for _, para := range strings.Split(t, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			next := word
			if line != "" {
				next = line + " " + word
			}
			if w, _ := text.Measure(next, face, 0); w > width && line != "" {
				out = append(out, line)
				next = word
			}
			line = next
		}
		out = append(out, line)
	}
	return out
}
