package hexmap

import (
	"errors"
	"hexsandbox/hexmap/noise"
	"testing"
)

// sharedTestNoise is built once: grids of the tests only need some noise.
var sharedTestNoise = noise.New(7)

// ruleGrid is a 10×10 grid, all cells at elevation 1, with cell a at
// offset (3, 3) and b, its eastern neighbour.
func ruleGrid(t *testing.T) (g *Grid, a, b int) {
	t.Helper()
	g = mustGrid(t, 10, 10)
	for i := range g.Topology().CellCount() {
		g.SetElevation(i, 1)
	}
	a = 3 + 3*10
	b, ok := g.Topology().Neighbor(a, E)
	if !ok || b != 4+3*10 {
		t.Fatalf("east neighbour of (3, 3) = %d, %v", b, ok)
	}
	return g, a, b
}

func neighbor(t *testing.T, g *Grid, i int, d Direction) int {
	t.Helper()
	n, ok := g.Topology().Neighbor(i, d)
	if !ok {
		t.Fatalf("cell %d has no neighbour %v", i, d)
	}
	return n
}

func TestRiverLinksBothEnds(t *testing.T) {
	g, a, b := ruleGrid(t)
	if g.SetOutgoingRiver(a, E) != nil {
		t.Fatal("level river refused")
	}
	if g.Cell(a).OutgoingRiver != E || g.Cell(b).IncomingRiver != W {
		t.Fatalf("river a→b: a out %v, b in %v", g.Cell(a).OutgoingRiver, g.Cell(b).IncomingRiver)
	}
	if g.Cell(a).HasIncomingRiver() || g.Cell(b).HasOutgoingRiver() {
		t.Fatal("river set extra ends")
	}
	if !g.Cell(a).HasRiverThroughEdge(E) || !g.Cell(b).HasRiverThroughEdge(W) || g.Cell(a).HasRiverThroughEdge(NE) {
		t.Fatal("HasRiverThroughEdge disagrees with the river")
	}
}

func TestRiverOneInOneOut(t *testing.T) {
	g, a, b := ruleGrid(t)
	c := neighbor(t, g, b, E)
	g.SetOutgoingRiver(a, E)
	g.SetOutgoingRiver(b, E)
	if g.Cell(b).IncomingRiver != W || g.Cell(b).OutgoingRiver != E || g.Cell(c).IncomingRiver != W {
		t.Fatalf("chain a→b→c broken: b %+v", g.Cell(b))
	}
	// A second river into b replaces the first: a loses its outgoing river.
	x := neighbor(t, g, b, NW)
	g.SetOutgoingRiver(x, SE)
	if g.Cell(b).IncomingRiver != NW || g.Cell(a).HasOutgoingRiver() {
		t.Fatalf("second river into b: b in %v, a out %v", g.Cell(b).IncomingRiver, g.Cell(a).OutgoingRiver)
	}
	// A new outgoing river from b replaces the old one: c loses its incoming.
	y := neighbor(t, g, b, SE)
	g.SetOutgoingRiver(b, SE)
	if g.Cell(c).HasIncomingRiver() || g.Cell(y).IncomingRiver != NW {
		t.Fatalf("replacing b's outgoing river: c in %v, y in %v", g.Cell(c).IncomingRiver, g.Cell(y).IncomingRiver)
	}
	// Flowing back through the incoming edge removes the incoming river.
	g.SetOutgoingRiver(b, NW)
	if g.Cell(b).IncomingRiver == NW || g.Cell(x).OutgoingRiver == SE || g.Cell(x).IncomingRiver != SE {
		t.Fatalf("reversing the river: b %+v, x %+v", g.Cell(b), g.Cell(x))
	}
}

func TestRiverNotUphill(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.SetElevation(b, 2)
	before := g.Clone()
	if g.SetOutgoingRiver(a, E) == nil {
		t.Fatal("uphill river accepted")
	}
	if !g.Equal(before) {
		t.Fatal("refused river changed the map")
	}
	if g.SetOutgoingRiver(b, W) != nil {
		t.Fatal("downhill river refused")
	}
}

