package buildings

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSubtractStrip: a 10×4 rectangle with a vertical strip x in [4, 6]
// taken out is two 4×4 squares (worked by hand), the strip's sides
// marked as road and the rest as cell edge.
func TestSubtractStrip(t *testing.T) {
	var r region
	outer := []pt{{0, 0}, {10, 0}, {10, 4}, {0, 4}}
	strip := obstacle{poly: []pt{{4, -1}, {6, -1}, {6, 5}, {4, 5}}, kind: edgeRoad}
	blocks := r.subtract(outer, []obstacle{strip})
	if len(blocks) != 2 {
		t.Fatalf("%d blocks, want 2: %v", len(blocks), blocks)
	}
	for _, b := range blocks {
		if a := area(b.poly); math.Abs(a-16) > 1e-9 || len(b.poly) != 4 {
			t.Fatalf("block %v area %v, want a 4×4 square", b.poly, a)
		}
		roads := 0
		for k, kind := range b.kinds {
			if kind == edgeRoad {
				roads++
				if x := b.poly[k].x; x != 4 && x != 6 {
					t.Fatalf("road edge at x=%v", x)
				}
			}
		}
		if roads != 1 {
			t.Fatalf("block %v kinds %v: want one road edge", b.poly, b.kinds)
		}
	}
}

// TestSubtractMatchesPointTest takes random convex obstacles (overlapping
// each other, sharing edges, poking out of the outline) out of a hexagon
// and checks the blocks against the definition at random points: a
// point is in exactly one block if it is in the hexagon and in no
// obstacle, else in none. Points within 1e-4 of any edge are skipped.
func TestSubtractMatchesPointTest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var r region
	hex := hexagon(8)
	for iter := range 400 {
		var obs []obstacle
		for range 1 + rng.IntN(7) {
			c := pt{rng.Float64()*16 - 8, rng.Float64()*16 - 8}
			p := randomConvex(rng, 3+rng.IntN(5))
			for i := range p {
				p[i] = p[i].scale(0.5 + rng.Float64()).add(c)
			}
			obs = append(obs, obstacle{poly: p, kind: edgeRoad})
		}
		if iter%4 == 0 && len(obs) > 0 {
			// An obstacle sharing an edge with another, on the other side.
			o := obs[0].poly
			a, b := o[0], o[1]
			out := b.sub(a).left().scale(-1)
			obs = append(obs, obstacle{poly: []pt{b, a, a.add(out), b.add(out)}, kind: edgeRiver})
		}
		blocks := r.subtract(hex, obs)
		for range 2000 {
			q := pt{rng.Float64()*18 - 9, rng.Float64()*18 - 9}
			if nearAnyEdge(q, hex, obs, 1e-4) {
				continue
			}
			want := winding(hex, q) != 0
			for _, o := range obs {
				if winding(o.poly, q) != 0 {
					want = false
				}
			}
			in := 0
			for _, b := range blocks {
				in += winding(b.poly, q)
			}
			for _, h := range r.holes {
				in += winding(h.poly, q) // -1 inside a hole
			}
			if (in == 1) != want || in > 1 || in < 0 {
				t.Fatalf("iteration %d: point %v is in %d blocks, free=%v\nobstacles %v\nblocks %v", iter, q, in, want, obs, blocks)
			}
		}
	}
}

func nearAnyEdge(q pt, hex []pt, obs []obstacle, e float64) bool {
	if boundaryDist(hex, q) < e {
		return true
	}
	for _, o := range obs {
		if boundaryDist(o.poly, q) < e {
			return true
		}
	}
	return false
}

// hexagon is a counter-clockwise pointy-top hexagon of corner radius r.
func hexagon(r float64) []pt {
	p := make([]pt, 6)
	for i := range p {
		a := math.Pi/2 + float64(i)*math.Pi/3
		p[i] = pt{r * math.Cos(a), r * math.Sin(a)}
	}
	return p
}
