package project

import (
	"cmp"
	"image"
	"math"
	"slices"

	"github.com/ungerik/go3d/vec3"
)

// Figure is one unit to draw: where its feet stand, the heading it faces
// (degrees clockwise from +Z, as hexmap.Unit.Orientation), its side's
// colour and its kind's shape.
type Figure struct {
	Pos     vec3.T
	Heading float32
	Color   [3]float32
	Kind    FigureKind
}

// figureScale sizes the models: the spearman about 14 units tall,
// the ring round a figure about two thirds of a cell across.
const figureScale = 1.7

// boxFaces lists a unit box's faces: outward normal, then four corners
// (each a sign per axis) in clockwise order seen from outside, the
// winding mesh uses for front faces.
var boxFaces = [6]struct {
	n       vec3.T
	corners [4][3]float32
}{
	{vec3.T{0, 1, 0}, [4][3]float32{{-1, 1, -1}, {-1, 1, 1}, {1, 1, 1}, {1, 1, -1}}},
	{vec3.T{0, -1, 0}, [4][3]float32{{-1, -1, -1}, {1, -1, -1}, {1, -1, 1}, {-1, -1, 1}}},
	{vec3.T{1, 0, 0}, [4][3]float32{{1, -1, -1}, {1, 1, -1}, {1, 1, 1}, {1, -1, 1}}},
	{vec3.T{-1, 0, 0}, [4][3]float32{{-1, -1, 1}, {-1, 1, 1}, {-1, 1, -1}, {-1, -1, -1}}},
	{vec3.T{0, 0, 1}, [4][3]float32{{1, -1, 1}, {1, 1, 1}, {-1, 1, 1}, {-1, -1, 1}}},
	{vec3.T{0, 0, -1}, [4][3]float32{{-1, -1, -1}, {-1, 1, -1}, {1, 1, -1}, {1, -1, -1}}},
}

// FigureBatches projects figures for v into dst (reset first), lit by l,
// in painter's order: the figures farthest first, each figure's boxes in
// an order that the eye sees right (boxOrder), each box's faces whose
// front the eye sees as two triangles with the figure's colour and the
// face's light. So the figures need no depth of their own: drawn in
// that order over the scene and tested against its depth, they are
// right among themselves. A figure with any corner behind the near
// plane, or wholly off the screen, is left out. It returns the screen
// rectangle the figures cover (empty when none is drawn). order is
// scratch storage, reused.
func FigureBatches(v *View, l *Lighting, figures []Figure, dst *Batches) image.Rectangle {
	dst.Reset()
	type far struct {
		k int
		w float32
	}
	order := make([]far, 0, len(figures))
	for k := range figures {
		if figureInView(v, &figures[k]) {
			_, _, w := v.Clip(figures[k].Pos)
			order = append(order, far{k, w})
		}
	}
	slices.SortStableFunc(order, func(a, b far) int { return cmp.Compare(b.w, a.w) })
	var cover image.Rectangle
	for _, o := range order {
		cover = cover.Union(addFigure(v, l, &figures[o.k], dst))
	}
	return cover.Intersect(image.Rect(0, 0, int(v.Width), int(v.Height)))
}

// addFigure adds one figure's visible faces, its ring first, and
// returns the pixels they cover.
func addFigure(v *View, l *Lighting, f *Figure, dst *Batches) image.Rectangle {
	s, c := math.Sincos(float64(f.Heading) * math.Pi / 180)
	fp := figurePose{f: f, sin: float32(s), cos: float32(c)}
	model := f.Kind.model()
	// The eye in model space (unscaled), for the order of the boxes.
	d := vec3.T{v.Eye[0] - f.Pos[0], v.Eye[1] - f.Pos[1], v.Eye[2] - f.Pos[2]}
	eye := vec3.T{(d[0]*fp.cos - d[2]*fp.sin) / figureScale, d[1] / figureScale, (d[0]*fp.sin + d[2]*fp.cos) / figureScale}
	q := quads{v: v, lo: [2]float32{math.MaxFloat32, math.MaxFloat32}, hi: [2]float32{-math.MaxFloat32, -math.MaxFloat32}}
	q.batch, _ = dst.room(ringSegments*4 + len(model)*24)
	ringCol := byteColor(RingColor(f.Color))
	ringLight := l.Shade(vec3.T{0, 1, 0}, 1)
	for k := range ringSegments {
		q.add(fp.ringQuad(k), ringCol, ringLight)
	}
	order, n := boxOrder(model, eye)
	for _, pi := range order[:n] {
		part := &model[pi]
		col := part.color
		if !part.fixed {
			col = [3]float32{f.Color[0] * col[0], f.Color[1] * col[1], f.Color[2] * col[2]}
		}
		col = byteColor(col)
		for fi := range boxFaces {
			q.add(fp.face(part, fi), col, l.Shade(fp.turn(boxFaces[fi].n), 1))
		}
	}
	return image.Rect(int(math.Floor(float64(q.lo[0])))-1, int(math.Floor(float64(q.lo[1])))-1,
		int(math.Ceil(float64(q.hi[0])))+1, int(math.Ceil(float64(q.hi[1])))+1)
}

