package project

import (
	"cmp"
	"image"
	"math"
	"slices"

	"github.com/ungerik/go3d/vec3"
)

// Figure is one unit to draw: where its feet stand, the heading it faces
// (degrees clockwise from +Z, as hexmap.Unit.Orientation) and its side's
// colour.
type Figure struct {
	Pos     vec3.T
	Heading float32
	Color   [3]float32
}

// figurePart is a box of the unit model: its centre's offset from the
// feet (x right, y up, z forward), its size, and its colour, either a
// fixed one or the side's scaled by shade.
type figurePart struct {
	at, size vec3.T
	fixed    bool
	color    [3]float32 // fixed colour, or the side colour's scale
}

// figureModel is a standing figure on a base, drawn figureScale times
// the sizes here: body, head and hat in the side's colour, a pale shield
// on its front and a pale tongue on the base ahead of it, so the heading
// shows from any side and from above, and a spear at its right hand. A cell is 17 units across its flats.
var figureModel = [...]figurePart{
	{at: vec3.T{0, 0.25, 0}, size: vec3.T{3.2, 0.5, 3.2}, color: [3]float32{0.55, 0.55, 0.55}},
	{at: vec3.T{0, 2.0, 0}, size: vec3.T{2.0, 3.0, 1.4}, color: [3]float32{1, 1, 1}},
	{at: vec3.T{0, 4.1, 0}, size: vec3.T{1.2, 1.2, 1.2}, fixed: true, color: [3]float32{0.96, 0.82, 0.66}},
	{at: vec3.T{0, 4.85, 0}, size: vec3.T{1.5, 0.4, 1.5}, color: [3]float32{0.75, 0.75, 0.75}},
	{at: vec3.T{0, 2.1, 0.95}, size: vec3.T{1.6, 1.8, 0.4}, fixed: true, color: [3]float32{0.94, 0.92, 0.85}},
	{at: vec3.T{1.35, 3.25, 0.3}, size: vec3.T{0.3, 5.5, 0.3}, fixed: true, color: [3]float32{0.45, 0.32, 0.2}},
	// A pale tongue on the base's front: the heading seen from above.
	{at: vec3.T{0, 0.2, 2.0}, size: vec3.T{1.2, 0.4, 0.8}, fixed: true, color: [3]float32{0.94, 0.92, 0.85}},
}

// The model's boxes never intersect: each pair is apart along one axis
// (the spear stands on the base, beside the body), so they can be drawn
// in an order that needs no depth among them (see boxOrder).

// figureScale sizes the model: about 9 units tall, half a cell.
const figureScale = 1.5

// FigureHeight is how far the model reaches above its feet.
const FigureHeight = 6.0 * figureScale

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

// addFigure adds one figure's visible faces and returns the pixels they
// cover.
func addFigure(v *View, l *Lighting, f *Figure, dst *Batches) image.Rectangle {
	s, c := math.Sincos(float64(f.Heading) * math.Pi / 180)
	sin, cos := float32(s), float32(c)
	// Model +Z turns to the heading (sin, cos), +X to (cos, -sin).
	world := func(p vec3.T) vec3.T {
		return vec3.T{f.Pos[0] + p[0]*cos + p[2]*sin, f.Pos[1] + p[1], f.Pos[2] - p[0]*sin + p[2]*cos}
	}
	turn := func(n vec3.T) vec3.T { return vec3.T{n[0]*cos + n[2]*sin, n[1], -n[0]*sin + n[2]*cos} }
	// The eye in model space (unscaled), for the order of the boxes.
	d := vec3.T{v.Eye[0] - f.Pos[0], v.Eye[1] - f.Pos[1], v.Eye[2] - f.Pos[2]}
	eye := vec3.T{(d[0]*cos - d[2]*sin) / figureScale, d[1] / figureScale, (d[0]*sin + d[2]*cos) / figureScale}
	lo, hi := [2]float32{math.MaxFloat32, math.MaxFloat32}, [2]float32{-math.MaxFloat32, -math.MaxFloat32}
	batch, _ := dst.room(len(figureModel) * 24)
	for _, pi := range boxOrder(eye) {
		part := figureModel[pi]
		col := part.color
		if !part.fixed {
			col = [3]float32{f.Color[0] * col[0], f.Color[1] * col[1], f.Color[2] * col[2]}
		}
		// Whole 8-bit steps, which interpolate to themselves exactly (the
		// flat test mode compares bytes).
		for k := range col {
			col[k] = float32(math.Round(float64(col[k])*255)) / 255
		}
		for _, face := range boxFaces {
			var corners [4]vec3.T
			for k, sg := range face.corners {
				var m vec3.T
				for a := range 3 {
					m[a] = (part.at[a] + sg[a]*part.size[a]/2) * figureScale
				}
				corners[k] = world(m)
			}
			if !facing(&v.Eye, &corners[0], &corners[1], &corners[2]) {
				continue
			}
			light := l.Shade(turn(face.n), 1)
			base := uint16(len(batch.Vertices))
			for _, p := range corners {
				x, y, w := v.Clip(p)
				sx, sy := v.Screen(x, y, w)
				lo = [2]float32{min(lo[0], sx), min(lo[1], sy)}
				hi = [2]float32{max(hi[0], sx), max(hi[1], sy)}
				iw := 1 / w
				batch.Vertices = append(batch.Vertices, Vertex{
					DstX: sx, DstY: sy, ColorR: col[0], ColorG: col[1], ColorB: col[2], ColorA: 1,
					Custom0: iw, Custom1: p[0] * iw, Custom2: p[2] * iw, Custom3: light,
				})
			}
			batch.Indices = append(batch.Indices, base, base+1, base+2, base, base+2, base+3)
		}
	}
	return image.Rect(int(math.Floor(float64(lo[0])))-1, int(math.Floor(float64(lo[1])))-1,
		int(math.Ceil(float64(hi[0])))+1, int(math.Ceil(float64(hi[1])))+1)
}

