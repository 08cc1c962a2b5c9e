package project

import (
	"cmp"
	"slices"

	"hexsandbox/mesh"
)

// addOpaque adds m's visible triangles to dst, sharing vertices between
// triangles through a remap table (flat mode gives each its own).
func (b *Builder) addOpaque(m *mesh.Mesh, dst *Batches, p pack, cull bool, def [4]float32) {
	n := len(m.Positions)
	b.remap = slices.Grow(b.remap[:0], n)[:n]
	reset := func() {
		for i := range b.remap {
			b.remap[i] = -1
		}
	}
	reset()
	idx := m.Indices
	for t := 0; t+2 < len(idx); t += 3 {
		i0, i1, i2 := int(idx[t]), int(idx[t+1]), int(idx[t+2])
		draw, clip := b.triState(i0, i1, i2, cull)
		if !draw {
			continue
		}
		if clip || b.Flat {
			b.addSoup(m, [3]int{i0, i1, i2}, dst, p, def, clip)
			continue
		}
		batch, fresh := dst.room(3)
		if fresh {
			reset()
		}
		for _, i := range [3]int{i0, i1, i2} {
			r := b.remap[i]
			if r < 0 {
				r = int32(len(batch.Vertices))
				b.remap[i] = r
				batch.Vertices = append(batch.Vertices, Vertex{})
				b.packIndexed(&batch.Vertices[r], m, i, p, &def)
			}
			batch.Indices = append(batch.Indices, uint16(r))
		}
	}
}

// packIndexed is vertex for an unclipped mesh vertex, reading only the
// attributes its pack needs: the hot path of every opaque build.
func (b *Builder) packIndexed(v *Vertex, m *mesh.Mesh, i int, p pack, def *[4]float32) {
	q := &b.proj[i]
	iw := 1 / q.w
	pos := &m.Positions[i]
	n, l := &m.Normals[i], &b.Light
	v.DstX, v.DstY = q.sx, q.sy
	v.Custom0, v.Custom1, v.Custom2 = iw, pos[0]*iw, pos[2]*iw
	v.Custom3 = l.Ambient + l.Diffuse*max(n[0]*l.Dir[0]+n[1]*l.Dir[1]+n[2]*l.Dir[2], 0)
	v.ColorA = 1
	switch {
	case p == packTerrain && i < len(m.Weights) && i < len(m.Terrain):
		w, t := &m.Weights[i], &m.Terrain[i]
		v.SrcX = t[0]*25 + t[1]*5 + t[2]
		v.ColorR, v.ColorG, v.ColorB = w[0], w[1], w[2]
	case p == packTerrain:
		v.ColorR = 1
	case i < len(m.Colors):
		c := &m.Colors[i]
		v.ColorR, v.ColorG, v.ColorB = c[0], c[1], c[2]
	default:
		v.ColorR, v.ColorG, v.ColorB = def[0], def[1], def[2]
	}
}

// addSoup adds one triangle with vertices of its own, clipped against the
// near plane when clip is set.
func (b *Builder) addSoup(m *mesh.Mesh, tri [3]int, dst *Batches, p pack, def [4]float32, clip bool) {
	if b.Flat {
		def = b.nextFlat()
	}
	var poly [4]Vertex
	n := b.polygon(m, tri, p, 0, def, clip, &poly)
	for k := 1; k+1 < n; k++ {
		batch, fresh := dst.room(3)
		if fresh {
			for i := range b.remap {
				b.remap[i] = -1
			}
		}
		base := uint16(len(batch.Vertices))
		batch.Vertices = append(batch.Vertices, poly[0], poly[k], poly[k+1])
		batch.Indices = append(batch.Indices, base, base+1, base+2)
	}
}

