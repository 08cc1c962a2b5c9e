package editor

import (
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/palette"
	"hexsandbox/render/project"
	"hexsandbox/topdown"
)

var (
	selectColor = palette.Select
	selectFill  = palette.SelectFill
	imageColor  = palette.Mirror
)

// toolPreview caches the region a fill or the wand would reach from the
// cell under the pointer, until the pointer, the match or the map
// changes.
type toolPreview struct {
	cell   int
	match  tools.Match
	state  uint64 // the history's State when it was found
	valid  bool
	region []tools.Place
}

// region returns the region of cell i under m on the session's map.
func (p *toolPreview) regionOf(sess *files.Session, i int, m tools.Match) []tools.Place {
	st := sess.History.State()
	if !p.valid || p.cell != i || p.match != m || p.state != st || sess.History.InStroke() {
		p.cell, p.match, p.state, p.valid = i, m, st, true
		p.region = tools.Region(sess.Grid, i, m)
	}
	return p.region
}

// shiftOf is how far east cell i is drawn to show it in the copy of a
// wrapping map around world X ref.
func shiftOf(t hexmap.Topology, i int, ref float32) float32 {
	x, _ := t.CellCenter(i)
	return t.Nearest(x, ref) - x
}

// placeShift is how far east a place is drawn: where its unwrapped
// coordinates put it, moved by shift.
func placeShift(t hexmap.Topology, p tools.Place, shift float32) float32 {
	x, _ := p.At.Center()
	own, _ := t.CellCenter(p.Index)
	return x - own + shift
}

// drawUnder draws the towns, the selection, and what a click would
// change when nothing is over the map.
func (e *editMode) drawUnder(screen *ebiten.Image, v *project.View, copies []float32, margin float32) {
	e.env.paint.drawTowns(screen, v, copies, margin)
	e.drawSelection(screen, v, copies, margin)
	if e.settings.Tool == tools.ToolArea {
		e.drawAreas(screen, v, copies, margin)
	}
	if e.env.quiet() {
		e.drawToolPreview(screen, v, margin)
	}
}

// drawSelection outlines the selected cells on every copy in view.
func (e *editMode) drawSelection(screen *ebiten.Image, v *project.View, copies []float32, margin float32) {
	if e.sel.Empty() {
		return
	}
	grid := e.env.sess.Grid
	for _, shift := range copies {
		for _, p := range e.sel.Places() {
			if onScreen(v, cellTop(grid, p.Index, [3]float32{}, shift), margin) {
				e.env.paint.shade(screen, v, p.Index, shift, selectFill)
				e.env.paint.outline(screen, v, p.Index, shift, selectColor, 1.5)
			}
		}
	}
	e.env.paint.fills.flush(screen, e.env.paint.white)
	e.env.paint.lines.flush(screen, e.env.paint.white)
}

// drawToolPreview shows what a click would change, before the click.
func (e *editMode) drawToolPreview(screen *ebiten.Image, v *project.View, margin float32) {
	if !e.env.ptr.ok && e.selDrag == nil {
		return
	}
	top := e.env.sess.Grid.Topology()
	ref := e.env.ptr.at[0]
	switch {
	case e.paste != nil:
		e.drawPastePreview(screen, v)
	case e.selDrag != nil:
		for _, p := range tools.Rect(top, e.selDrag.from, e.selDrag.to) {
			e.env.paint.shade(screen, v, p.Index, placeShift(top, p, 0), selectFill)
			e.env.paint.outline(screen, v, p.Index, placeShift(top, p, 0), selectColor, 2)
		}
	case alt(e.env.in) || e.settings.Tool == tools.ToolPick || e.settings.Tool == tools.ToolNote ||
		e.settings.Tool == tools.ToolUnits || e.settings.Tool == tools.ToolTown || e.settings.Tool == tools.ToolArea:
		e.env.paint.outline(screen, v, e.env.ptr.cell, shiftOf(top, e.env.ptr.cell, ref), hoverColor, 2.5)
	case e.settings.Tool == tools.ToolFill || e.settings.Tool == tools.ToolWand:
		c := hoverColor
		if e.settings.Tool == tools.ToolWand {
			c = selectColor
		}
		shift := shiftOf(top, e.env.ptr.cell, ref)
		for _, p := range e.preview.regionOf(e.env.sess, e.env.ptr.cell, e.settings.Match) {
			s := placeShift(top, p, shift)
			if onScreen(v, cellTop(e.env.sess.Grid, p.Index, [3]float32{}, s), margin) {
				e.env.paint.outline(screen, v, p.Index, s, c, 1.5)
			}
		}
	default:
		e.drawBrushPreview(screen, v, ref)
	}
	e.env.paint.fills.flush(screen, e.env.paint.white)
	e.env.paint.lines.flush(screen, e.env.paint.white)
}

// drawBrushPreview outlines the cells the brush would paint: around the
// pointer, and around each symmetric image of it.
func (e *editMode) drawBrushPreview(screen *ebiten.Image, v *project.View, ref float32) {
	grid := e.env.sess.Grid
	top := grid.Topology()
	c := hoverColor
	if !e.settings.Active() {
		c = colDim // nothing to apply: the brush would change nothing
	}
	for k, im := range e.settings.Symmetry.Images(top, top.Coordinates(e.env.ptr.cell)) {
		col, at := c, ref
		if k > 0 {
			col, at = imageColor, float32(e.env.cam.X)
		}
		for _, i := range tools.Brush(grid, im.Cell, e.settings.BrushSize) {
			e.env.paint.outline(screen, v, i, shiftOf(top, i, at), col, 2)
		}
	}
}

// drawPastePreview shows the clip as it would land with its anchor on
// the pointer: each cell in its colour, translucent, and outlined.
func (e *editMode) drawPastePreview(screen *ebiten.Image, v *project.View) {
	if !e.env.ptr.ok {
		return
	}
	top := e.env.sess.Grid.Topology()
	clip := e.paste.shaped()
	for k, p := range clip.Targets(top, e.hoverPlace().At) {
		if p.Index < 0 {
			continue
		}
		c := topdown.CellColor(clip.Cells[k].Cell)
		c.A = 0xb0
		s := placeShift(top, p, 0)
		e.env.paint.shade(screen, v, p.Index, s, c)
		e.env.paint.outline(screen, v, p.Index, s, selectColor, 1.5)
	}
}
