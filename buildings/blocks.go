package buildings

import "math"

// City blocks (seed 000): the free parts of a road cell between its
// roads and rivers, each inset for a paved strip along the streets (and
// a margin along the cell's edge) with the clean mitred corners of the
// inset, then inset again by the lot depth: the band between is cut into
// pieces, one per street side plus the corners, and the pieces into lots
// (lots.go). Blocks too thin for a courtyard become one piece, cut into
// lots that run through. All of this depends on a block's shape and the
// urban level only, so it is worked out once per layout and level.

// side is what the edge of a piece or lot borders.
type side uint8

const (
	sideRoad  side = iota // a street: the front, with shops
	sideRiver             // a quay: the front
	sideCell              // the cell's edge: a back
	sideCourt             // a courtyard: a back
	sideParty             // the next lot
)

// role is the facade an edge of this side gets.
func (s side) role() Role {
	switch s {
	case sideRoad, sideRiver:
		return Front
	case sideCell, sideCourt:
		return Back
	}
	return Party
}

func sideOf(k edgeKind) side { return [...]side{sideCell, sideRoad, sideRiver}[k] }

// piece is a part of a paved block that lots are cut from: as one corner
// lot, or across the street line through from along dir.
type piece struct {
	poly      []pt
	sides     []side
	corner    bool
	from, dir pt
	shop      bool
	// parts are a concave piece's convex parts, which lots are clipped
	// from (clipping a concave polygon would join its parts across a
	// notch, over whatever the notch holds); nil for a convex piece.
	parts []part
}

// part is a convex part of a piece and the sides of its edges (the
// diagonals it was cut along meet the next lot: party).
type part struct {
	poly  []pt
	sides []side
}

// convexParts cuts simple polygon p (with sides) into convex parts: its
// ear triangulation, with triangles merged across diagonals while the
// union stays convex (Hertel and Mehlhorn).
func convexParts(p []pt, sides []side) []part {
	tris, _ := triangulate(nil, p, nil)
	polys := make([][]int, 0, len(tris)/3)
	for k := 0; k+2 < len(tris); k += 3 {
		polys = append(polys, []int{tris[k], tris[k+1], tris[k+2]})
	}
	n := len(p)
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(polys) && !merged; i++ {
			for j := i + 1; j < len(polys) && !merged; j++ {
				if u := mergeAcross(polys[i], polys[j], p); u != nil {
					polys[i] = u
					polys = append(polys[:j], polys[j+1:]...)
					merged = true
				}
			}
		}
	}
	parts := make([]part, 0, len(polys))
	for _, idx := range polys {
		var q part
		for k, i := range idx {
			next := idx[(k+1)%len(idx)]
			q.poly = append(q.poly, p[i])
			s := sideParty // a diagonal
			if next == (i+1)%n {
				s = sides[i]
			}
			q.sides = append(q.sides, s)
		}
		parts = append(parts, q)
	}
	return parts
}

// mergeAcross returns the union of convex polygons a and b (index lists
// into p, counter-clockwise) if they share an edge and the union is
// convex, else nil.
func mergeAcross(a, b []int, p []pt) []int {
	for i := range a {
		x, y := a[i], a[(i+1)%len(a)]
		for j := range b {
			if b[j] != y || b[(j+1)%len(b)] != x {
				continue
			}
			// a from y round to x, then b from x round to y, the shared
			// edge left out.
			var u []int
			for k := 0; k < len(a); k++ {
				u = append(u, a[(i+1+k)%len(a)])
			}
			for k := 2; k < len(b); k++ {
				u = append(u, b[(j+k)%len(b)])
			}
			q := make([]pt, len(u))
			for k, v := range u {
				q[k] = p[v]
			}
			if convex(q) {
				return u
			}
			return nil
		}
	}
	return nil
}

// blockPlan is what a block yields at one urban level before the hash
// grid is asked.
type blockPlan struct {
	pave   *paving // nil for a block without paving
	pieces []piece
}

// paving is a block's paved strips: the ring pieces along its streets
// between the block's outline and its paved inset, as triangles over
// pts (the outline, then the inset), with a kerb along each street edge
// (pairs of outline indices).
type paving struct {
	pts   []pt
	tris  []int
	kerbs [][2]int
}