// figurePose places a model: turned to the figure's heading (model +Z
// to (sin, cos), +X to (cos, -sin)), scaled and moved to its feet.
type figurePose struct {
	f        *Figure
	sin, cos float32
}

// world is model point p (unscaled) in the world.
func (fp *figurePose) world(p vec3.T) vec3.T {
	x, y, z := p[0]*figureScale, p[1]*figureScale, p[2]*figureScale
	return vec3.T{fp.f.Pos[0] + x*fp.cos + z*fp.sin, fp.f.Pos[1] + y, fp.f.Pos[2] - x*fp.sin + z*fp.cos}
}

// ringQuad is segment k of the ring round the feet, in the world: its
// corners clockwise seen from above.
func (fp *figurePose) ringQuad(k int) [4]vec3.T {
	a0, a1 := 2*math.Pi*float64(k)/ringSegments, 2*math.Pi*float64(k+1)/ringSegments
	var corners [4]vec3.T
	for j, rim := range [4]struct {
		r float32
		a float64
	}{{ringInner, a0}, {ringInner, a1}, {ringOuter, a1}, {ringOuter, a0}} {
		s, c := math.Sincos(rim.a)
		corners[j] = fp.world(vec3.T{rim.r * float32(c), ringLift, rim.r * float32(s)})
	}
	return corners
}

// face is face fi (of boxFaces) of part's box, in the world.
func (fp *figurePose) face(part *figurePart, fi int) [4]vec3.T {
	var corners [4]vec3.T
	for k, sg := range boxFaces[fi].corners {
		var m vec3.T
		for a := range 3 {
			m[a] = part.lo[a]
			if sg[a] > 0 {
				m[a] = part.hi[a]
			}
		}
		corners[k] = fp.world(m)
	}
	return corners
}

// turn is model direction n in the world.
func (fp *figurePose) turn(n vec3.T) vec3.T {
	return vec3.T{n[0]*fp.cos + n[2]*fp.sin, n[1], -n[0]*fp.sin + n[2]*fp.cos}
}

// quads adds a figure's faces to a batch and keeps the screen box they
// cover.
type quads struct {
	v      *View
	batch  *Batch
	lo, hi [2]float32
}

// add adds the quad of corners (clockwise seen from its front) as two
// triangles of colour col and light, unless its back faces the eye.
func (q *quads) add(corners [4]vec3.T, col [3]float32, light float32) {
	if !facing(&q.v.Eye, &corners[0], &corners[1], &corners[2]) {
		return
	}
	bt := q.batch
	base := uint16(len(bt.Vertices))
	for _, p := range corners {
		x, y, w := q.v.Clip(p)
		sx, sy := q.v.Screen(x, y, w)
		q.lo = [2]float32{min(q.lo[0], sx), min(q.lo[1], sy)}
		q.hi = [2]float32{max(q.hi[0], sx), max(q.hi[1], sy)}
		iw := 1 / w
		bt.Vertices = append(bt.Vertices, Vertex{
			DstX: sx, DstY: sy, ColorR: col[0], ColorG: col[1], ColorB: col[2], ColorA: 1,
			Custom0: iw, Custom1: p[0] * iw, Custom2: p[2] * iw, Custom3: light,
		})
	}
	bt.Indices = append(bt.Indices, base, base+1, base+2, base, base+2, base+3)
}

// RingColor is the colour of the ring under a figure of side colour c: a little lighter,
// so that it stands out on dark ground (and tests tell it from the
// figure's parts, which scale the side's colour).
func RingColor(c [3]float32) [3]float32 {
	for k := range c {
		c[k] += (1 - c[k]) * 0.2
	}
	return c
}

// byteColor is c in whole 8-bit steps, which interpolate to themselves
// exactly (the flat test mode compares bytes), at most 1.
func byteColor(c [3]float32) [3]float32 {
	for k := range c {
		c[k] = float32(math.Round(float64(min(1, c[k]))*255)) / 255
	}
	return c
}

// model is kind k's model; an unknown kind has the spearman's.
func (k FigureKind) model() []figurePart {
	if k >= FigureKinds {
		return figureModels[SpearFigure]
	}
	return figureModels[k]
}

