package noise

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"hexsandbox/hexmap/internal/noisetab"

	"github.com/ungerik/go3d/vec3"
)

// sharedTestNoise is built once: building a table takes a while.
var sharedTestNoise = New(7)

func TestNoiseDeterministic(t *testing.T) {
	a, b := New(42), sharedTestNoise
	if !slices.Equal(a.Table(), New(42).Table()) {
		t.Fatal("two noises of seed 42 differ")
	}
	if slices.Equal(a.Table(), b.Table()) {
		t.Fatal("seeds 42 and 7 give the same table")
	}
	if *a.Tables().Hash == *b.Tables().Hash {
		t.Fatal("seeds 42 and 7 give the same hash grid")
	}
	if a.Seed() != 42 {
		t.Fatalf("Seed() = %d", a.Seed())
	}
}

func TestNoiseRanges(t *testing.T) {
	n := sharedTestNoise
	if len(n.Table()) != TableSize*TableSize {
		t.Fatalf("table has %d texels", len(n.Table()))
	}
	for i, texel := range n.Table() {
		for c, v := range texel {
			if !(v >= 0 && v <= 1) {
				t.Fatalf("texel %d channel %d = %v, outside [0, 1]", i, c, v)
			}
		}
	}
	for i, h := range n.Tables().Hash {
		for _, v := range []float32{h.A, h.B, h.C, h.D, h.E} {
			if !(v >= 0 && v < 0.999) {
				t.Fatalf("hash %d value %v outside [0, 0.999)", i, v)
			}
		}
	}
}

// The table tiles like Catlike's noise texture: one period is 1/Scale
// world units in both axes.
func TestNoiseTileable(t *testing.T) {
	n := sharedTestNoise
	rng := rand.New(rand.NewPCG(5, 6))
	period := float32(1 / noisetab.Scale)
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
}
