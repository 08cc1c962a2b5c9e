package editor

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

var helpBack = color.NRGBA{0x14, 0x18, 0x1e, 0xf0}

// helpColumns are the key table's groups in the order the help shows
// them, in two columns.
var helpColumns = [2][]string{{"Tools", "Selection", "Replay"}, {"Map", "View", "Play"}}

// helpSize is where the help's columns start (from its left edge), its
// padding and its whole width and height in screen pixels. Each column is
// as wide as its widest line: a key, then what it does.
func (g *game) helpSize() (cols [2]float64, pad, w, h float64) {
	s := g.win.style
	lineH := float64(s.px(20))
	keyW, gap := float64(s.px(160)), float64(s.px(16))
	pad = float64(s.px(20))
	rows := [2]int{-1, -1} // no gap after a column's last group
	x := pad
	for c, groups := range helpColumns {
		cols[c] = x
		widest := 0.0
		for _, grp := range groups {
			rows[c] += 2 // heading and a gap
			widest = max(widest, text.Advance(grp, s.bold)-keyW)
			for _, b := range g.keys.table {
				if b.group == grp && b.keys != "" {
					rows[c]++
					widest = max(widest, text.Advance(b.what, s.small))
				}
			}
		}
		x += keyW + widest + gap
	}
	w = max(x-gap+pad, text.Advance(helpTitle, s.bold)+2*pad)
	return cols, pad, w, float64(max(rows[0], rows[1])+2)*lineH + 2*pad
}

// helpTitle heads the help.
const helpTitle = "Keys and mouse (F1 or Escape closes this)"

// drawHelp draws the help overlay (F1) over the map: every key of the
// key table with what it does, by group.
func (g *game) drawHelp(screen *ebiten.Image) {
	if !g.keys.help {
		return
	}
	s := g.win.style
	lineH := float64(s.px(20))
	keyW := float64(s.px(160))
	cols, pad, w, h := g.helpSize()
	mr := g.mapRect()
	x0 := max(0, (float64(mr.Dx())-w)/2)
	y0 := max(0, (float64(mr.Dy())-h)/2)
	vector.DrawFilledRect(screen, float32(x0), float32(y0), float32(w), float32(h), helpBack, false)
	vector.StrokeRect(screen, float32(x0), float32(y0), float32(w), float32(h), float32(s.px(1)), colAccent, false)
	put := func(txt string, face text.Face, c color.Color, x, y float64) {
		op := &text.DrawOptions{}
		op.GeoM.Translate(x, y)
		op.ColorScale.ScaleWithColor(c)
		text.Draw(screen, txt, face, op)
	}
	put(helpTitle, s.bold, colAccent, x0+pad, y0+pad)
	for c, groups := range helpColumns {
		x := x0 + cols[c]
		y := y0 + pad + 2*lineH
		for _, grp := range groups {
			put(grp, s.bold, colText, x, y)
			y += lineH
			for _, b := range g.keys.table {
				if b.group != grp || b.keys == "" {
					continue
				}
				put(b.keys, s.face, colAccent, x, y)
				put(b.what, s.small, colText, x+keyW, y+float64(s.px(2)))
				y += lineH
			}
			y += lineH
		}
	}
}
