package editor

import (
	"image"
	"image/color"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// A code area is a textField of several lines, for a scenario's script:
// line numbers in a gutter, the caret's line kept in view, and one line
// marked as where an error is. It takes the keyboard as a one-line field
// does (the editor's event queue), with Enter breaking the line and the
// arrows moving between lines.

// markBack is the background of the line an error is marked at.
var markBack = color.NRGBA{0x6a, 0x24, 0x24, 0xff}

// codeArea is a field of rows lines, width logical pixels wide, holding
// initial.
func (s *style) codeArea(initial string, width, rows int) *textField {
	f := s.textField(initial, "", width, nil)
	f.rows = max(2, rows)
	f.widget.LayoutData = nil
	f.cursor = 0
	return f
}

// lineKey performs Enter and the up and down arrows in a field of
// several lines.
func (f *textField) lineKey(k ebiten.Key) bool {
	line, col := f.lineCol(f.cursor)
	switch k {
	case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
		f.replaceSelection()
		f.text = append(f.text[:f.cursor], append([]rune{'\n'}, f.text[f.cursor:]...)...)
		f.cursor++
		return true
	case ebiten.KeyArrowUp:
		line--
	case ebiten.KeyArrowDown:
		line++
	}
	f.all = false
	f.cursor = f.posAt(line, col)
	return true
}

// lineCol is position i's line and column, from 0.
func (f *textField) lineCol(i int) (line, col int) {
	start := f.lineStart(i)
	for _, r := range f.text[:start] {
		if r == '\n' {
			line++
		}
	}
	return line, i - start
}

// posAt is the position of column col of line (both from 0), the end of
// the line when it is shorter; a line before the first is the text's
// start, one after the last its end.
func (f *textField) posAt(line, col int) int {
	if line < 0 {
		return 0
	}
	i := 0
	for ; line > 0; line-- {
		i = f.lineEnd(i)
		if i == len(f.text) {
			return i
		}
		i++
	}
	return min(i+col, f.lineEnd(i))
}

// gutterWidth is the width of the line numbers' column in pixels.
func (f *textField) gutterWidth() int { return advance("0000", f.face) + f.pad }

// clickAt puts the caret where the field was pressed, (x, y) from its
// top left.
func (f *textField) clickAt(x, y int) {
	line := f.top + max(0, y-f.pad)/max(1, f.lineHeight())
	start := f.posAt(line, 0)
	end := f.lineEnd(start)
	x -= f.pad + f.gutterWidth() - f.scroll
	col := 0
	for col < end-start && advance(string(f.text[start:start+col+1]), f.face) <= x {
		col++
	}
	f.cursor, f.all = start+col, false
}

// renderLines draws a field of several lines within inner: the lines in
// view with their numbers, the marked line, and the caret.
func (f *textField) renderLines(screen *ebiten.Image, inner image.Rectangle) {
	lh := f.lineHeight()
	line, col := f.lineCol(f.cursor)
	f.top = max(0, min(f.top, line), line-f.rows+1)
	gutter := f.gutterWidth()
	start := f.lineStart(f.cursor)
	caretX := advance(string(f.text[start:start+col]), f.face)
	width := inner.Dx() - gutter - 2
	if caretX-f.scroll > width {
		f.scroll = caretX - width
	}
	f.scroll = max(0, min(f.scroll, caretX))
	textRect := image.Rect(inner.Min.X+gutter, inner.Min.Y, inner.Max.X, inner.Max.Y)
	clip := screen.SubImage(inner).(*ebiten.Image)
	body := screen.SubImage(textRect).(*ebiten.Image)
	draw := func(dst *ebiten.Image, s string, x, y int, c color.Color) {
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(x), float64(y))
		op.ColorScale.ScaleWithColor(c)
		text.Draw(dst, s, f.face, op)
	}
	for n, l := range strings.Split(string(f.text), "\n") {
		if n < f.top {
			continue
		}
		if n >= f.top+f.rows {
			break
		}
		y := inner.Min.Y + (n-f.top)*lh
		num := strconv.Itoa(n + 1)
		numCol := color.Color(colDim)
		if n+1 == f.mark {
			clip.SubImage(image.Rect(inner.Min.X, y, inner.Max.X, y+lh)).(*ebiten.Image).Fill(markBack)
			numCol = errText
		}
		draw(clip, num, inner.Min.X+gutter-f.pad-advance(num, f.face), y, numCol)
		draw(body, l, textRect.Min.X-f.scroll, y, colText)
	}
	if now := f.now(); f.focused && (now.Sub(f.changed) < time.Second || now.UnixMilli()/530%2 == 0) {
		x := textRect.Min.X + caretX - f.scroll
		y := inner.Min.Y + (line-f.top)*lh
		caret := image.Rect(x, y, x+max(1, f.pad/4), y+lh).Intersect(textRect)
		if !caret.Empty() {
			body.SubImage(caret).(*ebiten.Image).Fill(colAccent)
		}
	}
}
