package nav

import (
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

func newGrid(t testing.TB, w, h int, wrapping bool) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: w, Height: h, Wrapping: wrapping}, noise.New(1))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The cost rules of the issue (Catlike's), case by case, on a pair of
// cells A → B through edge E, each set up by hand.
func TestMoveCostRules(t *testing.T) {
	const a, b = 22, 23 // (2, 2) and its east neighbour (3, 2) on a 10-wide map
	cases := []struct {
		name  string
		setup func(g *hexmap.Grid)
		cost  int // 0: blocked
	}{
		{"flat", func(g *hexmap.Grid) {}, 5},
		{"flat into urban 1 farm 2 plant 3", func(g *hexmap.Grid) {
			g.SetUrbanLevel(b, 1)
			g.SetFarmLevel(b, 2)
			g.SetPlantLevel(b, 3)
		}, 11},
		{"levels of the cell left count nothing", func(g *hexmap.Grid) { g.SetUrbanLevel(a, 3); g.SetPlantLevel(a, 2) }, 5},
		{"slope up", func(g *hexmap.Grid) { g.SetElevation(b, 1) }, 10},
		{"slope down into plant 2", func(g *hexmap.Grid) { g.SetElevation(a, 1); g.SetPlantLevel(b, 2) }, 12},
		{"cliff up", func(g *hexmap.Grid) { g.SetElevation(b, 2) }, 0},
		{"cliff down", func(g *hexmap.Grid) { g.SetElevation(a, 3); g.SetElevation(b, 1) }, 0},
		{"into water", func(g *hexmap.Grid) { g.SetWaterLevel(b, 1) }, 0},
		{"into water along a road", func(g *hexmap.Grid) {
			g.AddRoad(a, hexmap.E)
			g.SetWaterLevel(b, 1)
		}, 0},
		{"out of water", func(g *hexmap.Grid) { g.SetWaterLevel(a, 1) }, 5},
		{"road", func(g *hexmap.Grid) { g.AddRoad(a, hexmap.E) }, 1},
		{"road up a slope into a town", func(g *hexmap.Grid) {
			g.SetElevation(b, 1)
			g.AddRoad(a, hexmap.E)
			g.SetUrbanLevel(b, 3)
		}, 1},
		{"road through a wall", func(g *hexmap.Grid) { g.AddRoad(a, hexmap.E); g.SetWalled(b, true) }, 1},
		{"road on another edge", func(g *hexmap.Grid) { g.AddRoad(a, hexmap.NE) }, 5},
		{"road over a cliff is still a cliff", func(g *hexmap.Grid) {
			// The edit rules never leave such a road; a batch without
			// rules can, and the cliff comes first.
			g.Batch(hexmap.NoRules, func() {
				ca, cb := g.Cell(a), g.Cell(b)
				ca.Roads |= 1 << hexmap.E
				cb.Roads |= 1 << hexmap.W
				cb.Elevation = 2
				g.SetCell(a, ca)
				g.SetCell(b, cb)
			})
		}, 0},
		{"into a walled cell", func(g *hexmap.Grid) { g.SetWalled(b, true) }, 0},
		{"out of a walled cell", func(g *hexmap.Grid) { g.SetWalled(a, true) }, 0},
		{"both walled", func(g *hexmap.Grid) { g.SetWalled(a, true); g.SetWalled(b, true) }, 5},
		{"both walled, slope, farm 1", func(g *hexmap.Grid) {
			g.SetWalled(a, true)
			g.SetWalled(b, true)
			g.SetElevation(a, 1)
			g.SetFarmLevel(b, 1)
		}, 11},
		{"special and river count nothing", func(g *hexmap.Grid) {
			g.SetOutgoingRiver(b, hexmap.E)
			g.SetSpecialIndex(a, 2)
		}, 5},
	}
	for _, tc := range cases {
		g := newGrid(t, 10, 5, false)
		tc.setup(g)
		cost, ok := MoveCost(g, a, hexmap.E)
		if !ok {
			cost = 0
		}
		if cost != tc.cost || ok != (tc.cost > 0) {
			t.Errorf("%s: cost %d (ok %v), want %d", tc.name, cost, ok, tc.cost)
		}
	}
}

func TestMoveCostOffTheMap(t *testing.T) {
	g := newGrid(t, 10, 5, false)
	for _, tc := range []struct {
		cell int
		d    hexmap.Direction
	}{{0, hexmap.W}, {0, hexmap.SW}, {9, hexmap.E}, {45, hexmap.NE}} {
		if _, ok := MoveCost(g, tc.cell, tc.d); ok {
			t.Errorf("cell %d %v: a step off the map", tc.cell, tc.d)
		}
	}
	w := newGrid(t, 10, 5, true)
	if c, ok := MoveCost(w, 0, hexmap.W); !ok || c != 5 {
		t.Errorf("across the seam: %d %v", c, ok)
	}
}

// The turn rule at turn boundaries, worked by hand from the formula:
// a step that would end in a later turn costs the rest of the turn.
func TestStepTurnBoundaries(t *testing.T) {
	cases := []struct{ current, cost, speed, want int }{
		{0, 5, 24, 5},   // the first step of a turn
		{0, 24, 24, 24}, // exactly a turn
		{0, 1, 24, 1},
		{19, 5, 24, 24},  // ends on the last point of turn 0: no crossing
		{20, 4, 24, 24},  // likewise
		{20, 5, 24, 29},  // would end at 25, in turn 1: starts turn 1 with 5
		{23, 1, 24, 24},  // a road step to the end of the turn
		{23, 10, 24, 34}, // 33 → 24 + 10
		{24, 1, 24, 25},  // the next turn's first point, crossed anyway
		{24, 5, 24, 29},  // a turn spent completely: the rule changes nothing
		{25, 5, 24, 30},
		{44, 5, 24, 53},  // 49 would be turn 2: (48)/24 = 2 > (43)/24 = 1 → 48 + 5
		{47, 5, 24, 53},  // (51)/24 = 2 > (46)/24 = 1 → 48 + 5
		{48, 19, 24, 67}, // (66)/24 = 2 > (47)/24 = 1 → 48 + 19, the plain sum
		{0, 30, 24, 54},  // a step dearer than a turn: (29)/24 = 1 > 0 → 24 + 30
		{0, 5, 1, 9},     // speed 1: (4)/1 = 4 > (-1)/1 = -1 → 4 + 5
		{9, 5, 1, 18},    // (13)/1 = 13 > 8 → 13 + 5
		{5, 5, 7, 12},    // (9)/7 = 1 > (4)/7 = 0 → 7 + 5
		{7, 5, 7, 12},    // (11)/7 = 1 > (6)/7 = 0 → 7 + 5
		{8, 5, 7, 13},    // (12)/7 = 1 = (7)/7 = 1 → 13
	}
	for _, tc := range cases {
		if got := Step(tc.current, tc.cost, tc.speed); got != tc.want {
			t.Errorf("Step(%d, %d, %d) = %d, want %d", tc.current, tc.cost, tc.speed, got, tc.want)
		}
	}
	for _, tc := range []struct{ d, speed, want int }{{0, 24, 0}, {1, 24, 0}, {24, 24, 0}, {25, 24, 1}, {48, 24, 1}, {49, 24, 2}} {
		if got := Turn(tc.d, tc.speed); got != tc.want {
			t.Errorf("Turn(%d, %d) = %d, want %d", tc.d, tc.speed, got, tc.want)
		}
	}
}
