package chunk

import (
	"math"
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

// testGrid builds a w×h map from seed with rolling elevation (flats,
// slopes and cliffs), a water level that floods the low ground, random
// terrain types, river chains flowing downhill (into the water too) and
// many roads, all through the Grid's edit methods.
func testGrid(t testing.TB, w, h int, seed uint64) *hexmap.Grid {
	t.Helper()
	return testGridOf(t, hexmap.Topology{Width: w, Height: h}, seed)
}

// testGridOf is testGrid on topology top (flat or wrapping).
func testGridOf(t testing.TB, top hexmap.Topology, seed uint64) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(top, noise.New(int64(seed)))
	if err != nil {
		t.Fatal(err)
	}
	w := top.Width
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := range g.Topology().CellCount() {
		x, z := float64(i%w), float64(i/w)
		e := 3 + 2.5*math.Sin(x*0.45+float64(seed)) + 2*math.Cos(z*0.38) + float64(rng.IntN(3)-1)
		g.SetElevation(i, int(math.Round(e)))
		g.SetTerrainType(i, uint8(rng.IntN(int(hexmap.TerrainTypeCount))))
		g.SetWaterLevel(i, 2)
	}
	for range g.Topology().CellCount() / 4 {
		addRiverChain(g, rng, rng.IntN(g.Topology().CellCount()), 2+rng.IntN(7))
	}
	for range g.Topology().CellCount() * 2 {
		g.AddRoad(rng.IntN(g.Topology().CellCount()), hexmap.Direction(rng.IntN(6)))
	}
	return g
}

// addRiverChain lets a river flow from cell i for up to n cells, each
// step in a random direction that the rules accept.
func addRiverChain(g *hexmap.Grid, rng *rand.Rand, i, n int) {
	for range n {
		start := rng.IntN(6)
		ok := false
		for k := range 6 {
			d := hexmap.Direction((start + k) % 6)
			if g.Cell(i).IncomingRiver == d {
				continue
			}
			if g.SetOutgoingRiver(i, d) == nil {
				i, _ = g.Topology().Neighbor(i, d)
				ok = true
				break
			}
		}
		if !ok {
			return
		}
	}
}

// randomEdit applies one random edit of any kind to a random cell.
func randomEdit(g *hexmap.Grid, rng *rand.Rand) {
	randomEditAt(g, rng, rng.IntN(g.Topology().CellCount()))
}

// randomEditAt is randomEdit of cell i.
func randomEditAt(g *hexmap.Grid, rng *rand.Rand, i int) {
	d := hexmap.Direction(rng.IntN(6))
	switch rng.IntN(14) {
	case 0, 1:
		g.SetElevation(i, int(g.Cell(i).Elevation)+rng.IntN(5)-2)
	case 2:
		g.SetWaterLevel(i, rng.IntN(5))
	case 3:
		g.SetTerrainType(i, uint8(rng.IntN(int(hexmap.TerrainTypeCount))))
	case 4, 5:
		addRiverChain(g, rng, i, 1+rng.IntN(4))
	case 6:
		g.RemoveRiver(i)
	case 7, 8:
		g.AddRoad(i, d)
	case 9:
		g.RemoveRoad(i, d)
	case 10:
		g.SetSpecialIndex(i, rng.IntN(4))
	case 11:
		g.SetWalled(i, rng.IntN(2) == 0)
	case 12:
		g.SetUrbanLevel(i, rng.IntN(4))
		g.SetPlantLevel(i, rng.IntN(4))
		g.SetFarmLevel(i, rng.IntN(4))
	default:
		// A brush: elevation over a cell and its neighbours.
		e := rng.IntN(7)
		g.SetElevation(i, e)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			if n, ok := g.Topology().Neighbor(i, d); ok {
				g.SetElevation(n, e)
			}
		}
	}
}
