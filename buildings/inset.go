package buildings

import "math"

// Polygon insetting (seed 001's setback, seed 000's paved edge). Each edge
// of a counter-clockwise polygon moves inwards along its normal by its own
// distance, and each vertex goes where the two moved edges meet: for equal
// distances d that is the seed's bisector offset
//
//	P' = P + d·(n_prev + n_next) / (1 + n_prev·n_next),
//
// written as a line intersection so that the distances may differ per
// edge (a paved strip on the street sides only). Three guards keep the
// result a simple polygon of the same orientation:
//   - sharp reflex corners, whose bisector point would shoot out far
//     (a spike into the inset), are cut square at the distance instead;
//   - edges that the offset turns around (an edge event: the polygon is
//     narrower there than the distances) are dropped and their
//     neighbours meet instead, repeatedly;
//   - the result is checked: simple, counter-clockwise, inside the
//     original and at least each edge's distance from that edge. A
//     polygon that fails (a split event, or a collapse) yields nothing,
//     and callers go on without the inset.

// insetEdge is what became of one edge of the original polygon.
type insetEdge struct {
	alive      bool
	start, end int // its offset segment, as indices into the inset polygon
}

// insetResult is an inset polygon and how its boundary follows the
// original's, edge by edge.
type insetResult struct {
	poly  []pt
	edges []insetEdge // by original edge
}

// maxReflexTurn is the sharpest turn (radians) at a reflex corner that
// still gets a bisector point; sharper ones are cut square.
const maxReflexTurn = 2 * math.Pi / 3

// insetter holds scratch storage for insets.
type insetter struct {
	u, off      []pt    // edge directions and a point on each moved edge
	active      []int   // surviving edges, in order
	joins       [][]pt  // per active edge: the join points before it
	scratch     [][2]pt // join point storage
	first, last []int   // per active edge: its join's points in the result
	poly        []pt    // the result's storage
	edges       []insetEdge
}

// inset moves the edges of counter-clockwise polygon p inwards by d (one
// distance per edge, edge k running from p[k] to p[k+1]). ok is false
// when the polygon collapses or the result would not be simple. The
// result lives in s's storage until the next call.
func (s *insetter) inset(p []pt, d []float64) (insetResult, bool) {
	n := len(p)
	if n < 3 || len(d) != n {
		return insetResult{}, false
	}
	if n == 4 && d[0] == d[1] && d[1] == d[2] && d[2] == d[3] && rectangle(p) {
		return s.insetRectangle(p, d[0])
	}
	return s.insetGeneral(p, d)
}

// insetGeneral is inset for any polygon.
func (s *insetter) insetGeneral(p []pt, d []float64) (insetResult, bool) {
	n := len(p)
	s.u, s.off = s.u[:0], s.off[:0]
	for k := range n {
		u, ok := p[(k+1)%n].sub(p[k]).unit()
		if !ok {
			return insetResult{}, false
		}
		s.u = append(s.u, u)
		s.off = append(s.off, p[k].add(u.left().scale(d[k])))
	}
	s.active = s.active[:0]
	for k := range n {
		s.active = append(s.active, k)
	}
	for {
		m := len(s.active)
		if m < 3 {
			return insetResult{}, false
		}
		s.computeJoins(p, d)
		worst, at := -1e-9, -1
		for i := range m {
			b := s.active[i]
			start := s.joins[i][len(s.joins[i])-1]
			end := s.joins[(i+1)%m][0]
			if v := end.sub(start).dot(s.u[b]); v < worst {
				worst, at = v, i
			}
		}
		if at < 0 {
			break
		}
		s.active = append(s.active[:at], s.active[at+1:]...)
	}
	r := s.assemble(n)
	if !s.valid(p, d, r.poly) {
		return insetResult{}, false
	}
	return r, true
}

// rectangle reports whether counter-clockwise quad p has square corners.
func rectangle(p []pt) bool {
	for k := range 4 {
		a, b := p[(k+1)%4].sub(p[k]), p[(k+2)%4].sub(p[(k+1)%4])
		if math.Abs(a.dot(b)) > 1e-9*a.length()*b.length() || a.cross(b) <= 0 {
			return false
		}
	}
	return true
}

