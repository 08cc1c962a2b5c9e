package editor

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/palette"
	"hexsandbox/render/project"
)

var (
	gridColor   = palette.Grid
	hoverColor  = palette.Accent
	labelShadow = color.NRGBA{0, 0, 0, 0xa0}
)

// drawOverlay draws in 2D over the map, each shape projected from the
// cells' centres with the map camera: the grid, the cells' coordinates,
// the map notes, and in edit mode the selection and what the tool under
// the pointer would change (the brush and its symmetric images, the
// region a fill or the wand reaches, the rectangle being dragged, the
// paste preview). On a wrapping map the grid, coordinates, notes and
// selection are drawn on every copy of the map in view, the tool's
// preview on the copy under the pointer. Under the fog of war cells the
// side in turn has not explored get no grid, coordinates or notes: their
// outline would tell their heights.
func (g *game) drawOverlay(screen *ebiten.Image) {
	mr := g.mapRect()
	v := g.cam.View(mr.Dx(), mr.Dy())
	grid := g.sess.Grid
	top := grid.Topology()
	copies := []float32{0}
	if top.Wrapping {
		copies = v.Copies(overlayBox(top), top.WrapSize(), nil)
	}
	margin := 3*g.paint.cellPixels(&v) + 8 // cells near the eye are larger than at the centre
	if g.view.Grid {
		for _, shift := range copies {
			for i := range grid.Topology().CellCount() {
				if g.knows(i) && onScreen(&v, cellTop(grid, i, vec3.T{}, shift), margin) {
					g.paint.outline(screen, &v, i, shift, gridColor, 1)
				}
			}
		}
		g.paint.lines.flush(screen, g.paint.white)
	}
	if g.view.Labels && g.paint.cellPixels(&v) > float32(g.win.style.px(34)) {
		for _, shift := range copies {
			for i := range grid.Topology().CellCount() {
				if g.knows(i) {
					g.paint.label(screen, &v, i, shift)
				}
			}
		}
	}
	g.mode.drawUnder(screen, &v, copies, margin)
	if g.view.Notes {
		g.drawNotes(screen.SubImage(mr).(*ebiten.Image), &v, copies)
	}
	g.mode.drawOver(screen, &v)
}

// overlayBox holds every point the overlay may draw for a map of shape t,
// at any height a file allows: the hexagons' bounds and two and a half
// outer radii around them for outlines and labels.
func overlayBox(t hexmap.Topology) project.Box {
	h := float32(hexmap.MaxElevation+1) * geom.ElevationStep
	x0, z0, x1, z1 := t.Bounds(2.5 * hexmap.OuterRadius)
	return project.Box{Lo: vec3.T{x0, -h, z0}, Hi: vec3.T{x1, h, z1}, Valid: true}
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
	y := float32(c.ViewElevation()) * geom.ElevationStep
	if c.IsUnderwater() {
		y = geom.WaterSurfaceY(c)
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

// hexPath is cell i's hexagon, moved shift east, on the screen; false
// when a corner is behind the eye.
func (p *painter) hexPath(v *project.View, i int, shift float32) (vector.Path, bool) {
	var path vector.Path
	for d := hexmap.NE; d <= hexmap.NW+1; d++ {
		sx, sy, ok := project2D(v, cellTop(p.sess.Grid, i, geom.FirstCorner(d%6), shift))
		if !ok {
			return path, false
		}
		if d == hexmap.NE {
			path.MoveTo(sx, sy)
		} else {
			path.LineTo(sx, sy)
		}
	}
	return path, true
}

// outline adds cell i's hexagon, moved shift east, to the batch of lines.
func (p *painter) outline(screen *ebiten.Image, v *project.View, i int, shift float32, c color.Color, width float32) {
	if path, ok := p.hexPath(v, i, shift); ok {
		p.lines.add(screen, p.white, &path, &vector.StrokeOptions{Width: width * float32(p.win.scale)}, c)
	}
}

// shade adds cell i's hexagon, filled, to the batch of fills.
func (p *painter) shade(screen *ebiten.Image, v *project.View, i int, shift float32, c color.Color) {
	if path, ok := p.hexPath(v, i, shift); ok {
		p.fills.add(screen, p.white, &path, nil, c)
	}
}

// shapeBatch gathers shapes of one kind to draw in one call.
type shapeBatch struct {
	vs []ebiten.Vertex
	is []uint16
}

// add appends path, stroked with st or filled when st is nil, in colour
// c; a batch about to pass 16-bit indices is drawn first.
func (b *shapeBatch) add(screen, white *ebiten.Image, path *vector.Path, st *vector.StrokeOptions, c color.Color) {
	if len(b.vs) > math.MaxUint16-256 {
		b.flush(screen, white)
	}
	base := len(b.vs)
	if st != nil {
		b.vs, b.is = path.AppendVerticesAndIndicesForStroke(b.vs, b.is, st)
	} else {
		b.vs, b.is = path.AppendVerticesAndIndicesForFilling(b.vs, b.is)
	}
	r, gg, bb, a := c.RGBA()
	for k := base; k < len(b.vs); k++ {
		vs := &b.vs[k]
		vs.SrcX, vs.SrcY = 1, 1
		vs.ColorR, vs.ColorG, vs.ColorB, vs.ColorA = float32(r)/0xffff, float32(gg)/0xffff, float32(bb)/0xffff, float32(a)/0xffff
	}
}

// flush draws what the batch holds and empties it.
func (b *shapeBatch) flush(screen, white *ebiten.Image) {
	if len(b.is) > 0 {
		screen.DrawTriangles(b.vs, b.is, white, &ebiten.DrawTrianglesOptions{AntiAlias: true, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}

// cellPixels is the on-screen width of a cell at the view's centre, to
// hide labels that would not fit.
func (p *painter) cellPixels(v *project.View) float32 {
	c := vec3.T{float32(p.cam.X), 0, float32(p.cam.Z)}
	x1, _, ok1 := project2D(v, c)
	x2, _, ok2 := project2D(v, vec3.T{c[0] + float32(p.sess.Grid.Topology().ColumnPitch()), 0, c[2]})
	if !ok1 || !ok2 {
		return 0
	}
	return x2 - x1
}

func (p *painter) label(screen *ebiten.Image, v *project.View, i int, shift float32) {
	sx, sy, ok := project2D(v, cellTop(p.sess.Grid, i, vec3.T{}, shift))
	if !ok || sx < 0 || sy < 0 || sx > float32(p.win.w) || sy > float32(p.win.h) {
		return
	}
	co := p.sess.Grid.Topology().Coordinates(i)
	s := fmt.Sprintf("%d,%d", co.X, co.Z)
	w, h := text.Measure(s, p.win.style.small, 0)
	for _, pass := range []struct {
		off float64
		c   color.Color
	}{{1, labelShadow}, {0, colText}} {
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(sx)-w/2+pass.off, float64(sy)-h/2+pass.off)
		op.ColorScale.ScaleWithColor(pass.c)
		text.Draw(screen, s, p.win.style.small, op)
	}
}

// cellScreen is where cell i's centre appears on the screen: on a
// wrapping map, its copy nearest the camera (the tests aim the pointer
// with it).
func (g *game) cellScreen(i int) (int, int) {
	mr := g.mapRect()
	v := g.cam.View(mr.Dx(), mr.Dy())
	top := g.sess.Grid.Topology()
	cx, _ := top.CellCenter(i)
	x, y, _ := project2D(&v, cellTop(g.sess.Grid, i, vec3.T{}, top.Nearest(cx, float32(g.cam.X))-cx))
	return int(x + 0.5), int(y + 0.5)
}
