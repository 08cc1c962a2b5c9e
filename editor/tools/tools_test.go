package tools

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
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

// The Units tool places one unit of the chosen type and side on the
// cell clicked, never on water; a click on a unit removes it; Remove
// only removes; a stroke of the brush never touches units.
func TestUnitTool(t *testing.T) {
	g := newGrid(t)
	c := index(t, g, 5, 5)
	s := Settings{Units: Yes, UnitSide: 3, UnitType: 4, BrushSize: 2}
	if placed, err := s.EditUnit(g, c); !placed || err != nil {
		t.Fatalf("placing: %v, %v", placed, err)
	}
	if len(g.Units()) != 1 || !g.Occupied(c) || g.Units()[0].Side != 3 || g.Units()[0].Type != "catapult" ||
		g.Units()[0].MovesLeft != hexmap.UnitSpeed {
		t.Fatalf("after placing: %v", g.Units())
	}
	if placed, err := s.EditUnit(g, c); placed || err != nil || len(g.Units()) != 0 {
		t.Fatalf("a second click: placed %v, %v, units %v; want it removed", placed, err, g.Units())
	}
	wet := index(t, g, 8, 5)
	g.SetWaterLevel(wet, 1)
	if _, err := s.EditUnit(g, wet); !errors.Is(err, hexmap.ErrUnderwater) {
		t.Fatalf("a unit underwater: %v", err)
	}
	s.EditUnit(g, c)
	s.ApplyElevation, s.Elevation = true, 2
	s.Apply(g, c, Drag{})
	if len(g.Units()) != 1 || g.Cell(c).Elevation != 2 {
		t.Fatalf("a brush stroke with the unit settings: units %v, elevation %d", g.Units(), g.Cell(c).Elevation)
	}
	s.Units = No
	if placed, _ := s.EditUnit(g, index(t, g, 6, 5)); placed || len(g.Units()) != 1 {
		t.Fatal("Remove placed a unit on an empty cell")
	}
	s.EditUnit(g, c)
	if len(g.Units()) != 0 {
		t.Fatalf("after removing: %v", g.Units())
	}
	if (Settings{Units: Yes}).Active() {
		t.Fatal("Active counts the unit settings, which no stroke applies")
	}
}

// The Town tool places a town with the name asked for, or the first free
// automatic one, made unique, and the owner chosen; a click on a town
// removes it; water refuses one.
func TestTownTool(t *testing.T) {
	g := newGrid(t)
	a, b, c := index(t, g, 3, 3), index(t, g, 5, 3), index(t, g, 7, 3)
	s := Settings{TownOwner: 2}
	for _, i := range []int{a, b} {
		if _, placed, err := s.EditTown(g, i); !placed || err != nil {
			t.Fatalf("placing on %d: %v, %v", i, placed, err)
		}
	}
	want := []hexmap.Town{
		{Location: g.Topology().Coordinates(a), Name: TownNames()[0], Owner: 2},
		{Location: g.Topology().Coordinates(b), Name: TownNames()[1], Owner: 2},
	}
	if !slices.Equal(g.Towns(), want) {
		t.Fatalf("towns %v, want %v", g.Towns(), want)
	}
	s.TownName, s.TownOwner = TownNames()[1], 0
	if town, _, _ := s.EditTown(g, c); town.Name != TownNames()[1]+" 2" || town.Owner != 0 {
		t.Fatalf("a town named like another: %+v", town)
	}
	if town, placed, err := s.EditTown(g, b); placed || err != nil || town.Name != TownNames()[1] || len(g.Towns()) != 2 {
		t.Fatalf("a click on a town: %+v %v %v, towns %v", town, placed, err, g.Towns())
	}
	wet := index(t, g, 9, 3)
	g.SetWaterLevel(wet, 1)
	if _, placed, err := s.EditTown(g, wet); placed || err == nil || !strings.Contains(err.Error(), "underwater") {
		t.Fatalf("a town underwater: placed %v, %v", placed, err)
	}
}

// Numbered names stay within a town name's length.
func TestUniqueTownNameLong(t *testing.T) {
	g := newGrid(t)
	long := strings.Repeat("x", scenario.MaxTownNameLength)
	g.PlaceTown(hexmap.Town{Location: g.Topology().Coordinates(0), Name: long})
	got := UniqueTownName(g, long)
	if want := strings.Repeat("x", scenario.MaxTownNameLength-2) + " 2"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// A first start paints grass and nothing else: a stroke on a raised,
// flooded, built-up cell changes its terrain only.
func TestDefaultSettingsPaintTerrainOnly(t *testing.T) {
	g := newGrid(t)
	c := index(t, g, 5, 5)
	g.SetElevation(c, 3)
	g.SetWaterLevel(c, 4)
	g.SetUrbanLevel(c, 2)
	want := g.Cell(c)
	want.TerrainType = hexmap.Grass
	if err := DefaultSettings().Apply(g, c, Drag{}); err != nil {
		t.Fatal(err)
	}
	if got := g.Cell(c); got != want {
		t.Fatalf("the default stroke left %+v, want %+v", got, want)
	}
	if d := DefaultSettings().Describe(); d != "grass" {
		t.Fatalf("the default settings describe themselves as %q", d)
	}
}

// A restart never brings back a tool whose plain click places a unit or
// a town, nor symmetry; what the brush applies stays.
func TestRestoredSettings(t *testing.T) {
	for _, tool := range []Tool{ToolUnits, ToolTown} {
		s := Settings{Tool: tool, Units: Yes, ApplyUrban: true, Urban: 2, Symmetry: SymmetryMirror, BrushSize: 3}
		r := s.Restored()
		want := s
		want.Tool, want.Symmetry = ToolBrush, SymmetryOff
		if r != want {
			t.Errorf("%v restored as %+v, want %+v", tool, r, want)
		}
	}
	if r := (Settings{Tool: ToolFill}).Restored(); r.Tool != ToolFill {
		t.Errorf("Fill restored as %v", r.Tool)
	}
}

// Describe names each value applied, in the panel's order, and each
// river, road and wall mode that is not Ignore.
func TestDescribe(t *testing.T) {
	s := Settings{ApplyTerrain: true, Terrain: hexmap.Snow, ApplyElevation: true, Elevation: 2,
		ApplyPlant: true, Plant: 0, River: Yes, Walled: No, Road: Ignore}
	if got, want := s.Describe(), "snow, elevation 2, plant 0, river, no walls"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := (Settings{}).Describe(); got != "nothing" {
		t.Errorf("empty settings: %q", got)
	}
}
