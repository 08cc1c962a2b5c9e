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

// drawPlayOverlay draws what play mode shows over the map: the cells the
// selected unit reaches this turn, the outline of its cell, the path to
// the cell under the cursor with the turn of each cell (Catlike's
// labels), and the distance overlay (in edit mode too).
func (g *game) drawPlayOverlay(screen *ebiten.Image) {
	mr := g.mapRect()
	v := g.cam.View(mr.Dx(), mr.Dy())
	var cells, turns []int
	ok := false
	if g.play.on && g.modals == 0 {
		cells, turns, ok = g.plannedPath()
	}
	if dist := g.distancesFrom(); dist != nil {
		g.drawDistances(screen, &v, dist, cells)
	}
	if !g.play.on || g.modals > 0 {
		return
	}
	grid := g.sess.Grid
	// On a wrapping map the selection and what it reaches are drawn in
	// the copy where its unit stands, the path cell by cell on from it.
	ref := float32(g.cam.X)
	if k := g.play.selected; k >= 0 && k < len(g.play.figures) {
		ref = g.play.figures[k].Pos[0]
		for _, i := range g.reachable() {
			g.shade(screen, &v, i, g.shiftNear(i, ref), reachColor)
		}
		g.fills.flush(screen, g.white)
		c := units.SideColor(int(grid.Units()[k].Side))
		i := grid.UnitCell(k)
		g.outline(screen, &v, i, g.shiftNear(i, ref), color.NRGBA{uint8(c[0] * 255), uint8(c[1] * 255), uint8(c[2] * 255), 255}, 3)
		g.lines.flush(screen, g.white)
	}
	if !ok {
		return
	}
	shifts := g.play.shifts[:0]
	for n, i := range cells {
		shift := g.shiftNear(i, ref)
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
		g.outline(screen, &v, i, shift, col, 2)
	}
	g.play.shifts = shifts
	g.lines.flush(screen, g.white)
	for n, i := range cells[1:] {
		g.cellText(screen, &v, i, shifts[n+1], strconv.Itoa(turns[n+1]), colText)
	}
}

// shiftNear is how far east cell i is drawn to be in the copy of a
// wrapping map nearest world x (0 on a flat map).
func (g *game) shiftNear(i int, x float32) float32 {
	top := g.sess.Grid.Topology()
	cx, _ := top.CellCenter(i)
	return top.Nearest(cx, x) - cx
}

// drawDistances writes each reachable cell's distance on it, but for the
// cells of the path shown, which carry their turn instead.
func (g *game) drawDistances(screen *ebiten.Image, v *project.View, dist, path []int) {
	if g.cellPixels(v) < float32(g.style.px(28)) {
		return // too small to read
	}
	sorted := append(g.play.sorted[:0], path...)
	slices.Sort(sorted)
	g.play.sorted = sorted
	ref := float32(g.cam.X)
	for i, d := range dist {
		if _, onPath := slices.BinarySearch(sorted, i); d >= 0 && !onPath {
			g.cellText(screen, v, i, g.shiftNear(i, ref), fmt.Sprint(d), colAccent)
		}
	}
}

// cellText writes s centred on cell i moved shift east, with a shadow.
func (g *game) cellText(screen *ebiten.Image, v *project.View, i int, shift float32, s string, c color.Color) {
	sx, sy, ok := project2D(v, cellTop(g.sess.Grid, i, vec3.T{}, shift))
	if !ok || sx < 0 || sy < 0 || sx > float32(g.w) || sy > float32(g.h) {
		return
	}
	w, h := text.Measure(s, g.style.bold, 0)
	for _, pass := range []struct {
		off float64
		c   color.Color
	}{{1.5, labelShadow}, {0, c}} {
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(sx)-w/2+pass.off, float64(sy)-h/2+pass.off)
		op.ColorScale.ScaleWithColor(pass.c)
		text.Draw(screen, s, g.style.bold, op)
	}
}
