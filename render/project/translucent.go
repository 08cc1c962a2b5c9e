package project

import (
	"math"
	"slices"

	"hexsandbox/mesh"
)

// addTranslucent collects the visible triangles idx of m (numbered by
// b.source) for sorting.
func (b *Builder) addTranslucent(m *mesh.Mesh, idx []uint16, l mesh.Layer) {
	kind := KindOf(l)
	def := [4]float32{1, 1, 1, 1}
	b.project(m)
	for t := 0; t+2 < len(idx); t += 3 {
		tri := [3]int{int(idx[t]), int(idx[t+1]), int(idx[t+2])}
		draw, clip := b.triState(tri[0], tri[1], tri[2], false)
		if !draw {
			continue
		}
		if !clip && !b.opt.Flat {
			b.tris = append(b.tris, sortTri{})
			st := &b.tris[len(b.tris)-1]
			for k, j := range tri {
				b.packTranslucent(&st.v[k], m, j, kind)
			}
			st.key = (b.proj[tri[0]].w + b.proj[tri[1]].w + b.proj[tri[2]].w) / 3
			continue
		}
		c := def
		if b.opt.Flat {
			c = b.nextFlat()
		}
		var poly [4]Vertex
		n := b.polygon(m, tri, packTranslucent, kind, c, clip, &poly)
		for k := 1; k+1 < n; k++ {
			key := (1/poly[0].Custom0 + 1/poly[k].Custom0 + 1/poly[k+1].Custom0) / 3
			b.tris = append(b.tris, sortTri{v: [3]Vertex{poly[0], poly[k], poly[k+1]}, key: key})
		}
	}
}

// packTranslucent is vertex for the unclipped translucent vertex j.
func (b *Builder) packTranslucent(v *Vertex, m *mesh.Mesh, j int, kind Kind) {
	q, i := &b.proj[j], int(b.source[j])
	iw := 1 / q.w
	pos := &m.Positions[i]
	n := &m.Normals[i]
	v.DstX, v.DstY = q.sx, q.sy
	v.Custom0, v.Custom1, v.Custom2 = iw, pos[0]*iw, pos[2]*iw
	v.Custom3 = float32(kind) + kindFraction
	if i < len(m.UV) {
		v.SrcX, v.SrcY = m.UV[i][0]*iw, m.UV[i][1]*iw
	}
	if i < len(m.UV2) {
		v.ColorR, v.ColorG = m.UV2[i][0]*iw, m.UV2[i][1]*iw
	}
	v.ColorB, v.ColorA = n[0], n[2]
}

// emitTranslucent writes the collected triangles back to front.
func (b *Builder) emitTranslucent() {
	// Sort keys: the distance's bits, inverted for far to near (w > 0,
	// so the bits order as the floats do), then the index, so that equal
	// distances keep their order as a stable sort would.
	b.order = b.order[:0]
	for i := range b.tris {
		b.order = append(b.order, uint64(^math.Float32bits(b.tris[i].key))<<32|uint64(i))
	}
	slices.Sort(b.order)
	for _, o := range b.order {
		batch, _ := b.out.Translucent.room(3)
		base := uint16(len(batch.Vertices))
		batch.Vertices = append(batch.Vertices, b.tris[uint32(o)].v[:]...)
		batch.Indices = append(batch.Indices, base, base+1, base+2)
	}
}
