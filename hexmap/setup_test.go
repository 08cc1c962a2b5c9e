package hexmap

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// SetSetup refuses a bad setup with an error naming the field, and keeps
// the sides and the objectives in ascending order of side.
func TestSetSetup(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	for _, tc := range []struct {
		name  string
		s     Setup
		want  error
		field string
	}{
		{"side 0", Setup{Sides: []SideSetup{{0, 1, ""}}}, ErrBadSetupSide, "sides[0]: side 0"},
		{"side 5", Setup{Sides: []SideSetup{{1, 1, ""}, {5, 1, ""}}}, ErrBadSetupSide, "sides[1]: side 5"},
		{"side twice", Setup{Sides: []SideSetup{{2, 1, ""}, {2, 2, ""}}}, ErrBadSetupSide, "sides[1]: side 2"},
		{"team 0", Setup{Sides: []SideSetup{{1, 0, ""}}}, errBadTeam, "sides[0]: team 0"},
		{"team 5", Setup{Sides: []SideSetup{{1, 5, ""}}}, errBadTeam, "sides[0]: team 5"},
		{"name too long", Setup{Sides: []SideSetup{{1, 1, strings.Repeat("é", MaxSideNameLength+1)}}}, ErrBadSideName, "sides[0]: name"},
		{"name with a newline", Setup{Sides: []SideSetup{{1, 1, "a\nb"}}}, ErrBadSideName, "sides[0]: name"},
		{"negative rounds", Setup{Victory: Victory{Rounds: -1}}, errBadRounds, "victory rounds -1"},
		{"too many rounds", Setup{Victory: Victory{Rounds: MaxRounds + 1}}, errBadRounds, "victory rounds"},
		{"objectives of side 0", Setup{Objectives: []Objective{{0, "a"}}}, ErrBadObjective, "objectives[0]: side 0"},
		{"objectives twice", Setup{Objectives: []Objective{{2, "a"}, {2, "b"}}}, ErrBadObjective, "objectives[1]: side 2"},
		{"objectives too long", Setup{Objectives: []Objective{{1, strings.Repeat("x", MaxObjectiveBytes+1)}}}, ErrBadObjective, "1001 bytes"},
		{"objectives not UTF-8", Setup{Objectives: []Objective{{1, "\xff"}}}, ErrBadObjective, "objectives[0]"},
	} {
		err := g.SetSetup(tc.s)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s: %v, want %v naming %q", tc.name, err, tc.want, tc.field)
		}
	}
	if !g.Setup().equal(Setup{}) {
		t.Fatal("a refused setup changed the setup")
	}
	long := strings.Repeat("ø", MaxObjectiveBytes/2)
	s := Setup{Seed: 1 << 63, Sides: []SideSetup{{3, 1, ""}, {1, 1, ""}, {4, 4, ""}}, Victory: Victory{Rounds: MaxRounds},
		Objectives: []Objective{{4, "Hold."}, {1, long}}}
	if err := g.SetSetup(s); err != nil {
		t.Fatal(err)
	}
	got := g.Setup()
	if want := []SideSetup{{1, 1, ""}, {3, 1, ""}, {4, 4, ""}}; !slices.Equal(got.Sides, want) || got.Seed != 1<<63 || got.Victory.Rounds != MaxRounds {
		t.Fatalf("setup %+v", got)
	}
	if want := []Objective{{1, long}, {4, "Hold."}}; !slices.Equal(got.Objectives, want) {
		t.Fatalf("objectives %+v, want them by side", got.Objectives)
	}
	got.Sides[0].Team = 2
	got.Objectives[0].Text = "changed"
	if g.Setup().Sides[0].Team != 1 || g.Setup().Objectives[0].Text != long {
		t.Fatal("Setup's copy shares the sides or the objectives")
	}
	c0 := g.Clone()
	s.Objectives = s.Objectives[:1]
	if c0.SetSetup(s) != nil || c0.Equal(g) {
		t.Fatal("Equal ignores the objectives")
	}
	c := g.Clone()
	if !c.Equal(g) || c.SetSetup(Setup{}) != nil || c.Equal(g) || len(g.Setup().Sides) != 3 {
		t.Fatal("Clone or Equal ignores the setup")
	}
}

// Sides is the setup's sides, or without any, each side that has a unit
// or owns a town, on a team of its own.
func TestSidesDefault(t *testing.T) {
	g, _ := NewGrid(10, 5, 1)
	if s := g.Sides(); len(s) != 0 {
		t.Fatalf("an empty map's sides: %v", s)
	}
	g.AddUnit(unitOn(g, 0, 3))
	g.AddUnit(unitOn(g, 1, 3))
	g.PlaceTown(townOn(g, 2, "Ash", 1))
	g.PlaceTown(townOn(g, 3, "Birch", 0))
	if s, want := g.Sides(), []SideSetup{{1, 1, ""}, {3, 3, ""}}; !slices.Equal(s, want) {
		t.Fatalf("sides %v, want %v", s, want)
	}
	g.SetSetup(Setup{Sides: []SideSetup{{2, 1, ""}, {4, 1, ""}}})
	if s, want := g.Sides(), []SideSetup{{2, 1, ""}, {4, 1, ""}}; !slices.Equal(s, want) {
		t.Fatalf("sides %v, want %v", s, want)
	}
}
