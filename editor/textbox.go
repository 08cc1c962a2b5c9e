package editor

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// textLine is one line of a text box: its text, face and colour.
type textLine struct {
	text string
	face text.Face
	col  color.Color
}

// textBox is lines of text in a padded box, measured before drawing so
// that it can be placed.
type textBox struct {
	lines []textLine
	pad   float64
	gap   float64 // between lines
}

// size is the box's width and height in pixels.
func (b *textBox) size() (w, h float64) {
	for _, l := range b.lines {
		lw, lh := text.Measure(l.text, l.face, 0)
		w = max(w, lw)
		h += lh + b.gap
	}
	return w + 2*b.pad, h - b.gap + 2*b.pad
}

// fit is the box no wider than width if it can be: when a line is too
// wide, each run of lines of one face and colour flows as a paragraph
// and wraps at spaces (a narrow screen: a phone held upright).
func (b *textBox) fit(width float64) textBox {
	if w, _ := b.size(); w <= width {
		return *b
	}
	out := textBox{pad: b.pad, gap: b.gap}
	inner := width - 2*b.pad
	for k := 0; k < len(b.lines); {
		l := b.lines[k]
		para := l.text
		for k++; k < len(b.lines) && b.lines[k].face == l.face && b.lines[k].col == l.col; k++ {
			para += " " + b.lines[k].text
		}
		for _, t := range wrapText(para, l.face, inner) {
			out.lines = append(out.lines, textLine{t, l.face, l.col})
		}
	}
	return out
}

// draw draws the box with its top left at (x, y) on back, framed in
// frame, and returns where it lies.
func (b *textBox) draw(screen *ebiten.Image, x, y float64, back, frame color.Color) image.Rectangle {
	w, h := b.size()
	vector.DrawFilledRect(screen, float32(x), float32(y), float32(w), float32(h), back, false)
	vector.StrokeRect(screen, float32(x), float32(y), float32(w), float32(h), 1, frame, false)
	ty := y + b.pad
	for _, l := range b.lines {
		op := &text.DrawOptions{}
		op.GeoM.Translate(x+b.pad, ty)
		op.ColorScale.ScaleWithColor(l.col)
		text.Draw(screen, l.text, l.face, op)
		_, lh := text.Measure(l.text, l.face, 0)
		ty += lh + b.gap
	}
	return image.Rect(int(x), int(y), int(x+w), int(y+h))
}

// placeNear is where a box of size w×h goes beside point (px, py),
// below right of it unless that leaves bounds r, then flipped.
func placeNear(px, py int, w, h float64, r image.Rectangle, off float64) (x, y float64) {
	x, y = float64(px)+off, float64(py)+off
	if x+w > float64(r.Max.X) {
		x = float64(px) - off - w
	}
	if y+h > float64(r.Max.Y) {
		y = float64(py) - off - h
	}
	return max(float64(r.Min.X), x), max(float64(r.Min.Y), y)
}
