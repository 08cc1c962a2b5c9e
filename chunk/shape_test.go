package chunk

import (
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/mesh"
)

// cornerPoints are the three unperturbed solid corners that meet at the
// corner of cell i between directions d and d.Next(), one from each cell.
func cornerPoints(g *hexmap.Grid, i, n, nn int, d hexmap.Direction) []vec3.T {
	return []vec3.T{
		add(g.CellPosition(i), hexmap.SecondSolidCorner(d)),
		add(g.CellPosition(n), hexmap.FirstSolidCorner(d.Opposite())),
		add(g.CellPosition(nn), hexmap.SecondSolidCorner(d.Next().Opposite())),
	}
}

// TestCoverage projects the terrain on the XZ plane and checks that
// points inside every cell's solid hexagon, every bridge and every corner
// lie under some terrain triangle. The points are mixed from perturbed
// corners, so they follow the perturbed shapes.
func TestCoverage(t *testing.T) {
	for seed := range uint64(3) {
		g := testGrid(t, 20, 15, seed)
		s := NewSet(g)
		idx := newXZIndex(layerMeshes(s, mesh.Terrain)...)
		holes := 0
		check := func(what string, i int, p vec3.T) {
			if !idx.covers(p[0], p[2]) {
				holes++
				if holes < 10 {
					t.Errorf("seed %d: hole in %s of cell %d at (%.2f, %.2f)", seed, what, i, p[0], p[2])
				}
			}
		}
		for i := range g.CellCount() {
			c := g.CellPosition(i)
			check("centre", i, g.Noise().Perturb(c))
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				ps := perturbAll(g, c, add(c, hexmap.FirstSolidCorner(d)), add(c, hexmap.SecondSolidCorner(d)))
				check("solid hexagon", i, mix(ps, 0.4, 0.3, 0.3))
				check("solid edge", i, mix(ps, 0.1, 0.45, 0.45))
				n, ok := g.Neighbor(i, d)
				if !ok || d > hexmap.SE {
					continue
				}
				near := perturbAll(g, edgePoints(solidEdge(g, i, d))...)
				far := perturbAll(g, edgePoints(solidEdge(g, n, d.Opposite()))...)
				for k := range 4 {
					check("bridge", i, mix([]vec3.T{near[k], near[k+1], far[4-k], far[3-k]}, 0.25, 0.25, 0.25, 0.25))
				}
				nn, ok := g.Neighbor(i, d.Next())
				if !ok || d > hexmap.E {
					continue
				}
				check("corner", i, mix(perturbAll(g, cornerPoints(g, i, n, nn, d)...), 1.0/3, 1.0/3, 1.0/3))
			}
		}
	}
}

// TestSharedEdges checks that there are no cracks: the far side of every
// bridge ends exactly on the neighbour's solid edge, and every corner
// triangle meets the three cells' solid corners, also where the cells
// belong to different chunks.
func TestSharedEdges(t *testing.T) {
	g := testGrid(t, 20, 15, 11)
	s := NewSet(g)
	sets := make([]*vertexSet, len(s.Chunks))
	verts := func(i int) *vertexSet {
		ch := g.ChunkOf(i)
		if sets[ch] == nil {
			sets[ch] = newVertexSet(&s.Chunks[ch].Layers[mesh.Terrain])
		}
		return sets[ch]
	}
	const tol = 1e-3
	crossing, failures := 0, 0
	expect := func(owner, other int, p vec3.T, what string) {
		for _, cell := range []int{owner, other} {
			if !verts(cell).has(p, tol) {
				failures++
				if failures < 10 {
					t.Errorf("%s of cells %d/%d: no vertex at %v in the chunk of cell %d", what, owner, other, p, cell)
				}
			}
		}
		if g.ChunkOf(owner) != g.ChunkOf(other) {
			crossing++
		}
	}
	for i := range g.CellCount() {
		for d := hexmap.NE; d <= hexmap.SE; d++ {
			n, ok := g.Neighbor(i, d)
			if !ok {
				continue
			}
			for _, p := range perturbAll(g, edgePoints(solidEdge(g, n, d.Opposite()))...) {
				expect(i, n, p, "bridge far edge")
			}
			nn, ok := g.Neighbor(i, d.Next())
			if !ok || d > hexmap.E {
				continue
			}
			heights := []int{i, n, nn}
			for k, p := range cornerPoints(g, i, n, nn, d) {
				p[1] = g.CellPosition(heights[k])[1]
				expect(i, heights[k], g.Noise().Perturb(p), "corner")
			}
		}
	}
	if crossing == 0 {
		t.Fatal("no shared edge crossed a chunk border")
	}
}
