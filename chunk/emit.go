package chunk

import (
	"slices"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// Catlike's HexMesh perturbs every vertex it is given, except through its
// Unperturbed variants. Here callers perturb each point once and the
// helpers add vertices as given: perturbation moves only X and Z, and
// from X and Z alone, so a perturbed point may take a new height later.
//
// The hot paths pass points by pointer, write them where they go (a
// perturbed point straight into its edge, perturbTo) and compute with
// vec.XYZ, weights too: a vecT is an array, which the compiler keeps in
// memory, so a vecT argument, result or expression is a temporary on the
// stack, written as floats and copied on as wider words, and the CPU
// cannot forward several narrow stores to one wide load: it waits for
// them to reach the cache. Moving from values to pointers and writes in
// place took a full triangulation to two thirds of its time.

func (b *builder) perturb(p vecT) vecT { return b.perturber.Perturb(p) }

// perturbTo sets *dst to *p perturbed (dst may be p).
func (b *builder) perturbTo(dst, p *vecT) {
	x, z := b.perturber.PerturbXZ(p[0], p[2])
	dst[0], dst[1], dst[2] = x, p[1], z
}

// perturbEdge sets p to the five vertices of e perturbed.
func (b *builder) perturbEdge(p, e *geom.EdgeVertices) {
	b.perturbTo(&p.V1, &e.V1)
	b.perturbTo(&p.V2, &e.V2)
	b.perturbTo(&p.V3, &e.V3)
	b.perturbTo(&p.V4, &e.V4)
	b.perturbTo(&p.V5, &e.V5)
}

// perturbTerraceTo sets *dst to the terrace point of a and c that h and
// v (geom.TerraceStep) give, perturbed.
func (b *builder) perturbTerraceTo(dst, a, c *vecT, h, v float32) {
	x, y, z := geom.TerraceLerpAt(a, c, h, v)
	x, z = b.perturber.PerturbXZ(x, z)
	dst[0], dst[1], dst[2] = x, y, z
}

// perturbTerraceEdge sets p to terrace step of the edges from a to c
// (geom.TerraceLerp of each point), perturbed.
func (b *builder) perturbTerraceEdge(p, a, c *geom.EdgeVertices, step int) {
	h, v := geom.TerraceStep(step)
	b.perturbTerraceTo(&p.V1, &a.V1, &c.V1, h, v)
	b.perturbTerraceTo(&p.V2, &a.V2, &c.V2, h, v)
	b.perturbTerraceTo(&p.V3, &a.V3, &c.V3, h, v)
	b.perturbTerraceTo(&p.V4, &a.V4, &c.V4, h, v)
	b.perturbTerraceTo(&p.V5, &a.V5, &c.V5, h, v)
}

// ref is a cell with its index, so that the terrain triangulation can
// record which cells gave each triangle its splat types (see tint.go).
// It points at the cell: a Cell is sixteen bytes of small fields, and
// copying it at every sixth and connection cost more than reading the
// few fields each needs.
type ref struct {
	*hexmap.Cell
	i int32
}

// ref returns cell i with its index.
func (b *builder) ref(i int) ref { return ref{&b.cells[i], int32(i)} }

// splat is the splat type triple of one triangle or quad and the cells
// it comes from. It is passed by pointer.
type splat struct {
	types vec.XYZ
	from  [3]int32
}

// terrainTypes is the splat of one triangle or quad of cells x, y, z.
func terrainTypes(x, y, z ref) splat {
	return splat{vec.XYZ{X: float32(x.TerrainType), Y: float32(y.TerrainType), Z: float32(z.TerrainType)}, [3]int32{x.i, y.i, z.i}}
}

// terrainTriangle adds a terrain triangle with splat data.
func (b *builder) terrainTriangle(v1, v2, v3 *vecT, s *splat, w1, w2, w3 vec.XYZ) {
	m := b.terrain
	v, i := b.terrainVertices(3, 3, s)
	fanTriangle(m, v, i, v1, v2, v3)
	w := m.Weights[v : v+3 : v+3]
	w1.Store(&w[0])
	w2.Store(&w[1])
	w3.Store(&w[2])
}

// terrainQuad adds a terrain quad with splat data.
func (b *builder) terrainQuad(v1, v2, v3, v4 *vecT, s *splat, w1, w2, w3, w4 vec.XYZ) {
	m := b.terrain
	v, i := b.terrainVertices(4, 6, s)
	stripQuad(m, v, i, v1, v2, v3, v4)
	w := m.Weights[v : v+4 : v+4]
	w1.Store(&w[0])
	w2.Store(&w[1])
	w3.Store(&w[2])
	w4.Store(&w[3])
}

// edgeFan is Catlike's TriangulateEdgeFan: four triangles from the centre
// to the five edge vertices, all of one cell. Arguments are perturbed.
// Fans and strips are most of the terrain, so they write their vertices
// in place (terrainVertices) rather than triangle by triangle, and take
// edges by pointer: an EdgeVertices is 60 bytes, which Go passes through
// the stack at every call.
func (b *builder) edgeFan(center *vecT, e *geom.EdgeVertices, t ref) {
	s := terrainTypes(t, t, t)
	m := b.terrain
	v, i := b.terrainVertices(12, 12, &s)
	fanTriangle(m, v, i, center, &e.V1, &e.V2)
	fanTriangle(m, v+3, i+3, center, &e.V2, &e.V3)
	fanTriangle(m, v+6, i+6, center, &e.V3, &e.V4)
	fanTriangle(m, v+9, i+9, center, &e.V4, &e.V5)
	fill(m.Weights[v:v+12], weights1())
}

// levelFan is edgeFan for a sixth of a cell without river, sharing
// vertices: there the centre and the five edge points are at one height,
// so every triangle of the cell's six fans has the normal straight up
// (exactly: the cross product's X and Z are zero, and Y over its own
// length is 1) and the cell's splat, and the fans can share the centre
// and each corner with the next sixth, as the renderer's weld would join
// them anyway: 25 vertices for the cell instead of 72, first used in the
// same order. It adds nothing and returns false where a point is not
// level or a triangle does not face up (then edgeFan adds the sixth).
func (b *builder) levelFan(d hexmap.Direction, e *geom.EdgeVertices, t ref) bool {
	c := &b.pcenter
	if y := c[1]; e.V1[1] != y || e.V2[1] != y || e.V3[1] != y || e.V4[1] != y || e.V5[1] != y ||
		!facesUp(c, &e.V1, &e.V2) || !facesUp(c, &e.V2, &e.V3) || !facesUp(c, &e.V3, &e.V4) || !facesUp(c, &e.V4, &e.V5) {
		return false
	}
	s := terrainTypes(t, t, t)
	m, f := b.terrain, &b.fan
	base := int32(len(m.Positions))
	b.tints.add(int(base), &s.from)
	// The vertices this sixth adds, in the order it first uses them: the
	// centre and its first corner unless an earlier sixth added them, the
	// three between, and its last corner unless the first sixth added it.
	first, last := int(d), (int(d)+1)%6
	n := 3
	if f.center < 0 {
		n++
	}
	if f.corners[first] < 0 {
		n++
	}
	if f.corners[last] < 0 {
		n++
	}
	ps := b.levelVertices(n, s.types, weights1())
	k := int32(0)
	if f.center < 0 {
		f.center = base
		ps[k] = *c
		k++
	}
	if f.corners[first] < 0 {
		f.corners[first] = base + k
		ps[k] = e.V1
		k++
	}
	mid := base + k
	ps[k] = e.V2
	ps[k+1] = e.V3
	ps[k+2] = e.V4
	if f.corners[last] < 0 {
		f.corners[last] = base + k + 3
		ps[k+3] = e.V5
	}
	ctr, c1, c5 := uint16(f.center), uint16(f.corners[first]), uint16(f.corners[last])
	idx := grow(&m.Indices, 12)[:12]
	idx[0], idx[1], idx[2] = ctr, c1, uint16(mid)
	idx[3], idx[4], idx[5] = ctr, uint16(mid), uint16(mid+1)
	idx[6], idx[7], idx[8] = ctr, uint16(mid+1), uint16(mid+2)
	idx[9], idx[10], idx[11] = ctr, uint16(mid+2), c5
	return true
}

// levelStrip is edgeStrip's quads, sharing vertices, for a strip whose
// ten points are at one height (a terrace's flat step): as in a level
// fan, every quad's normal is then straight up, and the quads share the
// points between them, 10 vertices instead of 16, first used in the same
// order. It adds nothing and returns false where a point is not level or
// a quad does not face up.
func (b *builder) levelStrip(e1 *geom.EdgeVertices, w1 vec.XYZ, e2 *geom.EdgeVertices, w2 vec.XYZ, s *splat) bool {
	// A terrace's sloped strips fail at the first far point.
	if y := e1.V1[1]; e2.V1[1] != y || e1.V2[1] != y || e1.V3[1] != y || e1.V4[1] != y || e1.V5[1] != y ||
		e2.V2[1] != y || e2.V3[1] != y || e2.V4[1] != y || e2.V5[1] != y ||
		!quadFacesUp(&e1.V1, &e1.V2, &e2.V1, &e2.V2) || !quadFacesUp(&e1.V2, &e1.V3, &e2.V2, &e2.V3) ||
		!quadFacesUp(&e1.V3, &e1.V4, &e2.V3, &e2.V4) || !quadFacesUp(&e1.V4, &e1.V5, &e2.V4, &e2.V5) {
		return false
	}
	m := b.terrain
	b.tints.add(len(m.Positions), &s.from)
	base := uint16(len(m.Positions))
	// Near and far in turn, as the quads first use them.
	ps := b.levelVertices(10, s.types, w1)[:10]
	ps[0] = e1.V1
	ps[1] = e2.V1
	ps[2] = e1.V2
	ps[3] = e2.V2
	ps[4] = e1.V3
	ps[5] = e2.V3
	ps[6] = e1.V4
	ps[7] = e2.V4
	ps[8] = e1.V5
	ps[9] = e2.V5
	ws := m.Weights[base : int(base)+10 : int(base)+10]
	for k := 1; k < 10; k += 2 {
		w2.Store(&ws[k])
	}
	idx := grow(&m.Indices, 24)[:24]
	for k := range 4 { // quad k is near k, k+1 and far k, k+1: as stripQuad, a c b, b c d
		a := base + uint16(2*k)
		q := idx[6*k : 6*k+6 : 6*k+6]
		q[0], q[1], q[2], q[3], q[4], q[5] = a, a+1, a+2, a+2, a+1, a+3
	}
	return true
}

// quadFacesUp reports whether quad abcd faces up: the Y of the cross
// product of the diagonals d-a and b-c that stripQuad takes its normal
// from, computed as vec.XYZ.Cross computes it.
func quadFacesUp(a, b, c, d *vecT) bool {
	return (d[2]-a[2])*(b[0]-c[0])-(d[0]-a[0])*(b[2]-c[2]) > 0
}

// facesUp reports whether triangle abc faces up: the Y of the cross
// product of b-a and c-a that fanTriangle takes its normal from,
// computed as vec.XYZ.Cross computes it.
func facesUp(a, b, c *vecT) bool {
	return (b[2]-a[2])*(c[0]-a[0])-(b[0]-a[0])*(c[2]-a[2]) > 0
}

// levelVertices adds n terrain vertices with the normal up and the splat
// types and weights given, and returns their positions to be written.
func (b *builder) levelVertices(n int, types, w vec.XYZ) []vecT {
	m := b.terrain
	ps, ns := grow(&m.Positions, n), grow(&m.Normals, n)
	ts, ws := grow(&m.Terrain, n)[:len(ns)], grow(&m.Weights, n)[:len(ns)]
	for k := range ns {
		ns[k][0], ns[k][1], ns[k][2] = 0, 1, 0
		types.Store(&ts[k])
		w.Store(&ws[k])
	}
	return ps
}

// levelFanShare is which of a cell's shared fan vertices exist (-1: not
// yet): the centre and the six solid corners.
type levelFanShare struct {
	center  int32
	corners [6]int32
}

func (f *levelFanShare) reset() {
	f.center = -1
	for k := range f.corners {
		f.corners[k] = -1
	}
}

// edgeStrip is Catlike's TriangulateEdgeStrip: four quads between two
// perturbed edges, the first weighted w1 and the second w2, of splat s
// (the terrain types of the first cell, the second and the first again),
// with a road segment on top when hasRoad.
func (b *builder) edgeStrip(e1 *geom.EdgeVertices, w1 vec.XYZ, e2 *geom.EdgeVertices, w2 vec.XYZ, s *splat, hasRoad bool) {
	if !b.shareLevel || !b.levelStrip(e1, w1, e2, w2, s) {
		m := b.terrain
		v, i := b.terrainVertices(16, 24, s)
		stripQuad(m, v, i, &e1.V1, &e1.V2, &e2.V1, &e2.V2)
		stripQuad(m, v+4, i+6, &e1.V2, &e1.V3, &e2.V2, &e2.V3)
		stripQuad(m, v+8, i+12, &e1.V3, &e1.V4, &e2.V3, &e2.V4)
		stripQuad(m, v+12, i+18, &e1.V4, &e1.V5, &e2.V4, &e2.V5)
		w := m.Weights[v : v+16 : v+16]
		for k := 0; k < 16; k += 4 {
			w1.Store(&w[k])
			w1.Store(&w[k+1])
			w2.Store(&w[k+2])
			w2.Store(&w[k+3])
		}
	}
	if hasRoad {
		b.triangulateRoadSegment(e1.V2, e1.V3, e1.V4, e2.V2, e2.V3, e2.V4)
	}
}

// terrainVertices adds n vertices of splat s and ni indices to the
// terrain mesh, and returns the first vertex's number and the first
// index's place: the caller writes positions, normals, weights and
// indices there.
func (b *builder) terrainVertices(n, ni int, s *splat) (v, i int) {
	m := b.terrain
	v, i = len(m.Positions), len(m.Indices)
	b.tints.add(v, &s.from)
	grow(&m.Positions, n)
	grow(&m.Normals, n)
	grow(&m.Weights, n)
	grow(&m.Indices, ni)
	fill(grow(&m.Terrain, n), s.types)
	return v, i
}

// grow lengthens *s by n elements and returns them. It checks the
// capacity itself: slices.Grow is not inlined, and the storage is reused
// from build to build, so it is rarely needed.
func grow[T any](s *[]T, n int) []T {
	l := len(*s)
	if cap(*s)-l < n {
		*s = slices.Grow(*s, n)
	}
	*s = (*s)[:l+n]
	return (*s)[l : l+n : l+n]
}

func fill(s []vecT, v vec.XYZ) {
	for k := range s {
		v.Store(&s[k])
	}
}

// fanTriangle writes triangle abc as mesh.AddTriangle adds it, its
// vertices from number v and its indices from place i of m.
func fanTriangle(m *mesh.Mesh, v, i int, a, b, c *vecT) {
	p, n := m.Positions[v:v+3:v+3], m.Normals[v:v+3:v+3]
	p[0] = *a
	p[1] = *b
	p[2] = *c
	pa := vec.At(a)
	nv := vec.At(b).Minus(pa).Cross(vec.At(c).Minus(pa)).Normalized()
	setNormals(n, nv)
	idx, base := m.Indices[i:i+3:i+3], uint16(v)
	idx[0], idx[1], idx[2] = base, base+1, base+2
}

// setNormals sets every normal of n to nv, component by component from
// registers rather than through a vec3.T temporary (BENCHMARKS.md, on
// store forwarding).
func setNormals(n []vecT, nv vec.XYZ) {
	for k := range n {
		nv.Store(&n[k])
	}
}

// stripQuad writes quad abcd as mesh.AddQuad adds a quad (the same
// vertices, winding and one normal for the quad), its vertices from
// number v and its indices from place i of m, the normal from the cross
// product of the diagonals: one cross product and one square root
// instead of three, which matters because quads are most of the terrain;
// for a planar quad it is the same normal.
func stripQuad(m *mesh.Mesh, v, i int, a, b, c, d *vecT) {
	p, n := m.Positions[v:v+4:v+4], m.Normals[v:v+4:v+4]
	p[0] = *a
	p[1] = *b
	p[2] = *c
	p[3] = *d
	nv := vec.At(d).Minus(vec.At(a)).Cross(vec.At(b).Minus(vec.At(c))).Normalized()
	setNormals(n, nv)
	idx, base := m.Indices[i:i+6:i+6], uint16(v)
	idx[0], idx[1], idx[2], idx[3], idx[4], idx[5] = base, base+2, base+1, base+1, base+2, base+3
}
