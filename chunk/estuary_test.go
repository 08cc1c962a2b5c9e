package chunk

import (
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mesh"
)

// TestRiverBedCarvedUnderWater checks a river flowing into the sea: as in
// Catlike, the sea cell carves the river's bed into its floor too, down
// to its own stream bed, and nothing lies deeper.
func TestRiverBedCarvedUnderWater(t *testing.T) {
	g, err := hexmap.NewGrid(10, 5, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Topology().CellCount() {
		if i%g.Topology().Width >= 6 {
			g.SetElevation(i, 1)
			continue
		}
		g.SetElevation(i, 0)
		g.SetWaterLevel(i, 1)
	}
	land := 6 + 2*g.Topology().Width
	if err := g.SetOutgoingRiver(land, hexmap.W); err != nil {
		t.Fatalf("river into the sea refused: %v", err)
	}
	sea, _ := g.Topology().Neighbor(land, hexmap.W)
	if !g.Cell(sea).IsUnderwater() || !g.Cell(sea).HasRiverThroughEdge(hexmap.E) {
		t.Fatal("test map: the river does not reach an underwater cell")
	}
	bed := geom.StreamBedY(g.Cell(sea))
	if landBed := geom.StreamBedY(g.Cell(land)); bed >= landBed {
		t.Fatalf("test map: the sea's bed %v is not below the land's %v", bed, landBed)
	}
	const eps = 1e-3
	s := NewSet(g)
	carved := false
	for ch := range s.Chunks {
		for _, p := range s.Chunks[ch].Layers[mesh.Terrain].Positions {
			if p[1] < bed-eps {
				t.Fatalf("terrain vertex %v lies below the sea cell's stream bed %v", p, bed)
			}
			carved = carved || p[1] < bed+eps
		}
	}
	if !carved {
		t.Fatalf("no terrain vertex at the sea cell's stream bed %v: the bed stops at the shore", bed)
	}
}
