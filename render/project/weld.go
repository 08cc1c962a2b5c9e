package project

import (
	"math"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// welded is a mesh's triangles over its distinct vertices. Catlike's
// meshes give each triangle vertices of its own, so flat stretches (cell
// centres, terrace steps) repeat the same vertex many times; drawing the
// welded triangles projects and packs each of them once per frame, and
// the batches hold exactly the same triangles and vertex values.
type welded struct {
	indices []uint16 // triangles, numbering the distinct vertices
	source  []uint16 // distinct vertex → its first mesh vertex, increasing
	// The distinct vertices' view-independent data, valid for key.
	static []staticVertex
	facade []facadeExtra // besides static, for buildings
	key    staticKey
	// The triangles that can face away from a sun whose direction has y
	// component steepSin (shadow casters) and their normals, valid when
	// steepOK.
	steep    []uint16
	steepN   []vec3.T
	steepSin float32
	steepOK  bool
}

// weld fills w from m, reusing w's storage: vertices count as the same
// when every attribute is bit for bit the same.
func (w *welded) weld(m *mesh.Mesh) {
	n := len(m.Positions)
	size := 1
	for size < 2*n {
		size <<= 1
	}
	// Open addressing: a slot holds a distinct vertex's number + 1, 0 is
	// empty.
	table := make([]int32, size)
	ids := make([]uint16, n)
	w.source = w.source[:0]
	for i := range n {
		h := vertexHash(m, i) & uint32(size-1)
		for {
			j := table[h]
			if j == 0 {
				table[h] = int32(len(w.source) + 1)
				ids[i] = uint16(len(w.source))
				w.source = append(w.source, uint16(i))
				break
			}
			if sameVertex(m, int(w.source[j-1]), i) {
				ids[i] = uint16(j - 1)
				break
			}
			h = (h + 1) & uint32(size-1)
		}
	}
	w.key, w.steepOK = staticKey{}, false
	w.indices = w.indices[:0]
	for _, i := range m.Indices {
		w.indices = append(w.indices, ids[i])
	}
}

// vertexHash mixes vertex i's position bits (enough to tell apart almost
// all vertices that differ).
func vertexHash(m *mesh.Mesh, i int) uint32 {
	h := uint32(2166136261)
	for _, v := range m.Positions[i] {
		h = (h ^ math.Float32bits(v)) * 16777619
		h ^= h >> 15
	}
	return h
}

// sameVertex reports whether vertices i and j agree bit for bit in every
// attribute, an attribute missing for one (a short slice) only matching
// one missing for the other. Normals only need to be equal: they only
// ever go into the lighting's dot product, where the sign of a zero
// component cannot change the result.
func sameVertex(m *mesh.Mesh, i, j int) bool {
	return m.Normals[i] == m.Normals[j] && sameAttr(m.Positions, i, j) && sameAttr(m.Colors, i, j) &&
		sameAttr(m.UV, i, j) && sameAttr(m.UV2, i, j) && sameAttr(m.Weights, i, j) && sameAttr(m.Terrain, i, j)
}

func sameAttr[T ~[2]float32 | ~[3]float32 | ~[4]float32](s []T, i, j int) bool {
	if i >= len(s) || j >= len(s) {
		return (i >= len(s)) == (j >= len(s))
	}
	a, b := s[i], s[j]
	for k := range len(a) {
		if math.Float32bits(a[k]) != math.Float32bits(b[k]) {
			return false
		}
	}
	return true
}
