// Package topdown draws maps from straight above, north up, without a
// renderer or a window: the editor's minimap and previews (each cell a
// block of colour, cheap to redraw cell by cell) and the Export Image
// picture (hexagons with rivers, roads, walls, towns and notes at a
// chosen scale). It is plain Go, so it runs off the UI goroutine.
package topdown

import (
	"image"
	"image/color"
	"image/draw"

	"hexsandbox/hexmap"
	"hexsandbox/palette"
)

// The palette has a colour for each terrain type.
var _ [hexmap.TerrainTypeCount]color.NRGBA = palette.Terrain

// Solid is c opaque: the pictures paint each thing over what lies below
// it, with no blending.
func Solid(c palette.Color) color.NRGBA {
	n := c.NRGBA()
	n.A = 0xff
	return n
}

// Blocks lays a map out in whole pixels: rows of CW-wide blocks, odd rows
// half a block east, rows RH apart, each block RH·4/3 tall (so that rows
// overlap like hexagons do), north up.
type Blocks struct {
	Top    hexmap.Topology
	CW, RH int
}

// FitBlocks returns the largest layout of t within w×h pixels (at least
// one pixel per cell).
func FitBlocks(t hexmap.Topology, w, h int) Blocks {
	cw := max(1, min(2*w/(2*t.Width+1), 4*h/(3*t.Height+1)))
	return Blocks{Top: t, CW: cw, RH: max(1, (3*cw+2)/4)}
}

// Size is the picture's size in pixels.
func (b Blocks) Size() (w, h int) {
	return b.Top.Width*b.CW + b.CW/2, b.Top.Height*b.RH + b.RH/3
}

// Rect is cell i's block.
func (b Blocks) Rect(i int) image.Rectangle {
	x, z := b.Top.Offset(i)
	px := x*b.CW + (z&1)*(b.CW/2)
	py := (b.Top.Height - 1 - z) * b.RH
	return image.Rect(px, py, px+b.CW, py+b.RH+b.RH/3)
}

// Pixel is where world point (x, z) lies in the picture.
func (b Blocks) Pixel(x, z float32) (px, py float64) {
	px = float64(x)/b.Top.ColumnPitch()*float64(b.CW) + float64(b.CW)/2
	py = (float64(b.Top.Height-1)-float64(z)/b.Top.RowPitch())*float64(b.RH) + float64(b.RH+b.RH/3)/2
	return px, py
}

// World is the world point (x, z) at picture pixel (px, py): Pixel's
// inverse.
func (b Blocks) World(px, py float64) (x, z float32) {
	x = float32((px - float64(b.CW)/2) / float64(b.CW) * b.Top.ColumnPitch())
	z = float32((float64(b.Top.Height-1) - (py-float64(b.RH+b.RH/3)/2)/float64(b.RH)) * b.Top.RowPitch())
	return x, z
}

// Preview draws g as blocks into a new picture of at most w×h pixels.
func Preview(g *hexmap.Grid, w, h int) *image.RGBA {
	b := FitBlocks(g.Topology(), w, h)
	pw, ph := b.Size()
	img := image.NewRGBA(image.Rect(0, 0, pw, ph))
	b.Draw(img, g)
	return img
}

// Draw paints every cell of g into img (made for b's Size).
func (b Blocks) Draw(img *image.RGBA, g *hexmap.Grid) {
	b.DrawAs(img, func(i int) color.NRGBA { return CellColor(g.Cell(i)) })
}

// DrawAs paints every cell into img (made for b's Size) in the colour
// col gives it, over the background.
func (b Blocks) DrawAs(img *image.RGBA, col func(i int) color.NRGBA) {
	draw.Draw(img, img.Bounds(), image.NewUniform(palette.Back), image.Point{}, draw.Src)
	for i := range b.Top.CellCount() {
		draw.Draw(img, b.Rect(i), image.NewUniform(col(i)), image.Point{}, draw.Src)
	}
}

// DrawCell repaints cell i as Draw would: Draw goes by index, the
// southern row first, so each block's bottom third lies over the row to
// its south and its top third under the row to its north; after i, the
// parts of its northern neighbours that lie over it are repainted.
func (b Blocks) DrawCell(img *image.RGBA, g *hexmap.Grid, i int) {
	b.DrawCellAs(img, i, func(i int) color.NRGBA { return CellColor(g.Cell(i)) })
}

// DrawCellAs repaints cell i as DrawAs would with the same col.
func (b Blocks) DrawCellAs(img *image.RGBA, i int, col func(i int) color.NRGBA) {
	draw.Draw(img, b.Rect(i), image.NewUniform(col(i)), image.Point{}, draw.Src)
	for _, d := range []hexmap.Direction{hexmap.NE, hexmap.NW} {
		if n, ok := b.Top.Neighbor(i, d); ok {
			draw.Draw(img, b.Rect(n).Intersect(b.Rect(i)), image.NewUniform(col(n)), image.Point{}, draw.Src)
		}
	}
}

// CellColor is a cell's colour from above: its terrain's, lighter the
// higher it stands; water blue by depth; rivers blue.
func CellColor(c hexmap.Cell) color.NRGBA {
	if c.IsUnderwater() {
		depth := float64(c.WaterLevel - c.Elevation)
		return Mix(Solid(palette.ShallowWater), Solid(palette.DeepWater), min(1, (depth-1)/4))
	}
	if c.HasRiver() {
		return Solid(palette.River)
	}
	base := palette.Terrain[min(c.TerrainType, hexmap.TerrainTypeCount-1)]
	// Height shades the land: dark at the shore, light on the peaks.
	t := min(1, max(0, float64(c.Elevation-c.WaterLevel)/6))
	return Mix(Scale(base, 0.75), Scale(base, 1.15), t)
}

// Mix blends a towards b by t in 0..1.
func Mix(a, b color.NRGBA, t float64) color.NRGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.NRGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 0xff}
}

// Scale brightens (f > 1) or darkens c.
func Scale(c color.NRGBA, f float64) color.NRGBA {
	s := func(v uint8) uint8 { return uint8(min(255, float64(v)*f)) }
	return color.NRGBA{s(c.R), s(c.G), s(c.B), 0xff}
}
