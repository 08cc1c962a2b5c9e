package buildings

import (
	"math"
	"slices"

	"github.com/ungerik/go3d/vec2"
	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// Heights of the details, above the ground.
const (
	paveTop    = 0.04 // the paved strips stand this proud of the terrain
	kerbBottom = -0.15
	boxHeight  = 0.35 // a rooftop box
	chimneyTop = 0.3  // above the ridge
)

// emitter appends facade-attributed geometry to one mesh.
type emitter struct {
	m *mesh.Mesh
}

// mark is a mesh's length, to roll back to.
type mark struct{ v, i int }

func (e *emitter) mark() mark { return mark{len(e.m.Positions), len(e.m.Indices)} }

func (e *emitter) rollback(k mark) {
	m := e.m
	m.Positions, m.Normals, m.Colors = m.Positions[:k.v], m.Normals[:k.v], m.Colors[:k.v]
	m.UV, m.UV2, m.Indices = m.UV[:k.v], m.UV2[:k.v], m.Indices[:k.i]
}

func (e *emitter) triangles(since mark) int { return (len(e.m.Indices) - since.i) / 3 }

// reserve lengthens the vertex slices by n (growing them as needed) for
// the caller to write the new vertices in place, or, with n = 0, only
// makes sure of room for later appends.
func (e *emitter) reserve(n int) {
	m := e.m
	v := len(m.Positions)
	if v+n > cap(m.Positions) || v+n > cap(m.Normals) || v+n > cap(m.Colors) || v+n > cap(m.UV) || v+n > cap(m.UV2) {
		grow := max(n, 256)
		m.Positions = slices.Grow(m.Positions, grow)
		m.Normals = slices.Grow(m.Normals, grow)
		m.Colors = slices.Grow(m.Colors, grow)
		m.UV = slices.Grow(m.UV, grow)
		m.UV2 = slices.Grow(m.UV2, grow)
	}
	m.Positions, m.Normals, m.Colors = m.Positions[:v+n], m.Normals[:v+n], m.Colors[:v+n]
	m.UV, m.UV2 = m.UV[:v+n], m.UV2[:v+n]
}

func (e *emitter) vert(p, n vec3.T, uv, uv2 vec2.T, c vec4.T) uint16 {
	m := e.m
	i := uint16(len(m.Positions))
	m.Positions = append(m.Positions, p)
	m.Normals = append(m.Normals, n)
	m.Colors = append(m.Colors, c)
	m.UV = append(m.UV, uv)
	m.UV2 = append(m.UV2, uv2)
	return i
}

func (e *emitter) tri(a, b, c uint16) { e.m.Indices = append(e.m.Indices, a, b, c) }

// face is one flat surface's shared attributes.
type face struct {
	uv2 vec2.T
	col vec4.T
}

// wall adds the vertical quad over ground edge a→b (perturbed world XZ)
// from height y0 to y1 above ground level gy, its front outwards (to the
// right of a→b), with u running 0..bays.
func (e *emitter) wall(a, b [2]float32, gy, y0, y1 float32, bays float32, f face) {
	e.wallOf(a, b, edgeLength(a, b), gy, y0, y1, bays, f)
}

// wallOf is wall for an edge whose length l the caller knows.
func (e *emitter) wallOf(a, b [2]float32, l, gy, y0, y1 float32, bays float32, f face) {
	// The hottest emitter: the four vertices are written in place.
	m := e.m
	v := len(m.Positions)
	e.reserve(4)
	n := vec3.T{0, 0, 1}
	if l > 0 {
		n = vec3.T{(b[1] - a[1]) / l, 0, -(b[0] - a[0]) / l}
	}
	pos := m.Positions[v : v+4 : v+4]
	pos[0], pos[1] = vec3.T{a[0], gy + y0, a[1]}, vec3.T{b[0], gy + y0, b[1]}
	pos[2], pos[3] = vec3.T{a[0], gy + y1, a[1]}, vec3.T{b[0], gy + y1, b[1]}
	nor := m.Normals[v : v+4 : v+4]
	nor[0], nor[1], nor[2], nor[3] = n, n, n, n
	col := m.Colors[v : v+4 : v+4]
	col[0], col[1], col[2], col[3] = f.col, f.col, f.col, f.col
	uv := m.UV[v : v+4 : v+4]
	uv[0], uv[1], uv[2], uv[3] = vec2.T{0, y0}, vec2.T{bays, y0}, vec2.T{0, y1}, vec2.T{bays, y1}
	uv2 := m.UV2[v : v+4 : v+4]
	uv2[0], uv2[1], uv2[2], uv2[3] = f.uv2, f.uv2, f.uv2, f.uv2
	i := uint16(v)
	m.Indices = append(m.Indices, i, i+2, i+1, i+1, i+2, i+3)
}

// gable adds the triangle over edge a→b at height y up to apex (world).
func (e *emitter) gable(a, b [2]float32, gy, y float32, apex vec3.T, bays float32, f face) {
	n := wallNormal(a, b)
	i := e.vert(vec3.T{a[0], gy + y, a[1]}, n, vec2.T{0, y}, f.uv2, f.col)
	j := e.vert(vec3.T{b[0], gy + y, b[1]}, n, vec2.T{bays, y}, f.uv2, f.col)
	k := e.vert(apex, n, vec2.T{bays / 2, apex[1] - gy}, f.uv2, f.col)
	e.tri(i, k, j)
}

// flat adds counter-clockwise polygon p (perturbed world XZ) as an
// upward face at height y, triangulated by tris (index triples into p).
func (e *emitter) flat(p [][2]float32, tris []int, y float32, f face) {
	up := vec3.T{0, 1, 0}
	base := uint16(len(e.m.Positions))
	for _, q := range p {
		e.vert(vec3.T{q[0], y, q[1]}, up, vec2.T{q[0], q[1]}, f.uv2, f.col)
	}
	for k := 0; k+2 < len(tris); k += 3 {
		e.tri(base+uint16(tris[k]), base+uint16(tris[k+2]), base+uint16(tris[k+1]))
	}
}

// slope adds a roof face: the convex polygon p (world, counter-clockwise
// seen from above) whose first edge is its eave, with u along the eave
// and v up the slope.
func (e *emitter) slope(p []vec3.T, f face) {
	n := newell(p)
	a := p[0]
	eave, ok := pt{float64(p[1][0] - a[0]), float64(p[1][2] - a[2])}.unit()
	if !ok {
		return
	}
	base := uint16(len(e.m.Positions))
	for _, q := range p {
		d := pt{float64(q[0] - a[0]), float64(q[2] - a[2])}
		along := d.dot(eave)
		run := d.sub(eave.scale(along)).length()
		rise := float64(q[1] - a[1])
		e.vert(q, n, vec2.T{float32(along), float32(math.Hypot(run, rise))}, f.uv2, f.col)
	}
	for k := 1; k+1 < len(p); k++ {
		e.tri(base, base+uint16(k+1), base+uint16(k))
	}
}

// box adds a box's four walls and top: centre c (world XZ), half-size h,
// from height y0 to y1 above ground level gy.
func (e *emitter) box(c [2]float32, h float32, gy, y0, y1 float32, f face) {
	q := [4][2]float32{{c[0] - h, c[1] - h}, {c[0] + h, c[1] - h}, {c[0] + h, c[1] + h}, {c[0] - h, c[1] + h}}
	for k := range 4 {
		e.wall(q[k], q[(k+1)%4], gy, y0, y1, 1, f)
	}
	e.flat(q[:], []int{0, 1, 2, 0, 2, 3}, gy+y1, f)
}

// wallNormal is the outward normal of a wall over a→b.
func wallNormal(a, b [2]float32) vec3.T {
	l := edgeLength(a, b)
	if l == 0 {
		return vec3.T{0, 0, 1}
	}
	return vec3.T{(b[1] - a[1]) / l, 0, -(b[0] - a[0]) / l}
}

// edgeLength is the distance from a to b on the ground.
func edgeLength(a, b [2]float32) float32 {
	dx, dz := b[0]-a[0], b[1]-a[1]
	return float32(math.Sqrt(float64(dx*dx + dz*dz)))
}

// newell is the unit normal of polygon p facing the side from which it
// runs clockwise (mesh's front side).
func newell(p []vec3.T) vec3.T {
	var n vec.XYZ
	for i, a := range p {
		b := p[(i+1)%len(p)]
		n.X += (a[1] - b[1]) * (a[2] + b[2])
		n.Y += (a[2] - b[2]) * (a[0] + b[0])
		n.Z += (a[0] - b[0]) * (a[1] + b[1])
	}
	// Newell's sum faces the counter-clockwise side; mesh's front is the
	// clockwise one.
	return vec.XYZ{X: -n.X, Y: -n.Y, Z: -n.Z}.Normalized().V()
}

// bays is the whole number of bays a wall of length l is divided into.
func bays(l float32) float32 { return float32(max(1, math.Round(float64(l)/BayWidth))) }
