package features

import (
	"math"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/mesh"
)

// placement maps a model's local space into the world the way a Unity
// transform with a Y rotation, a Z scale and a position does: scale Z,
// rotate about Y, then translate.
type placement struct {
	pos      vec3.T
	cos, sin float32
	scaleZ   float32
}

// yawPlacement rotates by degrees about Y as Quaternion.Euler(0, deg, 0),
// clockwise seen from above.
func yawPlacement(pos vec3.T, degrees float32) placement {
	s, c := math.Sincos(float64(degrees) * math.Pi / 180)
	return placement{pos: pos, cos: float32(c), sin: float32(s), scaleZ: 1}
}

// facingPlacement turns local +X (right) or +Z (forward) towards dir in XZ.
func facingPlacement(pos, dir vec3.T, forward bool) placement {
	l := float32(math.Hypot(float64(dir[0]), float64(dir[2])))
	if l == 0 {
		return placement{pos: pos, cos: 1, scaleZ: 1}
	}
	x, z := dir[0]/l, dir[2]/l
	if forward {
		// Local +Z maps to (sin, cos).
		return placement{pos: pos, cos: z, sin: x, scaleZ: 1}
	}
	// Local +X maps to (cos, -sin).
	return placement{pos: pos, cos: x, sin: -z, scaleZ: 1}
}

func (t placement) apply(p vec3.T) vec3.T {
	z := p[2] * t.scaleZ
	return vec3.T{
		p[0]*t.cos + z*t.sin + t.pos[0],
		p[1] + t.pos[1],
		-p[0]*t.sin + z*t.cos + t.pos[2],
	}
}

// room reports whether n more vertices keep m addressable by uint16
// indices; models that do not fit are left out rather than overflow.
func room(m *mesh.Mesh, n int) bool { return len(m.Positions)+n <= mesh.MaxVertices }

// Vertices a shape adds, for room checks.
const (
	boxVertices     = 5 * 4 // no bottom face: features stand on the ground
	pyramidVertices = 4 * 3
	octaVertices    = 8 * 3
)

// boxFaces lists the five visible faces of a box as corner indices
// (bit 0 = +X, bit 1 = +Y, bit 2 = +Z) in AddQuad order, each wound so
// that its normal points out of the box.
var boxFaces = [5][4]int{
	{2, 3, 6, 7}, // +Y
	{1, 5, 3, 7}, // +X
	{0, 2, 4, 6}, // -X
	{4, 6, 5, 7}, // +Z
	{0, 1, 2, 3}, // -Z
}

// Face masks for boxes: which of boxFaces to build.
const (
	topFace   uint8 = 1
	sideFaces uint8 = 0b11110
	allFaces        = topFace | sideFaces
)

// addBox adds a box of size standing on base (the middle of its bottom
// face), in model space, with flat normals: the faces in mask, the top in
// colour top and the sides in colour side.
func addBox(m *mesh.Mesh, t placement, base, size vec3.T, mask uint8, top, side vec4.T) {
	if !room(m, boxVertices) {
		return
	}
	var c [8]vec3.T
	for i := range c {
		p := base
		p[0] += size[0] * (float32(i&1) - 0.5)
		p[1] += size[1] * float32(i>>1&1)
		p[2] += size[2] * (float32(i>>2&1) - 0.5)
		c[i] = t.apply(p)
	}
	for k, f := range boxFaces {
		if mask&(1<<k) == 0 {
			continue
		}
		m.AddQuad(c[f[0]], c[f[1]], c[f[2]], c[f[3]])
		if k == 0 {
			m.AddQuadColor(top)
		} else {
			m.AddQuadColor(side)
		}
	}
}

// addPyramid adds a four-sided pyramid whose square base of width w lies
// at base and whose apex is h above it (h < 0 points it down).
func addPyramid(m *mesh.Mesh, t placement, base vec3.T, w, h float32, col vec4.T) {
	if !room(m, pyramidVertices) {
		return
	}
	apex := t.apply(vec3.T{base[0], base[1] + h, base[2]})
	ring := squareRing(t, base, w)
	for k := range 4 {
		a, b := ring[k], ring[(k+1)%4]
		if h < 0 {
			a, b = b, a
		}
		m.AddTriangle(a, b, apex)
		m.AddTriangleColor(col)
	}
}

// addOctahedron adds a double pyramid: a ring of width w at base, one
// apex up by up and one down by down.
func addOctahedron(m *mesh.Mesh, t placement, base vec3.T, w, up, down float32, col vec4.T) {
	if !room(m, octaVertices) {
		return
	}
	addPyramid(m, t, base, w, up, col)
	addPyramid(m, t, base, w, -down, col)
}

// squareRing returns the four corners of a square of width w around
// centre, counter-clockwise seen from above, so that triangles (a, b,
// apex-above) face outwards with Catlike's winding.
func squareRing(t placement, centre vec3.T, w float32) [4]vec3.T {
	h := w / 2
	return [4]vec3.T{
		t.apply(vec3.T{centre[0] - h, centre[1], centre[2] - h}),
		t.apply(vec3.T{centre[0] - h, centre[1], centre[2] + h}),
		t.apply(vec3.T{centre[0] + h, centre[1], centre[2] + h}),
		t.apply(vec3.T{centre[0] + h, centre[1], centre[2] - h}),
	}
}
