package hexmap

import (
	"errors"
	"hexsandbox/hexmap/noise"
	"hexsandbox/hexmap/scenario"
	"math"
	"testing"
)

func unitOn(g *Grid, i int, side uint8) Unit {
	return Unit{Location: g.Topology().Coordinates(i), Side: side, MovesLeft: UnitSpeed}
}

// The placement rules, one by one: one unit per cell, never underwater,
// on the map, sides 1..4, moves 0..speed, a finite heading.
func TestAddUnitRules(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	g.SetWaterLevel(3, 1)
	cases := []struct {
		name string
		u    Unit
		want error
	}{
		{"dry free cell", unitOn(g, 0, 1), nil},
		{"same cell again", unitOn(g, 0, 2), errOccupied},
		{"underwater", unitOn(g, 3, 1), ErrUnderwater},
		{"off the map", Unit{Location: FromOffset(0, 5), Side: 1}, errOffMap},
		{"off the map west", Unit{Location: FromOffset(-1, 2), Side: 1}, errOffMap},
		{"side 0", unitOn(g, 4, 0), errBadSide},
		{"side 5", unitOn(g, 4, 5), errBadSide},
		{"side 4", unitOn(g, 4, 4), nil},
		{"moves beyond speed", Unit{Location: g.Topology().Coordinates(5), Side: 1, MovesLeft: UnitSpeed + 1}, errBadMoves},
		{"negative moves", Unit{Location: g.Topology().Coordinates(5), Side: 1, MovesLeft: -1}, errBadMoves},
		{"NaN heading", Unit{Location: g.Topology().Coordinates(5), Side: 1, Orientation: float32(math.NaN())}, errBadHeading},
		{"no moves left", Unit{Location: g.Topology().Coordinates(5), Side: 3}, nil},
	}
	for _, tc := range cases {
		before := len(g.Units())
		err := g.AddUnit(tc.u)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		if grew := len(g.Units()) - before; (err == nil) != (grew == 1) {
			t.Errorf("%s: the list grew by %d", tc.name, grew)
		}
	}
	for _, i := range []int{0, 4, 5} {
		if !g.Occupied(i) {
			t.Errorf("cell %d not occupied", i)
		}
	}
	if g.Occupied(3) || g.Occupied(1) {
		t.Error("a cell without a unit is occupied")
	}
}

// On a wrapping map a unit placed by any column's coordinates is stored
// with its cell's own.
func TestAddUnitWrapsLocation(t *testing.T) {
	g, _ := NewGridOf(Topology{Width: 10, Height: 5, Wrapping: true}, noise.New(1))
	if err := g.AddUnit(Unit{Location: FromOffset(12, 3), Side: 1}); err != nil {
		t.Fatal(err)
	}
	want := FromOffset(2, 3)
	if got := g.Units()[0].Location; got != want {
		t.Fatalf("stored at %v, want %v", got, want)
	}
	if !g.Occupied(2 + 3*10) {
		t.Fatal("cell (2, 3) not occupied")
	}
}

