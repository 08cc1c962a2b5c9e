package vec

import (
	"math"
	"testing"

	"github.com/ungerik/go3d/vec3"
)

// faceNormalArrays is a face normal computed on vec3.T values, formula by
// formula as XYZ computes it: the baseline that shows what the struct
// form saves.
func faceNormalArrays(a, b, c vec3.T) vec3.T {
	u, v := Sub(b, a), Sub(c, a)
	n := vec3.T{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]}
	l := float32(math.Sqrt(float64(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])))
	if !(l > 0) {
		return vec3.T{0, 1, 0}
	}
	return vec3.T{n[0] / l, n[1] / l, n[2] / l}
}

func faceNormalXYZ(a, b, c vec3.T) vec3.T {
	pa := Of(a)
	return Of(b).Minus(pa).Cross(Of(c).Minus(pa)).Normalized().V()
}

var sink vec3.T

func benchFaceNormal(b *testing.B, f func(a, b, c vec3.T) vec3.T) {
	p := [4]vec3.T{{1, 2, 3}, {4, 1, 6}, {7, 8, 2}, {3, 3, 3}}
	for i := 0; b.Loop(); i++ {
		sink = f(p[i&3], p[(i+1)&3], p[(i+2)&3])
	}
}

func BenchmarkFaceNormalArrays(b *testing.B) { benchFaceNormal(b, faceNormalArrays) }
func BenchmarkFaceNormalXYZ(b *testing.B)    { benchFaceNormal(b, faceNormalXYZ) }

// The two forms agree to the bit.
func TestFaceNormalFormsAgree(t *testing.T) {
	p := [4]vec3.T{{1, 2, 3}, {4, 1, 6}, {7, 8, 2}, {3, 3, 3}}
	for i := range 4 {
		a, b, c := p[i], p[(i+1)&3], p[(i+2)&3]
		if x, y := faceNormalArrays(a, b, c), faceNormalXYZ(a, b, c); x != y {
			t.Fatalf("arrays %v, XYZ %v", x, y)
		}
	}
}
