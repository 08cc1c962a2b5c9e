package project

import (
	"slices"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// staticVertex is what a packed opaque vertex needs besides its position
// and the view: the attributes the pack writes (the light is computed per
// fragment, so they do not depend on it). Computing them once per mesh
// leaves the per-frame loop a projection and a copy, reading two arrays
// instead of four (28 bytes a vertex: about 28 MB for an 80×60 map).
type staticVertex struct {
	srcX, srcY float32
	r, g, b, a float32
	custom3    float32
}

// staticKey is what a mesh's static vertices were computed for.
type staticKey struct {
	p   pack
	def [4]float32
	ok  bool
}

// statics returns the static vertices, in b.source's numbering, of m
// packed for p with default colour def. They are kept in w (filled by
// ChunkMeshes.Set) until the mesh changes, or else computed into the
// builder's scratch.
func (b *Builder) statics(m *mesh.Mesh, w *welded, p pack, def [4]float32) []staticVertex {
	key := staticKey{p: p, def: def, ok: true}
	if w == nil || len(w.indices) == 0 {
		b.static = b.fillStatic(b.static, m, p, def)
		return b.static
	}
	if w.key != key {
		w.static = b.fillStatic(w.static, m, p, def)
		w.key = key
	}
	return w.static
}

// fillStatic computes the static vertices: directly where the mesh has
// all the attributes its pack reads, else with the general packer
// (TestFastPackersMatchGeneral holds the two to the same values).
func (b *Builder) fillStatic(dst []staticVertex, m *mesh.Mesh, p pack, def [4]float32) []staticVertex {
	dst = slices.Grow(dst[:0], len(b.source))
	n := len(m.Positions)
	for _, i := range b.source {
		var s staticVertex
		nm := &m.Normals[i]
		switch {
		case p == packTerrain && len(m.Weights) == n && len(m.Terrain) == n:
			t, w := &m.Terrain[i], &m.Weights[i]
			s = staticVertex{srcX: t[0]*25 + t[1]*5 + t[2], srcY: nm[0], r: w[0], g: w[1], b: w[2], a: nm[2], custom3: upward(nm)}
		case p == packLit && len(m.Colors) == n:
			c := &m.Colors[i]
			s = staticVertex{srcX: nm[0], srcY: nm[2], r: c[0], g: c[1], b: c[2], a: nm[1], custom3: 1}
		case p == packLit && len(m.Colors) == 0:
			s = staticVertex{srcX: nm[0], srcY: nm[2], r: def[0], g: def[1], b: def[2], a: nm[1], custom3: 1}
		default:
			a := gather(m, int(i), def)
			v := b.vertex(&a, 0, 0, 1, p, 0)
			s = staticVertex{srcX: v.SrcX, srcY: v.SrcY, r: v.ColorR, g: v.ColorG, b: v.ColorB, a: v.ColorA, custom3: v.Custom3}
		}
		dst = append(dst, s)
	}
	return dst
}

// packStatic appends the vertices of st (at positions pos, numbered by
// b.source) marked in marks (all where marks is nil), projected for the
// view, to out, and replaces each mark with the vertex's index in out.
// out has room for them. fx, for buildings, holds each vertex's facade
// attributes (facade.go); it is nil for every other mesh. This is the
// hot loop of every build.
func (b *Builder) packStatic(pos []vec3.T, st []staticVertex, fx []facadeExtra, marks []uint16, out []Vertex) []Vertex {
	rows, source := b.opt.View.screenRows(), b.source[:len(st)]
	k := len(out)
	all := out[:cap(out)]
	for j := range st {
		if marks != nil {
			if marks[j] == 0 {
				continue
			}
			marks[j] = uint16(k)
		}
		s, v := &st[j], &all[k]
		k++
		p := &pos[source[j]]
		// The same sums as project's, so classified and packed positions agree.
		iw := 1 / (rows.w[0]*p[0] + rows.w[1]*p[1] + rows.w[2]*p[2] + rows.w[3])
		v.DstX = ((rows.x[0]*p[0]+rows.x[1]*p[1]+rows.x[2]*p[2]+rows.x[3])*iw + 1) * rows.hw
		v.DstY = (1 - (rows.y[0]*p[0]+rows.y[1]*p[1]+rows.y[2]*p[2]+rows.y[3])*iw) * rows.hh
		v.SrcX, v.SrcY = s.srcX, s.srcY
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = s.r, s.g, s.b, s.a
		v.Custom0, v.Custom1, v.Custom2, v.Custom3 = iw, p[0]*iw, p[2]*iw, s.custom3
		if fx != nil {
			f := &fx[j]
			v.SrcX, v.SrcY, v.ColorA = f.u*iw, f.v*iw, f.a
			v.Custom1, v.Custom2 = f.top, f.code
		}
	}
	return all[:k]
}
