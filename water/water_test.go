package water

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/ungerik/go3d/vec2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mesh"
)

var seeds = []int64{1, 7, 12345}

// Every underwater cell has water over its centre (unperturbed and
// perturbed) at its own surface height, its water fan is centred on the
// perturbed centre, and no water layer reaches over a dry cell's centre.
func TestWaterOverExactlyUnderwaterCells(t *testing.T) {
	for _, seed := range seeds {
		g := testMap(t, seed)
		m := triangulateAll(g)
		wet := 0
		for i := range g.Topology().CellCount() {
			c := g.Cell(i)
			x, z := centre(g, i)
			p := geom.FlatPerturber(g.Noise()).Perturb(vec3.T{x, 0, z})
			if c.IsUnderwater() {
				wet++
				if one := triangulateOne(g, i); !hasExact(one.Water, vec3.T{p[0], geom.WaterSurfaceY(c), p[2]}) {
					t.Fatalf("seed %d: cell %v: water centre is not the perturbed cell centre", seed, g.Topology().Coordinates(i))
				}
				for _, q := range [][2]float32{{x, z}, {p[0], p[2]}} {
					y, ok := coverY(m.Water, q[0], q[1])
					if !ok {
						t.Fatalf("seed %d: underwater cell %v: no water over %v", seed, g.Topology().Coordinates(i), q)
					}
					if y != geom.WaterSurfaceY(c) {
						t.Fatalf("seed %d: cell %v: water at y=%v, want %v", seed, g.Topology().Coordinates(i), y, geom.WaterSurfaceY(c))
					}
				}
				continue
			}
			for l, lm := range m.all() {
				for _, q := range [][2]float32{{x, z}, {p[0], p[2]}} {
					if _, ok := coverY(lm, q[0], q[1]); ok {
						t.Fatalf("seed %d: layer %d covers dry cell %v at %v", seed, l, g.Topology().Coordinates(i), q)
					}
				}
			}
		}
		if wet == 0 || wet == g.Topology().CellCount() {
			t.Fatalf("test map has %d underwater cells", wet)
		}
	}
}

// A dry cell, or an index off the map, adds nothing; nil layers are fine.
func TestDryCellsAndBadInput(t *testing.T) {
	g := testMap(t, 1)
	for i := range g.Topology().CellCount() {
		if g.Cell(i).IsUnderwater() {
			continue
		}
		for _, lm := range triangulateOne(g, i).all() {
			if lm.VertexCount() != 0 {
				t.Fatalf("dry cell %v got %d water vertices", g.Topology().Coordinates(i), lm.VertexCount())
			}
		}
	}
	m := layers()
	TriangulateCell(g, -1, m)
	TriangulateCell(g, g.Topology().CellCount(), m)
	TriangulateCell(nil, 0, m)
	for _, lm := range m.all() {
		if lm.VertexCount() != 0 {
			t.Fatal("bad index added vertices")
		}
	}
	sea := at(g, seaInflowCell[0], seaInflowCell[1])
	only := &mesh.Mesh{}
	TriangulateCell(g, sea, Meshes{Shore: only})
	if only.VertexCount() == 0 {
		t.Fatal("shore missing when the other layers are nil")
	}
}

// Every value is finite, every triangle faces up (Catlike's winding) and
// optional attributes have one entry per vertex, chunk by chunk as the
// chunk package triangulates.
func TestFiniteAndFacingUp(t *testing.T) {
	for _, g := range []*hexmap.Grid{testMap(t, 1), benchMap(t)} {
		var tris [3]int
		for ch := range geom.ChunkCount(g.Topology()) {
			m := layers()
			for _, i := range geom.ChunkCells(g.Topology(), ch) {
				TriangulateCell(g, i, m)
			}
			for l, lm := range m.all() {
				if lm.Overflowed() {
					t.Fatalf("chunk %d layer %d overflowed", ch, l)
				}
				checkFinite(t, lm)
				for k := range lm.TriangleCount() {
					if n := faceNormal(triangle(lm, k)); n[1] <= 0 {
						t.Fatalf("layer %d triangle %d faces down: %v", l, k, triangle(lm, k))
					}
				}
				tris[l] += lm.TriangleCount()
			}
		}
		if tris[0] == 0 || tris[1] == 0 || tris[2] == 0 {
			t.Fatalf("triangles per layer: %v", tris)
		}
	}
}

func checkFinite(t *testing.T, m *mesh.Mesh) {
	t.Helper()
	bad := func(v float32) bool { return math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) }
	for _, vs := range [][]vec3.T{m.Positions, m.Normals} {
		for _, v := range vs {
			if bad(v[0]) || bad(v[1]) || bad(v[2]) {
				t.Fatalf("non-finite vertex %v", v)
			}
		}
	}
	for _, uvs := range [][]vec2.T{m.UV, m.UV2} {
		for _, v := range uvs {
			if bad(v[0]) || bad(v[1]) {
				t.Fatalf("non-finite uv %v", v)
			}
		}
	}
	for _, n := range []int{len(m.UV), len(m.UV2)} {
		if n != 0 && n != m.VertexCount() {
			t.Fatalf("%d UVs for %d vertices", n, m.VertexCount())
		}
	}
}

func faceNormal(t [3]vec3.T) vec3.T {
	u := vec3.Sub(&t[1], &t[0])
	v := vec3.Sub(&t[2], &t[0])
	return vec3.Cross(&u, &v)
}

// The same map and seed give bit-identical meshes, whether a cell is
// triangulated alone or after others.
func TestDeterminism(t *testing.T) {
	a, b := triangulateAll(testMap(t, 7)), triangulateAll(testMap(t, 7))
	for l := range a.all() {
		if !reflect.DeepEqual(a.all()[l], b.all()[l]) {
			t.Fatalf("layer %d differs between identical maps", l)
		}
	}
	g := testMap(t, 7)
	i := at(g, seaInflowCell[0], seaInflowCell[1])
	alone := triangulateOne(g, i)
	reused := layers()
	TriangulateCell(g, at(g, lakeOutCell[0], lakeOutCell[1]), reused)
	for _, m := range reused.all() {
		m.Clear()
	}
	TriangulateCell(g, i, reused)
	for l := range alone.all() {
		a, b := alone.all()[l], reused.all()[l]
		if !slices.Equal(a.Positions, b.Positions) || !slices.Equal(a.UV, b.UV) || !slices.Equal(a.UV2, b.UV2) ||
			!slices.Equal(a.Indices, b.Indices) {
			t.Fatalf("layer %d depends on what was triangulated before", l)
		}
	}
}
