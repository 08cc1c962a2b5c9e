package project

import (
	"math"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// Kind tells the translucent shader which layer a triangle belongs to.
type Kind int

// The translucent kinds; KindFlat draws the vertex colour (test mode).
const (
	KindFlat Kind = iota
	KindRiver
	KindRoad
	KindWater
	KindShore
	KindEstuary
)

// KindOf maps a translucent layer to its shader kind.
func KindOf(l mesh.Layer) Kind {
	switch l {
	case mesh.Rivers:
		return KindRiver
	case mesh.Roads:
		return KindRoad
	case mesh.Water:
		return KindWater
	case mesh.WaterShore:
		return KindShore
	case mesh.Estuaries:
		return KindEstuary
	}
	return KindFlat
}

// DepthBias is how much nearer than its true distance a translucent
// fragment of kind k at distance w counts in the depth test. Roads lie on
// the terrain and rivers meet their banks, so they need a little help;
// shaders/common.kage mirrors this function.
func DepthBias(k Kind, w float32) float32 {
	switch k {
	case KindRoad:
		return 0.05 + 0.002*w
	case KindRiver, KindEstuary:
		return 0.02 + 0.0005*w
	}
	return 0
}

// attrs is one vertex's mesh attributes, gathered for packing and
// interpolated when clipping.
type attrs struct {
	pos, normal vec3.T
	color       [4]float32
	uv, uv2     [2]float32
	weights     vec3.T
	types       float32
}

// gather reads vertex i of m; def is the colour when m has none.
func gather(m *mesh.Mesh, i int, def [4]float32) attrs {
	a := attrs{pos: m.Positions[i], normal: m.Normals[i], color: def}
	if i < len(m.Colors) {
		a.color = m.Colors[i]
	}
	if i < len(m.UV) {
		a.uv = m.UV[i]
	}
	if i < len(m.UV2) {
		a.uv2 = m.UV2[i]
	}
	if i < len(m.Weights) {
		a.weights = m.Weights[i]
		t := m.Terrain[i]
		a.types = t[0]*25 + t[1]*5 + t[2]
	} else {
		a.weights = vec3.T{1, 0, 0}
	}
	return a
}

// lerpAttrs interpolates two vertices' attributes (near-plane clipping;
// the terrain types are per triangle and need no interpolation).
func lerpAttrs(a, b *attrs, t float32) attrs {
	l := func(x, y float32) float32 { return x + (y-x)*t }
	r := *a
	for k := range 3 {
		r.pos[k] = l(a.pos[k], b.pos[k])
		r.normal[k] = l(a.normal[k], b.normal[k])
		r.weights[k] = l(a.weights[k], b.weights[k])
	}
	for k := range 4 {
		r.color[k] = l(a.color[k], b.color[k])
	}
	for k := range 2 {
		r.uv[k] = l(a.uv[k], b.uv[k])
		r.uv2[k] = l(a.uv2[k], b.uv2[k])
	}
	return r
}

// pack is how one layer's attributes become a Vertex.
type pack int

const (
	packTerrain pack = iota
	packLit
	packTranslucent
	packFlat   // flat colour (test mode), opaque
	packFacade // buildings (facade.go)
)

// vertex packs a at screen (sx, sy) and view distance w. The light is
// computed per fragment, so every pack but the flat one carries the
// normal (see Vertex for where).
func (b *Builder) vertex(a *attrs, sx, sy, w float32, p pack, kind Kind) Vertex {
	iw := 1 / w
	v := Vertex{DstX: sx, DstY: sy, Custom0: iw, Custom1: a.pos[0] * iw, Custom2: a.pos[2] * iw}
	n := &a.normal
	switch p {
	case packTerrain:
		v.SrcX, v.SrcY = a.types, n[0]
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = a.weights[0], a.weights[1], a.weights[2], n[2]
		v.Custom3 = upward(n)
	case packLit:
		v.SrcX, v.SrcY = n[0], n[2]
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = a.color[0], a.color[1], a.color[2], n[1]
		v.Custom3 = 1
	case packFlat:
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = a.color[0], a.color[1], a.color[2], 1
		v.Custom3 = 1
	case packFacade:
		v.SrcX, v.SrcY = a.uv[0]*iw, a.uv[1]*iw
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = a.color[0], a.color[1], a.color[2], a.color[3]
		v.Custom1, v.Custom2, v.Custom3 = a.uv2[0], a.uv2[1], packNormal(n)
	case packTranslucent:
		v.Custom3 = float32(kind) + kindFraction
		if b.opt.Flat {
			v.ColorR, v.ColorG, v.ColorB, v.ColorA = a.color[0], a.color[1], a.color[2], 1
			break
		}
		v.SrcX, v.SrcY = a.uv[0]*iw, a.uv[1]*iw
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = a.uv2[0]*iw, a.uv2[1]*iw, n[0], n[2]
	}
	return v
}

// packNormal puts unit normal n into one float, for the facade pack,
// whose other attributes are all taken: its octahedral projection
// (the upper half of the octahedron folded out to the square for faces
// that look down), each coordinate in 8 bits, x·256 + z. The shader's
// unpackNormal undoes it; a triangle's three vertices share the value, so
// interpolation keeps it whole.
func packNormal(n *vec3.T) float32 {
	s := float32(math.Abs(float64(n[0])) + math.Abs(float64(n[1])) + math.Abs(float64(n[2])))
	if s == 0 {
		return packOct(0, 0)
	}
	x, z := n[0]/s, n[2]/s
	if n[1] < 0 {
		x, z = (1-abs32(z))*sign32(x), (1-abs32(x))*sign32(z)
	}
	return packOct(x, z)
}

func packOct(x, z float32) float32 {
	q := func(e float32) float32 { return float32(math.Round(float64((e + 1) / 2 * 255))) }
	return q(x)*256 + q(z)
}

func abs32(v float32) float32 { return float32(math.Abs(float64(v))) }

func sign32(v float32) float32 {
	if v < 0 {
		return -1
	}
	return 1
}

// kindFraction is added to a translucent vertex's kind so that the
// interpolated value floors to the kind in the shader.
const kindFraction = 0.25

// upward is +1 for a normal whose y is not negative, -1 otherwise: the
// terrain pack carries a normal's x and z and this sign, and the shader
// recovers y as sign · sqrt(1 - x² - z²).
func upward(n *vec3.T) float32 {
	if n[1] < 0 {
		return -1
	}
	return 1
}
