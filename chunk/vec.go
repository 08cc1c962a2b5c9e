package chunk

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/internal/vec"
)

type vecT = vec3.T

// The splat weights of the first, second and third cell of a triangle
// (Catlike's weights1..3).
func weights1() vecT { return vecT{1, 0, 0} }
func weights2() vecT { return vecT{0, 1, 0} }
func weights3() vecT { return vecT{0, 0, 1} }

// terraceLerpWeights blends splat weights like Catlike's colour TerraceLerp:
// by the horizontal step only.
func terraceLerpWeights(a, b vecT, step int) vecT {
	return vec.Lerp(a, b, hexmap.TerraceLerpFactor(step))
}
