package buildings

import "math"

// Lot sizes, in world units (Catlike's cell: solid hexagon of corner
// radius 8, roads 4 wide). A floor is 0.7 high, so a unit is about 4 m.
const (
	paveWidth   = 0.45 // paved strip along roads
	quayWidth   = 0.55 // paved strip along river channels
	cellMargin  = 0.3  // ground kept free along the cell's solid edge
	minLotArea  = 0.9  // smaller lots stay gardens
	minLotWidth = 0.8  // nor may a lot be narrower than this anywhere
	clearance   = 0.1  // between a loose lot and ground it keeps off
	// minCourtyard is the narrowest courtyard a perimeter block keeps;
	// thinner blocks are cut into lots that run through.
	minCourtyard = 1.2
)

// lot is a piece of ground for one building, local to the cell.
type lot struct {
	poly   []pt
	roles  []Role // per edge
	shop   bool   // the front faces a road (shops at level 2 and up)
	corner bool   // at a block corner
	salt   uint32 // tells lots of one cell apart in the hash
	// hash is the hash grid at the lot, where it was sampled already (a
	// loose lot at its spot).
	hash   [5]float32
	hashed bool
}

// frontageWidth is the mean lot width along a street, by urban level.
func frontageWidth(level int) float64 {
	return [...]float64{2.6, 2.7, 2.3, 2.9}[min(max(level, 0), 3)]
}

// lotDepth is how deep lots reach from the street into a block.
func lotDepth(level int) float64 {
	return [...]float64{2, 2, 2.3, 2.8}[min(max(level, 0), 3)]
}

// newLot appends a lot to b.lots and returns it, reusing the storage of
// the lot that stood there for an earlier cell.
func (b *Builder) newLot() *lot {
	if len(b.lots) < cap(b.lots) {
		b.lots = b.lots[:len(b.lots)+1]
	} else {
		b.lots = append(b.lots, lot{})
	}
	l := &b.lots[len(b.lots)-1]
	*l = lot{poly: l.poly[:0], roles: l.roles[:0]}
	return l
}

// dropLot removes the lot newLot returned last.
func (b *Builder) dropLot() { b.lots = b.lots[:len(b.lots)-1] }

