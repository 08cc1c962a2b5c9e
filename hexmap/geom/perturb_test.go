package geom

import (
	"math"
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"

	"github.com/ungerik/go3d/vec3"
)

var sharedTestNoise = noise.New(7)

func mustGrid(t testing.TB, w, h int) *hexmap.Grid {
	t.Helper()
	return mustGridOf(t, hexmap.Topology{Width: w, Height: h})
}

func mustGridOf(t testing.TB, top hexmap.Topology) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(top, sharedTestNoise)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// far reports whether a and b differ by more than tol.
func far(a, b, tol float32) bool { return math.Abs(float64(a-b)) > float64(tol) }

// TestPerturbMatchesSample guards the hand-inlined Perturb against Sample.
func TestPerturbMatchesSample(t *testing.T) {
	n := noise.New(3)
	for i := range 2000 {
		p := vec3.T{float32(i)*7.31 - 3000, float32(i % 7), float32(i)*3.17 - 1000}
		s := n.Sample(p)
		want := p
		want[0] += (s[0]*2 - 1) * CellPerturbStrength
		want[2] += (s[2]*2 - 1) * CellPerturbStrength
		if got := FlatPerturber(n).Perturb(p); got != want {
			t.Fatalf("Perturb(%v) = %v, want %v", p, got, want)
		}
	}
}

func TestCellPositionJitter(t *testing.T) {
	g := mustGrid(t, 5, 5)
	g.SetElevation(7, 2)
	p := CellPosition(g, 7)
	x, z := hexmap.FromOffset(2, 1).Center()
	if p[0] != x || p[2] != z || math.Abs(float64(p[1]-2*ElevationStep)) > ElevationPerturbStrength {
		t.Fatalf("CellPosition(7) = %v, want centre (%v, %v) at height ~%v", p, x, z, 2*ElevationStep)
	}
}

// A flat map's Perturber is the noise's flat one, bit for bit; a wrapping
// map's agrees with it from 1.5 cells east of x = 0 on, and west of half
// a cell perturbs and samples a point as the same point a map width east,
// so both sides of the seam move alike; in between it blends without a
// jump.
func TestPerturberAcrossTheSeam(t *testing.T) {
	flat := mustGridOf(t, hexmap.Topology{Width: 10, Height: 5, Wrapping: false})
	wrap := mustGridOf(t, hexmap.Topology{Width: 10, Height: 5, Wrapping: true})
	fp, wp, n := PerturberOf(flat), PerturberOf(wrap), sharedTestNoise
	w := wrap.Topology().WrapSize()
	rng := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		p := vec3.T{rng.Float32()*(w+60) - 30, rng.Float32(), rng.Float32() * 100}
		if fp.Perturb(p) != FlatPerturber(n).Perturb(p) || fp.Sample(p) != n.Sample(p) {
			t.Fatalf("flat map's perturbation differs from the noise's at %v", p)
		}
		switch {
		case p[0] >= 1.5*hexmap.InnerDiameter:
			if wp.Perturb(p) != FlatPerturber(n).Perturb(p) || wp.Sample(p) != n.Sample(p) {
				t.Fatalf("wrapping map differs from the noise at %v, east of the blend", p)
			}
		case p[0] < 0.5*hexmap.InnerDiameter:
			east := vec3.T{p[0] + w, p[1], p[2]}
			a, b := wp.Perturb(p), wp.Perturb(east)
			if far(a[0]+w, b[0], 1e-3) || far(a[2], b[2], 1e-4) {
				t.Fatalf("x %v perturbs to %v but its copy a width east to %v", p[0], a, b)
			}
			sa, sb := wp.Sample(p), wp.Sample(east)
			for c := range 4 {
				if far(sa[c], sb[c], 1e-4) {
					t.Fatalf("x %v samples %v but its copy a width east %v", p[0], sa, sb)
				}
			}
		}
	}
	// No jump where the blend starts and ends, or inside it.
	for x := float32(-1); x < 2*hexmap.InnerDiameter; x += 0.01 {
		a, b := wp.Perturb(vec3.T{x, 0, 40}), wp.Perturb(vec3.T{x + 0.01, 0, 40})
		if far(a[0], b[0], 0.05) || far(a[2], b[2], 0.05) {
			t.Fatalf("the perturbation jumps between x %v (%v) and %v (%v)", x, a, x+0.01, b)
		}
	}
}

// sampleElevation, CellPosition's one channel, is Sample's channel 1 bit
// for bit, on flat and wrapping maps, the seam's blend included.
func TestSampleElevationIsSampleChannel1(t *testing.T) {
	for _, top := range []hexmap.Topology{{Width: 10, Height: 5, Wrapping: false}, {Width: 10, Height: 5, Wrapping: true}} {
		g := mustGridOf(t, top)
		p := PerturberOf(g)
		rng := rand.New(rand.NewPCG(3, 4))
		for range 5000 {
			x, z := rng.Float32()*(top.WrapSize()+60)-30, rng.Float32()*200-50
			if got, want := p.sampleElevation(x, z), p.Sample(vec3.T{x, 0, z})[1]; got != want {
				t.Fatalf("%v at (%v, %v): sampleElevation %v, Sample %v", top, x, z, got, want)
			}
		}
	}
}

// Perturb is Catlike's offset (sample·2 - 1)·strength of Sample's channels
// 0 and 2, bit for bit: Sample computes them the plain way (math.Floor,
// one table of four channels, the scale in two products), Perturb its
// own quicker way. Points span negative coordinates and the far corner
// of the largest map.
func TestPerturbIsSampleOffset(t *testing.T) {
	for _, top := range []hexmap.Topology{{Width: 10, Height: 5, Wrapping: false}, {Width: 10, Height: 5, Wrapping: true}} {
		p := PerturberOf(mustGridOf(t, top))
		rng := rand.New(rand.NewPCG(5, 6))
		for k := range 20000 {
			span := float32(200)
			if k%2 == 1 {
				span = 20000
			}
			q := vec3.T{rng.Float32()*span - 30, rng.Float32(), rng.Float32()*span - 30}
			s := p.Sample(q)
			want := vec3.T{q[0] + (s[0]*2-1)*CellPerturbStrength, q[1], q[2] + (s[2]*2-1)*CellPerturbStrength}
			if got := p.Perturb(q); got != want {
				t.Fatalf("%v: Perturb(%v) = %v, from Sample %v", top, q, got, want)
			}
		}
	}
}

// Perturb moves only X and Z, and by at most the strength.
func TestPerturbBounded(t *testing.T) {
	n := sharedTestNoise
	q := FlatPerturber(n).Perturb(vec3.T{10, 7, 20})
	if q[1] != 7 {
		t.Fatal("Perturb moved Y")
	}
	if math.Abs(float64(q[0]-10)) > CellPerturbStrength || math.Abs(float64(q[2]-20)) > CellPerturbStrength {
		t.Fatalf("Perturb moved (10, 20) to %v, beyond the strength", q)
	}
}
