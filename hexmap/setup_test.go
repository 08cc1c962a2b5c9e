package hexmap

import (
	"errors"
	"hexsandbox/hexmap/scenario"
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
		s     scenario.Setup
		want  error
		field string
	}{
		{"side 0", scenario.Setup{Sides: []scenario.Side{{Side: 0, Team: 1, Name: ""}}}, scenario.ErrBadSide, "sides[0]: side 0"},
		{"side 5", scenario.Setup{Sides: []scenario.Side{{Side: 1, Team: 1, Name: ""}, {Side: 5, Team: 1, Name: ""}}}, scenario.ErrBadSide, "sides[1]: side 5"},
		{"side twice", scenario.Setup{Sides: []scenario.Side{{Side: 2, Team: 1, Name: ""}, {Side: 2, Team: 2, Name: ""}}}, scenario.ErrBadSide, "sides[1]: side 2"},
		{"team 0", scenario.Setup{Sides: []scenario.Side{{Side: 1, Team: 0, Name: ""}}}, scenario.ErrBadTeam, "sides[0]: team 0"},
		{"team 5", scenario.Setup{Sides: []scenario.Side{{Side: 1, Team: 5, Name: ""}}}, scenario.ErrBadTeam, "sides[0]: team 5"},
		{"name too long", scenario.Setup{Sides: []scenario.Side{{Side: 1, Team: 1, Name: strings.Repeat("é", scenario.MaxSideNameLength+1)}}}, scenario.ErrBadSideName, "sides[0]: name"},
		{"name with a newline", scenario.Setup{Sides: []scenario.Side{{Side: 1, Team: 1, Name: "a\nb"}}}, scenario.ErrBadSideName, "sides[0]: name"},
		{"negative rounds", scenario.Setup{Victory: scenario.Victory{Rounds: -1}}, scenario.ErrBadRounds, "victory rounds -1"},
		{"too many rounds", scenario.Setup{Victory: scenario.Victory{Rounds: scenario.MaxRounds + 1}}, scenario.ErrBadRounds, "victory rounds"},
		{"objectives of side 0", scenario.Setup{Objectives: []scenario.Objective{{Side: 0, Text: "a"}}}, scenario.ErrBadObjective, "objectives[0]: side 0"},
		{"objectives twice", scenario.Setup{Objectives: []scenario.Objective{{Side: 2, Text: "a"}, {Side: 2, Text: "b"}}}, scenario.ErrBadObjective, "objectives[1]: side 2"},
		{"objectives too long", scenario.Setup{Objectives: []scenario.Objective{{Side: 1, Text: strings.Repeat("x", scenario.MaxObjectiveBytes+1)}}}, scenario.ErrBadObjective, "1001 bytes"},
		{"objectives not UTF-8", scenario.Setup{Objectives: []scenario.Objective{{Side: 1, Text: "\xff"}}}, scenario.ErrBadObjective, "objectives[0]"},
	} {
		err := g.SetSetup(tc.s)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s: %v, want %v naming %q", tc.name, err, tc.want, tc.field)
		}
	}
	if !g.Setup().Equal(scenario.Setup{}) {
		t.Fatal("a refused setup changed the setup")
	}
	long := strings.Repeat("ø", scenario.MaxObjectiveBytes/2)
	s := scenario.Setup{Seed: 1 << 63, Sides: []scenario.Side{{Side: 3, Team: 1, Name: ""}, {Side: 1, Team: 1, Name: ""}, {Side: 4, Team: 4, Name: ""}}, Victory: scenario.Victory{Rounds: scenario.MaxRounds},
		Objectives: []scenario.Objective{{Side: 4, Text: "Hold."}, {Side: 1, Text: long}}}
	if err := g.SetSetup(s); err != nil {
		t.Fatal(err)
	}
	got := g.Setup()
	if want := []scenario.Side{{Side: 1, Team: 1, Name: ""}, {Side: 3, Team: 1, Name: ""}, {Side: 4, Team: 4, Name: ""}}; !slices.Equal(got.Sides, want) || got.Seed != 1<<63 || got.Victory.Rounds != scenario.MaxRounds {
		t.Fatalf("setup %+v", got)
	}
	if want := []scenario.Objective{{Side: 1, Text: long}, {Side: 4, Text: "Hold."}}; !slices.Equal(got.Objectives, want) {
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
	if !c.Equal(g) || c.SetSetup(scenario.Setup{}) != nil || c.Equal(g) || len(g.Setup().Sides) != 3 {
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
	if s, want := g.Sides(), []scenario.Side{{Side: 1, Team: 1, Name: ""}, {Side: 3, Team: 3, Name: ""}}; !slices.Equal(s, want) {
		t.Fatalf("sides %v, want %v", s, want)
	}
	g.SetSetup(scenario.Setup{Sides: []scenario.Side{{Side: 2, Team: 1, Name: ""}, {Side: 4, Team: 1, Name: ""}}})
	if s, want := g.Sides(), []scenario.Side{{Side: 2, Team: 1, Name: ""}, {Side: 4, Team: 1, Name: ""}}; !slices.Equal(s, want) {
		t.Fatalf("sides %v, want %v", s, want)
	}
}
