package editor

import (
	"image"
	"strings"
	"time"

	euimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// textField is a one-line text input that takes its keys from the
// editor's event queue (typed characters as Ebitengine's character input
// delivers them, editing keys as presses), so that no keystroke is lost
// however long a frame takes: ebitenui's TextInput reads the keyboard's
// state once a tick and misses presses that come and go within one. It
// is an ebitenui widget: laid out, drawn and focused with the rest.
type textField struct {
	widget      *widget.Widget
	face        text.Face
	pad         int
	text        []rune
	cursor      int  // caret position in runes
	all         bool // the whole text is selected: typing replaces it
	scroll      int  // pixels the text is shifted left to keep the caret in view
	placeholder string
	focused     bool
	submit      func(string)
	onChange    func()           // called after every change of the text
	focus       func(*textField) // gives the field the keyboard (a click on it)
	now         func() time.Time // the editor's clock
	changed     time.Time        // last edit, to keep the caret lit while typing
	focusMap    map[widget.FocusDirection]widget.Focuser
	// A field of several lines (rows > 1, see codeArea): Enter breaks
	// the line, the arrows move between lines, line numbers stand in a
	// gutter and line mark (from 1; 0 none) is marked as an error's.
	rows, mark, top int
	// Auto-repeat of a held editing key where the input gives no
	// repeated presses (the desktop): which key, since when, last repeat,
	// and whether it went down in the current tick.
	held       ebiten.Key
	heldSince  time.Time
	lastRepeat time.Time
	fresh      bool
}

// Key repeat of a held editing key, as desktop systems do by default.
const (
	repeatDelay    = 500 * time.Millisecond
	repeatInterval = 40 * time.Millisecond
)

// textField is a one-line input of the given width (logical pixels);
// Enter calls submit with its text.
func (s *style) textField(initial, placeholder string, width int, submit func(string)) *textField {
	f := &textField{face: s.face, pad: s.px(6), placeholder: placeholder, submit: submit, held: -1,
		focus: s.focus, now: s.now, focusMap: map[widget.FocusDirection]widget.Focuser{}}
	f.widget = widget.NewWidget(
		widget.WidgetOpts.MinSize(s.px(width), 0),
		widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}),
		widget.WidgetOpts.MouseButtonPressedHandler(func(a *widget.WidgetMouseButtonPressedEventArgs) {
			if f.focus != nil {
				f.focus(f)
			}
			if f.rows > 1 {
				f.clickAt(a.OffsetX, a.OffsetY)
			}
		}),
	)
	f.SetText(initial)
	return f
}

// takeFocus gives the field the keyboard, as a click on it does.
func (f *textField) takeFocus() {
	if f.focus != nil {
		f.focus(f)
	}
}

// GetText returns the field's text.
func (f *textField) GetText() string { return string(f.text) }

// SetText replaces the text and puts the caret at its end.
func (f *textField) SetText(s string) {
	f.text = []rune(s)
	f.cursor = len(f.text)
	f.all = false
	f.notify()
}

// SelectAll selects the whole text, so that what is typed next replaces
// it (a name offered by Save As).
func (f *textField) SelectAll() { f.all = len(f.text) > 0 }

// SelectedText is the selected text: all of it or nothing.
func (f *textField) SelectedText() string {
	if f.all {
		return string(f.text)
	}
	return ""
}

// insert puts s at the caret (in place of the selected text), without
// its line breaks in a field of one line.
func (f *textField) insert(s string) {
	if f.rows <= 1 {
		s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
	}
	f.replaceSelection()
	r := []rune(s)
	f.text = append(f.text[:f.cursor], append(r, f.text[f.cursor:]...)...)
	f.cursor += len(r)
	f.changed = f.now()
	f.notify()
}

// replaceSelection deletes the selected text, if any.
func (f *textField) replaceSelection() {
	if f.all {
		f.text, f.cursor, f.all = f.text[:0], 0, false
	}
}

func (f *textField) notify() {
	if f.onChange != nil {
		f.onChange()
	}
}

// edit applies one event of the queue, replayed at time at, to the
// focused field: characters are inserted, editing keys edit, Enter
// submits. It reports whether the event was the field's.
func (f *textField) edit(ev Event, at time.Time) bool {
	switch ev.Kind {
	case Char:
		if ev.Char < 0x20 || ev.Char == 0x7f {
			return false
		}
		f.replaceSelection()
		f.text = append(f.text[:f.cursor], append([]rune{ev.Char}, f.text[f.cursor:]...)...)
		f.cursor++
	case KeyDown:
		if !f.key(ev.Key) {
			return false
		}
		f.held, f.heldSince, f.lastRepeat, f.fresh = ev.Key, at, at, true
		if ev.Key == ebiten.KeyEnter || ev.Key == ebiten.KeyNumpadEnter {
			f.held = -1
		}
	case KeyUp:
		if ev.Key == f.held {
			f.held = -1
		}
		return false
	default:
		return false
	}
	f.changed = at
	f.notify()
	return true
}

