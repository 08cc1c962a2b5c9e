package editor

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/palette"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// The play overlay's colours, Catlike's: the path white, its start blue,
// its end red; the cells reachable this turn shaded.
var (
	pathColor  = palette.Path
	startColor = palette.PathStart
	endColor   = palette.PathEnd
	reachColor = palette.Reach
)

// drawOver draws what play mode shows over the map: the cells the
// selected unit reaches this turn, the outline of its cell, the path to
// the cell under the cursor with the turn of each cell (Catlike's
// labels), and the distance overlay.
func (p *playMode) drawOver(screen *ebiten.Image, v *project.View) {
	e := p.env
	calm := !e.dialogOpen()
	var cells, turns []int
	ok := false
	if calm {
		cells, turns, ok = p.plannedPath()
	}
	if dist := p.distances(); dist != nil {
		e.paint.distances(screen, v, dist, cells)
	}
	if !calm {
		return
	}
	grid := e.sess.Grid
	pt := e.paint
	// On a wrapping map the selection and what it reaches are drawn in
	// the copy where its unit stands, the path cell by cell on from it.
	ref := float32(e.cam.X)
	if k := p.selected; k >= 0 && k < len(e.world.all) {
		ref = e.world.all[k].Pos[0]
		for _, i := range p.reachable() {
			pt.shade(screen, v, i, pt.shiftNear(i, ref), reachColor)
		}
		pt.fills.flush(screen, pt.white)
		c := units.SideColor(int(grid.Units()[k].Side))
		i := grid.UnitCell(k)
		pt.outline(screen, v, i, pt.shiftNear(i, ref), color.NRGBA{uint8(c[0] * 255), uint8(c[1] * 255), uint8(c[2] * 255), 255}, 3)
		pt.lines.flush(screen, pt.white)
	}
	if !ok {
		return
	}
	shifts := p.shifts[:0]
	for n, i := range cells {
		shift := pt.shiftNear(i, ref)
		x, _ := grid.Topology().CellCenter(i)
		ref = x + shift
		shifts = append(shifts, shift)
		col := pathColor
		switch n {
		case 0:
			col = startColor
		case len(cells) - 1:
			col = endColor
		}
		pt.outline(screen, v, i, shift, col, 2)
	}
	p.shifts = shifts
	pt.lines.flush(screen, pt.white)
	for n, i := range cells[1:] {
		pt.cellText(screen, v, i, shifts[n+1], strconv.Itoa(turns[n+1]), colText)
	}
}

// drawUnder draws nothing: play mode's marks go over the notes.
func (p *playMode) drawUnder(*ebiten.Image, *project.View, []float32, float32) {}

// shiftNear is how far east cell i is drawn to be in the copy of a
// wrapping map nearest world x (0 on a flat map).
func (p *painter) shiftNear(i int, x float32) float32 {
	top := p.sess.Grid.Topology()
	cx, _ := top.CellCenter(i)
	return top.Nearest(cx, x) - cx
}

// distances writes each reachable cell's distance on it, but for the
// cells of the path shown, which carry their turn instead.
func (p *painter) distances(screen *ebiten.Image, v *project.View, dist, path []int) {
	if p.cellPixels(v) < float32(p.win.style.px(28)) {
		return // too small to read
	}
	sorted := append(p.sorted[:0], path...)
	slices.Sort(sorted)
	p.sorted = sorted
	ref := float32(p.cam.X)
	for i, d := range dist {
		if _, onPath := slices.BinarySearch(sorted, i); d >= 0 && !onPath {
			p.cellText(screen, v, i, p.shiftNear(i, ref), fmt.Sprint(d), colAccent)
		}
	}
}

// cellText writes s centred on cell i moved shift east, with a shadow.
func (p *painter) cellText(screen *ebiten.Image, v *project.View, i int, shift float32, s string, c color.Color) {
	sx, sy, ok := project2D(v, cellTop(p.sess.Grid, i, vec3.T{}, shift))
	if !ok || sx < 0 || sy < 0 || sx > float32(p.win.w) || sy > float32(p.win.h) {
		return
	}
	w, h := text.Measure(s, p.win.style.bold, 0)
	for _, pass := range []struct {
		off float64
		c   color.Color
	}{{1.5, labelShadow}, {0, c}} {
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(sx)-w/2+pass.off, float64(sy)-h/2+pass.off)
		op.ColorScale.ScaleWithColor(pass.c)
		text.Draw(screen, s, p.win.style.bold, op)
	}
}
