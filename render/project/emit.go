package project

import (
	"slices"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// addFlat adds the visible triangles idx of m (numbered by b.source) to
// b.out.Lit, each with vertices of its own and a colour of its own: the flat
// test mode.
func (b *Builder) addFlat(m *mesh.Mesh, idx []uint16, cull bool, def [4]float32) {
	b.project(m)
	for t := 0; t+2 < len(idx); t += 3 {
		tri := [3]int{int(idx[t]), int(idx[t+1]), int(idx[t+2])}
		if draw, clip := b.triState(tri[0], tri[1], tri[2], cull); draw {
			b.addSoup(m, tri, &b.out.Lit, packFlat, def, clip)
		}
	}
}

// opaqueMesh is one opaque mesh to add: its triangles idx (numbered by
// b.source), its static vertices st, and how to pack and cull it.
type opaqueMesh struct {
	m      *mesh.Mesh
	idx    []uint16
	st     []staticVertex
	fx     []facadeExtra // buildings' facade attributes, else nil
	p      pack
	def    [4]float32
	cull   bool // drop back faces
	inside bool // wholly inside the view
}

// addOpaque adds o's visible triangles to dst. Unclipped triangles share
// their vertices: the triangles are classified first, marking the
// vertices they use, then each used vertex is packed once, in order, and
// the indices are remapped to the packed vertices. Clipped triangles get
// vertices of their own.
//
// A mesh wholly inside the view skips classifying: no triangle needs
// clipping, and the ones classify would drop for holding no pixel centre
// or no area make no fragment when drawn. In a far view they are cheaper
// to draw than to find. Its back faces, where culled, are found without
// projecting (classifyFacing).
func (b *Builder) addOpaque(o *opaqueMesh, dst *Batches) {
	if o.inside && !o.cull && len(o.st) <= MaxBatchVertices {
		batch, _ := dst.room(len(o.st))
		base := uint16(len(batch.Vertices))
		batch.Vertices = b.packStatic(o.m.Positions, o.st, o.fx, nil, slices.Grow(batch.Vertices, len(o.st)))
		out := growIndices(batch, len(o.idx))
		for k, i := range o.idx {
			out[k] = base + i
		}
		return
	}
	var used int
	if o.inside && o.cull {
		used = b.classifyFacing(o)
	} else {
		b.project(o.m)
		used = b.classify(o.idx, o.cull)
	}
	if used > MaxBatchVertices {
		// Only a mesh of 65536 vertices, all in view, gets here.
		b.project(o.m)
		for k := 0; k+2 < len(b.kept); k += 3 {
			b.addSoup(o.m, [3]int{int(b.kept[k]), int(b.kept[k+1]), int(b.kept[k+2])}, dst, o.p, o.def, false)
		}
	} else if used > 0 {
		batch, _ := dst.room(used)
		marks := b.remap[:len(o.st)]
		batch.Vertices = b.packStatic(o.m.Positions, o.st, o.fx, marks, slices.Grow(batch.Vertices, used))
		out := growIndices(batch, len(b.kept))
		for k, i := range b.kept {
			out[k] = marks[i]
		}
	}
	for _, t := range b.clipped {
		b.addSoup(o.m, [3]int{int(o.idx[t]), int(o.idx[t+1]), int(o.idx[t+2])}, dst, o.p, o.def, true)
	}
}

// growIndices lengthens batch's indices by n and returns the new part.
func growIndices(batch *Batch, n int) []uint16 {
	base := len(batch.Indices)
	batch.Indices = slices.Grow(batch.Indices, n)[:base+n]
	return batch.Indices[base:]
}

// classifyFacing is classify for a mesh wholly inside the view, whose
// triangles only need back-face culling: it keeps the triangles whose
// front the eye sees, tested in world space (the sign of the projected
// area, without projecting), so no vertex is projected twice.
func (b *Builder) classifyFacing(o *opaqueMesh) (used int) {
	pos, source, remap := o.m.Positions, b.source, b.remap
	clear(remap[:len(source)])
	kept := slices.Grow(b.kept[:0], len(o.idx))[:len(o.idx)]
	k := 0
	b.clipped = b.clipped[:0]
	e := b.opt.View.Eye
	for t := 0; t+2 < len(o.idx); t += 3 {
		tri := o.idx[t : t+3 : t+3]
		i0, i1, i2 := tri[0], tri[1], tri[2]
		a, c, d := &pos[source[i0]], &pos[source[i1]], &pos[source[i2]]
		if !facing(&e, a, c, d) {
			continue
		}
		out := kept[k : k+3 : k+3]
		out[0], out[1], out[2] = i0, i1, i2
		k += 3
		remap[i0], remap[i1], remap[i2] = 1, 1, 1
	}
	b.kept = kept[:k]
	for _, r := range remap[:len(source)] {
		used += int(r)
	}
	return used
}

// facing reports whether the eye e sees the front of triangle abc (whose
// front is the side its normal (b-a)×(c-a) points to): where the
// projected triangle has positive area, as classify tests it.
func facing(e, a, b, c *vec3.T) bool {
	u0, u1, u2 := b[0]-a[0], b[1]-a[1], b[2]-a[2]
	v0, v1, v2 := c[0]-a[0], c[1]-a[1], c[2]-a[2]
	n0, n1, n2 := u1*v2-u2*v1, u2*v0-u0*v2, u0*v1-u1*v0
	return (e[0]-a[0])*n0+(e[1]-a[1])*n1+(e[2]-a[2])*n2 > 0
}

// classify sorts idx's triangles into b.kept (drawn unclipped) and
// b.clipped, marks the vertices kept triangles use in b.remap and
// returns how many there are. This loop runs for every triangle in view:
// it is triState with onScreen inlined by hand.
func (b *Builder) classify(idx []uint16, cull bool) (used int) {
	proj, remap := b.proj, b.remap
	clear(remap[:len(b.source)])
	kept := slices.Grow(b.kept[:0], len(idx))[:len(idx)]
	k := 0
	b.clipped = b.clipped[:0]
	cols, rows := b.cols, b.rows
	for t := 0; t+2 < len(idx); t += 3 {
		tri := idx[t : t+3 : t+3]
		i0, i1, i2 := tri[0], tri[1], tri[2]
		p0, p1, p2 := &proj[i0], &proj[i1], &proj[i2]
		if p0.w < NearClip || p1.w < NearClip || p2.w < NearClip {
			if p0.w >= NearClip || p1.w >= NearClip || p2.w >= NearClip {
				b.clipped = append(b.clipped, int32(t))
			}
			continue
		}
		if !covers(min(p0.fx, p1.fx, p2.fx), max(p0.fx, p1.fx, p2.fx), cols) ||
			!covers(min(p0.fy, p1.fy, p2.fy), max(p0.fy, p1.fy, p2.fy), rows) {
			continue
		}
		area := (p1.sx-p0.sx)*(p2.sy-p0.sy) - (p2.sx-p0.sx)*(p1.sy-p0.sy)
		if !(area > 0 || (area < 0 && !cull)) {
			continue
		}
		out := kept[k : k+3 : k+3]
		out[0], out[1], out[2] = i0, i1, i2
		k += 3
		remap[i0], remap[i1], remap[i2] = 1, 1, 1
	}
	b.kept = kept[:k]
	for _, r := range remap[:len(b.source)] {
		used += int(r)
	}
	return used
}

// addSoup adds one triangle with vertices of its own, clipped against the
// near plane when clip is set.
func (b *Builder) addSoup(m *mesh.Mesh, tri [3]int, dst *Batches, p pack, def [4]float32, clip bool) {
	if b.opt.Flat {
		def = b.nextFlat()
	}
	var poly [4]Vertex
	n := b.polygon(m, tri, p, 0, def, clip, &poly)
	for k := 1; k+1 < n; k++ {
		batch, _ := dst.room(3)
		base := uint16(len(batch.Vertices))
		batch.Vertices = append(batch.Vertices, poly[0], poly[k], poly[k+1])
		batch.Indices = append(batch.Indices, base, base+1, base+2)
	}
}

// polygon packs a triangle (numbered by b.source), clipped to the near
// plane if asked, into out and returns its vertex count (0, 3 or 4).
func (b *Builder) polygon(m *mesh.Mesh, tri [3]int, p pack, kind Kind, def [4]float32, clip bool, out *[4]Vertex) int {
	var a [3]attrs
	for k, i := range tri {
		a[k] = gather(m, int(b.source[i]), def)
		if b.opt.Flat {
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
		x, y, w := b.opt.View.Clip(clipped[k].pos)
		w = max(w, cw[k]*0.999999)
		sx, sy := b.opt.View.Screen(x, y, w)
		out[k] = b.vertex(&clipped[k], sx, sy, w, p, kind)
	}
	return n
}