// polygon packs a triangle, clipped to the near plane if asked, into out
// and returns its vertex count (0, 3 or 4).
func (b *Builder) polygon(m *mesh.Mesh, tri [3]int, p pack, kind Kind, def [4]float32, clip bool, out *[4]Vertex) int {
	var a [3]attrs
	for k, i := range tri {
		a[k] = gather(m, i, def)
		if b.Flat {
			a[k].color = def
		}
	}
	if !clip {
		for k, i := range tri {
			q := &b.proj[i]
			out[k] = b.vertex(&a[k], q.sx, q.sy, q.w, p, kind)
		}
		return 3
	}
	var clipped [4]attrs
	var cw [4]float32
	n := 0
	for k := range 3 {
		j := (k + 1) % 3
		wk, wj := b.proj[tri[k]].w, b.proj[tri[j]].w
		if wk >= NearClip {
			clipped[n], cw[n] = a[k], wk
			n++
		}
		if (wk >= NearClip) != (wj >= NearClip) {
			t := (NearClip - wk) / (wj - wk)
			clipped[n], cw[n] = lerpAttrs(&a[k], &a[j], t), NearClip
			n++
		}
	}
	for k := range n {
		x, y, w := b.View.Clip(clipped[k].pos)
		w = max(w, cw[k]*0.999999)
		sx, sy := b.View.Screen(x, y, w)
		out[k] = b.vertex(&clipped[k], sx, sy, w, p, kind)
	}
	return n
}

// addTranslucent collects m's visible triangles for sorting.
func (b *Builder) addTranslucent(m *mesh.Mesh, l mesh.Layer) {
	kind := KindOf(l)
	def := [4]float32{1, 1, 1, 1}
	idx := m.Indices
	for t := 0; t+2 < len(idx); t += 3 {
		tri := [3]int{int(idx[t]), int(idx[t+1]), int(idx[t+2])}
		draw, clip := b.triState(tri[0], tri[1], tri[2], false)
		if !draw {
			continue
		}
		if !clip && !b.Flat {
			b.tris = append(b.tris, sortTri{})
			st := &b.tris[len(b.tris)-1]
			for k, i := range tri {
				b.packTranslucent(&st.v[k], m, i, kind)
			}
			st.key = (b.proj[tri[0]].w + b.proj[tri[1]].w + b.proj[tri[2]].w) / 3
			continue
		}
		c := def
		if b.Flat {
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

// packTranslucent is vertex for an unclipped translucent mesh vertex.
func (b *Builder) packTranslucent(v *Vertex, m *mesh.Mesh, i int, kind Kind) {
	q := &b.proj[i]
	iw := 1 / q.w
	pos := &m.Positions[i]
	n, l := &m.Normals[i], &b.Light
	light := l.Ambient + l.Diffuse*max(n[0]*l.Dir[0]+n[1]*l.Dir[1]+n[2]*l.Dir[2], 0)
	v.DstX, v.DstY = q.sx, q.sy
	v.Custom0, v.Custom1, v.Custom2 = iw, pos[0]*iw, pos[2]*iw
	v.Custom3 = float32(kind) + min(light, 1.9)*0.5
	if i < len(m.UV) {
		v.SrcX, v.SrcY = m.UV[i][0]*iw, m.UV[i][1]*iw
	}
	if i < len(m.UV2) {
		v.ColorR, v.ColorG = m.UV2[i][0]*iw, m.UV2[i][1]*iw
	}
	v.ColorA = 1
}

// emitTranslucent writes the collected triangles back to front.
func (b *Builder) emitTranslucent() {
	b.order = b.order[:0]
	for i := range b.tris {
		b.order = append(b.order, int32(i))
	}
	slices.SortStableFunc(b.order, func(x, y int32) int { return cmp.Compare(b.tris[y].key, b.tris[x].key) })
	for _, i := range b.order {
		batch, _ := b.Translucent.room(3)
		base := uint16(len(batch.Vertices))
		batch.Vertices = append(batch.Vertices, b.tris[i].v[:]...)
		batch.Indices = append(batch.Indices, base, base+1, base+2)
	}
}
