package buildings

import "math"

// pt is a point or vector on the ground plane.
type pt struct{ x, z float64 }

func (a pt) add(b pt) pt               { return pt{a.x + b.x, a.z + b.z} }
func (a pt) sub(b pt) pt               { return pt{a.x - b.x, a.z - b.z} }
func (a pt) scale(f float64) pt        { return pt{a.x * f, a.z * f} }
func (a pt) dot(b pt) float64          { return a.x*b.x + a.z*b.z }
func (a pt) cross(b pt) float64        { return a.x*b.z - a.z*b.x }
func (a pt) length() float64           { return math.Sqrt(a.x*a.x + a.z*a.z) }
func (a pt) left() pt                  { return pt{-a.z, a.x} } // a turned a quarter counter-clockwise
func lerp(a, b pt, t float64) pt       { return pt{a.x + (b.x-a.x)*t, a.z + (b.z-a.z)*t} }
func dist(a, b pt) float64             { return b.sub(a).length() }
func orient(a, b, c pt) float64        { return b.sub(a).cross(c.sub(a)) } // > 0: c left of a→b
func mid(a, b pt) pt                   { return lerp(a, b, 0.5) }
func (a pt) near(b pt, e float64) bool { return math.Abs(a.x-b.x) <= e && math.Abs(a.z-b.z) <= e }

// unit returns a scaled to length 1, or false for a (near) zero vector.
func (a pt) unit() (pt, bool) {
	l := a.length()
	if l < 1e-12 {
		return pt{}, false
	}
	return a.scale(1 / l), true
}

// area is the signed area of polygon p: positive when counter-clockwise.
func area(p []pt) float64 {
	s := 0.0
	for i, a := range p {
		b := p[(i+1)%len(p)]
		s += a.cross(b)
	}
	return s / 2
}

// centroid is the area centroid of polygon p (its vertex mean when p
// has no area).
func centroid(p []pt) pt {
	var c pt
	s := 0.0
	for i, a := range p {
		b := p[(i+1)%len(p)]
		w := a.cross(b)
		s += w
		c = c.add(a.add(b).scale(w))
	}
	if math.Abs(s) < 1e-12 {
		for _, a := range p {
			c = c.add(a)
		}
		return c.scale(1 / float64(len(p)))
	}
	return c.scale(1 / (3 * s))
}

// contains reports whether q lies inside polygon p (either orientation),
// by the even-odd rule; points on the boundary may go either way.
func contains(p []pt, q pt) bool {
	in := false
	for i, a := range p {
		b := p[(i+1)%len(p)]
		if (a.z > q.z) != (b.z > q.z) {
			x := a.x + (q.z-a.z)/(b.z-a.z)*(b.x-a.x)
			if q.x < x {
				in = !in
			}
		}
	}
	return in
}

// segDist is the distance from q to the segment a-b.
func segDist(q, a, b pt) float64 { return math.Sqrt(segDist2(q, a, b)) }

// segDist2 is the squared distance from q to the segment a-b.
func segDist2(q, a, b pt) float64 {
	ab, aq := b.sub(a), q.sub(a)
	l2 := ab.dot(ab)
	t := 0.0
	if l2 > 0 {
		t = min(max(aq.dot(ab)/l2, 0), 1)
	}
	d := aq.sub(ab.scale(t))
	return d.dot(d)
}

// boundaryDist is the distance from q to the boundary of polygon p.
func boundaryDist(p []pt, q pt) float64 {
	d := math.Inf(1)
	for i, a := range p {
		d = min(d, segDist(q, a, p[(i+1)%len(p)]))
	}
	return d
}

// segmentsCross reports whether the closed segments a-b and c-d share a
// point.
func segmentsCross(a, b, c, d pt) bool {
	d1, d2 := orient(c, d, a), orient(c, d, b)
	d3, d4 := orient(a, b, c), orient(a, b, d)
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	on := func(p, q, r pt, o float64) bool { // r on segment p-q, given collinear
		return o == 0 && min(p.x, q.x) <= r.x && r.x <= max(p.x, q.x) && min(p.z, q.z) <= r.z && r.z <= max(p.z, q.z)
	}
	return on(c, d, a, d1) || on(c, d, b, d2) || on(a, b, c, d3) || on(a, b, d, d4)
}

// segSegDist is the distance between the segments a-b and c-d.
func segSegDist(a, b, c, d pt) float64 {
	if segmentsCross(a, b, c, d) {
		return 0
	}
	return math.Sqrt(min(segDist2(a, c, d), segDist2(b, c, d), segDist2(c, a, b), segDist2(d, a, b)))
}

// box is an axis-aligned bounding box on the ground.
type box struct{ lo, hi pt }

func bounds(p []pt) box {
	b := box{p[0], p[0]}
	for _, q := range p[1:] {
		b.lo = pt{min(b.lo.x, q.x), min(b.lo.z, q.z)}
		b.hi = pt{max(b.hi.x, q.x), max(b.hi.z, q.z)}
	}
	return b
}

// apart reports whether boxes a and b are more than gap apart on some
// axis.
func (a box) apart(b box, gap float64) bool {
	return a.lo.x > b.hi.x+gap || b.lo.x > a.hi.x+gap || a.lo.z > b.hi.z+gap || b.lo.z > a.hi.z+gap
}