// key performs an editing key; it reports whether k is one.
func (f *textField) key(k ebiten.Key) bool {
	switch k {
	case ebiten.KeyBackspace, ebiten.KeyDelete:
		if f.all {
			f.replaceSelection()
			return true
		}
	case ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyHome, ebiten.KeyEnd:
		f.all = false // moving the caret ends the selection
	}
	switch k {
	case ebiten.KeyBackspace:
		if f.cursor > 0 {
			f.text = append(f.text[:f.cursor-1], f.text[f.cursor:]...)
			f.cursor--
		}
	case ebiten.KeyDelete:
		if f.cursor < len(f.text) {
			f.text = append(f.text[:f.cursor], f.text[f.cursor+1:]...)
		}
	case ebiten.KeyArrowLeft:
		f.cursor = max(f.cursor-1, 0)
	case ebiten.KeyArrowRight:
		f.cursor = min(f.cursor+1, len(f.text))
	case ebiten.KeyHome:
		f.cursor = f.lineStart(f.cursor)
	case ebiten.KeyEnd:
		f.cursor = f.lineEnd(f.cursor)
	case ebiten.KeyEnter, ebiten.KeyNumpadEnter, ebiten.KeyArrowUp, ebiten.KeyArrowDown:
		if f.rows > 1 {
			return f.lineKey(k)
		}
		if k == ebiten.KeyArrowUp || k == ebiten.KeyArrowDown {
			return false
		}
		if f.submit != nil {
			f.submit(string(f.text))
		}
	default:
		return false
	}
	return true
}

// repeat repeats the held editing key up to now, the end of a tick,
// where the input does not (a held key gives no further presses on the
// desktop; the browser sends repeated presses). A key that went down in
// this tick may have come up again already: Ebitengine's sticky keys
// read a short press as held once, and the next tick tells. So repeats
// start only in the tick after.
func (f *textField) repeat(now time.Time, stillHeld bool) {
	if f.held < 0 || !stillHeld {
		f.held = -1
		return
	}
	if f.fresh {
		f.fresh = false
		return
	}
	for now.Sub(f.heldSince) >= repeatDelay && now.Sub(f.lastRepeat) >= repeatInterval {
		f.key(f.held)
		f.notify()
		f.lastRepeat = f.lastRepeat.Add(repeatInterval)
		if f.lastRepeat.Before(f.heldSince.Add(repeatDelay)) {
			f.lastRepeat = f.heldSince.Add(repeatDelay)
		}
		f.changed = now
	}
}

// The ebitenui widget interfaces.

func (f *textField) GetWidget() *widget.Widget { return f.widget }

func (f *textField) PreferredSize() (int, int) {
	return f.widget.MinWidth, max(1, f.rows)*f.lineHeight() + 2*f.pad
}

// lineHeight is the height of one line of text in pixels.
func (f *textField) lineHeight() int {
	_, h := text.Measure("Mg", f.face, 0)
	return int(h)
}

func (f *textField) SetLocation(r image.Rectangle) { f.widget.Rect = r }

func (f *textField) Validate() {}

func (f *textField) Update(u *widget.UpdateObject) { f.widget.Update(u) }

// Render draws the box, the text (or the placeholder) and, when focused,
// the caret, which blinks unless the user is typing.
func (f *textField) Render(screen *ebiten.Image) {
	f.widget.Render(screen)
	r := f.widget.Rect
	border := colBorder
	if f.focused {
		border = colAccent
	}
	euimage.NewBorderedNineSliceColor(colButton, border, max(1, f.pad/6)).Draw(screen, r.Dx(), r.Dy(),
		func(op *ebiten.DrawImageOptions) { op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y)) })
	inner := r.Inset(f.pad)
	if inner.Empty() {
		return
	}
	if f.rows > 1 {
		f.renderLines(screen, inner)
		return
	}
	clip := screen.SubImage(inner).(*ebiten.Image)
	caretX := advance(string(f.text[:f.cursor]), f.face)
	width := inner.Dx() - 2
	if caretX-f.scroll > width {
		f.scroll = caretX - width
	}
	f.scroll = max(0, min(f.scroll, caretX))
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(inner.Min.X-f.scroll), float64(inner.Min.Y))
	if len(f.text) == 0 {
		op.ColorScale.ScaleWithColor(colDim)
		text.Draw(clip, f.placeholder, f.face, op)
	} else {
		if f.all && f.focused {
			sel := image.Rect(inner.Min.X-f.scroll, inner.Min.Y, inner.Min.X-f.scroll+advance(string(f.text), f.face), inner.Max.Y)
			clip.SubImage(sel.Intersect(inner)).(*ebiten.Image).Fill(colSelection)
		}
		op.ColorScale.ScaleWithColor(colText)
		text.Draw(clip, string(f.text), f.face, op)
	}
	if now := f.now(); f.focused && (now.Sub(f.changed) < time.Second || now.UnixMilli()/530%2 == 0) {
		x := float32(inner.Min.X + caretX - f.scroll)
		caret := image.Rect(int(x), inner.Min.Y, int(x)+max(1, f.pad/4), inner.Max.Y).Intersect(inner)
		if !caret.Empty() {
			clip.SubImage(caret).(*ebiten.Image).Fill(colAccent)
		}
	}
}

func advance(s string, face text.Face) int {
	w, _ := text.Measure(s, face, 0)
	return int(w + 0.5)
}

func (f *textField) Focus(focused bool) {
	f.focused = focused
	f.held = -1
	f.widget.FireFocusEvent(f, focused, image.Point{-1, -1})
}

func (f *textField) IsFocused() bool { return f.focused }
func (f *textField) TabOrder() int   { return 0 }
func (f *textField) GetFocus(d widget.FocusDirection) widget.Focuser {
	return f.focusMap[d]
}
func (f *textField) AddFocus(d widget.FocusDirection, to widget.Focuser) { f.focusMap[d] = to }

// lineStart is where the line holding position i begins (a single-line
// field's text is one line).
func (f *textField) lineStart(i int) int {
	for i > 0 && f.text[i-1] != '\n' {
		i--
	}
	return i
}

// lineEnd is where the line holding position i ends, before its break.
func (f *textField) lineEnd(i int) int {
	for i < len(f.text) && f.text[i] != '\n' {
		i++
	}
	return i
}
