package chunk

import (
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// TestRiverSurface checks that river surface lies near exactly the river
// edges of cells that are not underwater, and across exactly the river
// connections between two dry cells (never over water).
func TestRiverSurface(t *testing.T) {
	seen := [2]int{}
	for seed := range uint64(3) {
		g := testGrid(t, 20, 15, seed)
		s := NewSet(g)
		idx := make([]*xzIndex, len(s.Chunks))
		rivers := func(i int) *xzIndex {
			ch := geom.ChunkOf(g.Topology(), i)
			if idx[ch] == nil {
				idx[ch] = newXZIndex(&s.Chunks[ch].Layers[mesh.Rivers])
			}
			return idx[ch]
		}
		for i := range g.Topology().CellCount() {
			cell := g.Cell(i)
			c := geom.CellPosition(g, i)
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				// Inside the cell, just short of the edge, mid-channel.
				ps := perturbAll(g, c, vec.Add(c, geom.SolidEdgeMiddle(d)))
				p := mix(ps, 0.2, 0.8)
				want := cell.HasRiverThroughEdge(d) && !cell.IsUnderwater()
				if got := rivers(i).covers(p[0], p[2]); got != want {
					t.Errorf("seed %d cell %d %v: river surface %v, want %v (river %v, underwater %v)",
						seed, i, d, got, want, cell.HasRiverThroughEdge(d), cell.IsUnderwater())
				}
				n, ok := g.Topology().Neighbor(i, d)
				if !ok || d > hexmap.SE || !cell.HasRiverThroughEdge(d) {
					continue
				}
				nb := g.Cell(n)
				if cell.IsUnderwater() != nb.IsUnderwater() {
					continue // a waterfall, cut at the surface
				}
				q := mix([]vec3.T{p, geom.FlatPerturber(g.Noise()).Perturb(vec.Add(geom.CellPosition(g, n), geom.SolidEdgeMiddle(d.Opposite())))}, 0.5, 0.5)
				want = !cell.IsUnderwater()
				if got := rivers(i).covers(q[0], q[2]); got != want {
					t.Errorf("seed %d cell %d %v: river across the connection %v, want %v", seed, i, d, got, want)
				}
				seen[btoi(want)]++
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("test maps lack dry or underwater river connections: %v", seen)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestWaterfalls checks that a river falling into water ends at the
// water surface: its lowest vertex is at the surface, none below.
func TestWaterfalls(t *testing.T) {
	g := testGrid(t, 20, 15, 1)
	s := NewSet(g)
	falls := 0
	for i := range g.Topology().CellCount() {
		cell := g.Cell(i)
		for d := hexmap.NE; d <= hexmap.SE; d++ {
			n, ok := g.Topology().Neighbor(i, d)
			if !ok || !cell.HasRiverThroughEdge(d) {
				continue
			}
			nb := g.Cell(n)
			dry, wet := cell, nb
			if cell.IsUnderwater() {
				dry, wet = nb, cell
			}
			if dry.IsUnderwater() || !wet.IsUnderwater() || dry.Elevation <= wet.WaterLevel {
				continue
			}
			falls++
			// The vertices of the river layer between the two cells.
			m := &s.Chunks[geom.ChunkOf(g.Topology(), i)].Layers[mesh.Rivers]
			a := geom.FlatPerturber(g.Noise()).Perturb(vec.Add(geom.CellPosition(g, i), geom.SolidEdgeMiddle(d)))
			b := geom.FlatPerturber(g.Noise()).Perturb(vec.Add(geom.CellPosition(g, n), geom.SolidEdgeMiddle(d.Opposite())))
			lowest, found := float32(1e9), false
			for _, v := range m.Positions {
				if segmentDistanceXZ(v, a, b) < 3.5 && v[1] < geom.RiverSurfaceY(dry)-1e-3 {
					lowest, found = min(lowest, v[1]), true
				}
			}
			if !found {
				t.Errorf("cell %d %v: no waterfall", i, d)
				continue
			}
			if diff := lowest - geom.WaterSurfaceY(wet); diff < -1e-3 || diff > 1e-3 {
				t.Errorf("cell %d %v: waterfall ends at %v, water surface at %v", i, d, lowest, geom.WaterSurfaceY(wet))
			}
		}
	}
	if falls == 0 {
		t.Fatal("test map has no waterfall into water")
	}
}

// segmentDistanceXZ is the distance from p to segment a-b on the XZ plane.
func segmentDistanceXZ(p, a, b vec3.T) float32 {
	ab, ap := vec.Sub(b, a), vec.Sub(p, a)
	ab[1], ap[1] = 0, 0
	u := (ap[0]*ab[0] + ap[2]*ab[2]) / (ab[0]*ab[0] + ab[2]*ab[2])
	u = max(0, min(1, u))
	q := vec.Sub(ap, vec.Scale(ab, u))
	q[1] = 0
	return dist(q, vec3.T{})
}