// simple reports whether polygon p has at least three vertices, no two
// edges that meet other than adjacent ones at their shared vertex, and
// no zero-length edge.
func simple(p []pt) bool {
	n := len(p)
	if n < 3 {
		return false
	}
	for i := range n {
		a, b := p[i], p[(i+1)%n]
		if a == b {
			return false
		}
		for j := i + 1; j < n; j++ {
			if j == i+1 || (i == 0 && j == n-1) {
				continue // adjacent: they share a vertex by construction
			}
			if segmentsCross(a, b, p[j], p[(j+1)%n]) {
				return false
			}
		}
	}
	// Adjacent edges may still fold back onto each other.
	for i := range n {
		a, b, c := p[(i+n-1)%n], p[i], p[(i+1)%n]
		if orient(a, b, c) == 0 && b.sub(a).dot(c.sub(b)) < 0 {
			return false
		}
	}
	return true
}

// convex reports whether counter-clockwise polygon p turns left (or goes
// straight) at every vertex.
func convex(p []pt) bool {
	n := len(p)
	for i := range n {
		if orient(p[i], p[(i+1)%n], p[(i+2)%n]) < -1e-12 {
			return false
		}
	}
	return true
}

// clipHalfPlane appends to dst the part of convex polygon p on the left
// of the directed line through o along u (where (q-o)×u <= 0), and
// returns it. This is one Sutherland-Hodgman step.
func clipHalfPlane(dst, p []pt, o, u pt) []pt {
	side := func(q pt) float64 { return u.cross(q.sub(o)) } // >= 0: keep
	for i, a := range p {
		b := p[(i+1)%len(p)]
		sa, sb := side(a), side(b)
		if sa >= 0 {
			dst = append(dst, a)
		}
		if (sa >= 0) != (sb >= 0) {
			dst = append(dst, lerp(a, b, sa/(sa-sb)))
		}
	}
	return dst
}

// cleanPolygon drops repeated vertices and vertices where the boundary
// goes straight on (within tol of the line through their neighbours), in
// place.
func cleanPolygon(p []pt, tol float64) []pt {
	for changed := true; changed && len(p) >= 3; {
		changed = false
		for i := 0; i < len(p) && len(p) >= 3; i++ {
			n := len(p)
			a, b, c := p[(i+n-1)%n], p[i], p[(i+1)%n]
			ac := c.sub(a)
			l := ac.length()
			straight := l > 0 && math.Abs(ac.cross(b.sub(a)))/l <= tol && b.sub(a).dot(c.sub(b)) >= 0
			if a.near(b, tol) || straight {
				p = append(p[:i], p[i+1:]...)
				changed = true
				i--
			}
		}
	}
	return p
}

// lineIntersect returns where the lines p+s·u and q+t·v meet, or false
// when they are (nearly) parallel.
func lineIntersect(p, u, q, v pt) (pt, bool) {
	den := u.cross(v)
	if math.Abs(den) < 1e-9*u.length()*v.length() {
		return pt{}, false
	}
	s := q.sub(p).cross(v) / den
	return p.add(u.scale(s)), true
}

// clipSides is clipHalfPlane for a polygon whose edges carry a side
// (sides[k] for the edge from p[k]): it appends the kept part and its
// sides to dst and dstSides, the edge along the clip line getting cut.
func clipSides(dst []pt, dstSides []side, p []pt, sides []side, o, u pt, cut side) ([]pt, []side) {
	for i, a := range p {
		b := p[(i+1)%len(p)]
		sa, sb := u.cross(a.sub(o)), u.cross(b.sub(o))
		if sa >= 0 {
			dst, dstSides = append(dst, a), append(dstSides, sides[i])
		}
		if (sa >= 0) != (sb >= 0) {
			// Leaving, the new point runs along the clip line; entering,
			// along the edge it cuts.
			s := sides[i]
			if sa >= 0 {
				s = cut
			}
			dst, dstSides = append(dst, lerp(a, b, sa/(sa-sb))), append(dstSides, s)
		}
	}
	return dst, dstSides
}

// cleanSides is cleanPolygon keeping sides with their edges: a dropped
// vertex's edges merge into one with the first edge's side (a vertex
// where the boundary runs straight on between equal sides), or the
// second's (a vertex on top of the one before it).
func cleanSides(p []pt, sides []side, tol float64) ([]pt, []side) {
	for changed := true; changed && len(p) >= 3; {
		changed = false
		for i := 0; i < len(p) && len(p) >= 3; i++ {
			n := len(p)
			prev := (i + n - 1) % n
			a, v, c := p[prev], p[i], p[(i+1)%n]
			ac := c.sub(a)
			l := ac.length()
			straight := sides[prev] == sides[i] && l > 0 && math.Abs(ac.cross(v.sub(a)))/l <= tol && v.sub(a).dot(c.sub(v)) >= 0
			if v.near(a, tol) || straight {
				if !straight {
					sides[prev] = sides[i]
				}
				p = append(p[:i], p[i+1:]...)
				sides = append(sides[:i], sides[i+1:]...)
				changed = true
				i--
			}
		}
	}
	return p, sides
}
