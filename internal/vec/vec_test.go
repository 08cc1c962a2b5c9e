package vec

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ungerik/go3d/vec3"
)

// Hand-worked values.
func TestHandWorked(t *testing.T) {
	x, y, z := vec3.T{1, 0, 0}, vec3.T{0, 1, 0}, vec3.T{0, 0, 1}
	for _, c := range []struct {
		name      string
		got, want vec3.T
	}{
		{"Add", Add(vec3.T{1, 2, 3}, vec3.T{10, 20, 30}), vec3.T{11, 22, 33}},
		{"Sub", Sub(vec3.T{1, 2, 3}, vec3.T{10, 20, 30}), vec3.T{-9, -18, -27}},
		{"Scale", Scale(vec3.T{1, -2, 3}, 0.5), vec3.T{0.5, -1, 1.5}},
		{"x × y", Cross(x, y), z},
		{"y × x", Cross(y, x), vec3.T{0, 0, -1}},
		{"y × z", Cross(y, z), x},
		{"Normalize 3-4-0", Normalize(vec3.T{3, 4, 0}), vec3.T{0.6, 0.8, 0}},
		{"Normalize zero", Normalize(vec3.T{}), y},
		{"Normalize NaN", Normalize(vec3.T{float32(math.NaN()), 0, 0}), y},
		{"Lerp quarter", Lerp(vec3.T{0, 4, -8}, vec3.T{4, 0, 8}, 0.25), vec3.T{1, 3, -4}},
		{"Lerp beyond", Lerp(vec3.T{0, 0, 0}, vec3.T{2, 0, 0}, 1.5), vec3.T{3, 0, 0}},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if d := Dot(vec3.T{1, 2, 3}, vec3.T{4, -5, 6}); d != 12 {
		t.Errorf("Dot = %v, want 12", d)
	}
	if l := Length(vec3.T{2, 3, 6}); l != 7 {
		t.Errorf("Length = %v, want 7", l)
	}
}

// XYZ's operations give Add's, Sub's, Scale's and Lerp's results to the
// bit, At and Store move all three components, and
// Normalize gives unit vectors along its input.
func TestXYZAgreesWithVec3(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := func() vec3.T {
		return vec3.T{rng.Float32()*200 - 100, rng.Float32()*200 - 100, rng.Float32()*200 - 100}
	}
	for range 10000 {
		a, b, f := r(), r(), rng.Float32()*4-2
		if got := Of(a).Plus(Of(b)).V(); got != Add(a, b) {
			t.Fatalf("Plus %v, Add %v", got, Add(a, b))
		}
		if got := Of(a).Minus(Of(b)).V(); got != Sub(a, b) {
			t.Fatalf("Minus %v, Sub %v", got, Sub(a, b))
		}
		if got := Of(a).Times(f).V(); got != Scale(a, f) {
			t.Fatalf("Times %v, Scale %v", got, Scale(a, f))
		}
		if got := Of(a).Lerp(Of(b), f).V(); got != Lerp(a, b, f) {
			t.Fatalf("XYZ.Lerp %v, Lerp %v", got, Lerp(a, b, f))
		}
		var c vec3.T
		Of(a).Store(&c)
		if c != a || At(&a) != Of(a) {
			t.Fatalf("Store %v, At %v of %v", c, At(&a), a)
		}
		if got := Of(a).WithY(f); got.Y != f || got.X != a[0] || got.Z != a[2] {
			t.Fatalf("WithY(%v) of %v = %v", f, a, got)
		}
		n := Normalize(a)
		if l := Length(n); math.Abs(float64(l)-1) > 1e-6 {
			t.Fatalf("|Normalize(%v)| = %v", a, l)
		}
		if c := Cross(n, a); Length(c) > 1e-4*Length(a) {
			t.Fatalf("Normalize(%v) = %v is not along it", a, n)
		}
	}
}
