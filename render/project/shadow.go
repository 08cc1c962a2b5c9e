package project

import (
	"math"
	"slices"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// ShadowDistance is how far from the eye, in view distance, shadows
// reach: Unity's default shadow distance, which Catlike's scenes keep.
const ShadowDistance = 400

// DefaultShadowSize is the shadow map's side in texels.
const DefaultShadowSize = 2048

// LightView maps world space to the shadow map, an orthographic view
// along the sun's rays: texel u, v (pixels of the map) and depth d (0 at
// the nearest caster, 1 at the farthest) of a world point p are
// dot(row.xyz, p) + row.w for the rows U, V and D.
type LightView struct {
	U, V, D [4]float32
	Size    int     // texels on a side
	Texel   float32 // world units per texel, the larger of the two axes
	Depth   float32 // world units that depth 0..1 spans
	Valid   bool    // false: nothing to shadow in view
}

// Map returns p's texel coordinates and depth.
func (l *LightView) Map(p vec3.T) (u, v, d float32) {
	return dot4(&l.U, p), dot4(&l.V, p), dot4(&l.D, p)
}

func dot4(r *[4]float32, p vec3.T) float32 { return r[0]*p[0] + r[1]*p[1] + r[2]*p[2] + r[3] }

// Caster is geometry besides the chunks' that casts shadows, such as
// units drawn by a pass of their own: a mesh in world space, where it is
// drawn (on a wrapping map: the copy in view), closed like the models
// (positions, normals and indices are read), and its bounds. Set
// Options.Casters before a build; the renderer redraws the shadow map
// when they change.
type Caster struct {
	Mesh   *mesh.Mesh
	Bounds Box
}

// lightAxes returns the light view's axes: z along the sun's rays (away
// from the sun), x across them and as near the camera's right as can be,
// y across both. Lined up with the view, the rectangle that holds what
// the camera sees wastes little of the shadow map.
func lightAxes(toSun, right vec3.T) (x, y, z vec3.T) {
	z = vec3.T{-toSun[0], -toSun[1], -toSun[2]}
	z.Normalize()
	d := vec3.Dot(&right, &z)
	x = vec3.T{right[0] - d*z[0], right[1] - d*z[1], right[2] - d*z[2]}
	if x.Length() < 1e-3 { // the sun along the camera's right
		helper := vec3.T{0, 1, 0}
		x = vec3.Cross(&helper, &z)
	}
	x.Normalize()
	y = vec3.Cross(&z, &x)
	return x, y, z
}

// bounds2 is a rectangle in light-view space (world units along x, y).
type bounds2 struct {
	lo, hi [2]float32
	ok     bool
}

func (r *bounds2) add(u, v float32) {
	if !r.ok {
		r.lo, r.hi, r.ok = [2]float32{u, v}, [2]float32{u, v}, true
		return
	}
	r.lo = [2]float32{min(r.lo[0], u), min(r.lo[1], v)}
	r.hi = [2]float32{max(r.hi[0], u), max(r.hi[1], v)}
}

func (r *bounds2) intersect(o bounds2) bounds2 {
	if !r.ok || !o.ok {
		return bounds2{}
	}
	out := bounds2{lo: [2]float32{max(r.lo[0], o.lo[0]), max(r.lo[1], o.lo[1])},
		hi: [2]float32{min(r.hi[0], o.hi[0]), min(r.hi[1], o.hi[1])}, ok: true}
	out.ok = out.lo[0] < out.hi[0] && out.lo[1] < out.hi[1]
	return out
}

func (r *bounds2) overlaps(o *bounds2) bool {
	return r.ok && o.ok && r.lo[0] <= o.hi[0] && o.lo[0] <= r.hi[0] && r.lo[1] <= o.hi[1] && o.lo[1] <= r.hi[1]
}

// boxBounds returns box b's extent along the light axes x, y (as a
// rectangle) and z (depth range).
func boxBounds(b *Box, x, y, z *vec3.T) (r bounds2, dLo, dHi float32) {
	dLo, dHi = float32(math.Inf(1)), float32(math.Inf(-1))
	for _, p := range b.corners() {
		r.add(vec3.Dot(x, &p), vec3.Dot(y, &p))
		d := vec3.Dot(z, &p)
		dLo, dHi = min(dLo, d), max(dHi, d)
	}
	return r, dLo, dHi
}

// While HoldShadows: how far the sun may turn, in degrees, before the
// shadow map follows it, and how much wider than the view's rectangle (a
// share of its size, on each side) the light view is fitted, so that it
// still holds the view after the camera has turned or moved a little.
// While the camera turns at 30° a second and frames take 100 ms, the map
// is drawn again about every other frame; the shadows lag the sun by
// ShadowHoldAngle at most and are exact again once the camera stops.
const (
	ShadowHoldAngle  = 6.0
	ShadowHoldMargin = 0.15
)

// heldShadows is what a build with HoldShadows keeps to tell whether the
// next can keep its light view: the sun and the light axes it was fitted
// with, and the rectangle it covers.
type heldShadows struct {
	ok      bool
	sun     vec3.T
	x, y, z vec3.T
	rect    bounds2
}

// holds reports whether the light view kept in h still serves a build
// for sun: the sun has turned by ShadowHoldAngle at most, and what the
// view sees within ShadowDistance lies inside the rectangle.
func (b *Builder) holds(chunks []ChunkMeshes, h *heldShadows, sun vec3.T) bool {
	if !h.ok || azimuthApart(sun, h.sun) > ShadowHoldAngle {
		return false
	}
	r := b.receivers(chunks, &h.x, &h.y, &h.z, true)
	return !r.ok || (r.lo[0] >= h.rect.lo[0] && r.lo[1] >= h.rect.lo[1] && r.hi[0] <= h.rect.hi[0] && r.hi[1] <= h.rect.hi[1])
}

// azimuthApart is the angle in degrees between the directions of a and b
// seen from above, which is how far the shadows on the ground turn.
func azimuthApart(a, b vec3.T) float64 {
	d := math.Atan2(float64(a[2]), float64(a[0])) - math.Atan2(float64(b[2]), float64(b[0]))
	d = math.Mod(math.Abs(d)*180/math.Pi, 360)
	return min(d, 360-d)
}

// widen grows r by share of its size on each side.
func widen(r bounds2, share float32) bounds2 {
	for k := range 2 {
		d := (r.hi[k] - r.lo[k]) * share
		r.lo[k], r.hi[k] = r.lo[k]-d, r.hi[k]+d
	}
	return r
}

// buildShadows fits the light view to what the camera sees within
// ShadowDistance and fills b.out.Shadow with every caster that can throw a
// shadow there: the chunks' terrain, walls, features and bridges (not
// farms: mesh.Layer.CastsShadows) and b.opt.Casters. With HoldShadows it
// keeps the last ones while they serve (holds).
func (b *Builder) buildShadows(chunks []ChunkMeshes) {
	hold := b.opt.HoldShadows
	if b.out.ShadowHeld = hold && b.out.LightView.Valid && b.holds(chunks, &b.held, b.opt.Light.Dir); b.out.ShadowHeld {
		return
	}
	b.held.ok = false
	b.out.Shadow.Reset()
	b.out.LightView = LightView{}
	size := b.opt.ShadowSize
	if size <= 0 {
		size = DefaultShadowSize
	}
	x, y, z := lightAxes(b.opt.Light.Dir, b.opt.View.Right)
	rect := b.receivers(chunks, &x, &y, &z, hold)
	if !rect.ok {
		return
	}
	if hold {
		rect = widen(rect, ShadowHoldMargin)
		b.held = heldShadows{ok: true, sun: b.opt.Light.Dir, x: x, y: y, z: z, rect: rect}
	}
	rect = snapRect(rect)
	dLo, dHi := float32(math.Inf(1)), float32(math.Inf(-1))
	b.casters = b.casters[:0]
	for _, shift := range b.copies {
		for i := range chunks {
			box := chunks[i].All.Moved(shift)
			r, lo, hi := boxBounds(&box, &x, &y, &z)
			// A held light view serves views to come, whose chunks
			// may shade others than these: it takes every caster over it.
			if r.overlaps(&rect) && (hold || b.shadesReceiver(&r)) {
				b.casters = append(b.casters, instance{i, shift, levelFull})
				dLo, dHi = min(dLo, lo), max(dHi, hi)
			}
		}
	}
	for _, c := range b.opt.Casters {
		if r, lo, hi := boxBounds(&c.Bounds, &x, &y, &z); r.overlaps(&rect) {
			dLo, dHi = min(dLo, lo), max(dHi, hi)
		}
	}
	if dLo > dHi {
		return
	}
	dLo, dHi = dLo-1, dHi+1 // casters at the range's ends stay inside it
	su, sv := float32(size)/(rect.hi[0]-rect.lo[0]), float32(size)/(rect.hi[1]-rect.lo[1])
	ds := 1 / (dHi - dLo)
	l := &b.out.LightView
	l.U = [4]float32{x[0] * su, x[1] * su, x[2] * su, -rect.lo[0] * su}
	l.V = [4]float32{y[0] * sv, y[1] * sv, y[2] * sv, -rect.lo[1] * sv}
	l.D = [4]float32{z[0] * ds, z[1] * ds, z[2] * ds, -dLo * ds}
	l.Size, l.Texel, l.Depth, l.Valid = size, max(1/su, 1/sv), dHi-dLo, true
	for _, in := range b.casters {
		c := &chunks[in.chunk]
		for layer := range mesh.LayerCount {
			if m := c.Layers[layer]; m != nil && layer.CastsShadows() {
				b.addCaster(m, c.welded[layer], in.shift)
			}
		}
	}
	for _, c := range b.opt.Casters {
		if c.Mesh != nil && !c.Mesh.Overflowed() {
			b.addCaster(c.Mesh, nil, 0)
		}
	}
}

// shadesReceiver reports whether a caster whose light-view rectangle is
// r can shade one of the visible chunks: whether r overlaps the
// rectangle of one of them.
func (b *Builder) shadesReceiver(r *bounds2) bool {
	for k := range b.receiving {
		if r.overlaps(&b.receiving[k]) {
			return true
		}
	}
	return false
}

// receivers returns the light-view rectangle that holds every point the
// camera sees within ShadowDistance: where the four edge rays of the view
// frustum cross the top and the bottom of the visible chunks (or end at
// the shadow distance), cut down to those chunks' bounds. It keeps each
// such chunk's light-view rectangle in b.receiving. With hold (a light
// view to keep while the camera moves) it depends on the camera alone:
// the rays run to the shadow distance between the whole map's top and
// bottom, and nothing cuts the rectangle down, so that a view turned a
// little finds a rectangle a little moved, not one grown by a chunk that
// came into view.
func (b *Builder) receivers(chunks []ChunkMeshes, x, y, z *vec3.T, hold bool) bounds2 {
	v := &b.opt.View
	far := min(b.out.Far, ShadowDistance)
	if hold {
		far = ShadowDistance
	}
	var scene Box
	var sceneRect bounds2
	b.receiving = b.receiving[:0]
	for _, in := range b.visible {
		box := chunks[in.chunk].All.Moved(in.shift)
		if ok, lo, _ := v.Visible(box); ok && lo <= ShadowDistance {
			scene.Extend(box)
			r, _, _ := boxBounds(&box, x, y, z)
			sceneRect.add(r.lo[0], r.lo[1])
			sceneRect.add(r.hi[0], r.hi[1])
			b.receiving = append(b.receiving, r)
		}
	}
	if !scene.Valid {
		return bounds2{}
	}
	if hold {
		scene = MapBox(chunks)
	}
	var seen bounds2
	for _, sx := range []float32{-1, 1} {
		for _, sy := range []float32{-1, 1} {
			var d vec3.T // the edge ray, 1 along the view direction
			for k := range 3 {
				d[k] = v.Forward[k] + sx*v.Right[k]*v.TanHalfFov*v.Aspect + sy*v.Up[k]*v.TanHalfFov
			}
			ts := [4]float32{b.out.Near, far, b.out.Near, b.out.Near}
			if d[1] != 0 {
				for k, h := range [2]float32{scene.Lo[1], scene.Hi[1]} {
					if t := (h - v.Eye[1]) / d[1]; t > b.out.Near && t < far {
						ts[2+k] = t
					}
				}
			}
			for _, t := range ts {
				p := vec3.T{v.Eye[0] + t*d[0], v.Eye[1] + t*d[1], v.Eye[2] + t*d[2]}
				// Only points within the scene's height range can be seen
				// on something: clamp the others onto it.
				p[1] = min(max(p[1], scene.Lo[1]), scene.Hi[1])
				seen.add(vec3.Dot(x, &p), vec3.Dot(y, &p))
			}
		}
	}
	if hold {
		return seen
	}
	return seen.intersect(sceneRect)
}

// snapRect widens r to a whole number of 16-unit steps, so that while the
// camera pans the texel grid stays put and shadow edges do not crawl.
func snapRect(r bounds2) bounds2 {
	const step = 16
	for k := range 2 {
		r.lo[k] = float32(math.Floor(float64(r.lo[k])/step) * step)
		r.hi[k] = float32(math.Ceil(float64(r.hi[k])/step) * step)
	}
	return r
}

// addCaster adds m's triangles (over its welded vertices where w holds
// them) that face away from the sun to b.out.Shadow, projected into the light
// view. Those are enough: a ray from a point in shadow towards the sun
// enters whatever hides the sun through a face turned away from it
// (terrain is a height field, the models are closed but for their
// bottoms), and most of the terrain, which faces the sun, drops out. Lit
// faces then never meet their own depth in the map, so they do not
// shadow themselves. Only the position and the depth are written: the
// depth passes read nothing else. shift moves the mesh east (a copy of a
// wrapping map's chunk), as the camera draws it.
func (b *Builder) addCaster(m *mesh.Mesh, w *welded, shift float32) {
	idx := b.numbering(m, w)
	tris, normals := b.steepTriangles(m, w, idx)
	source, sun := b.source, b.opt.Light.Dir
	remap := b.remap[:len(source)] // vertex → batch vertex + 1, 0: not yet
	clear(remap)
	l := b.out.LightView // by value: the shift moves its constant terms
	l.U[3] += l.U[0] * shift
	l.V[3] += l.V[0] * shift
	l.D[3] += l.D[0] * shift
	batch, _ := b.out.Shadow.room(min(len(source), 3*len(tris)))
	base := len(batch.Vertices)
	verts := slices.Grow(batch.Vertices, len(source))[:base]
	kept := slices.Grow(b.kept[:0], len(tris))
	pos := m.Positions
	for k := range normals {
		n := &normals[k]
		if n[0]*sun[0]+n[1]*sun[1]+n[2]*sun[2] >= 0 {
			continue
		}
		tri := tris[3*k : 3*k+3 : 3*k+3]
		for _, i := range tri {
			if remap[i] == 0 {
				// Only the fields the depth passes read are written: the
				// storage of b.out.Shadow never holds other vertices.
				p := &pos[source[i]]
				verts = verts[:len(verts)+1]
				v := &verts[len(verts)-1]
				v.DstX = l.U[0]*p[0] + l.U[1]*p[1] + l.U[2]*p[2] + l.U[3]
				v.DstY = l.V[0]*p[0] + l.V[1]*p[1] + l.V[2]*p[2] + l.V[3]
				v.Custom0 = l.D[0]*p[0] + l.D[1]*p[1] + l.D[2]*p[2] + l.D[3]
				remap[i] = uint16(len(verts))
			}
			kept = append(kept, remap[i]-1)
		}
	}
	batch.Vertices, b.kept = verts, kept
	batch.Indices = append(batch.Indices, kept...)
}

// steepTriangles returns the triangles of idx (numbered by b.source) that
// can face away from a sun as high as b.opt.Light's, those steeper than its
// elevation's complement whatever its azimuth, and their normals. For a
// welded mesh the lists are kept in w until the mesh or the sun's height
// changes.
func (b *Builder) steepTriangles(m *mesh.Mesh, w *welded, idx []uint16) ([]uint16, []vec3.T) {
	sinE := b.opt.Light.Dir[1]
	cosE := float32(math.Sqrt(float64(max(0, 1-sinE*sinE))))
	steep := func(tris []uint16, normals []vec3.T) ([]uint16, []vec3.T) {
		tris, normals = tris[:0], normals[:0]
		for t := 0; t+2 < len(idx); t += 3 {
			n := m.Normals[b.source[idx[t]]]
			horizontal := float32(math.Sqrt(float64(n[0]*n[0] + n[2]*n[2])))
			if n[1]*sinE < horizontal*cosE+1e-4 {
				tris = append(tris, idx[t], idx[t+1], idx[t+2])
				normals = append(normals, n)
			}
		}
		return tris, normals
	}
	if w == nil || len(w.indices) == 0 {
		b.steep, b.steepN = steep(b.steep, b.steepN)
		return b.steep, b.steepN
	}
	if !w.steepOK || w.steepSin != sinE {
		w.steep, w.steepN = steep(w.steep, w.steepN)
		w.steepSin, w.steepOK = sinE, true
	}
	return w.steep, w.steepN
}