func TestRiverOffMapRefused(t *testing.T) {
	g := mustGrid(t, 10, 10)
	if g.SetOutgoingRiver(0, W) == nil || g.SetOutgoingRiver(0, SW) == nil || g.SetOutgoingRiver(0, NoDirection) == nil {
		t.Fatal("river off the map accepted")
	}
	if g.Cell(0).HasRiver() {
		t.Fatal("refused river left a mark")
	}
}

// A river may climb out of a lake only onto land at the lake's surface.
func TestRiverOutOfLake(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.SetElevation(a, 0)
	g.SetWaterLevel(a, 2)
	g.SetElevation(b, 3)
	if g.SetOutgoingRiver(a, E) == nil {
		t.Fatal("river accepted from a lake at level 2 onto elevation 3")
	}
	g.SetElevation(b, 2)
	if g.SetOutgoingRiver(a, E) != nil {
		t.Fatal("river refused from a lake at level 2 onto elevation 2")
	}
}

func TestRiverRevalidatedOnElevation(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.SetOutgoingRiver(a, E)
	g.SetElevation(b, 2) // b now above a: the river would flow uphill
	if g.Cell(a).HasRiver() || g.Cell(b).HasRiver() {
		t.Fatalf("river kept after raising its end: a %+v b %+v", g.Cell(a), g.Cell(b))
	}
	g.SetElevation(b, 1)
	g.SetOutgoingRiver(a, E)
	g.SetElevation(a, 0) // a now below b
	if g.Cell(a).HasRiver() || g.Cell(b).HasRiver() {
		t.Fatal("river kept after lowering its source")
	}
	g.SetElevation(a, 1)
	g.SetOutgoingRiver(a, E)
	g.SetElevation(a, 5) // steeper downhill is fine
	if !g.Cell(a).HasOutgoingRiver() || !g.Cell(b).HasIncomingRiver() {
		t.Fatal("downhill river dropped after raising its source")
	}
}

func TestRiverRevalidatedOnWaterLevel(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.SetElevation(a, 0)
	g.SetWaterLevel(a, 1)
	if g.SetOutgoingRiver(a, E) != nil {
		t.Fatal("lake outflow refused")
	}
	g.SetWaterLevel(a, 0)
	if g.Cell(a).HasRiver() || g.Cell(b).HasRiver() {
		t.Fatal("lake outflow kept after the lake was drained")
	}
}

func TestRiverClearsSpecials(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.SetSpecialIndex(a, 1)
	g.SetSpecialIndex(b, 2)
	g.SetOutgoingRiver(a, E)
	if g.Cell(a).IsSpecial() || g.Cell(b).IsSpecial() {
		t.Fatalf("specials kept under a river: a %d b %d", g.Cell(a).SpecialIndex, g.Cell(b).SpecialIndex)
	}
}

func TestRiverRemovesRoadOnItsEdge(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.AddRoad(a, E)
	g.AddRoad(a, NE)
	g.SetOutgoingRiver(a, E)
	if g.Cell(a).HasRoadThroughEdge(E) || g.Cell(b).HasRoadThroughEdge(W) {
		t.Fatal("road kept across the river")
	}
	if !g.Cell(a).HasRoadThroughEdge(NE) {
		t.Fatal("road on another edge was removed")
	}
}

func TestRemoveRiver(t *testing.T) {
	g, a, b := ruleGrid(t)
	c := neighbor(t, g, b, E)
	g.SetOutgoingRiver(a, E)
	g.SetOutgoingRiver(b, E)
	g.RemoveRiver(b)
	for _, i := range []int{a, b, c} {
		if g.Cell(i).HasRiver() {
			t.Fatalf("cell %d keeps a river after RemoveRiver(b)", i)
		}
	}
}

