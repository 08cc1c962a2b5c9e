package project

import (
	"slices"

	"hexsandbox/mesh"
)

// ChunkMeshes is one chunk's layer meshes with their bounds, which the
// renderer refreshes when the chunk is re-triangulated.
type ChunkMeshes struct {
	Layers [mesh.LayerCount]*mesh.Mesh
	Bounds [mesh.LayerCount]Box
	All    Box
}

// Set points c at a chunk's meshes and computes the bounds. Meshes that
// overflowed uint16 indices are left out.
func (c *ChunkMeshes) Set(layers *[mesh.LayerCount]mesh.Mesh) {
	*c = ChunkMeshes{}
	for l := range layers {
		m := &layers[l]
		if m.Overflowed() || len(m.Indices) == 0 {
			continue
		}
		c.Layers[l] = m
		lo, hi, ok := m.Bounds()
		c.Bounds[l] = Box{Lo: lo, Hi: hi, Valid: ok}
		c.All.Extend(c.Bounds[l])
	}
}

// Builder turns the visible chunks into vertex batches for one view:
// terrain, lit (walls, features, bridges) and translucent triangles sorted
// back to front. Its storage is reused between builds.
type Builder struct {
	View  View
	Light Lighting
	// Flat gives every triangle its own flat colour and draws terrain with
	// the lit program: the test mode compared against Rasterize.
	Flat bool

	Terrain, Lit, Translucent Batches
	// Near and Far bound the view distance of everything visible; the
	// depth passes map it linearly into 24 bits.
	Near, Far float32

	proj    []projected
	remap   []int32
	tris    []sortTri
	order   []int32
	visible []int
	flatID  uint32
}

type projected struct{ x, y, w, sx, sy float32 }

type sortTri struct {
	v   [3]Vertex
	key float32
}

// Build culls, projects and clips chunks for b.View.
func (b *Builder) Build(chunks []ChunkMeshes) {
	b.Terrain.Reset()
	b.Lit.Reset()
	b.Translucent.Reset()
	b.tris = b.tris[:0]
	b.flatID = 0
	b.visible = b.visible[:0]
	near, far := float32(1e30), float32(0)
	for i := range chunks {
		ok, lo, hi := b.View.Visible(chunks[i].All)
		if ok {
			b.visible = append(b.visible, i)
			near, far = min(near, lo), max(far, hi)
		}
	}
	b.Near = max(near, NearClip)
	b.Far = max(far, b.Near+1)
	for _, i := range b.visible {
		b.buildChunk(&chunks[i])
	}
	b.emitTranslucent()
}

func (b *Builder) buildChunk(c *ChunkMeshes) {
	for l := range mesh.LayerCount {
		m := c.Layers[l]
		if m == nil {
			continue
		}
		if ok, _, _ := b.View.Visible(c.Bounds[l]); !ok {
			continue
		}
		b.project(m)
		switch {
		case !l.Opaque():
			b.addTranslucent(m, l)
		case l == mesh.Terrain && !b.Flat:
			b.addOpaque(m, &b.Terrain, packTerrain, false, defaultColor(l))
		default:
			p := packLit
			if b.Flat {
				p = packFlat
			}
			// Walls and features are closed boxes: their back faces are hidden.
			b.addOpaque(m, &b.Lit, p, l == mesh.Walls || l == mesh.Features, defaultColor(l))
		}
	}
}

// defaultColor is a layer's colour where its mesh carries none.
func defaultColor(l mesh.Layer) [4]float32 {
	switch l {
	case mesh.Walls:
		return [4]float32{0.78, 0.72, 0.62, 1}
	case mesh.Bridges:
		return [4]float32{0.55, 0.42, 0.3, 1}
	case mesh.Features:
		return [4]float32{0.7, 0.35, 0.25, 1}
	}
	return [4]float32{1, 1, 1, 1}
}

// project computes every vertex's clip and screen coordinates.
func (b *Builder) project(m *mesh.Mesh) {
	n := len(m.Positions)
	b.proj = slices.Grow(b.proj[:0], n)[:n]
	M := &b.View.M
	hw, hh := b.View.Width*0.5, b.View.Height*0.5
	for i := range m.Positions {
		p := &m.Positions[i]
		x := M[0][0]*p[0] + M[1][0]*p[1] + M[2][0]*p[2] + M[3][0]
		y := M[0][1]*p[0] + M[1][1]*p[1] + M[2][1]*p[2] + M[3][1]
		w := M[0][3]*p[0] + M[1][3]*p[1] + M[2][3]*p[2] + M[3][3]
		q := &b.proj[i]
		q.x, q.y, q.w = x, y, w
		if w >= NearClip {
			// One division: the same screen mapping as View.Screen.
			iw := 1 / w
			q.sx, q.sy = (x*iw+1)*hw, (1-y*iw)*hh
		}
	}
}

// triState classifies a triangle: skip it, draw it as is, or clip it.
func (b *Builder) triState(i0, i1, i2 int, cull bool) (draw, clip bool) {
	p0, p1, p2 := &b.proj[i0], &b.proj[i1], &b.proj[i2]
	in0, in1, in2 := p0.w >= NearClip, p1.w >= NearClip, p2.w >= NearClip
	if !in0 || !in1 || !in2 {
		return in0 || in1 || in2, true
	}
	lox, hix := min(p0.sx, p1.sx, p2.sx), max(p0.sx, p1.sx, p2.sx)
	loy, hiy := min(p0.sy, p1.sy, p2.sy), max(p0.sy, p1.sy, p2.sy)
	if hix < 0 || hiy < 0 || lox > b.View.Width || loy > b.View.Height {
		return false, false
	}
	// A triangle whose bounding box holds no pixel centre makes no
	// fragment: dropping it is exact, and far views are full of them.
	if noCentre(lox, hix) || noCentre(loy, hiy) {
		return false, false
	}
	area := (p1.sx-p0.sx)*(p2.sy-p0.sy) - (p2.sx-p0.sx)*(p1.sy-p0.sy)
	if area == 0 || (cull && area < 0) {
		return false, false
	}
	return true, false
}

// nextFlat returns the next triangle's id colour (ids start at 1; black
// is the background).
func (b *Builder) nextFlat() [4]float32 {
	b.flatID++
	id := b.flatID
	return [4]float32{float32(id>>16&255) / 255, float32(id>>8&255) / 255, float32(id&255) / 255, 1}
}

// noCentre reports whether no pixel centre (k + 0.5) lies in [lo, hi]
// (lo ≥ -2^31 assumed; callers reject what lies off screen first).
func noCentre(lo, hi float32) bool {
	c := lo - 0.5
	k := float32(int32(c)) // truncation: the ceiling for c ≤ 0 ...
	if k < c {
		k++ // ... and for c > 0 with a fraction
	}
	return k > hi-0.5
}
