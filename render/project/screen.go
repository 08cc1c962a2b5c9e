package project

import "hexsandbox/mesh"

// projected is a vertex's screen position, view distance and the screen
// position in fixed point for the pixel centre test (see covers); all but
// w are only set where w ≥ NearClip.
type projected struct {
	sx, sy, w float32
	fx, fy    int32
}

// screenRows are the rows of the clip matrix that give a point's clip x,
// y and w, and the half view size that maps x/w and y/w to pixels (y
// down). The loops that use them spell the sums out, in the order of
// View.Clip: a function for them is too big for the inliner.
type screenRows struct {
	x, y, w [4]float32
	hw, hh  float32
}

// screenRows returns the view's screen rows.
func (v *View) screenRows() screenRows {
	r := screenRows{hw: v.Width * 0.5, hh: v.Height * 0.5}
	for k := range 4 {
		r.x[k], r.y[k], r.w[k] = v.M[k][0], v.M[k][1], v.M[k][3]
	}
	return r
}

// project computes the screen position and view distance of every vertex
// b.source numbers, for classifying triangles.
func (b *Builder) project(m *mesh.Mesh) {
	proj, pos, rows := b.proj, m.Positions, b.opt.View.screenRows()
	fxMax, fyMax := int64(b.opt.View.Width+4)*subpixels, int64(b.opt.View.Height+4)*subpixels
	for j, i := range b.source {
		p, q := &pos[i], &proj[j]
		w := rows.w[0]*p[0] + rows.w[1]*p[1] + rows.w[2]*p[2] + rows.w[3]
		q.w = w
		if w >= NearClip {
			iw := 1 / w
			q.sx = ((rows.x[0]*p[0]+rows.x[1]*p[1]+rows.x[2]*p[2]+rows.x[3])*iw + 1) * rows.hw
			q.sy = (1 - (rows.y[0]*p[0]+rows.y[1]*p[1]+rows.y[2]*p[2]+rows.y[3])*iw) * rows.hh
			q.fx, q.fy = fixed(q.sx, fxMax), fixed(q.sy, fyMax)
		}
	}
}

// subpixels is the fixed-point scale of projected.fx and fy.
const (
	subpixelBits = 8
	subpixels    = 1 << subpixelBits
)

// fixed returns s·subpixels truncated and clamped to a few pixels around
// the view (-4 px .. limit), which keeps every on-screen answer of
// covers while fitting int32.
func fixed(s float32, limit int64) int32 {
	return int32(min(max(int64(s*subpixels), -4*subpixels), limit))
}

// covers reports whether the fixed-point span lo..hi of a triangle's
// bounding box may hold the centre (k + 0.5) of one of the size pixels
// of the view. Truncation moved each end by less than a subpixel, so the
// span is widened by one: the answer errs only towards true.
func covers(lo, hi int32, size int32) bool {
	first := (lo - 1 - subpixels/2 + subpixels - 1) >> subpixelBits // ceil((lo-1)/subpixels - 0.5)
	last := (hi + 1 - subpixels/2) >> subpixelBits                  // floor((hi+1)/subpixels - 0.5)
	return max(first, 0) <= min(last, size-1)
}

// triState classifies the triangle of vertices i0, i1, i2: skip it,
// draw it as is, or clip it.
func (b *Builder) triState(i0, i1, i2 int, cull bool) (draw, clip bool) {
	p0, p1, p2 := &b.proj[i0], &b.proj[i1], &b.proj[i2]
	if p0.w < NearClip || p1.w < NearClip || p2.w < NearClip {
		return p0.w >= NearClip || p1.w >= NearClip || p2.w >= NearClip, true
	}
	return b.onScreen(p0, p1, p2, cull), false
}

// onScreen reports whether a triangle in front of the near plane may make
// a fragment: its bounding box holds a pixel centre of the view (dropping
// the others is exact, and far views are full of them), it is not
// degenerate, and it faces the eye where cull asks.
func (b *Builder) onScreen(p0, p1, p2 *projected, cull bool) bool {
	if !covers(min(p0.fx, p1.fx, p2.fx), max(p0.fx, p1.fx, p2.fx), b.cols) ||
		!covers(min(p0.fy, p1.fy, p2.fy), max(p0.fy, p1.fy, p2.fy), b.rows) {
		return false
	}
	area := (p1.sx-p0.sx)*(p2.sy-p0.sy) - (p2.sx-p0.sx)*(p1.sy-p0.sy)
	return area > 0 || (area < 0 && !cull)
}
