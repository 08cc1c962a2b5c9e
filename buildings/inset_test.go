package buildings

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestInsetSquare: a 4×4 square inset by 1 is the 2×2 square in its
// middle (worked by hand), and a per-edge inset moves only the edges
// asked to.
func TestInsetSquare(t *testing.T) {
	var s insetter
	sq := []pt{{0, 0}, {4, 0}, {4, 4}, {0, 4}}
	r, ok := s.inset(sq, []float64{1, 1, 1, 1})
	if !ok {
		t.Fatal("square inset by 1 failed")
	}
	want := []pt{{1, 1}, {3, 1}, {3, 3}, {1, 3}}
	if !sameRing(r.poly, want) {
		t.Fatalf("inset %v, want %v", r.poly, want)
	}
	// Only the bottom edge (0→1) moves, by 0.5.
	r, ok = s.inset(sq, []float64{0.5, 0, 0, 0})
	if !ok || !sameRing(r.poly, []pt{{0, 0.5}, {4, 0.5}, {4, 4}, {0, 4}}) {
		t.Fatalf("one-edge inset %v ok=%v", r.poly, ok)
	}
	if _, ok := s.inset(sq, []float64{2.1, 2.1, 2.1, 2.1}); ok {
		t.Fatal("inset past the middle should collapse")
	}
}

