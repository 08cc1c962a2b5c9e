package game

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"hexsandbox/docs"
	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// Each example scenario placed on the towns map comes back from the map
// as it was written (with its script, units at full health), and a match
// starts from the map alone.
func TestPlaceOnKeepsTheExampleScenarios(t *testing.T) {
	for _, name := range []string{"bridge", "escort", "siege"} {
		g, _, err := saves.ReadBytes(docs.TownsMap)
		if err != nil {
			t.Fatal(err)
		}
		data, err := docs.Scenarios.ReadFile("scenarios/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		script, err := docs.Scenarios.ReadFile("scenarios/" + name + ".star")
		if err != nil {
			t.Fatal(err)
		}
		sc, err := ParseScenario(data)
		if err != nil {
			t.Fatal(err)
		}
		sc.Script = string(script)
		sc.Sides[0].Name = "The " + name + "'s first" // a name the map keeps
		if err := sc.PlaceOn(g); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := sc
		for k := range want.Units {
			want.Units[k].HP = MaxHP
		}
		for k, a := range want.Areas { // a map keeps an area's cells in index order
			slices.SortFunc(a.Cells, func(p, q Cell) int { return (p[1]-q[1])*1000 + p[0] - q[0] })
			want.Areas[k] = a
		}
		if got := ScenarioOf(g); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the map holds\n%+v\nwant\n%+v", name, got, want)
		}
		if _, _, err := NewMatch(g, ScenarioOf(g)); err != nil {
			t.Errorf("%s: no match starts from the map: %v", name, err)
		}
	}
}

// A scenario the map refuses (a town on water) leaves the map as it was.
func TestPlaceOnRefusalLeavesTheMap(t *testing.T) {
	g, err := hexmap.NewGrid(10, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.SetWaterLevel(3, 5)
	before := g.Clone()
	sc := Scenario{Seed: 9, Sides: []SideSpec{{Side: 1}}, Towns: []TownSpec{{Name: "Wet", Cell: Cell{3, 0}, Owner: 1}},
		Units: []UnitSpec{{Type: "spearman", Side: 1, Cell: Cell{5, 5}}}}
	err = sc.PlaceOn(g)
	if err == nil || !strings.HasPrefix(err.Error(), "scenario: ") {
		t.Fatalf("a town on water placed: %v", err)
	}
	if !g.Equal(before) || len(g.Units()) != 0 || g.Setup().Seed != 0 {
		t.Errorf("the refused scenario changed the map")
	}
}
