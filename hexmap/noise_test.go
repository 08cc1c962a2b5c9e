package hexmap

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ungerik/go3d/vec3"
)

func TestNoiseDeterministic(t *testing.T) {
	a, b := NewNoise(42), sharedTestNoise
	if !slices.Equal(a.Table(), NewNoise(42).Table()) {
		t.Fatal("two noises of seed 42 differ")
	}
	if slices.Equal(a.Table(), b.Table()) {
		t.Fatal("seeds 42 and 7 give the same table")
	}
	p := vec3.T{123.4, 0, 56.7}
	if a.SampleHash(p) == b.SampleHash(p) {
		t.Fatal("seeds 42 and 7 give the same hash value")
	}
	if a.Seed() != 42 {
		t.Fatalf("Seed() = %d", a.Seed())
	}
}

func TestNoiseRanges(t *testing.T) {
	n := sharedTestNoise
	if len(n.Table()) != NoiseTableSize*NoiseTableSize {
		t.Fatalf("table has %d texels", len(n.Table()))
	}
	for i, texel := range n.Table() {
		for c, v := range texel {
			if !(v >= 0 && v <= 1) {
				t.Fatalf("texel %d channel %d = %v, outside [0, 1]", i, c, v)
			}
		}
	}
	for z := range HashGridSize {
		for x := range HashGridSize {
			h := n.SampleHash(vec3.T{float32(x) / HashGridScale, 0, float32(z) / HashGridScale})
			for _, v := range []float32{h.A, h.B, h.C, h.D, h.E} {
				if !(v >= 0 && v < 0.999) {
					t.Fatalf("hash (%d, %d) value %v outside [0, 0.999)", x, z, v)
				}
			}
		}
	}
}

// The table tiles like Catlike's noise texture: one period is 1/NoiseScale
// world units in both axes.
func TestNoiseTileable(t *testing.T) {
	n := sharedTestNoise
	rng := rand.New(rand.NewPCG(5, 6))
	period := float32(1 / NoiseScale)
	for range 500 {
		p := vec3.T{rng.Float32() * 500, 0, rng.Float32() * 500}
		s := n.Sample(p)
		for _, q := range []vec3.T{{p[0] + period, 0, p[2]}, {p[0], 0, p[2] + period}, {p[0] - period, 0, p[2] - period}} {
			u := n.Sample(q)
			for c := range 4 {
				if math.Abs(float64(s[c]-u[c])) > 1e-4 {
					t.Fatalf("Sample(%v)[%d] = %v but Sample(%v)[%d] = %v", p, c, s[c], q, c, u[c])
				}
			}
		}
	}
}

// Bilinear sampling stays within the table's range and is continuous.
func TestNoiseSampleSmooth(t *testing.T) {
	n := sharedTestNoise
	for x := float32(0); x < 400; x += 0.37 {
		p := vec3.T{x, 5, x * 0.5}
		s, s2 := n.Sample(p), n.Sample(vec3.T{x + 0.01, 5, x * 0.5})
		for c := range 4 {
			if s[c] < 0 || s[c] > 1 || math.Abs(float64(s[c]-s2[c])) > 0.01 {
				t.Fatalf("Sample at x=%v channel %d: %v then %v", x, c, s[c], s2[c])
			}
		}
	}
	q := n.Perturb(vec3.T{10, 7, 20})
	if q[1] != 7 {
		t.Fatal("Perturb moved Y")
	}
	if math.Abs(float64(q[0]-10)) > CellPerturbStrength || math.Abs(float64(q[2]-20)) > CellPerturbStrength {
		t.Fatalf("Perturb moved (10, 20) to %v, beyond the strength", q)
	}
}

func TestCellPositionJitter(t *testing.T) {
	g := mustGrid(t, 5, 5)
	g.SetElevation(7, 2)
	p := g.CellPosition(7)
	x, z := CellCenter(2, 1)
	if p[0] != x || p[2] != z || math.Abs(float64(p[1]-2*ElevationStep)) > ElevationPerturbStrength {
		t.Fatalf("CellPosition(7) = %v, want centre (%v, %v) at height ~%v", p, x, z, 2*ElevationStep)
	}
}

// A flat map's Perturber is the noise's own, bit for bit; a wrapping
// map's agrees with it from 1.5 cells east of x = 0 on, and west of half
// a cell perturbs and samples a point as the same point a map width east,
// so both sides of the seam move alike; in between it blends without a
// jump.
func TestPerturberAcrossTheSeam(t *testing.T) {
	flat := mustGridOf(t, Topology{10, 5, false})
	wrap := mustGridOf(t, Topology{10, 5, true})
	fp, wp, n := flat.Perturber(), wrap.Perturber(), sharedTestNoise
	w := wrap.Topology().WrapSize()
	rng := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		p := vec3.T{rng.Float32()*(w+60) - 30, rng.Float32(), rng.Float32() * 100}
		if fp.Perturb(p) != n.Perturb(p) || fp.Sample(p) != n.Sample(p) {
			t.Fatalf("flat map's perturbation differs from the noise's at %v", p)
		}
		switch {
		case p[0] >= 1.5*InnerDiameter:
			if wp.Perturb(p) != n.Perturb(p) || wp.Sample(p) != n.Sample(p) {
				t.Fatalf("wrapping map differs from the noise at %v, east of the blend", p)
			}
		case p[0] < 0.5*InnerDiameter:
			east := vec3.T{p[0] + w, p[1], p[2]}
			a, b := wp.Perturb(p), wp.Perturb(east)
			if abs32(a[0]+w-b[0]) > 1e-3 || abs32(a[2]-b[2]) > 1e-4 {
				t.Fatalf("x %v perturbs to %v but its copy a width east to %v", p[0], a, b)
			}
			sa, sb := wp.Sample(p), wp.Sample(east)
			for c := range 4 {
				if abs32(sa[c]-sb[c]) > 1e-4 {
					t.Fatalf("x %v samples %v but its copy a width east %v", p[0], sa, sb)
				}
			}
		}
	}
	// No jump where the blend starts and ends, or inside it.
	for x := float32(-1); x < 2*InnerDiameter; x += 0.01 {
		a, b := wp.Perturb(vec3.T{x, 0, 40}), wp.Perturb(vec3.T{x + 0.01, 0, 40})
		if abs32(a[0]-b[0]) > 0.05 || abs32(a[2]-b[2]) > 0.05 {
			t.Fatalf("the perturbation jumps between x %v (%v) and %v (%v)", x, a, x+0.01, b)
		}
	}
}

// sampleElevation, CellPosition's one channel, is Sample's channel 1 bit
// for bit, on flat and wrapping maps, the seam's blend included.
func TestSampleElevationIsSampleChannel1(t *testing.T) {
	for _, top := range []Topology{{10, 5, false}, {10, 5, true}} {
		g := mustGridOf(t, top)
		p := g.Perturber()
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
	for _, top := range []Topology{{10, 5, false}, {10, 5, true}} {
		p := mustGridOf(t, top).Perturber()
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
