package hexmap

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomEdits applies a mix of every kind of edit to g, deterministically.
func randomEdits(g *Grid, seed uint64, count int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	n := g.Topology().CellCount()
	for range count {
		i := rng.IntN(n)
		d := Direction(rng.IntN(6))
		switch rng.IntN(10) {
		case 0:
			g.SetElevation(i, rng.IntN(7))
		case 1:
			g.SetWaterLevel(i, rng.IntN(4))
		case 2:
			g.SetOutgoingRiver(i, d)
		case 3:
			g.AddRoad(i, d)
		case 4:
			g.SetSpecialIndex(i, rng.IntN(4))
		case 5:
			g.SetUrbanLevel(i, rng.IntN(4))
			g.SetFarmLevel(i, rng.IntN(4))
			g.SetPlantLevel(i, rng.IntN(4))
		case 6:
			g.SetWalled(i, rng.IntN(2) == 0)
		case 7:
			g.SetTerrainType(i, uint8(rng.IntN(5)))
		case 8:
			g.RemoveRiver(i)
		case 9:
			g.RemoveRoad(i, d)
		}
	}
}

// checkConsistent fails unless every link of g has both ends and no
// river, road or special breaks a rule of the edit methods.
func checkConsistent(t *testing.T, g *Grid) {
	t.Helper()
	h, rep, err := FromCells(g.Topology(), g.Noise(), slices.Clone(g.Cells()))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Dropped() || !slices.Equal(h.Cells(), g.Cells()) {
		t.Fatalf("links not consistent: a reload drops %+v", rep)
	}
	for i := range g.Topology().CellCount() {
		c := g.Cell(i)
		if c.HasOutgoingRiver() {
			n, _ := g.Topology().Neighbor(i, c.OutgoingRiver)
			if !c.IsValidRiverDestination(g.Cell(n)) {
				t.Fatalf("cell %d: river flows uphill", i)
			}
		}
		for d := NE; d <= NW; d++ {
			if c.HasRoadThroughEdge(d) && (g.elevationDifference(i, d) > 1 || c.IsSpecial() || c.HasRiverThroughEdge(d)) {
				t.Fatalf("cell %d: road through %v breaks a rule", i, d)
			}
			if n, ok := g.Topology().Neighbor(i, d); ok && c.HasRoadThroughEdge(d) && g.Cell(n).IsSpecial() {
				t.Fatalf("cell %d: road through %v leads to a special", i, d)
			}
		}
		if c.IsSpecial() && c.HasRiver() {
			t.Fatalf("cell %d: special on a river", i)
		}
	}
}

// Random edits keep every link consistent, the invariant FromCells
// repairs towards, on flat and wrapping maps.
func TestEditsKeepLinksConsistent(t *testing.T) {
	for _, wrap := range []bool{false, true} {
		g := mustGridOf(t, Topology{Width: 15, Height: 10, Wrapping: wrap})
		randomEdits(g, 9, 4000)
		checkConsistent(t, g)
	}
}
