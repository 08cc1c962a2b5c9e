package project

import (
	"math"
	"slices"
	"unsafe"

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
	// coarse is each mesh vertex's class of the vertices the same but for
	// their splat types, for reweld (empty for meshes without them).
	coarse  []uint16
	classes int
	lo, hi  vec3.T // the box around the vertices, from classify
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
// when every attribute is bit for bit the same. It first sorts the
// vertices into classes the same but for their splat types (Terrain),
// then tells apart the vertices of each class by them; a mesh with splat
// types keeps its classes, so that after a change of splat types alone
// (a retint) reweld only does the second step again.
func (w *welded) weld(m *mesh.Mesh) {
	w.classify(m)
	switch n := len(m.Positions); {
	case len(m.Terrain) == 0: // the classes are the vertices
		w.renumber(m, w.coarse)
		w.coarse = nil // nothing to keep
	case len(m.Terrain) == n:
		if keys := terrainBits(m); w.sameSplit(keys) {
			w.renumber(m, w.coarse)
		} else {
			w.renumber(m, splitBy(w, keys))
		}
	default:
		w.renumber(m, splitBy(w, someTerrain(m)))
	}
}

// keepAll fills w from m with every vertex as its own, as weld would
// for a mesh without two vertices the same, without looking for any:
// for the features layer, whose prefabs give each face vertices of its
// own (on the showcase weld finds none of its 411,184 vertices the same,
// and spent a quarter of all welding time finding that out).
func (w *welded) keepAll(m *mesh.Mesh) {
	n := len(m.Positions)
	w.source = slices.Grow(w.source[:0], n)[:n]
	for i := range w.source {
		w.source[i] = uint16(i)
	}
	w.coarse, w.classes = nil, n
	w.lo, w.hi, _ = m.Bounds()
	w.renumber(m, w.source)
}

// reweld is weld for m after only its splat types changed since w was
// welded from it.
func (w *welded) reweld(m *mesh.Mesh) {
	switch n := len(m.Positions); {
	case len(w.coarse) != n || len(m.Terrain) == 0:
		w.weld(m)
	case len(m.Terrain) == n:
		if keys := terrainBits(m); !w.sameSplit(keys) {
			w.renumber(m, splitBy(w, keys))
		}
	default:
		w.renumber(m, splitBy(w, someTerrain(m)))
	}
	w.key, w.steepOK = staticKey{}, false // the packed splat types changed
}

// sameSplit reports whether w.source holds the distinct vertices of
// w.coarse's classes told apart by splat types keys, one per class (the
// classes and the distinct vertices numbering alike), as in Catlike's
// terrain (always, on the showcase): when w.source is one vertex per
// class, and every vertex has its class's first vertex's types. It is
// much quicker than splitting.
func (w *welded) sameSplit(keys [][3]uint32) bool {
	if w.classes != len(w.source) {
		return false
	}
	for i, k := range w.coarse {
		if keys[i] != keys[w.source[k]] {
			return false
		}
	}
	return true
}

// classify sets w.coarse to each vertex's class of vertices the same but
// for their splat types, numbered in the order of their first vertex,
// w.classes to their number and w.source to their first vertices (the
// distinct vertices, if the splat types split no class).
func (w *welded) classify(m *mesh.Mesh) {
	n := len(m.Positions)
	if n < 1<<16 && len(m.Colors) == 0 && len(m.UV) == 0 && len(m.UV2) == 0 && (len(m.Weights) == 0 || len(m.Weights) == n) {
		w.classifyPlain(m)
	} else {
		w.classifyAny(m)
	}
}

// classifyAny is classify for any mesh.
func (w *welded) classifyAny(m *mesh.Mesh) {
	n := len(m.Positions)
	size := slotsFor(n)
	// Open addressing: a slot holds a class's number + 1, 0 is empty;
	// first is each class's first vertex.
	table := make([]int32, size)
	first := slices.Grow(w.source[:0], n)
	w.coarse = slices.Grow(w.coarse[:0], n)[:n]
	for i := range n {
		h := vertexHash(m, i) & uint32(size-1)
		for {
			j := table[h]
			if j == 0 {
				table[h] = int32(len(first) + 1)
				w.coarse[i] = uint16(len(first))
				first = append(first, uint16(i))
				w.extend(&m.Positions[i], len(first) == 1)
				break
			}
			if sameButTerrain(m, int(first[j-1]), i) {
				w.coarse[i] = uint16(j - 1)
				break
			}
			h = (h + 1) & uint32(size-1)
		}
	}
	w.source, w.classes = first, len(first)
}

// classifyPlain is classify for a mesh whose only attributes besides
// positions and normals are splat weights (on every vertex or none) and
// types, as the terrain's, walls' and buildings' are, of at most 65,535
// vertices: the same classes in the same order, found with the hash and
// comparisons written out for those attributes, and a vertex compared
// only with classes whose slot holds the same 16 bits of its hash.
func (w *welded) classifyPlain(m *mesh.Mesh) {
	n := len(m.Positions)
	size := slotsFor(n)
	mask := uint32(size - 1)
	// A slot holds a class's number and above it the top 16 bits of its
	// vertices' hash, one of them set: 0 is empty.
	table := make([]uint32, size)
	first := slices.Grow(w.source[:0], n)
	w.coarse = slices.Grow(w.coarse[:0], n)[:n]
	pos, nor := bits3(m.Positions), m.Normals[:n]
	wts := bits3(m.Weights)
	b := math.Float32bits
	for i := range n {
		p, nm := &pos[i], &nor[i]
		h := p[0]*0x9e3779b1 + p[1]*0x85ebca77 + p[2]*0xc2b2ae3d +
			b(nm[0]+0)*0x27d4eb2f + b(nm[1]+0)*0x165667b1 + b(nm[2]+0)*0xd3a2646c
		if wts != nil {
			wt := &wts[i]
			h += wt[0]*0xfd7046c5 + wt[1]*0xb55a4f09 + wt[2]*0x8f1bbcdc
		}
		h ^= h >> 16
		h *= 0x85ebca6b
		h ^= h >> 13
		h *= 0xc2b2ae35
		h ^= h >> 16
		tag := (h | 1<<16) &^ 0xffff
		for slot := h & mask; ; slot = (slot + 1) & mask {
			e := table[slot]
			if e == 0 {
				table[slot] = tag | uint32(len(first))
				w.coarse[i] = uint16(len(first))
				first = append(first, uint16(i))
				w.extend(&m.Positions[i], len(first) == 1)
				break
			}
			if e&^0xffff == tag {
				if c := uint16(e); pos[first[c]] == *p && nor[first[c]] == *nm && (wts == nil || wts[first[c]] == wts[i]) {
					w.coarse[i] = c
					break
				}
			}
		}
	}
	w.source, w.classes = first, len(first)
}

// slotsFor is the size of an open-addressing table for n vertices: a
// power of two (slots are found by masking), at least twice n (probes
// stay short).
func slotsFor(n int) int {
	size := 1
	for size < 2*n {
		size <<= 1
	}
	return size
}

// bits3 are s's values bit for bit.
func bits3(s []vec3.T) [][3]uint32 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*[3]uint32)(unsafe.Pointer(&s[0])), len(s))
}

