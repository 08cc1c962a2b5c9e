package editor

import (
	"image"
	"image/color"
	"image/draw"

	"hexsandbox/hexmap"
)

// Colours of the top-down preview beyond the terrain swatches.
var (
	previewDeep    = color.NRGBA{0x1c, 0x3f, 0x6e, 0xff}
	previewShallow = color.NRGBA{0x3f, 0x7c, 0xb8, 0xff}
	previewRiver   = color.NRGBA{0x4f, 0x9a, 0xe0, 0xff}
	previewBack    = color.NRGBA{0x14, 0x18, 0x1e, 0xff}
)

// previewImage draws map g from above, north up, into an image of at
// most w×h pixels: each cell a block of its terrain's colour, lighter
// the higher it stands, water blue by depth, rivers blue. It is plain Go
// (no ebiten), so it runs off the UI goroutine.
func previewImage(g *hexmap.Grid, w, h int) *image.RGBA {
	// Rows of pointy-top hexagons: odd rows half a cell east, rows 3/4
	// of a cell apart, here in whole pixels.
	cw := max(1, min(2*w/(2*g.Width()+1), 4*h/(3*g.Height()+1)))
	rh := max(1, (3*cw+2)/4)
	img := image.NewRGBA(image.Rect(0, 0, g.Width()*cw+cw/2, g.Height()*rh+rh/3))
	draw.Draw(img, img.Bounds(), image.NewUniform(previewBack), image.Point{}, draw.Src)
	for i, c := range g.Cells() {
		x, z := g.Topology().Offset(i)
		px := x*cw + (z&1)*(cw/2)
		py := (g.Height() - 1 - z) * rh
		r := image.Rect(px, py, px+cw, py+rh+rh/3)
		draw.Draw(img, r, image.NewUniform(cellColor(c)), image.Point{}, draw.Src)
	}
	return img
}

// cellColor is a cell's colour in the preview.
func cellColor(c hexmap.Cell) color.NRGBA {
	if c.IsUnderwater() {
		depth := float64(c.WaterLevel - c.Elevation)
		return mix(previewShallow, previewDeep, min(1, (depth-1)/4))
	}
	if c.HasRiver() {
		return previewRiver
	}
	base := terrainColors[c.TerrainType]
	// Height shades the land: dark at the shore, light on the peaks.
	t := min(1, max(0, float64(c.Elevation-c.WaterLevel)/6))
	return mix(scale(base, 0.75), scale(base, 1.15), t)
}

func mix(a, b color.NRGBA, t float64) color.NRGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.NRGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 0xff}
}

func scale(c color.NRGBA, f float64) color.NRGBA {
	s := func(v uint8) uint8 { return uint8(min(255, float64(v)*f)) }
	return color.NRGBA{s(c.R), s(c.G), s(c.B), 0xff}
}
