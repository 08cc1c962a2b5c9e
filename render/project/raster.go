package project

import "math"

// Raster is a CPU z-buffer rasteriser of the same projected vertices the
// GPU draws: the oracle the depth tests compare against. It keeps a flat
// colour per triangle (the first vertex's) and the true view distance.
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
// (top-left rule for shared edges) with Custom0 interpolated there (1/w
// for the camera's vertices, whose inverse is the perspective-correct w).
func (r *Raster) triangle(v [3]*Vertex, plot func(i int, w float64)) {
	x := [3]float64{float64(v[0].DstX), float64(v[1].DstX), float64(v[2].DstX)}
	y := [3]float64{float64(v[0].DstY), float64(v[1].DstY), float64(v[2].DstY)}
	area := (x[1]-x[0])*(y[2]-y[0]) - (x[2]-x[0])*(y[1]-y[0])
	if area == 0 || math.IsNaN(area) {
		return
	}
	if area < 0 { // make the winding positive so edge tests agree
		x[1], x[2], y[1], y[2] = x[2], x[1], y[2], y[1]
		v[1], v[2] = v[2], v[1]
		area = -area
	}
	x0 := max(0, int(math.Floor(min(x[0], x[1], x[2]))))
	x1 := min(r.W-1, int(math.Ceil(max(x[0], x[1], x[2]))))
	y0 := max(0, int(math.Floor(min(y[0], y[1], y[2]))))
	y1 := min(r.H-1, int(math.Ceil(max(y[0], y[1], y[2]))))
	for py := y0; py <= y1; py++ {
		cy := float64(py) + 0.5
		for px := x0; px <= x1; px++ {
			cx := float64(px) + 0.5
			var b [3]float64
			inside := true
			for k := range 3 {
				a, c := (k+1)%3, (k+2)%3
				e := (x[c]-x[a])*(cy-y[a]) - (y[c]-y[a])*(cx-x[a])
				if e < 0 || (e == 0 && !topLeft(x[a], y[a], x[c], y[c])) {
					inside = false
					break
				}
				b[k] = e / area
			}
			if !inside {
				continue
			}
			plot(px+py*r.W, b[0]*float64(v[0].Custom0)+b[1]*float64(v[1].Custom0)+b[2]*float64(v[2].Custom0))
		}
	}
}

// topLeft reports whether edge a→c (positive winding, y down) is a top or
// left edge, which owns the pixel centres lying exactly on it.
func topLeft(ax, ay, cx, cy float64) bool {
	return (ay == cy && cx < ax) || cy < ay
}