// Removing a unit shifts the later ones down, and the cell index keeps
// pointing at the right unit.
func TestRemoveUnitReindexes(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	for k, i := range []int{7, 2, 30, 12} {
		u := unitOn(g, i, uint8(1+k))
		if err := g.AddUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	edits := g.UnitEdits()
	if !g.RemoveUnit(2) || g.RemoveUnit(2) {
		t.Fatal("remove reported wrongly")
	}
	if g.UnitEdits() != edits+1 {
		t.Fatal("a removal is not counted as an edit")
	}
	for _, want := range []struct{ cell, k int }{{7, 0}, {30, 1}, {12, 2}} {
		k, ok := g.UnitAt(want.cell)
		if !ok || k != want.k || g.UnitCell(k) != want.cell {
			t.Fatalf("cell %d: unit %d %v, want %d", want.cell, k, ok, want.k)
		}
	}
}

// A move in play is not an edit, keeps the unit's place in the list and
// follows the same rules at the destination.
func TestPutUnit(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	g.AddUnit(unitOn(g, 0, 1))
	g.AddUnit(unitOn(g, 1, 2))
	g.SetWaterLevel(2, 1)
	edits, changes := g.UnitEdits(), g.UnitChanges()
	moved := Unit{Location: g.Topology().Coordinates(11), Orientation: 60, Side: 1, MovesLeft: 14, Type: scenario.DefaultUnitType}
	if err := g.PutUnit(0, moved); err != nil {
		t.Fatal(err)
	}
	if g.UnitEdits() != edits || g.UnitChanges() != changes+1 {
		t.Fatal("a move counted as an edit, or not at all")
	}
	if g.Occupied(0) || !g.Occupied(11) || g.Units()[0] != moved {
		t.Fatalf("after the move: %v", g.Units())
	}
	for _, tc := range []struct {
		to   int
		want error
	}{{1, errOccupied}, {2, ErrUnderwater}, {11, nil}} {
		u := moved
		u.Location = g.Topology().Coordinates(tc.to)
		if err := g.PutUnit(0, u); !errors.Is(err, tc.want) {
			t.Errorf("move to %d: %v, want %v", tc.to, err, tc.want)
		}
	}
	if err := g.PutUnit(5, moved); !errors.Is(err, errNoSuchUnit) {
		t.Errorf("unit 5: %v", err)
	}
}

// The flood rule: water raised over a unit removes it, in the same edit,
// whether by an edit method or at the end of a batch; a batch that
// floods a cell and drains it again leaves the unit.
func TestFloodRemovesUnit(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	g.AddUnit(unitOn(g, 3, 1))
	g.AddUnit(unitOn(g, 4, 2))
	g.AddUnit(unitOn(g, 5, 3))
	edits := g.UnitEdits()
	g.SetWaterLevel(3, 1)
	if g.Occupied(3) || g.UnitEdits() != edits+1 {
		t.Fatal("the flooded unit stayed")
	}
	g.Batch(EditRules, func() {
		g.SetWaterLevel(4, 2)
		g.SetWaterLevel(5, 2)
		g.SetWaterLevel(5, 0)
	})
	if g.Occupied(4) || !g.Occupied(5) {
		t.Fatalf("after the batch: units %v", g.Units())
	}
	// Lowering the cell under standing water floods it too.
	g.SetWaterLevel(5, 0)
	g.SetElevation(5, -1)
	if g.Occupied(5) {
		t.Fatal("a unit on a cell lowered under water stayed")
	}
}

// SetUnits (loading) keeps a unit underwater, as a Catlike file can hold
// one, and rejects anything else wrong without changing the grid.
func TestSetUnits(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	g.SetWaterLevel(6, 1)
	g.AddUnit(unitOn(g, 9, 1))
	err := g.SetUnits([]Unit{unitOn(g, 1, 1), unitOn(g, 6, 2), unitOn(g, 7, 3)})
	if err != nil || len(g.Units()) != 3 || !g.Occupied(6) || g.Occupied(9) {
		t.Fatalf("%v, units %v", err, g.Units())
	}
	before := g.Clone()
	if err := g.SetUnits([]Unit{unitOn(g, 2, 1), unitOn(g, 2, 1)}); !errors.Is(err, errOccupied) {
		t.Fatalf("two units on a cell: %v", err)
	}
	if !g.Equal(before) || !g.Occupied(1) || !g.Occupied(7) {
		t.Fatal("a rejected SetUnits changed the units")
	}
}

// Clone copies units and turn; Equal compares them.
func TestUnitsCloneEqual(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	g.AddUnit(unitOn(g, 1, 1))
	c := g.Clone()
	if !c.Equal(g) {
		t.Fatal("clone differs")
	}
	c.AddUnit(unitOn(c, 2, 1))
	if c.Equal(g) || g.Occupied(2) {
		t.Fatal("the clone shares units with the original")
	}
	d := g.Clone()
	if err := d.SetSideInTurn(2); err != nil || d.Equal(g) {
		t.Fatal("side in turn not compared")
	}
	if err := d.SetSideInTurn(5); !errors.Is(err, errBadSideTurn) || d.SideInTurn() != 2 {
		t.Fatal("side 5 accepted")
	}
}
