package chunk

import (
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/mesh"
)

// TestNoRiverBedUnderWater checks a river flowing into the sea: the dry
// cell still carves its stream bed down to the shore, but the sea cell's
// floor stays flat, so no channel (seen through the water as a dark wedge
// out of the estuary) sinks below the land's bed.
func TestNoRiverBedUnderWater(t *testing.T) {
	g, err := hexmap.NewGrid(10, 5, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.CellCount() {
		if i%g.Width() >= 6 {
			g.SetElevation(i, 1)
			continue
		}
		g.SetElevation(i, 0)
		g.SetWaterLevel(i, 1)
	}
	land := 6 + 2*g.Width()
	if g.SetOutgoingRiver(land, hexmap.W) != nil {
		t.Fatal("river into the sea refused")
	}
	sea, _ := g.Neighbor(land, hexmap.W)
	if !g.Cell(sea).IsUnderwater() || !g.Cell(sea).HasRiverThroughEdge(hexmap.E) {
		t.Fatal("test map: the river does not reach an underwater cell")
	}
	bed := g.Cell(land).StreamBedY()
	const eps = 1e-3
	s := NewSet(g)
	carved := false
	for ch := range s.Chunks {
		for _, p := range s.Chunks[ch].Layers[mesh.Terrain].Positions {
			if p[1] < bed-eps {
				t.Fatalf("terrain vertex %v lies below the land's stream bed %v", p, bed)
			}
			carved = carved || p[1] < bed+eps
		}
	}
	if !carved {
		t.Fatalf("no terrain vertex at the land's stream bed %v", bed)
	}
}
