package geom

import (
	"math"
	"testing"

	"github.com/ungerik/go3d/vec3"
)

// Hand-worked terrace steps from (0, 0, 0) to (10, 3, 20): across in
// fifths, up in thirds on the odd steps only.
func TestTerraceLerpHandWorked(t *testing.T) {
	a, b := vec3.T{0, 0, 0}, vec3.T{10, 3, 20}
	want := []vec3.T{{0, 0, 0}, {2, 1, 4}, {4, 1, 8}, {6, 2, 12}, {8, 2, 16}, {10, 3, 20}}
	for step, w := range want {
		got := TerraceLerp(a, b, step)
		h, v := TerraceStep(step)
		x, y, z := TerraceLerpAt(&a, &b, h, v)
		for k := range 3 {
			if math.Abs(float64(got[k]-w[k])) > 1e-5 {
				t.Fatalf("step %d: TerraceLerp = %v, want %v", step, got, w)
			}
		}
		if (vec3.T{x, y, z}) != got {
			t.Fatalf("step %d: TerraceLerpAt = %v, TerraceLerp %v", step, vec3.T{x, y, z}, got)
		}
		if TerraceLerpFactor(step) != h {
			t.Fatalf("step %d: TerraceLerpFactor %v, TerraceStep's h %v", step, TerraceLerpFactor(step), h)
		}
	}
}

// Hand-worked edge vertices: five points a quarter apart.
func TestNewEdgeVerticesHandWorked(t *testing.T) {
	e := NewEdgeVertices(vec3.T{0, 0, 0}, vec3.T{8, 4, -4})
	want := EdgeVertices{vec3.T{0, 0, 0}, vec3.T{2, 1, -1}, vec3.T{4, 2, -2}, vec3.T{6, 3, -3}, vec3.T{8, 4, -4}}
	if e != want {
		t.Fatalf("NewEdgeVertices = %v, want %v", e, want)
	}
}