// boxOrder returns model's boxes in painter's order for an eye at eye
// (model space), and how many there are. Two boxes apart along an axis
// are split by a plane there; the eye on one box's side of it sees that
// box unhidden by the other, so it comes later. Apart along two axes
// with the eye on either side, they cannot overlap on screen and their
// order does not matter. Every pair of a model's boxes is apart along
// some axis, so the order exists; a box is drawn once every box it must
// follow is.
func boxOrder(model []figurePart, eye vec3.T) (out [maxParts]int, n int) {
	n = len(model)
	var after [maxParts][maxParts]bool // after[a][b]: a must be drawn after b
	for a := range n {
		for b := range n {
			// eyeSide: 1 if some plane between a and b has the eye on a's
			// side, 2 if some has it on b's side.
			eyeSide := 0
			pa, pb := &model[a], &model[b]
			for axis := range 3 {
				aLo, aHi := pa.lo[axis], pa.hi[axis]
				bLo, bHi := pb.lo[axis], pb.hi[axis]
				switch {
				case bHi <= aLo+1e-4 && eye[axis] > aLo, aHi <= bLo+1e-4 && eye[axis] < aHi:
					eyeSide |= 1
				case bHi <= aLo+1e-4, aHi <= bLo+1e-4:
					eyeSide |= 2
				}
			}
			after[a][b] = eyeSide == 1
		}
	}
	var done [maxParts]bool
	ready := func(a int) bool {
		for b := range n {
			if !done[b] && b != a && after[a][b] {
				return false
			}
		}
		return true
	}
	for k := range n {
		pick := -1
		for a := range n {
			if done[a] {
				continue
			}
			if pick < 0 {
				pick = a // the first left, should the order ever cycle
			}
			if ready(a) {
				pick = a
				break
			}
		}
		out[k], done[pick] = pick, true
	}
	return out, n
}

// figureInView reports whether the figure's bounding box lies wholly in
// front of the near plane and overlaps the view.
func figureInView(v *View, f *Figure) bool {
	lo, hi, ok := figureBounds(v, f)
	return ok && hi[0] >= 0 && hi[1] >= 0 && lo[0] <= v.Width && lo[1] <= v.Height
}

// figureBounds is the screen rectangle, lo to hi, holding the figure's
// bounding box (figureReach round its feet, FigureHeight up), or false
// when part of that box lies behind the near plane.
func figureBounds(v *View, f *Figure) (lo, hi [2]float32, ok bool) {
	const r = figureReach
	lo = [2]float32{math.MaxFloat32, math.MaxFloat32}
	hi = [2]float32{-math.MaxFloat32, -math.MaxFloat32}
	for k := range 8 {
		p := vec3.T{f.Pos[0] + r*float32(k&1*2-1), f.Pos[1] + FigureHeight*float32(k>>1&1), f.Pos[2] + r*float32(k>>2&1*2-1)}
		x, y, w := v.Clip(p)
		if w < NearClip {
			return lo, hi, false
		}
		sx, sy := v.Screen(x, y, w)
		lo, hi = [2]float32{min(lo[0], sx), min(lo[1], sy)}, [2]float32{max(hi[0], sx), max(hi[1], sy)}
	}
	return lo, hi, true
}

// FigureAt returns the figure one of whose drawn faces (its ring's or
// its boxes') holds pixel (x, y) on the screen, the nearest when several
// do: units are picked by clicking any part of them.
func FigureAt(v *View, figures []Figure, x, y float32) (int, bool) {
	best, bestW := -1, float32(math.MaxFloat32)
	for k := range figures {
		f := &figures[k]
		_, _, fw := v.Clip(f.Pos)
		lo, hi, ok := figureBounds(v, f)
		if fw >= bestW || !ok || x < lo[0] || y < lo[1] || x > hi[0] || y > hi[1] {
			continue
		}
		if figureHolds(v, f, x, y) {
			best, bestW = k, fw
		}
	}
	return best, best >= 0
}

// figureHolds reports whether one of figure f's faces, on the screen of
// v, holds pixel (x, y); f lies wholly before the near plane.
func figureHolds(v *View, f *Figure, x, y float32) bool {
	s, c := math.Sincos(float64(f.Heading) * math.Pi / 180)
	fp := figurePose{f: f, sin: float32(s), cos: float32(c)}
	for k := range ringSegments {
		if quadHolds(v, fp.ringQuad(k), x, y) {
			return true
		}
	}
	model := f.Kind.model()
	for pi := range model {
		for fi := range boxFaces {
			if quadHolds(v, fp.face(&model[pi], fi), x, y) {
				return true
			}
		}
	}
	return false
}

// quadHolds reports whether the quad of world corners (a planar convex
// quad, before the near plane) holds pixel (x, y) on v's screen: the
// quad has an area there and the pixel lies on one side of all four
// projected edges.
func quadHolds(v *View, corners [4]vec3.T, x, y float32) bool {
	var sx, sy [4]float32
	for k, p := range corners {
		cx, cy, w := v.Clip(p)
		sx[k], sy[k] = v.Screen(cx, cy, w)
	}
	if area := (sx[2]-sx[0])*(sy[3]-sy[1]) - (sy[2]-sy[0])*(sx[3]-sx[1]); area == 0 {
		return false // edge on: no pixel
	}
	var pos, neg bool
	for k := range 4 {
		j := (k + 1) % 4
		cross := (sx[j]-sx[k])*(y-sy[k]) - (sy[j]-sy[k])*(x-sx[k])
		pos, neg = pos || cross > 0, neg || cross < 0
	}
	return !(pos && neg)
}
