package hexmap

import (
	"errors"
	"hexsandbox/hexmap/scenario"
	"strings"
	"testing"
)

// Unit types: "" is stored as the default type, and only short names of
// lowercase letters, digits and '-' are types.
func TestUnitTypes(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	if err := g.AddUnit(unitOn(g, 0, 1)); err != nil || g.Units()[0].Type != "spearman" {
		t.Fatalf("a unit without a type: %v, %+v", err, g.Units())
	}
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"archer", true}, {"war-elephant-2", true}, {strings.Repeat("a", 16), true},
		{strings.Repeat("a", 17), false}, {"Archer", false}, {"war elephant", false},
		{"archer\n", false}, {"é", false}, {"_", false},
	} {
		u := unitOn(g, 1, 2)
		u.Type = tc.name
		err := g.AddUnit(u)
		if tc.ok != (err == nil) || !tc.ok && !errors.Is(err, scenario.ErrBadUnitType) {
			t.Errorf("type %q: %v", tc.name, err)
		}
		if err == nil && g.Units()[1].Type != tc.name {
			t.Errorf("type %q stored as %q", tc.name, g.Units()[1].Type)
		}
		g.RemoveUnit(1)
	}
	u := g.Units()[0]
	u.Type = "Scout"
	if err := g.PutUnit(0, u); !errors.Is(err, scenario.ErrBadUnitType) || g.Units()[0].Type != "spearman" {
		t.Fatalf("a move to a bad type: %v, %+v", err, g.Units()[0])
	}
}

func townOn(g *Grid, i int, name string, owner uint8) Town {
	return Town{Location: g.Topology().Coordinates(i), Name: name, Owner: owner}
}

// The placement rules of towns, one by one: on the map, on land, one per
// cell, a name of 1..32 printable characters, an owner 0..4.
func TestPlaceTownRules(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	g.SetWaterLevel(3, 1)
	g.AddUnit(unitOn(g, 4, 1))
	cases := []struct {
		name string
		t    Town
		want error
	}{
		{"neutral on dry land", townOn(g, 0, "Ash", 0), nil},
		{"same cell again", townOn(g, 0, "Birch", 1), errTownThere},
		{"underwater", townOn(g, 3, "Atlantis", 1), errTownUnderwater},
		{"off the map", Town{Location: FromOffset(0, 5), Name: "Nowhere"}, errOffMap},
		{"owner 5", townOn(g, 1, "Elm", 5), errBadTownOwner},
		{"owner 4, under a unit", townOn(g, 4, "Elm", 4), nil},
		{"empty name", townOn(g, 5, "", 1), scenario.ErrBadTownName},
		{"33 characters", townOn(g, 5, strings.Repeat("a", 33), 1), scenario.ErrBadTownName},
		{"32 two-byte characters", townOn(g, 5, strings.Repeat("é", 32), 1), nil},
		{"space around", townOn(g, 6, " Oak", 1), scenario.ErrBadTownName},
		{"space inside", townOn(g, 6, "Old Oak", 1), nil},
		{"two lines", townOn(g, 7, "Oak\nAsh", 1), scenario.ErrBadTownName},
		{"not UTF-8", townOn(g, 7, "Oak\xff", 1), scenario.ErrBadTownName},
	}
	for _, tc := range cases {
		before := len(g.Towns())
		err := g.PlaceTown(tc.t)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		if grew := len(g.Towns()) - before; (err == nil) != (grew == 1) {
			t.Errorf("%s: towns grew by %d", tc.name, grew)
		}
	}
	if k, ok := g.TownAt(4); !ok || g.Towns()[k].Name != "Elm" || g.Towns()[k].Owner != 4 {
		t.Fatalf("TownAt(4): %d %v", k, ok)
	}
}

// RemoveTown takes a town out by its place in Towns; the towns after it
// move down, and the cell index follows. Every placement and removal
// counts as an edit.
func TestRemoveTownReindexes(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	for i, name := range []string{"Ash", "Birch", "Cedar"} {
		if err := g.PlaceTown(townOn(g, 10+i, name, uint8(i))); err != nil {
			t.Fatal(err)
		}
	}
	edits := g.TownEdits()
	if err := g.RemoveTown(0); err != nil || g.TownEdits() != edits+1 {
		t.Fatalf("remove: %v, edits %d after %d", err, g.TownEdits(), edits)
	}
	if _, ok := g.TownAt(10); ok {
		t.Fatal("the removed town's cell still holds it")
	}
	if k, ok := g.TownAt(12); !ok || k != 1 || g.Towns()[k].Name != "Cedar" {
		t.Fatalf("TownAt(12) = %d %v after removing town 0", k, ok)
	}
	if err := g.RemoveTown(2); !errors.Is(err, errNoSuchTown) || g.TownEdits() != edits+1 {
		t.Fatalf("removing town 2 of 2: %v", err)
	}
	if err := g.InsertTown(0, townOn(g, 10, "Ash", 0)); err != nil || g.Towns()[0].Name != "Ash" {
		t.Fatalf("insert at 0: %v, %v", err, g.Towns())
	}
	if k, _ := g.TownAt(12); k != 2 {
		t.Fatalf("TownAt(12) = %d after inserting before it", k)
	}
}

// The flood rule: water raised over a town removes it in the same edit
// as the water, by an edit method or at a batch's end.
func TestFloodRemovesTown(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	g.PlaceTown(townOn(g, 3, "Ash", 1))
	g.PlaceTown(townOn(g, 4, "Birch", 2))
	g.AddUnit(unitOn(g, 3, 1))
	edits := g.TownEdits()
	r := g.Follow()
	g.SetWaterLevel(3, 1)
	if _, ok := g.TownAt(3); ok || g.Occupied(3) || g.TownEdits() != edits+1 {
		t.Fatal("the flooded town or its unit stayed")
	}
	changes, _ := r.Read()
	if len(changes) != 1 {
		t.Fatalf("%d cell changes for one edit", len(changes))
	}
	g.Batch(EditRules, func() { g.SetElevation(4, -1); g.SetWaterLevel(4, 0) })
	if len(g.Towns()) != 0 {
		t.Fatalf("a town on a cell lowered under water stayed: %v", g.Towns())
	}
}

// SetTowns replaces every town, names the town it refuses and then
// changes nothing; Clone copies towns and Equal compares them.
func TestSetTownsCloneEqual(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	g.PlaceTown(townOn(g, 9, "Old", 0))
	if err := g.SetTowns([]Town{townOn(g, 1, "Ash", 1), townOn(g, 2, "Birch", 0)}); err != nil || len(g.Towns()) != 2 {
		t.Fatalf("%v, %v", err, g.Towns())
	}
	before := g.Clone()
	if !before.Equal(g) {
		t.Fatal("clone differs")
	}
	err := g.SetTowns([]Town{townOn(g, 5, "Elm", 0), townOn(g, 5, "Fir", 0)})
	if !errors.Is(err, errTownThere) || !strings.Contains(err.Error(), `town 1 "Fir"`) {
		t.Fatalf("two towns on a cell: %v", err)
	}
	if !g.Equal(before) {
		t.Fatal("a refused SetTowns changed the towns")
	}
	c := g.Clone()
	c.RemoveTown(0)
	if c.Equal(g) || len(g.Towns()) != 2 {
		t.Fatal("the clone shares towns with the original, or Equal ignores them")
	}
}