// boxOrder returns the model's boxes in painter's order for an eye at
// eye (model space). Two boxes apart along an axis are split by a plane
// there; the eye on one box's side of it sees that box unhidden by the
// other, so it comes later. Apart along two axes with the eye on either
// side, they cannot overlap on screen and their order does not matter.
// Every pair of the model's boxes is apart along some axis, so the order
// exists; a box is drawn once every box it must follow is.
func boxOrder(eye vec3.T) [len(figureModel)]int {
	const n = len(figureModel)
	var after [n][n]bool // after[a][b]: a must be drawn after b
	for a := range n {
		for b := range n {
			// eyeSide: 1 if some plane between a and b has the eye on a's
			// side, 2 if some has it on b's side.
			eyeSide := 0
			pa, pb := &figureModel[a], &figureModel[b]
			for axis := range 3 {
				aLo, aHi := pa.at[axis]-pa.size[axis]/2, pa.at[axis]+pa.size[axis]/2
				bLo, bHi := pb.at[axis]-pb.size[axis]/2, pb.at[axis]+pb.size[axis]/2
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
	var out [n]int
	var done [n]bool
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
	return out
}

// figureInView reports whether the figure's bounding box lies wholly in
// front of the near plane and overlaps the view.
func figureInView(v *View, f *Figure) bool {
	const r = 2.5 * figureScale // the model's reach from its axis
	minX, minY, maxX, maxY := float32(math.MaxFloat32), float32(math.MaxFloat32), float32(-math.MaxFloat32), float32(-math.MaxFloat32)
	for k := range 8 {
		p := vec3.T{f.Pos[0] + r*float32(k&1*2-1), f.Pos[1] + FigureHeight*float32(k>>1&1), f.Pos[2] + r*float32(k>>2&1*2-1)}
		x, y, w := v.Clip(p)
		if w < NearClip {
			return false
		}
		sx, sy := v.Screen(x, y, w)
		minX, maxX, minY, maxY = min(minX, sx), max(maxX, sx), min(minY, sy), max(maxY, sy)
	}
	return maxX >= 0 && maxY >= 0 && minX <= v.Width && minY <= v.Height
}

// FigureAt returns the figure whose screen box (from its feet to its
// hat, as wide as its base) holds pixel (x, y), the nearest when several
// do: units are picked by clicking them.
func FigureAt(v *View, figures []Figure, x, y float32) (int, bool) {
	best, bestW := -1, float32(math.MaxFloat32)
	for k := range figures {
		f := &figures[k]
		fx, fy, fw := v.Clip(f.Pos)
		tx, ty, tw := v.Clip(vec3.T{f.Pos[0], f.Pos[1] + 5*figureScale, f.Pos[2]})
		if fw < NearClip || tw < NearClip || fw >= bestW {
			continue
		}
		sx0, sy0 := v.Screen(fx, fy, fw)
		sx1, sy1 := v.Screen(tx, ty, tw)
		half := 1.6 * figureScale * v.Height / (2 * fw * v.TanHalfFov) // the base's half width in pixels
		if x >= min(sx0, sx1)-half && x <= max(sx0, sx1)+half && y >= min(sy0, sy1)-half/2 && y <= max(sy0, sy1)+half/2 {
			best, bestW = k, fw
		}
	}
	return best, best >= 0
}
