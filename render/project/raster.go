package project

import (
	"math"

	"hexsandbox/internal/raster"
)

// Raster draws the batches the builder made on the CPU, z-buffered, with
// internal/raster's scan conversion: the tests of this package compare
// build paths (and builds with what they drop) by it, and render's tests
// the GPU's drawing of the batches it was given (the units' figures).
// It is test code, exported because render's tests use it too; the
// renderer's depth is checked against internal/raster's reference of
// the scene's own triangles (render.DepthReference). It keeps a flat
// colour per triangle (the first vertex's) and the view distance.
type Raster struct {
	W, H  int
	Color [][3]float32
	Depth []float64 // view distance w; +Inf where nothing was drawn
	Near  float32   // the depth range, for the translucent test's tolerance
	Far   float32
}

// NewRaster returns a w × h raster cleared to black and infinite depth.
func NewRaster(w, h int, near, far float32) *Raster {
	r := &Raster{W: w, H: h, Color: make([][3]float32, w*h), Depth: make([]float64, w*h), Near: near, Far: far}
	for i := range r.Depth {
		r.Depth[i] = math.Inf(1)
	}
	return r
}

// DrawOpaque draws batches with a depth test, writing depth.
func (r *Raster) DrawOpaque(batches []Batch) {
	for _, b := range batches {
		for t := 0; t+2 < len(b.Indices); t += 3 {
			v := [3]*Vertex{&b.Vertices[b.Indices[t]], &b.Vertices[b.Indices[t+1]], &b.Vertices[b.Indices[t+2]]}
			c := [3]float32{v[0].ColorR, v[0].ColorG, v[0].ColorB}
			r.triangle(v, func(i int, iw float64) {
				if w := 1 / iw; w < r.Depth[i] {
					r.Depth[i], r.Color[i] = w, c
				}
			})
		}
	}
}

// DrawDepth draws batches whose Custom0 is a depth that is linear in
// screen space (the light view's orthographic depth, 0..1), keeping the
// nearest per pixel in Depth: the shadow map's reference.
func (r *Raster) DrawDepth(batches []Batch) {
	for _, b := range batches {
		for t := 0; t+2 < len(b.Indices); t += 3 {
			v := [3]*Vertex{&b.Vertices[b.Indices[t]], &b.Vertices[b.Indices[t+1]], &b.Vertices[b.Indices[t+2]]}
			r.triangle(v, func(i int, d float64) {
				r.Depth[i] = min(r.Depth[i], d)
			})
		}
	}
}

// DrawTranslucent draws batches in order, each fragment kept where it is
// in front of the stored depth after its kind's bias, writing no depth.
func (r *Raster) DrawTranslucent(batches []Batch) {
	r.drawKept(batches, func(v *Vertex, w float64) float64 {
		return float64(DepthBias(Kind(math.Floor(float64(v.Custom3))), float32(w)))
	})
}

// DrawOver draws batches in order, each fragment kept where it is not
// behind the stored depth, writing colour only: the units' figures,
// drawn in painter's order over the finished frame.
func (r *Raster) DrawOver(batches []Batch) {
	r.drawKept(batches, func(*Vertex, float64) float64 { return 0 })
}

// drawKept draws batches in order, each fragment kept where it is not
// behind the stored depth (within the depth passes' two steps) once
// bias (of the triangle's first vertex, at distance w) is taken off,
// writing colour only.
func (r *Raster) drawKept(batches []Batch, bias func(v *Vertex, w float64) float64) {
	tol := 2 * float64(r.Far-r.Near) / 16777215
	for _, b := range batches {
		for t := 0; t+2 < len(b.Indices); t += 3 {
			v := [3]*Vertex{&b.Vertices[b.Indices[t]], &b.Vertices[b.Indices[t+1]], &b.Vertices[b.Indices[t+2]]}
			c := [3]float32{v[0].ColorR, v[0].ColorG, v[0].ColorB}
			first := v[0]
			r.triangle(v, func(i int, iw float64) {
				if w := 1 / iw; w-bias(first, w) <= r.Depth[i]+tol {
					r.Color[i] = c
				}
			})
		}
	}
}

// triangle calls plot for every pixel whose centre the triangle covers
// with Custom0 interpolated linearly on screen there: 1/w for the
// camera's vertices (whose inverse is the perspective-correct w), the
// depth itself for the light view's orthographic ones.
func (r *Raster) triangle(v [3]*Vertex, plot func(i int, custom0 float64)) {
	x := [3]float64{float64(v[0].DstX), float64(v[1].DstX), float64(v[2].DstX)}
	y := [3]float64{float64(v[0].DstY), float64(v[1].DstY), float64(v[2].DstY)}
	raster.Fill(r.W, r.H, x, y, func(i int, b [3]float64) {
		plot(i, b[0]*float64(v[0].Custom0)+b[1]*float64(v[1].Custom0)+b[2]*float64(v[2].Custom0))
	})
}
