package game

import (
	"strings"
	"testing"
)

// TestDefaultRulesetIsIssueTable holds the embedded ruleset to issue
// 27's table, written out here by hand.
func TestDefaultRulesetIsIssueTable(t *testing.T) {
	want := []struct {
		name                                    string
		cost, melee, ranged, rng, moves, vision int
		takes                                   bool
		vsHorse, inTown                         int
	}{
		{"scout", 15, 4, 0, 0, 36, 5, false, 0, 0},
		{"spearman", 25, 11, 0, 0, 24, 3, true, 50, 0},
		{"archer", 30, 5, 10, 2, 24, 3, true, 0, 0},
		{"horseman", 40, 14, 0, 0, 36, 4, true, 0, 0},
		{"catapult", 50, 4, 16, 2, 18, 2, false, 0, 100},
	}
	r := DefaultRuleset()
	if len(r.Types) != len(want) || r.Builds != "spearman" {
		t.Fatalf("%d types building %q, want 5 building spearman", len(r.Types), r.Builds)
	}
	for k, w := range want {
		ty := r.Types[k]
		got := []int{ty.Cost, ty.Melee, ty.Ranged, ty.Range, ty.Moves, ty.Vision, ty.against("horseman"), ty.inTown()}
		exp := []int{w.cost, w.melee, w.ranged, w.rng, w.moves, w.vision, w.vsHorse, w.inTown}
		if ty.Name != w.name || ty.TakesTowns != w.takes {
			t.Errorf("type %d: %q takes towns %v, want %q %v", k, ty.Name, ty.TakesTowns, w.name, w.takes)
		}
		for f := range got {
			if got[f] != exp[f] {
				t.Errorf("%s: field %d is %d, want %d", w.name, f, got[f], exp[f])
			}
		}
	}
}

