package chunk

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
)

type vecT = vec3.T

func add(a, b vecT) vecT           { return vecT{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func sub(a, b vecT) vecT           { return vecT{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func scale(a vecT, f float32) vecT { return vecT{a[0] * f, a[1] * f, a[2] * f} }

// The splat weights of the first, second and third cell of a triangle
// (Catlike's weights1..3).
func weights1() vecT { return vecT{1, 0, 0} }
func weights2() vecT { return vecT{0, 1, 0} }
func weights3() vecT { return vecT{0, 0, 1} }

// terraceLerpWeights blends splat weights like Catlike's colour TerraceLerp:
// by the horizontal step only.
func terraceLerpWeights(a, b vecT, step int) vecT {
	return hexmap.Lerp(a, b, hexmap.TerraceLerpFactor(step))
}