func TestRoadBothSides(t *testing.T) {
	g, a, b := ruleGrid(t)
	if g.AddRoad(a, E) != nil || !g.Cell(a).HasRoadThroughEdge(E) || !g.Cell(b).HasRoadThroughEdge(W) {
		t.Fatal("road not set on both sides")
	}
	if !g.Cell(a).HasRoads() || g.Cell(a).Roads != 1<<uint(E) {
		t.Fatalf("roads bits %b", g.Cell(a).Roads)
	}
	g.RemoveRoad(b, W)
	if g.Cell(a).HasRoads() || g.Cell(b).HasRoads() {
		t.Fatal("road not removed on both sides")
	}
	if g.AddRoad(0, W) == nil || g.AddRoad(a, NoDirection) == nil {
		t.Fatal("road off the map or without direction accepted")
	}
}

func TestRoadNotAcrossRiver(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.SetOutgoingRiver(a, E)
	if g.AddRoad(a, E) == nil || g.AddRoad(b, W) == nil {
		t.Fatal("road across a river edge accepted")
	}
	if g.AddRoad(a, NE) != nil {
		t.Fatal("road beside a river refused")
	}
}

func TestRoadNotToSpecial(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.SetSpecialIndex(b, 1)
	if g.AddRoad(a, E) == nil {
		t.Fatal("road into a special cell accepted")
	}
	if g.AddRoad(b, NE) == nil {
		t.Fatal("road out of a special cell accepted")
	}
}

func TestRoadElevationDifference(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.SetElevation(b, 2)
	if g.AddRoad(a, E) != nil {
		t.Fatal("road up one step refused")
	}
	g.RemoveRoad(a, E)
	g.SetElevation(b, 3)
	if g.AddRoad(a, E) == nil {
		t.Fatal("road up two steps accepted")
	}
}

func TestRoadRemovedWhenTooSteep(t *testing.T) {
	g, a, b := ruleGrid(t)
	w := neighbor(t, g, a, W)
	g.AddRoad(a, E)
	g.AddRoad(a, W)
	g.SetElevation(a, 2) // one step to both: both roads stay
	if !g.Cell(a).HasRoadThroughEdge(E) || !g.Cell(a).HasRoadThroughEdge(W) {
		t.Fatal("road removed after a one-step change")
	}
	g.SetElevation(w, 3) // w to a is one step; a to b still one step
	g.SetElevation(a, 4)
	if g.Cell(a).HasRoadThroughEdge(E) || g.Cell(b).HasRoadThroughEdge(W) {
		t.Fatal("road to b kept at a difference of 3")
	}
	if !g.Cell(a).HasRoadThroughEdge(W) || !g.Cell(w).HasRoadThroughEdge(E) {
		t.Fatal("road to w removed at a difference of 1")
	}
	g.SetElevation(w, 6) // editing the neighbour checks its roads too
	if g.Cell(a).HasRoadThroughEdge(W) || g.Cell(w).HasRoadThroughEdge(E) {
		t.Fatal("road kept after the neighbour rose 2 steps")
	}
}

func TestSpecialNotOnRiver(t *testing.T) {
	g, a, b := ruleGrid(t)
	g.SetOutgoingRiver(a, E)
	g.SetSpecialIndex(a, 1)
	g.SetSpecialIndex(b, 2)
	if g.Cell(a).IsSpecial() || g.Cell(b).IsSpecial() {
		t.Fatal("special accepted on a river cell")
	}
}

func TestSpecialRemovesRoads(t *testing.T) {
	g, a, b := ruleGrid(t)
	w := neighbor(t, g, a, W)
	g.AddRoad(a, E)
	g.AddRoad(a, W)
	g.SetSpecialIndex(a, 3)
	if g.Cell(a).SpecialIndex != 3 {
		t.Fatal("special not set")
	}
	if g.Cell(a).HasRoads() || g.Cell(b).HasRoads() || g.Cell(w).HasRoads() {
		t.Fatal("roads kept around a new special")
	}
	g.SetSpecialIndex(a, 0)
	if g.Cell(a).IsSpecial() {
		t.Fatal("special 0 did not clear it")
	}
}

