package editor

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/render/project"
)

var (
	gridColor   = color.NRGBA{0x10, 0x14, 0x18, 0x90}
	hoverColor  = color.NRGBA{0xf0, 0xa8, 0x3c, 0xff}
	labelShadow = color.NRGBA{0, 0, 0, 0xa0}
)

// drawOverlay draws in 2D over the map: the grid, the cell labels and
// the outline of the brush under the cursor, each projected from the
// cells' centres with the map camera. On a wrapping map the grid and the
// labels are drawn on every copy of the map in view, and the brush on the
// copy under the cursor. Under the fog of war cells the side in turn has
// not explored get none of it: their outline would tell their heights.
func (g *game) drawOverlay(screen *ebiten.Image) {
	mr := g.mapRect()
	v := g.cam.View(mr.Dx(), mr.Dy())
	grid := g.sess.Grid
	top := grid.Topology()
	copies := []float32{0}
	if top.Wrapping && (g.view.Grid || g.view.Labels) {
		copies = v.Copies(overlayBox(top), top.WrapSize(), nil)
	}
	if g.view.Grid {
		margin := 3*g.cellPixels(&v) + 8 // cells near the eye are larger than at the centre
		for _, shift := range copies {
			for i := range grid.CellCount() {
				if g.knows(i) && onScreen(&v, cellTop(grid, i, vec3.T{}, shift), margin) {
					g.outline(screen, &v, i, shift, gridColor, 1)
				}
			}
		}
		g.flushLines(screen)
	}
	if g.view.Labels && g.cellPixels(&v) > float32(g.style.px(34)) {
		for _, shift := range copies {
			for i := range grid.CellCount() {
				if g.knows(i) {
					g.label(screen, &v, i, shift)
				}
			}
		}
	}
	if g.hoverOK && !g.busy() && g.knows(g.hover) {
		for _, i := range tools.Brush(grid, g.hover, g.settings.BrushSize) {
			x, _ := top.CellCenter(i)
			g.outline(screen, &v, i, top.Nearest(x, g.hoverAt[0])-x, hoverColor, 2)
		}
		g.flushLines(screen)
	}
}

// overlayBox holds every point the overlay may draw for a map of shape t,
// at any height a file allows.
func overlayBox(t hexmap.Topology) project.Box {
	h := float32(hexmap.MaxElevation+1) * hexmap.ElevationStep
	return project.Box{
		Lo:    vec3.T{-hexmap.InnerDiameter, -h, -2 * hexmap.OuterRadius},
		Hi:    vec3.T{t.WrapSize() + hexmap.InnerDiameter, h, float32(t.Height)*1.5*hexmap.OuterRadius + 2*hexmap.OuterRadius},
		Valid: true,
	}
}

// onScreen reports whether p projects within m pixels of the map view,
// so that outlines far off it are not built.
func onScreen(v *project.View, p vec3.T, m float32) bool {
	sx, sy, ok := project2D(v, p)
	return ok && sx > -m && sy > -m && sx < v.Width+m && sy < v.Height+m
}

// cellTop returns a point of cell i's top moved shift east (to a copy of
// a wrapping map), where the overlay is drawn.
func cellTop(grid *hexmap.Grid, i int, off vec3.T, shift float32) vec3.T {
	c := grid.Cell(i)
	x, z := grid.Topology().CellCenter(i)
	y := float32(c.ViewElevation()) * hexmap.ElevationStep
	if c.IsUnderwater() {
		y = c.WaterSurfaceY()
	}
	return vec3.T{x + shift + off[0], y + 0.2, z + off[2]}
}

func project2D(v *project.View, p vec3.T) (float32, float32, bool) {
	x, y, w := v.Clip(p)
	if w < project.NearClip {
		return 0, 0, false
	}
	sx, sy := v.Screen(x, y, w)
	return sx, sy, true
}

// outline adds cell i's hexagon, moved shift east, to the batch of lines
// flushLines draws.
func (g *game) outline(screen *ebiten.Image, v *project.View, i int, shift float32, c color.Color, width float32) {
	var path vector.Path
	for d := hexmap.NE; d <= hexmap.NW+1; d++ {
		sx, sy, ok := project2D(v, cellTop(g.sess.Grid, i, hexmap.FirstCorner(d%6), shift))
		if !ok {
			return
		}
		if d == hexmap.NE {
			path.MoveTo(sx, sy)
		} else {
			path.LineTo(sx, sy)
		}
	}
	if len(g.lineVS) > math.MaxUint16-256 { // 16-bit indices: draw what is batched
		g.flushLines(screen)
	}
	base := len(g.lineVS)
	g.lineVS, g.lineIS = path.AppendVerticesAndIndicesForStroke(g.lineVS, g.lineIS, &vector.StrokeOptions{Width: width * float32(g.scale)})
	r, gg, b, a := c.RGBA()
	for k := base; k < len(g.lineVS); k++ {
		vs := &g.lineVS[k]
		vs.SrcX, vs.SrcY = 1, 1
		vs.ColorR, vs.ColorG, vs.ColorB, vs.ColorA = float32(r)/0xffff, float32(gg)/0xffff, float32(b)/0xffff, float32(a)/0xffff
	}
}

func (g *game) flushLines(screen *ebiten.Image) {
	if len(g.lineIS) > 0 {
		screen.DrawTriangles(g.lineVS, g.lineIS, g.white, &ebiten.DrawTrianglesOptions{AntiAlias: true})
	}
	g.lineVS, g.lineIS = g.lineVS[:0], g.lineIS[:0]
}

// cellPixels is the on-screen width of a cell at the view's centre, to
// hide labels that would not fit.
func (g *game) cellPixels(v *project.View) float32 {
	c := vec3.T{float32(g.cam.X), 0, float32(g.cam.Z)}
	x1, _, ok1 := project2D(v, c)
	x2, _, ok2 := project2D(v, vec3.T{c[0] + 2*hexmap.InnerRadius, 0, c[2]})
	if !ok1 || !ok2 {
		return 0
	}
	return x2 - x1
}

func (g *game) label(screen *ebiten.Image, v *project.View, i int, shift float32) {
	sx, sy, ok := project2D(v, cellTop(g.sess.Grid, i, vec3.T{}, shift))
	if !ok || sx < 0 || sy < 0 || sx > float32(g.w) || sy > float32(g.h) {
		return
	}
	co := g.sess.Grid.Coordinates(i)
	s := fmt.Sprintf("%d,%d", co.X, co.Z)
	w, h := text.Measure(s, g.style.small, 0)
	for _, pass := range []struct {
		off float64
		c   color.Color
	}{{1, labelShadow}, {0, colText}} {
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(sx)-w/2+pass.off, float64(sy)-h/2+pass.off)
		op.ColorScale.ScaleWithColor(pass.c)
		text.Draw(screen, s, g.style.small, op)
	}
}

// cellScreen is where cell i's centre appears on the screen: on a
// wrapping map, its copy nearest the camera (the tests aim the pointer
// with it).
func cellScreen(g *game, i int) (int, int) {
	mr := g.mapRect()
	v := g.cam.View(mr.Dx(), mr.Dy())
	top := g.sess.Grid.Topology()
	cx, _ := top.CellCenter(i)
	x, y, _ := project2D(&v, cellTop(g.sess.Grid, i, vec3.T{}, top.Nearest(cx, float32(g.cam.X))-cx))
	return int(x + 0.5), int(y + 0.5)
}
