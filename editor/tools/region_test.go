package tools

import (
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

// paint sets the terrain of offset cells.
func paint(t *testing.T, g *hexmap.Grid, terrain uint8, cells ...[2]int) []int {
	t.Helper()
	var out []int
	for _, c := range cells {
		i := index(t, g, c[0], c[1])
		g.SetTerrainType(i, terrain)
		out = append(out, i)
	}
	return out
}

func TestFillReachesTheConnectedRegionOnly(t *testing.T) {
	g := newGrid(t)
	// A bent line of grass, and a grass cell that only touches it at a
	// distance of two (not connected).
	line := paint(t, g, hexmap.Grass, [2]int{4, 4}, [2]int{5, 4}, [2]int{6, 4}, [2]int{6, 5})
	lone := paint(t, g, hexmap.Grass, [2]int{9, 4})[0]
	h := NewHistory(g, 0)
	n, refused, _ := Fill(g, line[1], MatchTerrain, Settings{ApplyTerrain: true, Terrain: hexmap.Snow})
	if n != 4 || refused != nil {
		t.Fatalf("filled %d cells (%v), want the line's 4", n, refused)
	}
	for _, i := range line {
		if g.Cell(i).TerrainType != hexmap.Snow {
			t.Errorf("line cell %d not filled", i)
		}
	}
	if g.Cell(lone).TerrainType != hexmap.Grass {
		t.Error("the unconnected grass cell was filled")
	}
	sand := 0
	for _, c := range g.Cells() {
		if c.TerrainType == hexmap.Sand {
			sand++
		}
	}
	if want := g.Topology().CellCount() - 5; sand != want {
		t.Errorf("%d sand cells left, want %d", sand, want)
	}
	if u, _ := h.Len(); u != 1 {
		t.Errorf("a fill made %d undo steps, want 1", u)
	}
	// Filling the sand around it with sand-matching reaches everything
	// but the five grass/snow cells: the map is connected around them.
	n, _, _ = Fill(g, 0, MatchTerrain, Settings{ApplyElevation: true, Elevation: 2})
	if n != g.Topology().CellCount()-5 {
		t.Errorf("sand fill reached %d cells, want %d", n, g.Topology().CellCount()-5)
	}
}

func TestFillByElevationAndWater(t *testing.T) {
	g := newGrid(t)
	// Two lakes at water level 2 (cells at elevation 0), apart; a dry
	// plateau at elevation 3 between them.
	west := []int{index(t, g, 2, 2), index(t, g, 3, 2)}
	east := []int{index(t, g, 12, 2)}
	for _, i := range append(append([]int{}, west...), east...) {
		g.SetWaterLevel(i, 2)
	}
	plateau := []int{index(t, g, 6, 6), index(t, g, 7, 6)}
	for _, i := range plateau {
		g.SetElevation(i, 3)
	}
	n, _, _ := Fill(g, west[0], MatchWater, Settings{ApplyTerrain: true, Terrain: hexmap.Mud})
	if n != 2 || g.Cell(east[0]).TerrainType == hexmap.Mud {
		t.Errorf("water fill of the west lake reached %d cells; east lake filled too: %v", n, g.Cell(east[0]).TerrainType == hexmap.Mud)
	}
	n, _, _ = Fill(g, plateau[0], MatchElevation, Settings{ApplyTerrain: true, Terrain: hexmap.Stone})
	if n != 2 {
		t.Errorf("elevation fill of the plateau reached %d cells, want 2", n)
	}
	// From dry land the water match spreads over all dry land.
	n, _, _ = Fill(g, plateau[0], MatchWater, Settings{})
	if want := g.Topology().CellCount() - 3; n != want {
		t.Errorf("dry-land fill reached %d cells, want %d", n, want)
	}
}

func TestRegionCrossesTheSeam(t *testing.T) {
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: 20, Height: 15, Wrapping: true}, noise.New(1))
	if err != nil {
		t.Fatal(err)
	}
	strip := paint(t, g, hexmap.Grass, [2]int{18, 6}, [2]int{19, 6}, [2]int{0, 6}, [2]int{1, 6})
	r := Region(g, strip[0], MatchTerrain)
	if len(r) != 4 {
		t.Fatalf("region across the seam has %d cells, want 4", len(r))
	}
	// Reached eastwards from column 18, column 1 is at unwrapped column 21.
	for _, p := range r {
		if p.Index == strip[3] {
			if x, _ := p.At.Offset(); x != 21 {
				t.Errorf("column 1 reached at unwrapped column %d, want 21", x)
			}
		}
	}
}

func TestRefusalsSayWhy(t *testing.T) {
	g := newGrid(t)
	a, b := index(t, g, 4, 4), index(t, g, 5, 4) // b east of a
	g.SetElevation(b, 2)
	var tr DragTracker
	river := Settings{River: Yes}
	river.Apply(g, a, tr.Step(g, a))
	if err := river.Apply(g, b, tr.Step(g, b)); !errorIs(err, hexmap.ErrUphill) {
		t.Errorf("river dragged uphill: %v, want ErrUphill", err)
	}
	tr.Reset()
	g.SetElevation(b, 3)
	road := Settings{Road: Yes}
	road.Apply(g, a, tr.Step(g, a))
	if err := road.Apply(g, b, tr.Step(g, b)); !errorIs(err, hexmap.ErrCliff) {
		t.Errorf("road over a cliff: %v, want ErrCliff", err)
	}
	// A river along an edge refuses a road over it.
	c := index(t, g, 4, 5)
	d := dirBetween(t, g, a, c)
	if err := g.SetOutgoingRiver(a, d); err != nil {
		t.Fatal(err)
	}
	tr.Reset()
	road.Apply(g, a, tr.Step(g, a))
	err := road.Apply(g, c, tr.Step(g, c))
	if !errorIs(err, hexmap.ErrRiverEdge) || err.Error() != "Road not placed: a river runs along that edge" {
		t.Errorf("road along a river: %v", err)
	}
	if err := (Settings{ApplySpecial: true, Special: 1}).Apply(g, a, Drag{}); !errorIs(err, hexmap.ErrSpecialOnRiver) {
		t.Errorf("special on a river: %v", err)
	}
}

func errorIs(err, target error) bool {
	r, ok := err.(*Refusal)
	return ok && r.Err == target
}
