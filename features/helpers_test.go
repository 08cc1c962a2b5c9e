package features

import (
	"math/rand/v2"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

func newGrid(t testing.TB, w, h int, seed int64) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(w, h, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// randomMap paints a grid with everything features react to: terraces
// and cliffs, lakes, rivers, roads, specials, levels and walls, using only
// the grid's edit methods so that Catlike's rules hold.
func randomMap(t testing.TB, w, h int, seed int64) *hexmap.Grid {
	t.Helper()
	g := newGrid(t, w, h, seed)
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	n := g.Topology().CellCount()
	for i := range n {
		x, z := i%w, i/w
		e := (x/3+z/4)%4 + rng.IntN(2)
		if rng.IntN(12) == 0 {
			e += 3 // a cliff
		}
		g.SetElevation(i, e)
	}
	for i := range n {
		if rng.IntN(10) == 0 {
			g.SetWaterLevel(i, int(g.Cell(i).Elevation)+1)
		}
	}
	for i := range n {
		if rng.IntN(6) == 0 {
			g.SetOutgoingRiver(i, hexmap.Direction(rng.IntN(6)))
		}
	}
	for i := range n {
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			if rng.IntN(7) == 0 {
				g.AddRoad(i, d)
			}
		}
	}
	for i := range n {
		if rng.IntN(15) == 0 {
			g.SetSpecialIndex(i, 1+rng.IntN(3))
		}
		g.SetUrbanLevel(i, rng.IntN(4))
		g.SetFarmLevel(i, rng.IntN(4))
		g.SetPlantLevel(i, rng.IntN(4))
		x, z := i%w, i/w
		g.SetWalled(i, (x/4+z/3)%2 == 0 != (rng.IntN(8) == 0))
	}
	return g
}

// chunkMeshes are the three outputs of Build for one chunk.
type chunkMeshes struct{ feats, walls, bridges mesh.Mesh }

func buildAll(g *hexmap.Grid) []chunkMeshes {
	out := make([]chunkMeshes, geom.ChunkCount(g.Topology()))
	for ch := range out {
		c := &out[ch]
		Build(g, ch, chunkPlan(g, ch), &c.feats, &c.walls, &c.bridges)
	}
	return out
}

// specSpot is the candidate position of direction d as the brief states
// it: (centre + e.v1 + e.v5) / 3 over the solid edge, with the centre
// moved off a river as TriangulateAdjacentToRiver moves it.
func specSpot(g *hexmap.Grid, i int, d hexmap.Direction) vec3.T {
	c := geom.CellPosition(g, i)
	cell := g.Cell(i)
	v1 := vec.Add(c, geom.FirstSolidCorner(d))
	v5 := vec.Add(c, geom.SecondSolidCorner(d))
	m := c
	river := cell.HasRiverThroughEdge
	switch {
	case !cell.HasRiver():
	case river(d.Next()) && river(d.Previous()):
		m = vec.Add(m, vec.Scale(geom.SolidEdgeMiddle(d), geom.InnerToOuter*0.5))
	case river(d.Next()) && river(d.Previous2()):
		m = vec.Add(m, vec.Scale(geom.FirstSolidCorner(d), 0.25))
	case !river(d.Next()) && river(d.Previous()) && river(d.Next2()):
		m = vec.Add(m, vec.Scale(geom.SecondSolidCorner(d), 0.25))
	}
	return vec.Scale(vec.Add(vec.Add(m, v1), v5), 1.0/3)
}

func near3(a, b vec3.T, eps float32) bool {
	d := vec.Sub(a, b)
	return vec.Dot(d, d) <= eps*eps
}

func nearXZ(a, b vec3.T, eps float32) bool {
	dx, dz := a[0]-b[0], a[2]-b[2]
	return dx*dx+dz*dz <= eps*eps
}
