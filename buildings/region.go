package buildings

import (
	"math"
	"slices"
)

// edgeKind is what a block's edge borders, which decides its paving and
// the facades that face it.
type edgeKind uint8

const (
	edgeCell  edgeKind = iota // the cell's solid edge (the slope to the neighbour)
	edgeRoad                  // a road: pavement, shop fronts
	edgeRiver                 // a river channel: a quay
)

// block is a connected free part of a cell: a counter-clockwise polygon
// and what each edge (from poly[k] to poly[k+1]) borders.
type block struct {
	poly  []pt
	kinds []edgeKind
}

// region computes the free parts of a polygon with obstacles removed:
// the blocks of a cell between its roads and rivers. It works on the
// arrangement of all edges: every edge is split where others cross it,
// a piece is kept where it separates free ground (on its left) from
// anything else, and the kept pieces are chained into loops. This makes
// no assumption about the obstacles' shapes, how they overlap each other
// or the outline.
type region struct {
	segs   []regionSeg
	verts  []pt
	pieces []regionPiece
	out    map[int][]int // vertex → pieces leaving it
	// holes are the clockwise loops of the last subtract: obstacles
	// standing free inside a block, which lots must still avoid.
	holes  []block
	params [][]splitAt
}

type regionSeg struct {
	a, b   int // vertex indices
	kind   edgeKind
	source int // -1: the outline; else the obstacle's index
}

type splitAt struct {
	t float64
	v int
}

type regionPiece struct {
	a, b int
	kind edgeKind
	used bool
}

// obstacle is ground to keep off: a polygon (either orientation) and what
// it is.
type obstacle struct {
	poly []pt
	kind edgeKind
}

// vertexTol is how close two points must be to count as one.
const vertexTol = 1e-7

// vertex returns the index of p in r.verts, adding it unless a point
// within vertexTol is there already.
func (r *region) vertex(p pt) int {
	for i, q := range r.verts {
		if q.near(p, vertexTol) {
			return i
		}
	}
	r.verts = append(r.verts, p)
	return len(r.verts) - 1
}

// subtract returns the free parts of counter-clockwise polygon outer once
// the obstacles are taken out, in the order the arrangement finds them
// (deterministic). Obstacles standing free inside a part leave holes,
// which r.holes lists (clockwise).
func (r *region) subtract(outer []pt, obs []obstacle) []block {
	r.segs, r.verts, r.pieces = r.segs[:0], r.verts[:0], r.pieces[:0]
	addPoly := func(p []pt, kind edgeKind, source int) {
		for k := range p {
			a, b := r.vertex(p[k]), r.vertex(p[(k+1)%len(p)])
			if a != b {
				r.segs = append(r.segs, regionSeg{a: a, b: b, kind: kind, source: source})
			}
		}
	}
	addPoly(outer, edgeCell, -1)
	for i, o := range obs {
		addPoly(o.poly, o.kind, i)
	}
	r.split()
	free := func(q pt) bool {
		if !contains(outer, q) {
			return false
		}
		for _, o := range obs {
			if contains(o.poly, q) {
				return false
			}
		}
		return true
	}
	r.keepBoundary(free)
	return r.chain()
}

// split cuts every segment where another crosses or touches it.
func (r *region) split() {
	n := len(r.segs)
	if cap(r.params) < n {
		r.params = make([][]splitAt, n)
	}
	r.params = r.params[:n]
	for i := range n {
		r.params[i] = append(r.params[i][:0], splitAt{0, r.segs[i].a}, splitAt{1, r.segs[i].b})
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			r.intersect(i, j)
		}
	}
}

// intersect records where segments i and j meet, in both.
func (r *region) intersect(i, j int) {
	si, sj := r.segs[i], r.segs[j]
	p, q := r.verts[si.a], r.verts[sj.a]
	u, w := r.verts[si.b].sub(p), r.verts[sj.b].sub(q)
	den := u.cross(w)
	lu, lw := u.length(), w.length()
	const eps = 1e-9
	if math.Abs(den) > eps*lu*lw {
		t := q.sub(p).cross(w) / den
		s := q.sub(p).cross(u) / den
		if t < -eps || t > 1+eps || s < -eps || s > 1+eps {
			return
		}
		t, s = min(max(t, 0), 1), min(max(s, 0), 1)
		// An end point stays itself; a crossing is a new vertex.
		v := -1
		switch {
		case t == 0 || t*lu < vertexTol:
			v = si.a
		case t == 1 || (1-t)*lu < vertexTol:
			v = si.b
		case s == 0 || s*lw < vertexTol:
			v = sj.a
		case s == 1 || (1-s)*lw < vertexTol:
			v = sj.b
		default:
			v = r.vertex(p.add(u.scale(t)))
		}
		r.params[i] = append(r.params[i], splitAt{t, v})
		r.params[j] = append(r.params[j], splitAt{s, v})
		return
	}
	// Parallel: only collinear overlaps matter; each segment is split at
	// the other's end points that lie inside it.
	if math.Abs(q.sub(p).cross(u)) > eps*lu*(1+q.sub(p).length()) {
		return
	}
	onto := func(k int, from pt, dir pt, l2 float64, v int) {
		t := r.verts[v].sub(from).dot(dir) / l2
		if t > 0 && t < 1 {
			r.params[k] = append(r.params[k], splitAt{t, v})
		}
	}
	onto(i, p, u, lu*lu, sj.a)
	onto(i, p, u, lu*lu, sj.b)
	onto(j, q, w, lw*lw, si.a)
	onto(j, q, w, lw*lw, si.b)
}

