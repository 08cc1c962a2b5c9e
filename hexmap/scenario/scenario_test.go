package scenario

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// The names' limits, case by case at their boundaries.
func TestNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"Oak", true}, {"Old Oak", true}, {strings.Repeat("ø", 32), true}, {strings.Repeat("ø", 33), false},
		{"", false}, {" Oak", false}, {"Oak ", false}, {"Oak\nAsh", false}, {"Oak\xff", false}, {"Oak\t", false},
	} {
		if err := CheckTownName(tc.name); (err == nil) != tc.ok || err != nil && !errors.Is(err, ErrBadTownName) {
			t.Errorf("town name %q: %v, want ok %v", tc.name, err, tc.ok)
		}
	}
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"spearman", true}, {"siege-2", true}, {strings.Repeat("a", 16), true}, {strings.Repeat("a", 17), false},
		{"", false}, {"Scout", false}, {"scout ", false}, {"é", false},
	} {
		if err := CheckUnitType(tc.name); (err == nil) != tc.ok || err != nil && !errors.Is(err, ErrBadUnitType) {
			t.Errorf("unit type %q: %v, want ok %v", tc.name, err, tc.ok)
		}
	}
	if CheckUnitType(DefaultUnitType) != nil {
		t.Errorf("the default unit type %q is not a type's name", DefaultUnitType)
	}
}

// Check names the field it refuses, and wraps the reason.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		s     Setup
		want  error
		field string
	}{
		{Setup{Sides: []Side{{Side: 1, Team: 1}, {Side: 1, Team: 2}}}, ErrBadSide, "sides[1]: side 1"},
		{Setup{Sides: []Side{{Side: 2, Team: 5}}}, ErrBadTeam, "sides[0]: team 5"},
		{Setup{Victory: Victory{Rounds: MaxRounds + 1}}, ErrBadRounds, "victory rounds 10001"},
		{Setup{Script: "\xff"}, ErrBadScript, "script of 1 bytes"},
		{Setup{Areas: []Area{{Name: "a", Cells: []int{3, 3}}}}, ErrBadArea, "cells[1] 3"},
		{Setup{Areas: []Area{{Name: "a"}, {Name: "a"}}}, ErrBadArea, `areas[1]: name "a"`},
		{Setup{Objectives: []Objective{{Side: 5, Text: "x"}}}, ErrBadObjective, "objectives[0]: side 5"},
		{Setup{Sides: []Side{{Side: 1, Team: 1}, {Side: 2, Team: 2, Controller: Hard + 1}}}, ErrBadController, "sides[1]: controller 4"},
		{Setup{Sides: []Side{{Side: 1, Team: 1, Colour: uint8(MaxColour + 1)}}}, ErrBadColour, "sides[0]: colour 5"},
		{Setup{Sides: []Side{{Side: 1, Team: 1}, {Side: 3, Team: 2, Colour: 1}}}, ErrBadColour, "sides[1]: colour 1"},
		{Setup{Sides: []Side{{Side: 1, Team: 1, Colour: 2}, {Side: 2, Team: 2}}}, ErrBadColour, "sides[1]: colour 2"},
	} {
		err := tc.s.Check()
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%+v: %v, want %v naming %q", tc.s, err, tc.want, tc.field)
		}
	}
	ok := Setup{Seed: 9, Sides: []Side{{Side: 1, Team: 1}, {Side: 4, Team: 1}}, Victory: Victory{Rounds: MaxRounds},
		Areas: []Area{{Name: "Ford", Cells: []int{0, 7}}}, Objectives: []Objective{{Side: 4, Text: "Hold."}}}
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	c := ok.Clone()
	c.Areas[0].Cells[0] = 1
	if !ok.Equal(ok.Clone()) || ok.Equal(c) || ok.Areas[0].Cells[0] != 0 {
		t.Error("Clone shares the areas' cells, or Equal misses them")
	}
}

// Controllers read back from their names; anything else is refused.
func TestParseController(t *testing.T) {
	for c := Human; c <= Hard; c++ {
		if got, err := ParseController(c.String()); got != c || err != nil {
			t.Errorf("%v: read back as %v, %v", c, got, err)
		}
	}
	if got, err := ParseController(""); got != Human || err != nil || Human.Computer() || !Easy.Computer() {
		t.Errorf(`"": %v, %v`, got, err)
	}
	for _, bad := range []string{"Hard", "idle", "random", "human "} {
		if _, err := ParseController(bad); !errors.Is(err, ErrBadController) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// SpreadColours leaves sides of distinct colours as they are, and makes
// any sides CheckColours accepts, changing only the sides that clash
// with an earlier one: every listing of 1 to 4 sides, each in each
// colour, checked exhaustively.
func TestSpreadColours(t *testing.T) {
	for n := 1; n <= MaxSides; n++ {
		total := 1
		for range n {
			total *= MaxColour + 1
		}
		for code := range total {
			sides := make([]Side, n)
			for k, c := 0, code; k < n; k, c = k+1, c/(MaxColour+1) {
				sides[k] = Side{Side: uint8(k + 1), Team: 1, Colour: uint8(c % (MaxColour + 1))}
			}
			before := slices.Clone(sides)
			SpreadColours(sides)
			if err := CheckColours(sides); err != nil {
				t.Fatalf("%v spread to %v: %v", before, sides, err)
			}
			for k := range sides {
				clashed := slices.ContainsFunc(before[:k], func(o Side) bool { return ColourOf(o) == ColourOf(before[k]) })
				if !clashed && sides[k] != before[k] {
					t.Fatalf("%v spread to %v: side %d changed without a clash", before, sides, k+1)
				}
			}
			if CheckColours(before) == nil && !slices.Equal(before, sides) {
				t.Fatalf("good colours %v changed to %v", before, sides)
			}
		}
	}
}
