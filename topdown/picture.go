package topdown

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/palette"
)

// MaxPictureSide bounds each side of a picture, MaxPicturePixels its
// area (some 400 MB of RGBA at most), so that no scale asked for can
// exhaust memory.
const (
	MaxPictureSide   = 16384
	MaxPicturePixels = 100 << 20
)

// Picture scales, in pixels per cell (the width of a hexagon).
const (
	MinCellPixels = 4
	MaxCellPixels = 96
)

// PictureSize is the size of t's picture at cellPx pixels per cell: the
// hexagons' extent, t.Bounds, rounded up to whole pixels (less a
// thousandth of one, the float32 rounding of the bounds).
func PictureSize(t hexmap.Topology, cellPx int) (w, h int) {
	s := float64(cellPx) / t.ColumnPitch() // pixels per world unit
	x0, z0, x1, z1 := t.Bounds(0)
	w = int(math.Ceil(float64(x1-x0)*s - 1e-3))
	h = int(math.Ceil(float64(z1-z0)*s - 1e-3))
	return w, h
}

// MaxScale is the largest scale whose picture of t stays within the
// limits (at least MinCellPixels, even where that exceeds them: callers
// check with CheckScale).
func MaxScale(t hexmap.Topology) int {
	best := MinCellPixels
	for px := MinCellPixels; px <= MaxCellPixels; px++ {
		if CheckScale(t, px) == nil {
			best = px
		}
	}
	return best
}

// CheckScale says why a picture of t at cellPx cannot be made, or nil.
func CheckScale(t hexmap.Topology, cellPx int) error {
	if cellPx < MinCellPixels || cellPx > MaxCellPixels {
		return fmt.Errorf("scale %d: pick %d to %d pixels per cell", cellPx, MinCellPixels, MaxCellPixels)
	}
	w, h := PictureSize(t, cellPx)
	if w > MaxPictureSide || h > MaxPictureSide || w*h > MaxPicturePixels {
		return fmt.Errorf("a %d×%d picture is too large (at most %d pixels a side, %d Mpx)", w, h, MaxPictureSide, MaxPicturePixels>>20)
	}
	return nil
}

// Picture draws g from above at cellPx pixels per cell: each cell a
// hexagon of its colour (see CellColor, rivers drawn as lines instead),
// rivers and roads from the centre to the edges they cross, walls as a
// dark rim, dots for towns, farms and plants, a gold mark for specials,
// and the map notes as text.
func Picture(g *hexmap.Grid, cellPx int) (*image.RGBA, error) {
	t := g.Topology()
	if err := CheckScale(t, cellPx); err != nil {
		return nil, err
	}
	w, h := PictureSize(t, cellPx)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(palette.Back), image.Point{}, draw.Src)
	x0, z0, _, _ := t.Bounds(0)
	p := painter{img: img, s: float64(cellPx) / t.ColumnPitch(), x0: float64(x0), z0: float64(z0), h: float64(h)}
	for i, c := range g.Cells() {
		p.cell(t, i, c)
	}
	for i, c := range g.Cells() {
		p.links(t, i, c)
	}
	if err := p.notes(t, g.Notes(), cellPx); err != nil {
		return nil, err
	}
	return img, nil
}

// painter maps world units to the picture (north up) and fills shapes.
type painter struct {
	img *image.RGBA
	s   float64 // pixels per world unit
	// x0, z0 are the map's west and south bounds in world units, h the
	// picture's height in pixels.
	x0, z0, h float64
}

type pt struct{ x, y float64 }

// at is world point (x, z) in pixels: the map's west edge at 0, its
// northern row's top at 0.
func (p painter) at(x, z float64) pt {
	return pt{(x - p.x0) * p.s, p.h - (z-p.z0)*p.s}
}

// hexagon returns cell i's corners in pixels, shrunk by f (1: the whole
// cell).
func (p painter) hexagon(t hexmap.Topology, i int, f float64) []pt {
	cx, cz := t.CellCenter(i)
	out := make([]pt, 6)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		c := geom.FirstCorner(d)
		out[d] = p.at(float64(cx)+float64(c[0])*f, float64(cz)+float64(c[2])*f)
	}
	return out
}

func (p painter) cell(t hexmap.Topology, i int, c hexmap.Cell) {
	base := CellColor(c)
	if c.HasRiver() && !c.IsUnderwater() {
		cc := c
		cc.IncomingRiver, cc.OutgoingRiver = hexmap.NoDirection, hexmap.NoDirection
		base = CellColor(cc) // the river is drawn as a line over the land
	}
	if c.Walled {
		fillConvex(p.img, p.hexagon(t, i, 1), Solid(palette.Wall))
		fillConvex(p.img, p.hexagon(t, i, 0.8), base)
	} else {
		fillConvex(p.img, p.hexagon(t, i, 1), base)
	}
	cx, cz := t.CellCenter(i)
	centre := p.at(float64(cx), float64(cz))
	r := t.ColumnPitch() / 2 * p.s
	dots := func(level uint8, col color.NRGBA, angle float64) {
		for k := range int(level) {
			a := angle + float64(k)*2*math.Pi/3
			p.dot(pt{centre.x + 0.45*r*math.Cos(a), centre.y + 0.45*r*math.Sin(a)}, 0.12*r, col)
		}
	}
	dots(c.FarmLevel, palette.Farm, 0.3)
	dots(c.PlantLevel, palette.Plant, 1.35)
	dots(c.UrbanLevel, palette.Town, 2.4)
	if c.IsSpecial() {
		p.dot(centre, 0.28*r, palette.Special)
	}
}