// pieceLots cuts a block's piece into lots: a corner piece is one lot;
// another is cut across its street into lots of about the frontage
// width, each width from the hash grid at the street's middle.
func (b *Builder) pieceLots(c *Cell, p *piece, salt uint32) uint32 {
	if p.corner {
		l := b.newLot()
		l.poly = append(l.poly, p.poly...)
		for _, s := range p.sides {
			l.roles = append(l.roles, s.role())
		}
		l.shop, l.corner, l.salt = p.shop, true, salt
		b.keepLot()
		return salt + 1
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, q := range p.poly {
		t := q.sub(p.from).dot(p.dir)
		lo, hi = min(lo, t), max(hi, t)
	}
	count := max(1, int(math.Round((hi-lo)/frontageWidth(c.Level))))
	dice := newDice(hashAt(c, b.ground, p.from.add(p.dir.scale((lo+hi)/2))), salt)
	widths := b.work.widths[:0]
	total := 0.0
	for range count {
		x := 0.7 + 0.6*dice.next()
		widths = append(widths, x)
		total += x
	}
	b.work.widths = widths
	parts := p.parts
	if parts == nil {
		one := [1]part{{poly: p.poly, sides: p.sides}}
		parts = one[:]
	}
	t := lo
	for i := range count {
		next := t + widths[i]/total*(hi-lo)
		if i == count-1 {
			next = hi
		}
		for _, q := range parts {
			b.stripLot(p, q, t, next, salt)
			salt++
		}
		t = next
	}
	return salt
}

// stripLot adds the lot that part q (convex) of piece p holds between
// the lines t0 and t1 across the piece's street, if any.
func (b *Builder) stripLot(p *piece, q part, t0, t1 float64, salt uint32) {
	w := &b.work
	w.clip, w.clipSides = clipSides(w.clip[:0], w.clipSides[:0], q.poly, q.sides, p.from.add(p.dir.scale(t0)), p.dir.left().scale(-1), sideParty)
	if len(w.clip) < 3 {
		return
	}
	l := b.newLot()
	var sides []side
	l.poly, sides = clipSides(l.poly, w.sides[:0], w.clip, w.clipSides, p.from.add(p.dir.scale(t1)), p.dir.left(), sideParty)
	l.poly, sides = cleanSides(l.poly, sides, 1e-9)
	w.sides = sides
	for _, s := range sides {
		l.roles = append(l.roles, s.role())
	}
	l.shop, l.salt = p.shop, salt
	b.keepLot()
}

// keepLot keeps the lot newLot returned last if it is big and thick
// enough. (Lots are simple: clipped from convex parts, or ring pieces of
// a checked inset.)
func (b *Builder) keepLot() {
	l := &b.lots[len(b.lots)-1]
	if len(l.poly) < 3 || area(l.poly) < minLotArea || thickness(l.poly) < minLotWidth {
		b.dropLot()
	}
}

// thickness is twice the area over the longest edge: about the lot's
// narrowest width for the quads and triangles lots are.
func thickness(p []pt) float64 {
	longest := 0.0
	for i := range p {
		longest = max(longest, dist(p[i], p[(i+1)%len(p)]))
	}
	if longest == 0 {
		return 0
	}
	return 2 * area(p) / longest
}

// looseLots puts a lot at each of the cell's spots: a rectangle of the
// spot's size class. In a village it is turned by the spot's angle, as
// Catlike turns its features; in a town or city its long side faces the
// cell's centre, so that the houses ring a green.
func (b *Builder) looseLots(c *Cell) {
	for k, s := range c.Spots {
		centre := pt{quantise(s.X - c.Center[0]), quantise(s.Z - c.Center[2])}
		hash := hashAt(c, b.ground, centre)
		dice := newDice(hash, uint32(k))
		size := [...][2]float64{{3.0, 2.2}, {2.4, 1.8}, {1.9, 1.4}}[min(max(s.Size, 0), 2)]
		grow := [...]float64{1, 1, 1, 1.2}[min(max(c.Level, 0), 3)] // a city's stand fewer and larger
		w := size[0] * grow * (0.85 + 0.3*dice.next())
		h := size[1] * grow * (0.85 + 0.3*dice.next())
		a := float64(s.Angle) * math.Pi / 180
		ux := pt{math.Cos(a), -math.Sin(a)} // Catlike turns features clockwise seen from above
		if out, ok := centre.unit(); ok && c.Level >= 2 {
			if c.Level == 2 {
				w = min(w, 2.3) // the ring has room for about a dozen
			}
			jitter := (float64(s.Angle)/360 - 0.5) * 0.25
			ux = out.left().scale(math.Cos(jitter)).add(out.scale(math.Sin(jitter)))
		}
		uz := ux.left()
		l := b.newLot()
		l.poly = append(l.poly,
			centre.add(ux.scale(-w/2)).add(uz.scale(-h/2)),
			centre.add(ux.scale(w/2)).add(uz.scale(-h/2)),
			centre.add(ux.scale(w/2)).add(uz.scale(h/2)),
			centre.add(ux.scale(-w/2)).add(uz.scale(h/2)))
		l.roles = append(l.roles, Front, Back, Back, Back)
		l.salt, l.hash, l.hashed = uint32(k)|1<<16, hash, true
	}
}

// fits reports whether lot l stands clear of everything it must keep
// off: inside the cell's margin, off the cuts and taken discs, and (loose
// lots) off the lots already kept.
func (b *Builder) fits(l *lot, margin []pt, cuts [][]pt, c *Cell, loose bool) bool {
	for _, q := range l.poly {
		// Inside the margin's inscribed circle is inside the margin.
		if q.dot(q) > b.marginIn*b.marginIn && !contains(margin, q) {
			return false
		}
	}
	for _, cut := range cuts {
		if !clearOf(l.poly, cut, clearance) {
			return false
		}
	}
	lb := bounds(l.poly)
	for _, t := range c.Taken {
		q := pt{float64(t.X - c.Center[0]), float64(t.Z - c.Center[2])}
		if lb.apart(box{q, q}, float64(t.R)) {
			continue
		}
		if !discClear(l.poly, q, float64(t.R)) {
			return false
		}
	}
	if !loose {
		return true // lots cut from one block only touch
	}
	// Loose lots are rectangles: apart by their boxes, or else by an axis.
	for i := range b.kept {
		o := b.kept[i].poly
		if !lb.apart(bounds(o), clearance) && !separated(l.poly, o, clearance) && !separated(o, l.poly, clearance) {
			return false
		}
	}
	return true
}

// clearOf reports whether polygons a and b are at least gap apart.
// Between convex polygons an axis that separates them by gap (an edge
// normal of either) proves it without measuring every pair of edges.
func clearOf(a, b []pt, gap float64) bool {
	if bounds(a).apart(bounds(b), gap) {
		return true
	}
	if convex(a) && convex(b) {
		// Without a separating axis they overlap, or all but touch at a
		// corner: either way too near.
		return separated(a, b, gap) || separated(b, a, gap)
	}
	return polygonGap(a, b) >= gap
}

// separated reports whether an outward edge normal of counter-clockwise
// convex polygon a has all of b at least gap beyond a.
func separated(a, b []pt, gap float64) bool {
	for i := range a {
		p, q := a[i], a[(i+1)%len(a)]
		n, ok := q.sub(p).unit()
		if !ok {
			continue
		}
		n = pt{n.z, -n.x} // outward: to the right of p→q
		lo := math.Inf(1)
		for _, v := range b {
			lo = min(lo, v.sub(p).dot(n))
		}
		if lo >= gap {
			return true
		}
	}
	return false
}

// discClear reports whether polygon p keeps at least r from point q.
func discClear(p []pt, q pt, r float64) bool {
	if contains(p, q) {
		return false
	}
	for i := range p {
		if segDist2(q, p[i], p[(i+1)%len(p)]) < r*r {
			return false
		}
	}
	return true
}

// polygonGap is the distance between polygons a and b, 0 where they
// overlap.
func polygonGap(a, b []pt) float64 {
	if contains(a, b[0]) || contains(b, a[0]) {
		return 0
	}
	d := math.Inf(1)
	for i := range a {
		p, q := a[i], a[(i+1)%len(a)]
		for j := range b {
			d = min(d, segSegDist(p, q, b[j], b[(j+1)%len(b)]))
			if d == 0 {
				return 0
			}
		}
	}
	return d
}

func clonePts(p []pt) []pt { return append([]pt(nil), p...) }