// insetRectangle is inset for the most common footprint, a rectangle
// inset by d all round: every corner moves d along both edges' normals
// (the bisector offset with n_prev·n_next = 0), and the rectangle
// collapses when a side is not longer than 2d.
func (s *insetter) insetRectangle(p []pt, d float64) (insetResult, bool) {
	for k := range 2 {
		if dist(p[k], p[k+1]) <= 2*d+1e-9 {
			return insetResult{}, false
		}
	}
	s.poly, s.edges = s.poly[:0], s.edges[:0]
	for k := range 4 {
		prev, next := p[(k+3)%4], p[(k+1)%4]
		np := unitOr(p[k].sub(prev)).left()
		nn := unitOr(next.sub(p[k])).left()
		s.poly = append(s.poly, p[k].add(np.add(nn).scale(d)))
		s.edges = append(s.edges, insetEdge{alive: true, start: k, end: (k + 1) % 4})
	}
	return insetResult{poly: s.poly, edges: s.edges}, true
}

// computeJoins fills s.joins: for each active edge, the one or two points
// where the previous active edge's offset ends and its own begins.
func (s *insetter) computeJoins(p []pt, d []float64) {
	m := len(s.active)
	s.joins = s.joins[:0]
	if cap(s.scratch) < m {
		s.scratch = make([][2]pt, m)
	}
	s.scratch = s.scratch[:m]
	for i := range m {
		a, b := s.active[(i+m-1)%m], s.active[i]
		pts := s.scratch[i][:0]
		s.joins = append(s.joins, s.join(pts, p, d, a, b))
	}
}

// join returns the points joining the offset of edge a to that of edge
// b, which follows it: their intersection, or where they are parallel or
// meet at a sharp reflex corner, the two points square off the corner.
func (s *insetter) join(dst []pt, p []pt, d []float64, a, b int) []pt {
	ua, ub := s.u[a], s.u[b]
	c, dt := ua.cross(ub), ua.dot(ub)
	v := p[b] // the original corner before edge b
	// A left turn, or a right (reflex) turn of at most maxReflexTurn.
	if math.Abs(c) > 1e-9 && (c > 0 || dt >= math.Cos(maxReflexTurn)) {
		if q, ok := lineIntersect(s.off[a], ua, s.off[b], ub); ok {
			return append(dst, q)
		}
	}
	if dt > 0 && math.Abs(d[a]-d[b]) < 1e-12 {
		// Straight on at one distance: the moved edges are one line.
		return append(dst, v.add(ub.left().scale(d[b])))
	}
	// A step between distances, a reversal or a sharp reflex corner: end
	// each moved edge where it passes the corner (squared off by its
	// distance at reflex turns, so the cut stays that far from it).
	ea := v.add(ua.left().scale(d[a]))
	sb := v.add(ub.left().scale(d[b]))
	if c < 0 || dt < 0 {
		ea = ea.add(ua.scale(d[a]))
		sb = sb.sub(ub.scale(d[b]))
	}
	return append(dst, ea, sb)
}

// assemble builds the inset polygon from the joins, merging points that
// coincide, and records each original edge's segment in it.
func (s *insetter) assemble(n int) insetResult {
	s.edges = append(s.edges[:0], make([]insetEdge, n)...)
	r := insetResult{poly: s.poly[:0], edges: s.edges}
	m := len(s.active)
	s.first = append(s.first[:0], make([]int, m)...)
	s.last = append(s.last[:0], make([]int, m)...)
	first, last := s.first, s.last // each join's first and last point
	for i := range m {
		for k, q := range s.joins[i] {
			if len(r.poly) > 0 && r.poly[len(r.poly)-1].near(q, 1e-9) {
				if k == 0 {
					first[i] = len(r.poly) - 1
				}
			} else {
				if k == 0 {
					first[i] = len(r.poly)
				}
				r.poly = append(r.poly, q)
			}
			last[i] = len(r.poly) - 1
		}
	}
	// The last point may repeat the first.
	if len(r.poly) > 1 && r.poly[len(r.poly)-1].near(r.poly[0], 1e-9) {
		r.poly = r.poly[:len(r.poly)-1]
		for i := range m {
			if first[i] == len(r.poly) {
				first[i] = 0
			}
			if last[i] == len(r.poly) {
				last[i] = 0
			}
		}
	}
	for i, b := range s.active {
		r.edges[b] = insetEdge{alive: true, start: last[i], end: first[(i+1)%m]}
	}
	s.poly = r.poly
	return r
}

