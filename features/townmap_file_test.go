package features_test

import (
	"flag"
	"testing"

	"hexsandbox/features"
	"hexsandbox/saves"
)

var townMapPath = flag.String("townmap", "", "write the town map (docs/towns.hexmap) to this path")

// TestTownMap checks that the town map holds what its screenshots show
// (urban cells of every level, roads through each, a walled city), and
// with -townmap writes it.
func TestTownMap(t *testing.T) {
	g := features.TownMapForTest(t)
	var levels [4]int
	walled, roads := 0, 0
	for i := range g.CellCount() {
		c := g.Cell(i)
		levels[c.UrbanLevel]++
		if c.Walled {
			walled++
		}
		if c.UrbanLevel > 0 && c.HasRoads() {
			roads++
		}
	}
	if levels[1] < 7 || levels[2] < 19 || levels[3] < 19 || walled < 19 || roads < 30 {
		t.Fatalf("town map: levels %v, %d walled, %d urban cells with roads", levels, walled, roads)
	}
	if *townMapPath != "" {
		if err := saves.SaveFile(*townMapPath, g); err != nil {
			t.Fatal(err)
		}
	}
}
