package chunk

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
)

type vecT = vec3.T

// The splat weights of the first, second and third cell of a triangle
// (Catlike's weights1..3).
func weights1() vec.XYZ { return vec.XYZ{X: 1} }
func weights2() vec.XYZ { return vec.XYZ{Y: 1} }
func weights3() vec.XYZ { return vec.XYZ{Z: 1} }

// terraceLerpWeights blends splat weights like Catlike's colour TerraceLerp:
// by the horizontal step only.
func terraceLerpWeights(a, b vec.XYZ, step int) vec.XYZ {
	return a.Lerp(b, geom.TerraceLerpFactor(step))
}