// valid reports whether q is a proper inset of p by d: simple,
// counter-clockwise, inside p, and no closer to any edge of p than that
// edge's distance.
func (s *insetter) valid(p []pt, d []float64, q []pt) bool {
	if len(q) < 3 || area(q) <= 1e-9 {
		return false
	}
	const tol = 1e-6
	inside := func() bool {
		for _, v := range q {
			if !contains(p, v) && boundaryDist(p, v) > tol {
				return false
			}
		}
		return true
	}
	if convex(p) {
		// The inset of a convex polygon is the intersection of its moved
		// edges' half-planes, which dropping the turned edges leaves
		// exact: convex, inside, at each edge's distance by construction.
		return convex(q)
	}
	if !simple(q) || !inside() {
		return false
	}
	n, m := len(p), len(q)
	for k := range n {
		if d[k] <= 0 {
			continue
		}
		a, b := p[k], p[(k+1)%n]
		for j := range m {
			if segSegDist(a, b, q[j], q[(j+1)%m]) < d[k]-tol*(1+d[k]) {
				return false
			}
		}
	}
	return true
}

// ringPieces calls piece for each part of the ring between a polygon of
// n vertices and its inset r, as indices: the piece is the outer
// vertices (in order) then the inner ones (in order), counter-clockwise.
// Each surviving edge k gives a quad (its two ends, then its offset
// segment backwards) with edge k; each corner between two surviving
// edges that holds more than a point (original corners where edges
// collapsed, square-cut reflex corners) gives a piece with edge -1.
func ringPieces(n int, r insetResult, piece func(outer, inner []int, edge int)) {
	var buf ringBuf
	buf.pieces(n, r, piece)
}

// ringBuf is ringPieces' storage, for callers in a hot loop.
type ringBuf struct{ ob, ib []int }

// pieces is ringPieces with b's storage.
func (b *ringBuf) pieces(n int, r insetResult, piece func(outer, inner []int, edge int)) {
	prev := -1 // last surviving edge before edge 0
	for k := n - 1; k >= 0; k-- {
		if r.edges[k].alive {
			prev = k
			break
		}
	}
	if prev < 0 {
		return
	}
	m := len(r.poly)
	for k := range n {
		e := r.edges[k]
		if !e.alive {
			continue
		}
		// The corner from the previous surviving edge to this one.
		pe := r.edges[prev]
		b.ob, b.ib = b.ob[:0], b.ib[:0]
		for j := (prev + 1) % n; ; j = (j + 1) % n {
			b.ob = append(b.ob, j)
			if j == k {
				break
			}
		}
		for j, guard := e.start, 0; guard < m; j, guard = (j+m-1)%m, guard+1 {
			b.ib = append(b.ib, j)
			if j == pe.end {
				break
			}
		}
		if len(b.ob)+len(b.ib) >= 3 {
			piece(b.ob, b.ib, -1)
		}
		b.ob = append(b.ob[:0], k, (k+1)%n)
		b.ib = append(b.ib[:0], e.end, e.start)
		piece(b.ob, b.ib, k)
		prev = k
	}
}

// ring is ringPieces with the pieces' points, of p and r, skipping
// pieces without area.
func ring(p []pt, r insetResult, piece func(poly []pt, edge int)) {
	var buf []pt
	ringPieces(len(p), r, func(outer, inner []int, edge int) {
		buf = buf[:0]
		for _, i := range outer {
			buf = append(buf, p[i])
		}
		for _, i := range inner {
			buf = append(buf, r.poly[i])
		}
		if area(buf) > 1e-9 {
			piece(buf, edge)
		}
	})
}