// links draws the rivers and roads of cell i: a line from the centre to
// the middle of each edge they cross (both cells draw their half).
func (p painter) links(t hexmap.Topology, i int, c hexmap.Cell) {
	cx, cz := t.CellCenter(i)
	centre := p.at(float64(cx), float64(cz))
	edge := func(d hexmap.Direction) pt {
		a, b := geom.FirstCorner(d), geom.SecondCorner(d)
		return p.at(float64(cx)+float64(a[0]+b[0])/2, float64(cz)+float64(a[2]+b[2])/2)
	}
	r := t.ColumnPitch() / 2 * p.s
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if c.HasRoadThroughEdge(d) {
			p.line(centre, edge(d), 0.14*r, Solid(palette.Road))
		}
	}
	if c.IsUnderwater() {
		return
	}
	for _, d := range []hexmap.Direction{c.IncomingRiver, c.OutgoingRiver} {
		if d.Valid() {
			p.line(centre, edge(d), 0.2*r, Solid(palette.River))
		}
	}
	if c.HasRiver() {
		p.dot(centre, 0.1*r, Solid(palette.River))
	}
}

// line fills a band of width w from a to b.
func (p painter) line(a, b pt, w float64, col color.NRGBA) {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	fillConvex(p.img, []pt{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}}, col)
	p.dot(b, w/2, col) // round the joint with the neighbour's half
}

// dot fills an octagon of radius r around c.
func (p painter) dot(c pt, r float64, col color.NRGBA) {
	pts := make([]pt, 8)
	for k := range pts {
		a := float64(k) * math.Pi / 4
		pts[k] = pt{c.x + r*math.Cos(a), c.y + r*math.Sin(a)}
	}
	fillConvex(p.img, pts, col)
}

// notes writes each note over its cell, white on a dark outline, in a
// bold face sized to the scale.
func (p painter) notes(t hexmap.Topology, notes []hexmap.Note, cellPx int) error {
	if len(notes) == 0 {
		return nil
	}
	fnt, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return err
	}
	face, err := opentype.NewFace(fnt, &opentype.FaceOptions{Size: max(7, float64(cellPx)*0.42), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return err
	}
	defer face.Close()
	for _, n := range notes {
		cx, cz := t.CellCenter(n.Cell)
		c := p.at(float64(cx), float64(cz))
		d := font.Drawer{Dst: p.img, Face: face}
		w := d.MeasureString(n.Text)
		asc := face.Metrics().Ascent
		x0 := fixed.Int26_6(c.x*64) - w/2
		y0 := fixed.Int26_6(c.y*64) + asc/2
		d.Src = image.NewUniform(color.NRGBA{0, 0, 0, 0xd0})
		for _, o := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {1, 1}} {
			d.Dot = fixed.Point26_6{X: x0 + fixed.I(o[0]), Y: y0 + fixed.I(o[1])}
			d.DrawString(n.Text)
		}
		d.Src = image.NewUniform(color.White)
		d.Dot = fixed.Point26_6{X: x0, Y: y0}
		d.DrawString(n.Text)
	}
	return nil
}

// fillConvex fills the convex polygon pts: each pixel whose centre lies
// inside, row by row.
func fillConvex(img *image.RGBA, pts []pt, col color.NRGBA) {
	y0, y1 := math.Inf(1), math.Inf(-1)
	for _, q := range pts {
		y0, y1 = min(y0, q.y), max(y1, q.y)
	}
	b := img.Bounds()
	src := image.NewUniform(col)
	for py := max(b.Min.Y, int(math.Floor(y0))); py <= min(b.Max.Y-1, int(math.Ceil(y1))); py++ {
		y := float64(py) + 0.5
		lo, hi := math.Inf(1), math.Inf(-1)
		for k, a := range pts {
			c := pts[(k+1)%len(pts)]
			if (a.y <= y && c.y > y) || (c.y <= y && a.y > y) {
				x := a.x + (y-a.y)/(c.y-a.y)*(c.x-a.x)
				lo, hi = min(lo, x), max(hi, x)
			}
		}
		if lo > hi {
			continue
		}
		// Pixels whose centres lie within [lo, hi]; half a pixel more on
		// each side closes the seams between neighbouring hexagons.
		x0, x1 := int(math.Floor(lo)), int(math.Ceil(hi))
		draw.Draw(img, image.Rect(max(b.Min.X, x0), py, min(b.Max.X, x1), py+1), src, image.Point{}, draw.Src)
	}
}
