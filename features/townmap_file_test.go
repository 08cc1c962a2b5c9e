package features_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"hexsandbox/features"
	"hexsandbox/saves"
)

var updateTownMap = flag.Bool("update-townmap", false, "rewrite docs/towns.hexmap from TownMapForTest")

// townMapFile is the town map in the product's format, kept for the
// screenshots (hexsandbox shot, the browser test).
const townMapFile = "../docs/towns.hexmap"

// TestTownMap checks that the town map holds what its screenshots show
// (urban cells of every level, roads through each, a walled city) and
// that docs/towns.hexmap is that map (-update-townmap rewrites it).
func TestTownMap(t *testing.T) {
	g := features.TownMapForTest(t)
	var levels [4]int
	walled, roads := 0, 0
	for i := range g.Topology().CellCount() {
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
	var buf bytes.Buffer
	if err := saves.Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	if *updateTownMap {
		if err := saves.SaveFile(townMapFile, g); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(townMapFile)
	if err != nil {
		t.Fatalf("%v (go test ./features -run TestTownMap -update-townmap writes it)", err)
	}
	if !bytes.Equal(got, buf.Bytes()) {
		t.Fatal("docs/towns.hexmap is not TownMapForTest's map: go test ./features -run TestTownMap -update-townmap")
	}
}
