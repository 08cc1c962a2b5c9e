package tools

import (
	"errors"
	"testing"

	"hexsandbox/hexmap"
)

func newGrid(t testing.TB) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(20, 15, 7)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func index(t testing.TB, g *hexmap.Grid, x, z int) int {
	t.Helper()
	i, ok := g.Topology().Index(hexmap.FromOffset(x, z))
	if !ok {
		t.Fatalf("cell (%d,%d) off the map", x, z)
	}
	return i
}

func TestBrushCoversHexagonOfRadius(t *testing.T) {
	g := newGrid(t)
	center := index(t, g, 10, 7)
	for size := 0; size <= MaxBrushSize; size++ {
		cells := Brush(g, center, size)
		if want := 3*size*(size+1) + 1; len(cells) != want {
			t.Errorf("size %d: %d cells, want %d", size, len(cells), want)
		}
		c := g.Topology().Coordinates(center)
		for _, i := range cells {
			if d := c.DistanceTo(g.Topology().Coordinates(i)); d > size {
				t.Errorf("size %d: cell %d at distance %d", size, i, d)
			}
		}
	}
}

func TestBrushClampsAtTheBorder(t *testing.T) {
	g := newGrid(t)
	cells := Brush(g, 0, 2)
	if len(cells) == 0 || len(cells) >= 19 {
		t.Fatalf("corner brush has %d cells, want fewer than 19 and some", len(cells))
	}
	if got := Brush(g, 0, 99); len(got) != len(Brush(g, 0, MaxBrushSize)) {
		t.Errorf("oversized brush not clamped: %d cells", len(got))
	}
}

func TestApplySetsEveryToggledValue(t *testing.T) {
	g := newGrid(t)
	s := Settings{ApplyTerrain: true, Terrain: hexmap.Stone, ApplyElevation: true, Elevation: 3,
		ApplyWater: true, WaterLevel: 2, ApplyUrban: true, Urban: 2, ApplyFarm: true, Farm: 1,
		ApplyPlant: true, Plant: 3, Walled: Yes, BrushSize: 1}
	center := index(t, g, 5, 5)
	s.Apply(g, center, Drag{})
	for _, i := range Brush(g, center, 1) {
		c := g.Cell(i)
		if c.TerrainType != hexmap.Stone || c.Elevation != 3 || c.WaterLevel != 2 ||
			c.UrbanLevel != 2 || c.FarmLevel != 1 || c.PlantLevel != 3 || !c.Walled {
			t.Fatalf("cell %d = %+v", i, c)
		}
	}
	far := g.Cell(index(t, g, 15, 12))
	if far.Elevation != 0 || far.Walled {
		t.Errorf("cell outside the brush changed: %+v", far)
	}
	(Settings{Walled: No}).Apply(g, center, Drag{})
	if g.Cell(center).Walled {
		t.Error("walled No left the wall")
	}
}

func TestUntoggledValuesStayAlone(t *testing.T) {
	g := newGrid(t)
	i := index(t, g, 3, 3)
	g.SetElevation(i, 4)
	(Settings{Elevation: 1, ApplyUrban: true, Urban: 1}).Apply(g, i, Drag{})
	if c := g.Cell(i); c.Elevation != 4 || c.UrbanLevel != 1 {
		t.Errorf("cell = %+v, want elevation 4 kept and urban 1", c)
	}
}

