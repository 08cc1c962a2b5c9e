package editor

import (
	"github.com/hajimehoshi/ebiten/v2"

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
func (p *toolPreview) regionOf(g *game, i int, m tools.Match) []tools.Place {
	st := g.sess.History.State()
	if !p.valid || p.cell != i || p.match != m || p.state != st || g.sess.History.InStroke() {
		p.cell, p.match, p.state, p.valid = i, m, st, true
		p.region = tools.Region(g.sess.Grid, i, m)
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

// drawSelection outlines the selected cells on every copy in view.
func (g *game) drawSelection(screen *ebiten.Image, v *project.View, copies []float32, margin float32) {
	if g.sel.Empty() {
		return
	}
	grid := g.sess.Grid
	for _, shift := range copies {
		for _, p := range g.sel.Places() {
			if onScreen(v, cellTop(grid, p.Index, [3]float32{}, shift), margin) {
				g.shade(screen, v, p.Index, shift, selectFill)
				g.outline(screen, v, p.Index, shift, selectColor, 1.5)
			}
		}
	}
	g.fills.flush(screen, g.white)
	g.lines.flush(screen, g.white)
}

// drawToolPreview shows what a click would change, before the click.
func (g *game) drawToolPreview(screen *ebiten.Image, v *project.View, margin float32) {
	if !g.hoverOK && g.selDrag == nil {
		return
	}
	top := g.sess.Grid.Topology()
	ref := g.hoverAt[0]
	switch {
	case g.paste != nil:
		g.drawPastePreview(screen, v)
	case g.selDrag != nil:
		for _, p := range tools.Rect(top, g.selDrag.from, g.selDrag.to) {
			g.shade(screen, v, p.Index, placeShift(top, p, 0), selectFill)
			g.outline(screen, v, p.Index, placeShift(top, p, 0), selectColor, 2)
		}
	case alt(&g.inp) || g.settings.Tool == tools.ToolPick || g.settings.Tool == tools.ToolNote:
		g.outline(screen, v, g.hover, shiftOf(top, g.hover, ref), hoverColor, 2.5)
	case g.settings.Tool == tools.ToolFill || g.settings.Tool == tools.ToolWand:
		c := hoverColor
		if g.settings.Tool == tools.ToolWand {
			c = selectColor
		}
		shift := shiftOf(top, g.hover, ref)
		for _, p := range g.preview.regionOf(g, g.hover, g.settings.Match) {
			s := placeShift(top, p, shift)
			if onScreen(v, cellTop(g.sess.Grid, p.Index, [3]float32{}, s), margin) {
				g.outline(screen, v, p.Index, s, c, 1.5)
			}
		}
	default:
		g.drawBrushPreview(screen, v, ref)
	}
	g.fills.flush(screen, g.white)
	g.lines.flush(screen, g.white)
}

// drawBrushPreview outlines the cells the brush would paint: around the
// pointer, and around each symmetric image of it.
func (g *game) drawBrushPreview(screen *ebiten.Image, v *project.View, ref float32) {
	grid := g.sess.Grid
	top := grid.Topology()
	c := hoverColor
	if !g.settings.Active() {
		c = colDim // nothing to apply: the brush would change nothing
	}
	for k, im := range g.settings.Symmetry.Images(top, top.Coordinates(g.hover)) {
		col, at := c, ref
		if k > 0 {
			col, at = imageColor, float32(g.cam.X)
		}
		for _, i := range tools.Brush(grid, im.Cell, g.settings.BrushSize) {
			g.outline(screen, v, i, shiftOf(top, i, at), col, 2)
		}
	}
}

// drawPastePreview shows the clip as it would land with its anchor on
// the pointer: each cell in its colour, translucent, and outlined.
func (g *game) drawPastePreview(screen *ebiten.Image, v *project.View) {
	if !g.hoverOK {
		return
	}
	top := g.sess.Grid.Topology()
	clip := g.paste.shaped()
	for k, p := range clip.Targets(top, g.hoverPlace().At) {
		if p.Index < 0 {
			continue
		}
		c := topdown.CellColor(clip.Cells[k].Cell)
		c.A = 0xb0
		s := placeShift(top, p, 0)
		g.shade(screen, v, p.Index, s, c)
		g.outline(screen, v, p.Index, s, selectColor, 1.5)
	}
}