// extend grows the bounds by p (starts them, when first).
func (w *welded) extend(p *vec3.T, first bool) {
	if first {
		w.lo, w.hi = *p, *p
		return
	}
	for k := range 3 {
		if p[k] < w.lo[k] {
			w.lo[k] = p[k]
		}
		if p[k] > w.hi[k] {
			w.hi[k] = p[k]
		}
	}
}

// terrainBits are m's splat types, bit for bit (as sameAttr compares).
func terrainBits(m *mesh.Mesh) [][3]uint32 {
	return unsafe.Slice((*[3]uint32)(unsafe.Pointer(&m.Terrain[0])), len(m.Terrain))
}

// someTerrain are the splat types of a mesh where only some vertices
// have them, bit for bit, marked as there: those without only match
// each other.
func someTerrain(m *mesh.Mesh) [][4]uint32 {
	keys := make([][4]uint32, len(m.Positions))
	for i, t := range m.Terrain[:min(len(keys), len(m.Terrain))] {
		keys[i] = [4]uint32{math.Float32bits(t[0]), math.Float32bits(t[1]), math.Float32bits(t[2]), 1}
	}
	return keys
}

// splitBy numbers the distinct vertices, in the order of their first
// vertex, of w.coarse's classes told apart by keys, filling w.source, and
// returns each vertex's number.
func splitBy[K comparable](w *welded, keys []K) []uint16 {
	// last is each class's last distinct vertex + 1 (0: none yet), prev
	// each distinct vertex's predecessor in its class, likewise.
	last := make([]int32, w.classes)
	prev := make([]int32, 0, w.classes)
	ids := make([]uint16, len(w.coarse))
	w.source = slices.Grow(w.source[:0], w.classes)
	for i, k := range w.coarse {
		d := last[k]
		for d != 0 && keys[w.source[d-1]] != keys[i] {
			d = prev[d-1]
		}
		if d == 0 {
			prev = append(prev, last[k])
			w.source = append(w.source, uint16(i))
			d = int32(len(w.source))
			last[k] = d
		}
		ids[i] = uint16(d - 1)
	}
	return ids
}