func TestDragDrawsRiverAndRoadAcrossTheEdge(t *testing.T) {
	g := newGrid(t)
	var tr DragTracker
	a, b := index(t, g, 4, 4), index(t, g, 5, 4) // b is east of a
	s := Settings{River: Yes}
	for _, cell := range []int{a, b} {
		s.Apply(g, cell, tr.Step(g, cell))
	}
	if got := g.Cell(a).OutgoingRiver; got != hexmap.E {
		t.Errorf("river out of a = %v, want E", got)
	}
	if got := g.Cell(b).IncomingRiver; got != hexmap.W {
		t.Errorf("river into b = %v, want W", got)
	}

	c := index(t, g, 4, 5) // a neighbour of a across another edge
	tr.Reset()
	road := Settings{Road: Yes}
	for _, cell := range []int{a, c} {
		road.Apply(g, cell, tr.Step(g, cell))
	}
	d := dirBetween(t, g, a, c)
	if !g.Cell(a).HasRoadThroughEdge(d) || !g.Cell(c).HasRoadThroughEdge(d.Opposite()) {
		t.Errorf("no road between a and c through %v", d)
	}

	(Settings{River: No, Road: No}).Apply(g, a, Drag{})
	if g.Cell(a).HasRiver() || g.Cell(b).HasRiver() || g.Cell(a).HasRoads() || g.Cell(c).HasRoads() {
		t.Error("mode No left a river or road behind")
	}
}

// dirBetween finds the direction from a to its neighbour b.
func dirBetween(t *testing.T, g *hexmap.Grid, a, b int) hexmap.Direction {
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if n, ok := g.Topology().Neighbor(a, d); ok && n == b {
			return d
		}
	}
	t.Fatalf("cells %d and %d are not neighbours", a, b)
	return hexmap.NoDirection
}

func TestDragTrackerIgnoresJumpsAndRests(t *testing.T) {
	g := newGrid(t)
	var tr DragTracker
	a := index(t, g, 2, 2)
	if d := tr.Step(g, a); d.Active {
		t.Error("first cell of a stroke is a drag")
	}
	if d := tr.Step(g, a); d.Active {
		t.Error("resting on a cell is a drag")
	}
	if !tr.Same(a) {
		t.Error("Same(a) is false after resting on a")
	}
	far := index(t, g, 9, 9)
	if d := tr.Step(g, far); d.Active {
		t.Error("a jump over cells is a drag")
	}
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		n, _ := g.Topology().Neighbor(far, d)
		tr.Reset()
		tr.Step(g, far)
		if got := tr.Step(g, n); !got.Active || got.Dir != d {
			t.Errorf("move %v: drag %+v", d, got)
		}
	}
}

func TestSettingsActive(t *testing.T) {
	if (Settings{}).Active() {
		t.Error("empty settings are active")
	}
	if !(Settings{Road: No}).Active() || !DefaultSettings().Active() {
		t.Error("settings with a tool are not active")
	}
}

// The unit tool places one unit of the chosen side on the cell under the
// pointer only, whatever the brush, never on water or on another unit,
// and removes what is there.
func TestUnitTool(t *testing.T) {
	g := newGrid(t)
	c := index(t, g, 5, 5)
	s := Settings{Units: Yes, UnitSide: 3, BrushSize: 2}
	s.Apply(g, c, Drag{})
	if len(g.Units()) != 1 || !g.Occupied(c) || g.Units()[0].Side != 3 || g.Units()[0].MovesLeft != hexmap.UnitSpeed {
		t.Fatalf("after placing: %v", g.Units())
	}
	s.UnitSide = 2
	if err := s.EditUnit(g, c); !errors.Is(err, hexmap.ErrOccupied) || len(g.Units()) != 1 {
		t.Fatalf("a second unit on the cell: %v, %v", err, g.Units())
	}
	wet := index(t, g, 8, 5)
	g.SetWaterLevel(wet, 1)
	if err := s.EditUnit(g, wet); !errors.Is(err, hexmap.ErrUnderwater) {
		t.Fatalf("a unit underwater: %v", err)
	}
	s.Units = No
	s.Apply(g, index(t, g, 6, 5), Drag{}) // a neighbour, inside the brush
	if !g.Occupied(c) {
		t.Fatal("removing on a neighbour removed the unit: the brush does not apply to units")
	}
	s.Apply(g, c, Drag{})
	if len(g.Units()) != 0 {
		t.Fatalf("after removing: %v", g.Units())
	}
	if !(Settings{Units: Yes}).Active() || (Settings{}).Active() {
		t.Fatal("Active does not count the unit tool")
	}
}
