package chunk

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ungerik/go3d/vec2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/mesh"
)

// sameMeshes returns the first difference between two sets, bit for bit,
// or "".
func sameMeshes(a, b *Set) string {
	if len(a.Chunks) != len(b.Chunks) {
		return fmt.Sprintf("%d chunks vs %d", len(a.Chunks), len(b.Chunks))
	}
	for ch := range a.Chunks {
		ca, cb := &a.Chunks[ch], &b.Chunks[ch]
		for l := range mesh.LayerCount {
			if d := meshDiff(&ca.Layers[l], &cb.Layers[l]); d != "" {
				return fmt.Sprintf("chunk %d %s: %s", ch, l.Name(), d)
			}
		}
		if fmt.Sprint(ca.Plan) != fmt.Sprint(cb.Plan) {
			return fmt.Sprintf("chunk %d: plans %v vs %v", ch, ca.Plan, cb.Plan)
		}
	}
	return ""
}

func meshDiff(a, b *mesh.Mesh) string {
	v3 := func(name string, x, y []vec3.T) string {
		if len(x) != len(y) {
			return fmt.Sprintf("%d %s vs %d", len(x), name, len(y))
		}
		for k := range x {
			for c := range 3 {
				if math.Float32bits(x[k][c]) != math.Float32bits(y[k][c]) {
					return fmt.Sprintf("%s[%d] %v vs %v", name, k, x[k], y[k])
				}
			}
		}
		return ""
	}
	v2 := func(name string, x, y []vec2.T) string {
		if len(x) != len(y) {
			return fmt.Sprintf("%d %s vs %d", len(x), name, len(y))
		}
		for k := range x {
			if math.Float32bits(x[k][0]) != math.Float32bits(y[k][0]) || math.Float32bits(x[k][1]) != math.Float32bits(y[k][1]) {
				return fmt.Sprintf("%s[%d] %v vs %v", name, k, x[k], y[k])
			}
		}
		return ""
	}
	for _, d := range []string{
		v3("positions", a.Positions, b.Positions), v3("normals", a.Normals, b.Normals),
		v3("terrain", a.Terrain, b.Terrain), v3("weights", a.Weights, b.Weights),
		v2("uv", a.UV, b.UV), v2("uv2", a.UV2, b.UV2),
	} {
		if d != "" {
			return d
		}
	}
	if !slices.Equal(a.Colors, b.Colors) || !slices.Equal(a.Indices, b.Indices) {
		return "colours or indices differ"
	}
	return ""
}

// TestDeterminism builds the same map twice from the same seed and
// triangulates it in parallel and sequentially: all meshes must be
// identical bit for bit.
func TestDeterminism(t *testing.T) {
	a := NewSet(testGrid(t, 20, 15, 42))
	b := NewSetWorkers(testGrid(t, 20, 15, 42), 1)
	if d := sameMeshes(a, b); d != "" {
		t.Fatal(d)
	}
	if a.Chunks[0].Layers[mesh.Terrain].VertexCount() == 0 {
		t.Fatal("empty terrain")
	}
	c := NewSet(testGrid(t, 20, 15, 43))
	if sameMeshes(a, c) == "" {
		t.Fatal("different maps gave the same meshes")
	}
}

// TestDirtyRebuild applies hundreds of random edits of every kind, brings
// the set up to date with Update after each batch, and compares it with a
// full rebuild of a copy of the map.
func TestDirtyRebuild(t *testing.T) {
	g := testGrid(t, 20, 15, 9)
	s := NewSet(g)
	rng := rand.New(rand.NewPCG(9, 9))
	for batch := range 60 {
		for range 1 + rng.IntN(8) {
			randomEdit(g, rng)
		}
		s.Update()
		if batch%10 == 9 {
			if d := sameMeshes(s, NewSet(g.Clone())); d != "" {
				t.Fatalf("after batch %d: %s", batch, d)
			}
		}
	}
	if d := sameMeshes(s, NewSetWorkers(g.Clone(), 1)); d != "" {
		t.Fatal(d)
	}
}

// TestDirtyRebuildAcrossSeam is TestDirtyRebuild on a wrapping map with
// most edits in the two columns on each side of the seam, whose geometry
// lies in the chunks on both sides.
func TestDirtyRebuildAcrossSeam(t *testing.T) {
	g := testGridOf(t, hexmap.Topology{Width: 20, Height: 15, Wrapping: true}, 5)
	s := NewSet(g)
	rng := rand.New(rand.NewPCG(5, 5))
	seamColumns := []int{18, 19, 0, 1}
	for batch := range 60 {
		for range 1 + rng.IntN(8) {
			i := rng.IntN(g.Topology().CellCount())
			if rng.IntN(4) > 0 {
				i = seamColumns[rng.IntN(len(seamColumns))] + rng.IntN(g.Topology().Height)*g.Topology().Width
			}
			randomEditAt(g, rng, i)
		}
		s.Update()
		if batch%10 == 9 {
			if d := sameMeshes(s, NewSet(g.Clone())); d != "" {
				t.Fatalf("after batch %d: %s", batch, d)
			}
		}
	}
	crossing := 0
	for i, c := range g.Cells() {
		for d := hexmap.NE; d <= hexmap.SE; d++ {
			if n, ok := g.Topology().Neighbor(i, d); ok && g.Topology().NeighborShift(i, n) != 0 && (c.HasRiverThroughEdge(d) || c.HasRoadThroughEdge(d)) {
				crossing++
			}
		}
	}
	if crossing == 0 {
		t.Fatal("no river or road crosses the seam after the edits")
	}
}
