package water

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ungerik/go3d/vec2"
	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/raster"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// The preview is a top-down raster of the water layers over the land's
// perturbed solid hexagons: grey where nothing is drawn, green land,
// blue open water, shore shaded from blue (v = 0) to white (v = 1),
// estuaries orange for inflows and magenta for outflows (brighter where
// the river shows), rivers as dark lines on land. It checks the picture
// at every cell's centre: open water over each underwater cell, land
// over each dry cell without a river. Set HEXSANDBOX_WATER_PREVIEW to a
// directory to keep the PNGs.
func TestPreview(t *testing.T) {
	for name, p := range map[string]struct {
		g     *hexmap.Grid
		scale float32
	}{"water_testmap.png": {testMap(t, 7), 4}, "water_benchmap.png": {benchMap(t), 1}} {
		img, at := preview(p.g, p.scale)
		for i := range p.g.Topology().CellCount() {
			c := pCentre(p.g, i)
			got := img.RGBAAt(at(c))
			cell := p.g.Cell(i)
			isLand := got.B == 60 && got.G >= 150
			if cell.IsUnderwater() && got != waterColor || !cell.IsUnderwater() && !cell.HasRiver() && !isLand {
				t.Fatalf("%s: cell %v (underwater %v) shows %v at its centre", name, p.g.Topology().Coordinates(i), cell.IsUnderwater(), got)
			}
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("HEXSANDBOX_WATER_PREVIEW"); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

var (
	gapColor   = color.RGBA{60, 60, 60, 255}
	waterColor = color.RGBA{30, 90, 200, 255}
	riverColor = color.RGBA{10, 30, 90, 255}
)

// preview rasterises g's water over its land, looking straight down in
// painter's order, and returns the image and the mapping from world XZ
// to pixels.
func preview(g *hexmap.Grid, scale float32) (*image.RGBA, func(vec3.T) (int, int)) {
	const margin = hexmap.OuterRadius
	x1, z1 := hexmap.FromOffset(g.Topology().Width-1, g.Topology().Height-1).Center()
	maxZ := z1 + margin
	w := int((x1 + hexmap.InnerRadius + 2*margin) * scale)
	h := int((maxZ + margin) * scale)
	c := raster.NewCanvas(w, h, gapColor)
	c.Depth = nil
	// Straight down, north up, the map's west margin at the left edge.
	cam := raster.Camera{Eye: vec3.T{-margin, 0, maxZ}, Right: vec3.T{1, 0, 0}, Up: vec3.T{0, 0, 1}, Forward: vec3.T{0, -1, 0},
		Focal: float64(scale), Ortho: true}
	r := painter{c: c, cam: &cam}
	for i := range g.Topology().CellCount() {
		if !g.Cell(i).IsUnderwater() {
			r.land(g, i)
		}
	}
	for ch := range geom.ChunkCount(g.Topology()) {
		m := layers()
		for _, i := range geom.ChunkCells(g.Topology(), ch) {
			TriangulateCell(g, i, m)
		}
		r.layers(m)
	}
	for i := range g.Topology().CellCount() {
		r.rivers(g, i)
	}
	return c.Img, r.toPx
}

// painter draws the preview's pieces onto c through cam.
type painter struct {
	c   *raster.Canvas
	cam *raster.Camera
}

// toPx maps world point p to its pixel.
func (r painter) toPx(p vec3.T) (int, int) {
	x, y := r.cam.Screen(r.cam.View(p))
	return int(math.Floor(x)), int(math.Floor(y))
}

// layers draws one chunk's water, shore and estuaries.
func (r painter) layers(m Meshes) {
	r.mesh(m.Water, func(int, [3]float32) color.RGBA { return waterColor })
	r.mesh(m.Shore, func(k int, b [3]float32) color.RGBA {
		return mix(waterColor, color.RGBA{240, 250, 255, 255}, lerpUV(m.Shore.UV, m.Shore.Indices[3*k:], b)[1])
	})
	r.mesh(m.Estuaries, func(k int, b [3]float32) color.RGBA {
		flow := lerpUV(m.Estuaries.UV2, m.Estuaries.Indices[3*k:], b)[1]
		river := lerpUV(m.Estuaries.UV, m.Estuaries.Indices[3*k:], b)[0]
		c := color.RGBA{255, 140, 0, 255} // inflow: v from 0.8 up
		if flow < 0.4 {
			c = color.RGBA{220, 0, 220, 255}
		}
		return mix(mix(c, color.RGBA{0, 0, 0, 255}, 0.5), c, river)
	})
}

// land fills dry cell i's perturbed solid hexagon, greener when lower.
func (r painter) land(g *hexmap.Grid, i int) {
	x, z := centre(g, i)
	c := vec3.T{x, 0, z}
	e := float32(g.Cell(i).Elevation)
	col := color.RGBA{uint8(60 + 20*e), uint8(min(230, 150+12*e)), 60, 255}
	pc := geom.FlatPerturber(g.Noise()).Perturb(c)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		ev := geom.NewEdgeVertices(vec.Add(c, geom.FirstSolidCorner(d)), vec.Add(c, geom.SecondSolidCorner(d)))
		pts := []vec3.T{ev.V1, ev.V2, ev.V3, ev.V4, ev.V5}
		for k := range 4 {
			r.fill([3]vec3.T{pc, geom.FlatPerturber(g.Noise()).Perturb(pts[k]), geom.FlatPerturber(g.Noise()).Perturb(pts[k+1])},
				func([3]float32) color.RGBA { return col })
		}
	}
}

// rivers draws the river of dry cell i from its centre to each river edge.
func (r painter) rivers(g *hexmap.Grid, i int) {
	c := g.Cell(i)
	if c.IsUnderwater() {
		return
	}
	x, z := centre(g, i)
	ctr := vec3.T{x, 0, z}
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if !c.HasRiverThroughEdge(d) {
			continue
		}
		end := vec.Add(ctr, geom.SolidEdgeMiddle(d))
		for s := float32(0); s <= 1; s += 0.02 {
			px, py := r.toPx(geom.FlatPerturber(g.Noise()).Perturb(vec.Lerp(ctr, end, s)))
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					r.c.Img.SetRGBA(px+dx, py+dy, riverColor)
				}
			}
		}
	}
}

// mesh fills every triangle of m, coloured per pixel by shade(k, bary).
func (r painter) mesh(m *mesh.Mesh, shade func(k int, bary [3]float32) color.RGBA) {
	for k := range m.TriangleCount() {
		r.fill(triangle(m, k), func(b [3]float32) color.RGBA { return shade(k, b) })
	}
}

// fill draws triangle t, coloured per pixel by shade.
func (r painter) fill(t [3]vec3.T, shade func([3]float32) color.RGBA) {
	r.c.Triangle(r.cam, t, func(b [3]float32) vec4.T {
		c := shade(b)
		return vec4.T{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, 1}
	})
}

func lerpUV(uv []vec2.T, ix []uint16, b [3]float32) vec2.T {
	var out vec2.T
	for k := range 3 {
		out[0] += uv[ix[k]][0] * b[k]
		out[1] += uv[ix[k]][1] * b[k]
	}
	return out
}

func mix(a, b color.RGBA, t float32) color.RGBA {
	t = min(max(t, 0), 1)
	l := func(x, y uint8) uint8 { return uint8(float32(x) + (float32(y)-float32(x))*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}