// TestBadRulesetNamesField checks that each kind of bad ruleset is
// refused with a message naming the field at fault.
func TestBadRulesetNamesField(t *testing.T) {
	cases := []struct{ json, field string }{
		{`{"builds":"a","types":[]}`, "types"},
		{`{"builds":"b","types":[{"name":"a","cost":1,"melee":1,"moves":1,"vision":1}]}`, "builds"},
		{`{"builds":"a","types":[{"name":"a","cost":0,"melee":1,"moves":1,"vision":1}]}`, "cost"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":0,"moves":1,"vision":1}]}`, "melee"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":1,"ranged":-1,"moves":1,"vision":1}]}`, "ranged"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":1,"ranged":3,"moves":1,"vision":1}]}`, "range"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":1,"range":2,"moves":1,"vision":1}]}`, "range"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":1,"moves":0,"vision":1}]}`, "moves"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":1,"moves":1,"vision":0}]}`, "vision"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":1,"moves":1,"vision":1},{"name":"a","cost":1,"melee":1,"moves":1,"vision":1}]}`, "name"},
		{`{"builds":"a","types":[{"name":"","cost":1,"melee":1,"moves":1,"vision":1}]}`, "name"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":1,"moves":1,"vision":1,"bonuses":[{"against":"z","percent":5}]}]}`, "bonuses[0].against"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":1,"moves":1,"vision":1,"bonuses":[{"against":"a","percent":-5}]}]}`, "bonuses[0].percent"},
		{`{"builds":"a","types":[{"name":"a","cost":1,"melee":1,"moves":1,"vision":1,"speed":3}]}`, "speed"},
		{`{"builds":"a","types":[{"name":"a","cost":"x","melee":1,"moves":1,"vision":1}]}`, "cost"},
	}
	for _, c := range cases {
		_, err := ParseRuleset([]byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.field) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line naming %q", c.json, err, c.field)
		}
	}
}

// TestScenarioRulesetReplacesDefault plays a scenario whose ruleset has
// one type of its own.
func TestScenarioRulesetReplacesDefault(t *testing.T) {
	r, err := ParseRuleset([]byte(`{"builds":"golem","types":[{"name":"golem","cost":9,"melee":7,"moves":10,"vision":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	sc := two(us("golem", 1, 3, 3, 0), us("golem", 2, 8, 3, 0))
	sc.Rules = r
	m := start(t, flatGrid(t, 15, 10), sc)
	// Speed 10 on cost-5 steps: two steps.
	if ev := do(t, m, moveCmd(1, 7, 3)); len(ev[0].Path) != 3 {
		t.Errorf("golem moved along %v, want two steps", ev[0].Path)
	}
	sc.Units[0].Type = "spearman"
	if _, _, err := NewMatch(flatGrid(t, 15, 10), sc); err == nil || !strings.Contains(err.Error(), "spearman") {
		t.Errorf("a spearman under the golem ruleset: %v", err)
	}
}

// TestBadScenarioRefused checks scenarios that cannot be played.
func TestBadScenarioRefused(t *testing.T) {
	g := flatGrid(t, 10, 10)
	g.SetWaterLevel(at(g, 5, 5), 1)
	cases := map[string]Scenario{
		"no sides":   {Units: []UnitSpec{us("scout", 1, 1, 1, 0)}},
		"side 5":     {Sides: []SideSpec{{5, 1, "", "", 0}}},
		"side twice": {Sides: []SideSpec{{1, 1, "", "", 0}, {1, 1, "", "", 0}}},
		"team 9":     {Sides: []SideSpec{{1, 9, "", "", 0}}},
		"name too long": {Sides: []SideSpec{{1, 1, strings.Repeat("x", 25), "", 0}, {2, 2, "", "", 0}},
			Units: []UnitSpec{us("scout", 1, 1, 1, 0), us("scout", 2, 2, 2, 0)}},
		"unit off map":   two(us("scout", 1, 10, 1, 0), us("scout", 2, 2, 2, 0)),
		"unit in water":  two(us("scout", 1, 5, 5, 0), us("scout", 2, 2, 2, 0)),
		"two on a cell":  two(us("scout", 1, 2, 2, 0), us("scout", 2, 2, 2, 0)),
		"hp 101":         two(us("scout", 1, 1, 1, 101), us("scout", 2, 2, 2, 0)),
		"unknown type":   two(us("knight", 1, 1, 1, 0), us("scout", 2, 2, 2, 0)),
		"side not there": two(us("scout", 1, 1, 1, 0), us("scout", 3, 2, 2, 0)),
		"empty side":     two(us("scout", 1, 1, 1, 0)),
		"computer human": {Sides: []SideSpec{{1, 1, "", "human", 0}, {2, 2, "", "", 0}},
			Units: []UnitSpec{us("scout", 1, 1, 1, 0), us("scout", 2, 2, 2, 0)}},
		"computer idle": {Sides: []SideSpec{{1, 1, "", "idle", 0}, {2, 2, "", "", 0}},
			Units: []UnitSpec{us("scout", 1, 1, 1, 0), us("scout", 2, 2, 2, 0)}},
		"colour 5": {Sides: []SideSpec{{1, 1, "", "", 5}, {2, 2, "", "", 0}},
			Units: []UnitSpec{us("scout", 1, 1, 1, 0), us("scout", 2, 2, 2, 0)}},
		"colours alike": {Sides: []SideSpec{{1, 1, "", "", 2}, {2, 2, "", "", 0}},
			Units: []UnitSpec{us("scout", 1, 1, 1, 0), us("scout", 2, 2, 2, 0)}},
		"negative rounds": {Sides: []SideSpec{{1, 1, "", "", 0}}, Units: []UnitSpec{us("scout", 1, 1, 1, 0)},
			Victory: Victory{Rounds: -1}},
	}
	for name, sc := range cases {
		if _, _, err := NewMatch(g, sc); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	town := two(us("scout", 1, 1, 1, 0), us("scout", 2, 2, 2, 0))
	town.Towns = []TownSpec{{Name: "Wet", Cell: Cell{5, 5}, Owner: 1}}
	if _, _, err := NewMatch(g, town); err == nil {
		t.Error("a town under water: accepted")
	}
	town.Towns = []TownSpec{{Name: " Ash", Cell: Cell{3, 3}, Owner: 1}}
	if _, _, err := NewMatch(g, town); err == nil || !strings.Contains(err.Error(), "name") {
		t.Errorf("a town named %q: %v", " Ash", err)
	}
}

// TestSplitmix64 checks the generator against the published first
// outputs of splitmix64 from state 0.
func TestSplitmix64(t *testing.T) {
	r := rng{0}
	for k, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := r.next(); got != want {
			t.Errorf("output %d: %#x, want %#x", k, got, want)
		}
	}
}

// TestDrawsUniform checks that damage draws cover 0..40 evenly: 41000
// draws, each value within 25% of its expected 1000.
func TestDrawsUniform(t *testing.T) {
	r := rng{12345}
	var counts [maxRoll + 1]int
	for range 41000 {
		counts[r.intn(maxRoll+1)]++
	}
	for v, c := range counts {
		if c < 750 || c > 1250 {
			t.Errorf("value %d drawn %d times of 41000", v, c)
		}
	}
}
