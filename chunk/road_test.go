package chunk

import (
	"math/rand/v2"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// riverRoadGrid is flat land with rivers of every shape (straight,
// zig-zag, curves, beginnings and ends) and a road through every edge the
// rules allow, so roads must fit around rivers in every configuration.
func riverRoadGrid(t testing.TB, seed uint64) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(20, 15, int64(seed))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	for i := range g.Topology().CellCount() {
		g.SetElevation(i, 1)
		g.SetTerrainType(i, uint8(i%int(hexmap.TerrainTypeCount)))
	}
	for range 40 {
		addRiverChain(g, rng, rng.IntN(g.Topology().CellCount()), 1+rng.IntN(6))
	}
	for i := range g.Topology().CellCount() {
		if rng.IntN(4) > 0 {
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				g.AddRoad(i, d)
			}
		}
	}
	return g
}

// riverShape names the river configuration of a cell the way Catlike's
// road code tells them apart.
func riverShape(c hexmap.Cell) string {
	switch {
	case !c.HasRiver():
		return "none"
	case riverBeginOrEnd(c):
		return "end"
	case c.IncomingRiver == c.OutgoingRiver.Opposite():
		return "straight"
	case c.IncomingRiver == c.OutgoingRiver.Next() || c.IncomingRiver == c.OutgoingRiver.Previous():
		return "zigzag"
	}
	return "curve"
}

// TestRoads checks that road surface (u in [0, 1]) runs from every
// road's cell centre region out across its connection, that cells
// without roads have none, and that bridges are recorded exactly once
// for straight and curved rivers with road on both sides.
func TestRoads(t *testing.T) {
	g := riverRoadGrid(t, 4)
	s := NewSet(g)
	shapes := map[string]int{}
	for i := range g.Topology().CellCount() {
		cell := g.Cell(i)
		shapes[riverShape(cell)]++
		m := &s.Chunks[geom.ChunkOf(g.Topology(), i)].Layers[mesh.Roads]
		roads := newXZIndex(m)
		c := geom.CellPosition(g, i)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			edge := vec.Add(c, geom.SolidEdgeMiddle(d))
			p := mix(perturbAll(g, c, edge), 0.1, 0.9)
			if got, want := roads.covers(p[0], p[2]), cell.HasRoadThroughEdge(d); got != want {
				t.Errorf("cell %d (%s river) %v: road near the edge %v, want %v", i, riverShape(cell), d, got, want)
			}
			if n, ok := g.Topology().Neighbor(i, d); ok && d <= hexmap.SE && cell.HasRoadThroughEdge(d) {
				q := mix([]vec3.T{geom.FlatPerturber(g.Noise()).Perturb(edge), geom.FlatPerturber(g.Noise()).Perturb(vec.Add(geom.CellPosition(g, n), geom.SolidEdgeMiddle(d.Opposite())))}, 0.5, 0.5)
				if !roads.covers(q[0], q[2]) {
					t.Errorf("cell %d %v: no road across the connection", i, d)
				}
			}
		}
		if !cell.HasRoads() && roads.covers(geom.FlatPerturber(g.Noise()).Perturb(c)[0], geom.FlatPerturber(g.Noise()).Perturb(c)[2]) {
			t.Errorf("cell %d: road surface without roads", i)
		}
		for _, uv := range m.UV {
			if uv[0] < 0 || uv[0] > 1 || uv[1] != 0 {
				t.Fatalf("road UV %v", uv)
			}
		}
	}
	for _, shape := range []string{"none", "end", "straight", "zigzag", "curve"} {
		if shapes[shape] == 0 {
			t.Fatalf("test map lacks %s rivers: %v", shape, shapes)
		}
	}
	checkBridges(t, g, s)
}

// checkBridges counts the bridges of each cell: one where a road crosses
// a straight river or the outside of a curve to the road on the other
// side, none elsewhere; the two road centres lie on opposite sides of the
// river, inside the cell.
func checkBridges(t *testing.T, g *hexmap.Grid, s *Set) {
	t.Helper()
	perCell := map[int]int{}
	total := 0
	for ch := range s.Chunks {
		for _, b := range s.Chunks[ch].Plan.Bridges {
			i, ok := g.Topology().CellUnder((b.RoadCenter1[0]+b.RoadCenter2[0])/2, (b.RoadCenter1[2]+b.RoadCenter2[2])/2)
			if !ok || geom.ChunkOf(g.Topology(), i) != ch {
				t.Fatalf("bridge %v not in a cell of its chunk %d", b, ch)
			}
			perCell[i]++
			total++
			if l := dist(b.RoadCenter1, b.RoadCenter2); l < 2 || l > 12 {
				t.Errorf("cell %d: bridge of length %v", i, l)
			}
		}
	}
	if total == 0 {
		t.Fatal("no bridges")
	}
	for i := range g.Topology().CellCount() {
		c := g.Cell(i)
		want := 0
		switch riverShape(c) {
		case "straight":
			// Roads on both sides of the river.
			side1 := c.HasRoadThroughEdge(c.IncomingRiver.Next()) || c.HasRoadThroughEdge(c.IncomingRiver.Next2())
			side2 := c.HasRoadThroughEdge(c.IncomingRiver.Previous()) || c.HasRoadThroughEdge(c.IncomingRiver.Previous2())
			if side1 && side2 {
				want = 1
			}
		case "curve":
			// The middle edge outside the curve, and the edge opposite it,
			// which lies inside the curve.
			middle := c.IncomingRiver.Next()
			if c.OutgoingRiver != c.IncomingRiver.Next2() {
				middle = c.IncomingRiver.Previous()
			}
			middle = middle.Opposite()
			if c.HasRoadThroughEdge(middle.Opposite()) && (c.HasRoadThroughEdge(middle) || c.HasRoadThroughEdge(middle.Next()) || c.HasRoadThroughEdge(middle.Previous())) {
				want = 1
			}
		}
		if perCell[i] != want {
			t.Errorf("cell %d (%s river, in %v out %v, roads %06b): %d bridges, want %d", i, riverShape(c), c.IncomingRiver, c.OutgoingRiver, c.Roads, perCell[i], want)
		}
	}
}
