package editor

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/palette"
	"hexsandbox/render/project"
)

var (
	noteBack = color.NRGBA{0x14, 0x18, 0x1e, 0xc8}
	noteText = palette.Cream
)

// noteLift is how far above its cell's surface a note floats, in world
// units, so that it reads as a sign over the cell.
const noteLift = 6

// drawNotes writes every map note over its cell in the 3D view, on a
// dark plate, nearest the eye last; on a wrapping map on each copy in
// view (the shifts).
func (g *game) drawNotes(screen *ebiten.Image, v *project.View, shifts []float32) {
	notes := g.sess.Grid.Notes()
	if len(notes) == 0 {
		return
	}
	s := g.win.style
	pad := float64(s.px(4))
	b := screen.Bounds()
	for _, shift := range shifts {
		for _, n := range notes {
			if !g.knows(n.Cell) {
				continue
			}
			p := cellTop(g.sess.Grid, n.Cell, vec3.T{}, shift)
			p[1] += noteLift
			sx, sy, ok := project2D(v, p)
			if !ok || sx < -200 || sy < -40 || sx > float32(b.Dx())+200 || sy > float32(b.Dy())+40 {
				continue
			}
			w, h := text.Measure(n.Text, s.bold, 0)
			x, y := float64(sx)-w/2, float64(sy)-h/2
			vector.DrawFilledRect(screen, float32(x-pad)+float32(b.Min.X), float32(y-pad/2)+float32(b.Min.Y),
				float32(w+2*pad), float32(h+pad), noteBack, false)
			op := &text.DrawOptions{}
			op.GeoM.Translate(x+float64(b.Min.X), y+float64(b.Min.Y))
			op.ColorScale.ScaleWithColor(noteText)
			text.Draw(screen, n.Text, s.bold, op)
		}
	}
}

// noteDialog asks for the note of cell i: a new one, a change, or its
// removal; each is one undo step.
func (g *game) noteDialog(i int) {
	grid := g.sess.Grid
	old := grid.Note(i)
	x, z := grid.Topology().Offset(i)
	s := g.win.style
	var closeFn func()
	save := func(text string) {
		if err := grid.SetNote(i, text); err != nil {
			g.errorf("note: %v", err)
			return
		}
		closeFn()
		switch n := grid.Note(i); {
		case n == old:
		case n == "":
			g.info(fmt.Sprintf("Removed the note on cell %d, %d", x, z))
		default:
			g.info(fmt.Sprintf("Note “%s” on cell %d, %d", n, x, z))
		}
	}
	field := s.textField(old, "a town, a region, a river…", 360, save)
	limitLength(field, hexmap.MaxNoteLength) // so that Save never refuses the length
	body := s.vbox(8, nil, 0)
	body.AddChild(s.paragraph(fmt.Sprintf("Text shown over cell %d, %d in the map view (at most %d characters; empty removes it).",
		x, z, hexmap.MaxNoteLength)), field)
	choices := []choice{{"Cancel", nil}, {"Save", func() { save(field.GetText()) }}}
	if old != "" {
		choices = append([]choice{{"Remove", func() { save("") }}}, choices...)
	}
	closeFn = g.dialog("Note", body, choices...)
	g.focusField(field)
	field.SelectAll()
}
