package chunk

import (
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// cornerPoints are the three unperturbed solid corners that meet at the
// corner of cell i between directions d and d.Next(), one from each cell,
// each placed next to cell i (across the seam of a wrapping map, a map
// width east or west of its own cell).
func cornerPoints(g *hexmap.Grid, i, n, nn int, d hexmap.Direction) []vec3.T {
	top := g.Topology()
	return []vec3.T{
		vec.Add(geom.CellPosition(g, i), geom.SecondSolidCorner(d)),
		shifted(top.NeighborShift(i, n), vec.Add(geom.CellPosition(g, n), geom.FirstSolidCorner(d.Opposite())))[0],
		shifted(top.NeighborShift(i, nn), vec.Add(geom.CellPosition(g, nn), geom.SecondSolidCorner(d.Next().Opposite())))[0],
	}
}

// shapeTopologies are the maps the shape tests run on: flat, and the same
// size wrapping, where column 19 joins column 0.
func shapeTopologies() []hexmap.Topology {
	return []hexmap.Topology{{Width: 20, Height: 15}, {Width: 20, Height: 15, Wrapping: true}}
}

// TestCoverage projects the terrain on the XZ plane and checks that
// points inside every cell's solid hexagon, every bridge and every corner
// lie under some terrain triangle, with X taken modulo the map's width on
// a wrapping map, so that the bridges and corners across the seam count.
// The points are mixed from perturbed corners, so they follow the
// perturbed shapes.
func TestCoverage(t *testing.T) {
	for _, top := range shapeTopologies() {
		for seed := range uint64(3) {
			g := testGridOf(t, top, seed)
			s := NewSet(g)
			idx := newXZIndex(layerMeshes(s, mesh.Terrain)...)
			wrap := float32(0)
			if top.Wrapping {
				wrap = top.WrapSize()
			}
			holes, seam := 0, 0
			check := func(what string, i int, p vec3.T) {
				p[0] = top.WrapX(p[0])
				if !idx.coversWrapped(p[0], p[2], wrap) {
					holes++
					if holes < 10 {
						t.Errorf("wrapping %v seed %d: hole in %s of cell %d at (%.2f, %.2f)", top.Wrapping, seed, what, i, p[0], p[2])
					}
				}
			}
			for i := range g.Topology().CellCount() {
				c := geom.CellPosition(g, i)
				check("centre", i, geom.PerturberOf(g).Perturb(c))
				for d := hexmap.NE; d <= hexmap.NW; d++ {
					ps := perturbAll(g, c, vec.Add(c, geom.FirstSolidCorner(d)), vec.Add(c, geom.SecondSolidCorner(d)))
					check("solid hexagon", i, mix(ps, 0.4, 0.3, 0.3))
					check("solid edge", i, mix(ps, 0.1, 0.45, 0.45))
					n, ok := g.Topology().Neighbor(i, d)
					if !ok || d > hexmap.SE {
						continue
					}
					if top.NeighborShift(i, n) != 0 {
						seam++
					}
					near := perturbAll(g, edgePoints(solidEdge(g, i, d))...)
					far := shifted(top.NeighborShift(i, n), perturbAll(g, edgePoints(solidEdge(g, n, d.Opposite()))...)...)
					for k := range 4 {
						check("bridge", i, mix([]vec3.T{near[k], near[k+1], far[4-k], far[3-k]}, 0.25, 0.25, 0.25, 0.25))
					}
					nn, ok := g.Topology().Neighbor(i, d.Next())
					if !ok || d > hexmap.E {
						continue
					}
					check("corner", i, mix(perturbAll(g, cornerPoints(g, i, n, nn, d)...), 1.0/3, 1.0/3, 1.0/3))
				}
			}
			if top.Wrapping && seam < top.Height {
				t.Fatalf("only %d bridges cross the seam", seam)
			}
		}
	}
}

// TestSharedEdges checks that there are no cracks: the far side of every
// bridge ends exactly on the neighbour's solid edge, and every corner
// triangle meets the three cells' solid corners, also where the cells
// belong to different chunks and, on a wrapping map, where they face
// each other across the seam: there the owner's copy of a point lies a
// map width from the neighbour's own.
func TestSharedEdges(t *testing.T) {
	for _, top := range shapeTopologies() {
		g := testGridOf(t, top, 11)
		s := NewSet(g)
		sets := make([]*vertexSet, len(s.Chunks))
		verts := func(i int) *vertexSet {
			ch := geom.ChunkOf(g.Topology(), i)
			if sets[ch] == nil {
				sets[ch] = newVertexSet(&s.Chunks[ch].Layers[mesh.Terrain])
			}
			return sets[ch]
		}
		const tol = 1e-3
		crossing, seam, failures := 0, 0, 0
		// p is a point of cell other at other's own place; the owner's
		// chunk holds it shifted next to the owner.
		expect := func(owner, other int, p vec3.T, what string) {
			for _, at := range [][2]int{{owner, other}, {other, other}} {
				q := shifted(top.NeighborShift(at[0], at[1]), p)[0]
				if !verts(at[0]).has(q, tol) {
					failures++
					if failures < 10 {
						t.Errorf("wrapping %v: %s of cells %d/%d: no vertex at %v in the chunk of cell %d", top.Wrapping, what, owner, other, q, at[0])
					}
				}
			}
			if geom.ChunkOf(g.Topology(), owner) != geom.ChunkOf(g.Topology(), other) {
				crossing++
			}
			if top.NeighborShift(owner, other) != 0 {
				seam++
			}
		}
		for i := range g.Topology().CellCount() {
			for d := hexmap.NE; d <= hexmap.SE; d++ {
				n, ok := g.Topology().Neighbor(i, d)
				if !ok {
					continue
				}
				for _, p := range perturbAll(g, edgePoints(solidEdge(g, n, d.Opposite()))...) {
					expect(i, n, p, "bridge far edge")
				}
				nn, ok := g.Topology().Neighbor(i, d.Next())
				if !ok || d > hexmap.E {
					continue
				}
				cells := []int{i, n, nn}
				for k, p := range cornerPoints(g, i, n, nn, d) {
					// Back to the corner's own cell, at its height.
					p = shifted(-top.NeighborShift(i, cells[k]), p)[0]
					p[1] = geom.CellPosition(g, cells[k])[1]
					expect(i, cells[k], geom.PerturberOf(g).Perturb(p), "corner")
				}
			}
		}
		if crossing == 0 {
			t.Fatal("no shared edge crossed a chunk border")
		}
		if top.Wrapping && seam < 5*top.Height {
			t.Fatalf("only %d shared points across the seam", seam)
		}
	}
}