// keepBoundary turns the split segments into pieces and keeps those with
// free ground on exactly one side, directed so that it is on their left.
func (r *region) keepBoundary(free func(pt) bool) {
	const delta = 1e-5
	for i, s := range r.segs {
		ps := r.params[i]
		slices.SortFunc(ps, func(x, y splitAt) int {
			if x.t < y.t {
				return -1
			}
			if x.t > y.t {
				return 1
			}
			return 0
		})
		for k := 0; k+1 < len(ps); k++ {
			a, b := ps[k].v, ps[k+1].v
			if a == b {
				continue
			}
			pa, pb := r.verts[a], r.verts[b]
			n, ok := pb.sub(pa).unit()
			if !ok {
				continue
			}
			m := mid(pa, pb)
			l, rt := free(m.add(n.left().scale(delta))), free(m.sub(n.left().scale(delta)))
			switch {
			case l && !rt:
				r.addPiece(a, b, s.kind)
			case rt && !l:
				r.addPiece(b, a, s.kind)
			}
		}
	}
}

// addPiece adds a directed boundary piece unless it is there already
// (two obstacles sharing an edge on the same side). Where an obstacle
// edge runs along the outline, the obstacle's kind wins: a road along
// the cell's edge is still a road.
func (r *region) addPiece(a, b int, kind edgeKind) {
	for k := range r.pieces {
		if p := &r.pieces[k]; p.a == a && p.b == b {
			p.kind = max(p.kind, kind)
			return
		}
	}
	r.pieces = append(r.pieces, regionPiece{a: a, b: b, kind: kind})
}

// chain links the pieces into loops and returns the counter-clockwise
// ones as blocks.
func (r *region) chain() []block {
	if r.out == nil {
		r.out = map[int][]int{}
	}
	clear(r.out)
	for k, p := range r.pieces {
		r.out[p.a] = append(r.out[p.a], k)
	}
	var blocks []block
	r.holes = r.holes[:0]
	for start := range r.pieces {
		if r.pieces[start].used {
			continue
		}
		var b block
		k, closed := start, false
		for guard := 0; guard <= len(r.pieces); guard++ {
			p := &r.pieces[k]
			p.used = true
			b.poly = append(b.poly, r.verts[p.a])
			b.kinds = append(b.kinds, p.kind)
			next := r.next(k, start)
			if next < 0 || next == start {
				closed = next == start
				break
			}
			k = next
		}
		if !closed {
			continue // only where the arrangement is broken by rounding
		}
		b = simplifyBlock(b)
		switch a := area(b.poly); {
		case len(b.poly) < 3:
		case a > 1e-6:
			blocks = append(blocks, b)
		case a < -1e-6:
			r.holes = append(r.holes, b)
		}
	}
	return blocks
}

// next is the piece that continues the loop after piece k (the loop
// began at start): of the pieces leaving its end that are unused (or
// close the loop), the first clockwise from the way back, which keeps
// the free ground on the left where loops touch at a point.
func (r *region) next(k, start int) int {
	p := r.pieces[k]
	back := r.verts[p.a].sub(r.verts[p.b])
	best, bestAngle := -1, math.Inf(1)
	for _, c := range r.out[p.b] {
		q := r.pieces[c]
		if q.used && c != start {
			continue
		}
		dir := r.verts[q.b].sub(r.verts[q.a])
		// Clockwise angle from back to dir, in (0, 2π].
		a := -math.Atan2(back.cross(dir), back.dot(dir))
		if a <= 0 {
			a += 2 * math.Pi
		}
		if a < bestAngle {
			best, bestAngle = c, a
		}
	}
	return best
}

// simplifyBlock merges consecutive edges that run straight on with the
// same kind, and drops points that coincide.
func simplifyBlock(b block) block {
	for changed := true; changed && len(b.poly) >= 3; {
		changed = false
		for i := 0; i < len(b.poly) && len(b.poly) >= 3; i++ {
			n := len(b.poly)
			prev := (i + n - 1) % n
			a, v, c := b.poly[prev], b.poly[i], b.poly[(i+1)%n]
			same := b.kinds[prev] == b.kinds[i]
			ac := c.sub(a)
			l := ac.length()
			straight := same && l > 0 && math.Abs(ac.cross(v.sub(a)))/l <= 1e-7 && v.sub(a).dot(c.sub(v)) >= 0
			if v.near(a, 1e-7) || straight {
				if !straight {
					b.kinds[prev] = b.kinds[i] // the tiny edge goes, the next one stays
				}
				b.poly = slices.Delete(b.poly, i, i+1)
				b.kinds = slices.Delete(b.kinds, i, i+1)
				changed = true
				i--
			}
		}
	}
	return b
}