func TestLevelsClamped(t *testing.T) {
	g := mustGrid(t, 5, 5)
	g.SetUrbanLevel(0, 9)
	g.SetFarmLevel(0, -1)
	g.SetPlantLevel(0, 2)
	g.SetSpecialIndex(1, 7)
	g.SetTerrainType(2, 99)
	c := g.Cell(0)
	if c.UrbanLevel != MaxLevel || c.FarmLevel != 0 || c.PlantLevel != 2 ||
		g.Cell(1).SpecialIndex != MaxLevel || g.Cell(2).TerrainType != TerrainTypeCount-1 {
		t.Fatalf("levels not clamped: %+v, special %d, terrain %d", c, g.Cell(1).SpecialIndex, g.Cell(2).TerrainType)
	}
	for i := range 3 {
		if err := g.Cell(i).validate(); err != nil {
			t.Fatalf("edited cell %d invalid: %v", i, err)
		}
	}
}

func TestCellViewAndEdgeTypes(t *testing.T) {
	c := NewCell()
	c.Elevation, c.WaterLevel = 2, 3
	if !c.IsUnderwater() || c.ViewElevation() != 3 {
		t.Fatal("cell below water level not underwater")
	}
	if EdgeTypeOf(1, 1) != Flat || EdgeTypeOf(1, 2) != Slope || EdgeTypeOf(2, 1) != Slope || EdgeTypeOf(0, 2) != Cliff {
		t.Fatal("edge types wrong")
	}
}

// Every refusal says why, one reason per rule, and changes nothing.
func TestRefusalsSayWhy(t *testing.T) {
	cases := []struct {
		name string
		edit func(g *Grid, a, b int) error
		want error
	}{
		{"river without direction", func(g *Grid, a, b int) error { return g.SetOutgoingRiver(a, NoDirection) }, errNoDirection},
		{"river off the map", func(g *Grid, a, b int) error { return g.SetOutgoingRiver(0, W) }, errMapBorder},
		{"river uphill", func(g *Grid, a, b int) error { g.SetElevation(b, 2); return g.SetOutgoingRiver(a, E) }, ErrUphill},
		{"road without direction", func(g *Grid, a, b int) error { return g.AddRoad(a, 7) }, errNoDirection},
		{"road off the map", func(g *Grid, a, b int) error { return g.AddRoad(9, E) }, errMapBorder},
		{"road across a river", func(g *Grid, a, b int) error { g.SetOutgoingRiver(a, E); return g.AddRoad(b, W) }, ErrRiverEdge},
		{"road to a special", func(g *Grid, a, b int) error { g.SetSpecialIndex(b, 1); return g.AddRoad(a, E) }, errRoadToSpecial},
		{"road from a special", func(g *Grid, a, b int) error { g.SetSpecialIndex(a, 3); return g.AddRoad(a, E) }, errRoadToSpecial},
		{"road over a cliff", func(g *Grid, a, b int) error { g.SetElevation(b, 3); return g.AddRoad(a, E) }, ErrCliff},
		{"special on a river", func(g *Grid, a, b int) error { g.SetOutgoingRiver(a, E); return g.SetSpecialIndex(b, 2) }, ErrSpecialOnRiver},
	}
	for _, tc := range cases {
		g, a, b := ruleGrid(t)
		err := tc.edit(g, a, b)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
			continue
		}
		// The refused edit itself changed nothing: doing it again on the
		// map as it is now refuses again and leaves the cells equal.
		before := g.Clone()
		tc.edit(g, a, b)
		if !g.Equal(before) {
			t.Errorf("%s: a refused edit changed the map", tc.name)
		}
	}
	g, a, _ := ruleGrid(t)
	if err := g.SetOutgoingRiver(a, E); err != nil {
		t.Fatalf("a valid river refused: %v", err)
	}
	if err := g.SetSpecialIndex(a, 0); err != nil {
		t.Fatalf("clearing no special on a river cell refused: %v", err)
	}
}