// planBlock works out block blk's paving and pieces at an urban level.
func (b *Builder) planBlock(blk block, level int) blockPlan {
	var plan blockPlan
	n := len(blk.poly)
	d := make([]float64, n)
	for i, kind := range blk.kinds {
		d[i] = [...]float64{cellMargin, paveWidth, quayWidth}[kind]
	}
	paved, ok := b.ins.inset(blk.poly, d)
	if !ok {
		return plan
	}
	if level >= 2 {
		plan.pave = planPaving(blk, paved)
	}
	// What each paved edge borders: the street of the original edge it
	// came from, or the cell's edge at joins.
	inner := clonePts(paved.poly)
	sides := make([]side, len(inner))
	for i := range sides {
		sides[i] = sideCell
	}
	for e, pe := range paved.edges {
		if pe.alive {
			sides[pe.start] = sideOf(blk.kinds[e])
		}
	}
	for _, depth := range [...]float64{lotDepth(level), lotDepth(level) * 0.65} {
		r, ok := b.ins.inset(inner, uniform(len(inner), depth))
		if !ok || thickness(r.poly) < minCourtyard {
			continue
		}
		// A perimeter block: a piece along every side, the corners, and a
		// courtyard inside.
		ringPieces(len(inner), r, func(outer, in []int, edge int) {
			var p piece
			for j, i := range outer {
				p.poly = append(p.poly, inner[i])
				if j+1 < len(outer) {
					p.sides = append(p.sides, sides[i])
					p.shop = p.shop || sides[i] == sideRoad
				}
			}
			p.sides = append(p.sides, sideParty)
			for j, i := range in {
				p.poly = append(p.poly, r.poly[i])
				if j+1 < len(in) {
					p.sides = append(p.sides, sideCourt)
				}
			}
			p.sides = append(p.sides, sideParty)
			if area(p.poly) < minLotArea {
				return
			}
			if p.corner = edge < 0; !p.corner {
				p.from, p.dir = inner[edge], unitOr(inner[(edge+1)%len(inner)].sub(inner[edge]))
				if !convex(p.poly) {
					p.parts = convexParts(p.poly, p.sides)
				}
			}
			plan.pieces = append(plan.pieces, p)
		})
		return plan
	}
	// Too thin for a courtyard: one piece, cut across its longest street.
	e := streetEdge(inner, sides)
	p := piece{
		poly: inner, sides: sides, from: inner[e],
		dir:  unitOr(inner[(e+1)%len(inner)].sub(inner[e])),
		shop: sides[e] == sideRoad,
	}
	if !convex(p.poly) {
		p.parts = convexParts(p.poly, p.sides)
	}
	plan.pieces = append(plan.pieces, p)
	return plan
}

// planPaving collects the paved strips of block blk, inset into paved.
func planPaving(blk block, paved insetResult) *paving {
	n := len(blk.poly)
	pv := &paving{pts: append(clonePts(blk.poly), paved.poly...)}
	var local []pt
	var tris, work []int
	ringPieces(n, paved, func(outer, inner []int, edge int) {
		if edge < 0 || blk.kinds[edge] == edgeCell {
			return
		}
		idx := append(append([]int(nil), outer...), inner...)
		for j := len(outer); j < len(idx); j++ {
			idx[j] += n
		}
		local = local[:0]
		for _, i := range idx {
			local = append(local, pv.pts[i])
		}
		if area(local) <= 1e-9 {
			return
		}
		tris, work = triangulate(tris[:0], local, work)
		for _, t := range tris {
			pv.tris = append(pv.tris, idx[t])
		}
		pv.kerbs = append(pv.kerbs, [2]int{edge, (edge + 1) % n})
	})
	if len(pv.tris) == 0 {
		return nil
	}
	return pv
}

// streetEdge is the longest edge of p along a road (or river, or any,
// when it has none).
func streetEdge(p []pt, sides []side) int {
	best, bestScore := 0, -1.0
	for i := range p {
		score := dist(p[i], p[(i+1)%len(p)])
		if sides[i] != sideCell {
			score += 100
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

func unitOr(a pt) pt {
	u, ok := a.unit()
	if !ok {
		return pt{1, 0}
	}
	return u
}

// blockKey identifies a cut layout by a hash of its quantised points.
type blockKey uint64

// blockEntry is a cached layout: its blocks, and their plans by level.
type blockEntry struct {
	cuts   [][]pt
	blocks []block
	holes  bool // obstacles stand free inside a block: lots must be checked
	plans  [4][]blockPlan
	done   [4]bool
}

// uniform is n copies of d: one inset distance for every edge.
func uniform(n int, d float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = d
	}
	return out
}

// maxCachedLayouts bounds the block cache; it is emptied when full.
const maxCachedLayouts = 4096

// layout returns the cache entry for hex with cuts taken out, working
// out its blocks when the layout is new (cells with the same roads and
// rivers share one).
func (b *Builder) layout(hex []pt, cuts [][]pt, kinds []edgeKind) *blockEntry {
	h := uint64(14695981039346656037)
	for i, p := range cuts {
		h = (h ^ uint64(kinds[i])) * 1099511628211
		for _, q := range p {
			h = (h ^ math.Float64bits(q.x)) * 1099511628211
			h = (h ^ math.Float64bits(q.z)) * 1099511628211
		}
	}
	key := blockKey(h)
	if b.cache == nil || len(b.cache) >= maxCachedLayouts {
		b.cache = map[blockKey]*blockEntry{}
	}
	if e, ok := b.cache[key]; ok && sameCuts(e.cuts, cuts) {
		return e
	}
	obs := make([]obstacle, len(cuts))
	kept := make([][]pt, len(cuts))
	for i, p := range cuts {
		kept[i] = clonePts(p)
		obs[i] = obstacle{poly: kept[i], kind: kinds[i]}
	}
	e := &blockEntry{cuts: kept, blocks: b.reg.subtract(hex, obs)}
	e.holes = len(b.reg.holes) > 0
	b.cache[key] = e
	return e
}

// plansFor returns the plans of e's blocks at an urban level.
func (b *Builder) plansFor(e *blockEntry, level int) []blockPlan {
	if !e.done[level] {
		for _, blk := range e.blocks {
			e.plans[level] = append(e.plans[level], b.planBlock(blk, level))
		}
		e.done[level] = true
	}
	return e.plans[level]
}

func sameCuts(a, b [][]pt) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}
