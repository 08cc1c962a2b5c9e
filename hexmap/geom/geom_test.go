package geom

import (
	"math"
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"

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

// In a cell of elevation 2 under water level 3 the river bed lies below
// the ground, the river's surface between bed and ground, and the standing
// water's surface above the river's.
func TestCellHeightsInOrder(t *testing.T) {
	c := hexmap.NewCell()
	c.Elevation, c.WaterLevel = 2, 3
	ground := float32(c.Elevation) * ElevationStep
	if !(StreamBedY(c) < ground && RiverSurfaceY(c) > StreamBedY(c) && RiverSurfaceY(c) < ground &&
		WaterSurfaceY(c) > RiverSurfaceY(c)) {
		t.Fatalf("heights out of order: ground %v bed %v river %v water %v", ground, StreamBedY(c), RiverSurfaceY(c), WaterSurfaceY(c))
	}
	// Hand-worked: (2 - 1.75) × 3, (2 - 0.5) × 3, (3 - 0.5) × 3.
	if StreamBedY(c) != 0.75 || RiverSurfaceY(c) != 4.5 || WaterSurfaceY(c) != 7.5 {
		t.Fatalf("heights %v %v %v, want 0.75 4.5 7.5", StreamBedY(c), RiverSurfaceY(c), WaterSurfaceY(c))
	}
}

// The corners bound the hexagon hexmap's lattice gives a cell: points
// anywhere inside it, up to just short of its corners and edges, belong
// to that cell.
func TestFromPositionInsideHexagon(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		x, z := rng.IntN(20), rng.IntN(15)
		cx, cz := hexmap.FromOffset(x, z).Center()
		d := hexmap.Direction(rng.IntN(6))
		a, b := FirstCorner(d), SecondCorner(d)
		// A random point of the triangle centre-a-b, shrunk by 2%.
		u, v := rng.Float32(), rng.Float32()
		if u+v > 1 {
			u, v = 1-u, 1-v
		}
		px := cx + (a[0]*u+b[0]*v)*0.98
		pz := cz + (a[2]*u+b[2]*v)*0.98
		if got := (hexmap.Topology{}).FromPosition(px, pz); got != hexmap.FromOffset(x, z) {
			t.Fatalf("point (%v, %v) in cell (%d, %d) maps to %v", px, pz, x, z, got)
		}
	}
}