// renumber sets w's triangles from m's in the distinct vertices' numbers
// ids; the view-independent data is to be computed again.
func (w *welded) renumber(m *mesh.Mesh, ids []uint16) {
	w.key, w.steepOK = staticKey{}, false
	w.indices = slices.Grow(w.indices[:0], len(m.Indices))
	for _, i := range m.Indices {
		w.indices = append(w.indices, ids[i])
	}
}

// bounds is m.Bounds() as classify found it, from the first vertex of
// each class (the others repeat their positions bit for bit), with the
// same comparisons, so the same box bit for bit: the box of a mesh drawn
// unwelded is the box of the same mesh welded.
func (w *welded) bounds() (lo, hi vec3.T, ok bool) {
	return w.lo, w.hi, len(w.source) > 0
}

// vertexHash mixes vertex i's position and normal bits (vertices where
// cells meet share a position, not often a normal too), and its splat
// weights where it has them (the corners of a cell's triangles share
// position and normal). A normal's zero component may have either sign
// (sameButTerrain takes them as equal), so the hash adds 0 to it.
func vertexHash(m *mesh.Mesh, i int) uint32 {
	b := math.Float32bits
	p, n := &m.Positions[i], &m.Normals[i]
	// Independent products (quick to compute), then mixed well.
	h := b(p[0])*0x9e3779b1 + b(p[1])*0x85ebca77 + b(p[2])*0xc2b2ae3d +
		b(n[0]+0)*0x27d4eb2f + b(n[1]+0)*0x165667b1 + b(n[2]+0)*0xd3a2646c
	if i < len(m.Weights) {
		w := &m.Weights[i]
		h += b(w[0])*0xfd7046c5 + b(w[1])*0xb55a4f09 + b(w[2])*0x8f1bbcdc
	}
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	return h ^ h>>16
}

// sameButTerrain reports whether vertices i and j agree bit for bit in
// every attribute but their splat types (Terrain), an attribute missing
// for one (a short slice) only matching one missing for the other.
// Normals only need to be equal: they only ever go into the lighting's
// dot product, where the sign of a zero component cannot change the
// result.
func sameButTerrain(m *mesh.Mesh, i, j int) bool {
	return m.Normals[i] == m.Normals[j] && sameAttr(m.Positions, i, j) && sameAttr(m.Colors, i, j) &&
		sameAttr(m.UV, i, j) && sameAttr(m.UV2, i, j) && sameAttr(m.Weights, i, j)
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