// sameRing reports whether a and b hold the same points in the same
// cyclic order, within 1e-9.
func sameRing(a, b []pt) bool {
	if len(a) != len(b) {
		return false
	}
	for off := range b {
		ok := true
		for i := range a {
			if !a[i].near(b[(i+off)%len(b)], 1e-9) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestInsetIsSeedBisectorOffset: on convex polygons where no edge
// collapses, every inset vertex is the seed's formula
// P + d(n_prev+n_next)/(1+n_prev·n_next), computed here from the
// original vertices.
func TestInsetIsSeedBisectorOffset(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s insetter
	checked := 0
	for range 2000 {
		p := randomConvex(rng, 3+rng.IntN(8))
		d := 0.05 + rng.Float64()*0.3
		r, ok := s.inset(p, uniform(len(p), d))
		if !ok || len(r.poly) != len(p) {
			continue
		}
		n := len(p)
		for k := range n {
			prev, cur, next := p[(k+n-1)%n], p[k], p[(k+1)%n]
			np := unitOf(cur.sub(prev)).left()
			nn := unitOf(next.sub(cur)).left()
			want := cur.add(np.add(nn).scale(d / (1 + np.dot(nn))))
			if e := r.edges[k]; !r.poly[e.start].near(want, 1e-9) {
				t.Fatalf("polygon %v d %v vertex %d: %v, formula %v", p, d, k, r.poly[e.start], want)
			}
		}
		checked++
	}
	if checked < 1000 {
		t.Fatalf("only %d polygons kept every vertex", checked)
	}
}

func unitOf(a pt) pt { u, _ := a.unit(); return u }

// randomConvex is the hull of random points on a circle of radius 1..3.
func randomConvex(rng *rand.Rand, n int) []pt {
	angles := make([]float64, n)
	for i := range angles {
		angles[i] = rng.Float64() * 2 * math.Pi
	}
	sortFloats(angles)
	r := 1 + 2*rng.Float64()
	p := make([]pt, 0, n)
	for _, a := range angles {
		q := pt{r * math.Cos(a), r * math.Sin(a)}
		if len(p) == 0 || !p[len(p)-1].near(q, 1e-3) {
			p = append(p, q)
		}
	}
	if len(p) < 3 || area(p) < 1e-3 {
		return []pt{{0, 0}, {1, 0}, {0, 1}}
	}
	return p
}

func sortFloats(a []float64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// randomStar is a simple polygon that is star-shaped about the origin:
// vertices at increasing angles and random radii, often with deep notches
// and sharp spikes.
func randomStar(rng *rand.Rand, n int) []pt {
	p := make([]pt, n)
	for i := range p {
		a := (float64(i) + 0.8*rng.Float64()) / float64(n) * 2 * math.Pi
		r := 0.3 + 3*rng.Float64()
		p[i] = pt{r * math.Cos(a), r * math.Sin(a)}
	}
	return p
}

// sharpPolygon is a polygon with one very sharp corner: a thin wedge, a
// needle, or a slit cut into a square.
func sharpPolygon(rng *rand.Rand) []pt {
	angle := 0.002 + 0.2*rng.Float64() // the corner's opening, radians
	rot := rng.Float64() * 2 * math.Pi
	var p []pt
	switch rng.IntN(3) {
	case 0: // a thin triangle
		l := 1 + 4*rng.Float64()
		p = []pt{{0, 0}, {l, -l * math.Tan(angle/2)}, {l, l * math.Tan(angle/2)}}
	case 1: // a square with a needle sticking out
		l := 1 + 3*rng.Float64()
		w := l * math.Tan(angle/2)
		p = []pt{{0, -1}, {1, -1}, {1, -w}, {1 + l, 0}, {1, w}, {1, 1}, {0, 1}}
	default: // a square with a thin slit cut in from one side
		l := 0.3 + 1.4*rng.Float64()
		w := l * math.Tan(angle/2)
		p = []pt{{-1, -1}, {1, -1}, {1, -w}, {1 - l, 0}, {1, w}, {1, 1}, {-1, 1}}
	}
	for i, q := range p {
		c, s := math.Cos(rot), math.Sin(rot)
		p[i] = pt{q.x*c - q.z*s, q.x*s + q.z*c}
	}
	return p
}

// TestInsetNeverSelfIntersectsOrInverts insets random star polygons,
// random convex ones and polygons with very sharp corners by uniform and
// per-edge distances. Whatever comes back is checked from scratch by
// sampling: every point the result encloses has winding number exactly
// 1 (a self-intersecting or inverted polygon has points at 2, -1 or 0
// inside its own area), lies inside the original, and is at least each
// edge's distance from that edge. Small insets of clean polygons must
// succeed, so the guards do not simply refuse everything.
func TestInsetNeverSelfIntersectsOrInverts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var s insetter
	tried, got := 0, 0
	smallTried, smallGot := 0, 0
	for iter := range 3000 {
		var p []pt
		switch iter % 3 {
		case 0:
			p = randomStar(rng, 3+rng.IntN(12))
		case 1:
			p = randomConvex(rng, 3+rng.IntN(10))
		default:
			p = sharpPolygon(rng)
		}
		d := make([]float64, len(p))
		small := iter%5 == 0 && iter%3 != 2
		for k := range d {
			switch {
			case small:
				d[k] = 0.002
			case iter%2 == 0:
				d[k] = 0.6 * rng.Float64() * float64(rng.IntN(2))
			default:
				d[k] = 0.4
			}
		}
		tried++
		if small {
			smallTried++
		}
		r, ok := s.inset(p, d)
		if !ok {
			continue
		}
		got++
		if small {
			smallGot++
		}
		if msg := checkInset(rng, p, d, r.poly); msg != "" {
			t.Fatalf("polygon %v d %v: inset %v: %s", p, d, r.poly, msg)
		}
	}
	t.Logf("%d of %d insets returned (small insets: %d of %d)", got, tried, smallGot, smallTried)
	if smallGot < smallTried*9/10 {
		t.Fatalf("only %d of %d insets by 0.002 succeeded", smallGot, smallTried)
	}
}

// checkInset samples points in q's bounding box and returns what is wrong
// with q as an inset of p by d, or "".
func checkInset(rng *rand.Rand, p []pt, d []float64, q []pt) string {
	lo, hi := q[0], q[0]
	for _, v := range q {
		lo = pt{min(lo.x, v.x), min(lo.z, v.z)}
		hi = pt{max(hi.x, v.x), max(hi.z, v.z)}
	}
	inside := 0
	for range 400 {
		s := pt{lo.x + rng.Float64()*(hi.x-lo.x), lo.z + rng.Float64()*(hi.z-lo.z)}
		w := winding(q, s)
		if w != 0 && w != 1 {
			return "winding number " + itoa(w)
		}
		if w == 0 {
			continue
		}
		inside++
		if winding(p, s) != 1 {
			return "encloses a point outside the original"
		}
		for k := range p {
			if e := segDistTest(s, p[k], p[(k+1)%len(p)]); e < d[k]-1e-6 {
				return "encloses a point too near edge " + itoa(k)
			}
		}
	}
	if signedArea(q) <= 0 {
		return "not counter-clockwise"
	}
	return ""
}

// winding is the winding number of polygon p about s.
func winding(p []pt, s pt) int {
	w := 0
	for i, a := range p {
		b := p[(i+1)%len(p)]
		if a.z <= s.z {
			if b.z > s.z && (b.x-a.x)*(s.z-a.z)-(s.x-a.x)*(b.z-a.z) > 0 {
				w++
			}
		} else if b.z <= s.z && (b.x-a.x)*(s.z-a.z)-(s.x-a.x)*(b.z-a.z) < 0 {
			w--
		}
	}
	return w
}

func signedArea(p []pt) float64 {
	s := 0.0
	for i, a := range p {
		b := p[(i+1)%len(p)]
		s += a.x*b.z - b.x*a.z
	}
	return s / 2
}

func segDistTest(q, a, b pt) float64 {
	dx, dz := b.x-a.x, b.z-a.z
	t := ((q.x-a.x)*dx + (q.z-a.z)*dz) / (dx*dx + dz*dz)
	t = math.Max(0, math.Min(1, t))
	return math.Hypot(q.x-a.x-t*dx, q.z-a.z-t*dz)
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// TestRingTilesTheBand: the ring pieces of an inset cover the band
// between the polygon and its inset exactly (their areas add up to the
// difference) and each is counter-clockwise.
func TestRingTilesTheBand(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s insetter
	checked := 0
	for range 2000 {
		p := randomStar(rng, 3+rng.IntN(9))
		d := make([]float64, len(p))
		for k := range d {
			d[k] = 0.3 * rng.Float64()
		}
		r, ok := s.inset(p, d)
		if !ok {
			continue
		}
		sum := 0.0
		ring(p, r, func(piece []pt, _ int) {
			a := signedArea(piece)
			if a <= 0 {
				t.Fatalf("polygon %v: ring piece %v not counter-clockwise", p, piece)
			}
			sum += a
		})
		want := signedArea(p) - signedArea(r.poly)
		if math.Abs(sum-want) > 1e-6*(1+want) {
			t.Fatalf("polygon %v d %v: ring pieces cover %v, band is %v", p, d, sum, want)
		}
		checked++
	}
	if checked < 500 {
		t.Fatalf("only %d insets to check", checked)
	}
}

// TestInsetRectangleIsGeneral: the short cut for rectangles gives what
// the general inset gives, collapse included.
func TestInsetRectangleIsGeneral(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var fast, slow insetter
	for range 2000 {
		w, h, a := 0.5+3*rng.Float64(), 0.5+3*rng.Float64(), rng.Float64()*2*math.Pi
		u, v := pt{math.Cos(a), math.Sin(a)}, pt{-math.Sin(a), math.Cos(a)}
		o := pt{rng.Float64()*10 - 5, rng.Float64()*10 - 5}
		p := []pt{o, o.add(u.scale(w)), o.add(u.scale(w)).add(v.scale(h)), o.add(v.scale(h))}
		if !rectangle(p) {
			t.Fatalf("%v is not taken for a rectangle", p)
		}
		d := 1.6 * rng.Float64()
		r1, ok1 := fast.insetRectangle(p, d)
		r2, ok2 := slow.insetGeneral(p, uniform(4, d))
		if ok1 != ok2 {
			t.Fatalf("rectangle %v×%v inset by %v: short cut ok=%v, general ok=%v", w, h, d, ok1, ok2)
		}
		if ok1 && !sameRing(r1.poly, r2.poly) {
			t.Fatalf("rectangle %v×%v inset by %v: %v, general %v", w, h, d, r1.poly, r2.poly)
		}
	}
}
