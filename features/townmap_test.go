package features

import (
	"testing"

	"hexsandbox/hexmap"
)

// Town map places, offset coordinates: a village, a town on a river and a
// walled city, joined by a country road along row townRow.
const (
	townMapWidth, townMapHeight = 35, 20
	townRow                     = 10
	villageX, townX, cityX      = 5, 15, 26
)

// TownMapForTest is the map the town tests and screenshots use
// (docs/towns.hexmap): on a grassy plain, a village of urban level 1
// among farms and trees with the road running through; a town of level 2
// (cells within two of its centre) with streets on some of its edges and
// a river under bridges; and a walled city of level 3 with streets on
// half its edges, gates where the road passes the wall, and a castle
// beside it.
func TownMapForTest(t testing.TB) *hexmap.Grid {
	g, err := hexmap.NewGrid(townMapWidth, townMapHeight, 7)
	if err != nil {
		t.Fatal(err)
	}
	top := g.Topology()
	at := func(x, z int) int { i, _ := top.IndexOffset(x, z); return i }
	for i := range g.Topology().CellCount() {
		x, z := top.Offset(i)
		g.SetTerrainType(i, hexmap.Grass)
		g.SetElevation(i, 1)
		if (x*7+z*3)%5 == 0 && x < 10 {
			g.SetElevation(i, 2) // a few low hills around the village
		}
	}
	village, town, city := at(villageX, townRow), at(townX, townRow), at(cityX, townRow)
	for i := range g.Topology().CellCount() {
		switch {
		case top.Distance(i, village) <= 1:
			g.SetElevation(i, 1)
			g.SetUrbanLevel(i, 1)
			g.SetFarmLevel(i, 1)
			g.SetPlantLevel(i, 1)
		case top.Distance(i, village) <= 3:
			g.SetFarmLevel(i, 2)
			g.SetPlantLevel(i, 1)
		case top.Distance(i, town) <= 2:
			g.SetUrbanLevel(i, 2)
			g.SetPlantLevel(i, 1)
		case top.Distance(i, city) <= 2:
			g.SetUrbanLevel(i, 3)
			g.SetWalled(i, true)
		case top.Distance(i, city) == 3 || top.Distance(i, town) == 3:
			g.SetFarmLevel(i, 1)
			g.SetPlantLevel(i, 2)
		}
	}
	// A river from the north through the town, under the road, winding
	// south-west and south-east by turns.
	for i, z := at(townX+1, townMapHeight-1), 0; ; z++ {
		d := [...]hexmap.Direction{hexmap.SW, hexmap.SE, hexmap.SE, hexmap.SW}[z%4]
		n, ok := g.Topology().Neighbor(i, d)
		if !ok || g.SetOutgoingRiver(i, d) != nil {
			break
		}
		i = n
	}
	// The country road, and streets: two fifths of the town's edges, half
	// the city's.
	for x := 1; x < townMapWidth-1; x++ {
		g.AddRoad(at(x, townRow), hexmap.E)
	}
	for i := range g.Topology().CellCount() {
		for d := hexmap.NE; d <= hexmap.SE; d++ {
			n, ok := g.Topology().Neighbor(i, d)
			if !ok {
				continue
			}
			inTown := top.Distance(i, town) <= 2 && top.Distance(n, town) <= 2
			inCity := top.Distance(i, city) <= 2 && top.Distance(n, city) <= 2
			if (inTown && (i+int(d))%5 < 2) || (inCity && (i*3+int(d))%2 == 0) {
				g.AddRoad(i, d)
			}
		}
	}
	g.SetSpecialIndex(at(cityX+2, townRow+4), 1) // a castle
	return g
}
