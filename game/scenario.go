package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// Cell is a cell's offset coordinates [x, z], as `hexmap path` prints them.
type Cell [2]int

// Victory is how a match is won: conquest when Rounds is 0, otherwise
// the highest score after round Rounds (conquest still ends it earlier).
type Victory struct {
	Rounds int `json:"rounds"`
}

// SideSpec is a side (1..4), its team (1..4; 0 reads as the side's
// own number), its name ("": its colour's, as the window says it), who
// plays it ("": a person; "easy", "normal" or "hard": the computer at
// that level, for players that start the match: the rules ignore it)
// and its colour (0: the side's own; 1..4: the sides' palette's, no two
// sides of one colour).
type SideSpec struct {
	Side     int    `json:"side"`
	Team     int    `json:"team"`
	Name     string `json:"name,omitempty"`
	Computer string `json:"computer,omitempty"`
	Colour   int    `json:"colour,omitempty"`
}

// Computers are the sides s has the computer play, at their levels, in
// the order listed.
func (s Scenario) Computers() []ComputerSpec {
	var out []ComputerSpec
	for _, sd := range s.Sides {
		if sd.Computer != "" {
			out = append(out, ComputerSpec{Side: sd.Side, Level: sd.Computer})
		}
	}
	return out
}

// side is sd as a map's setup holds it (its fields checked).
func (sd SideSpec) side() scenario.Side {
	c, _ := scenario.ParseController(sd.Computer)
	return scenario.Side{Side: uint8(sd.Side), Team: uint8(sd.Team), Name: sd.Name, Controller: c, Colour: uint8(sd.Colour)}
}

// sideSpec is sd as a scenario lists it.
func sideSpec(sd scenario.Side) SideSpec {
	spec := SideSpec{Side: int(sd.Side), Team: int(sd.Team), Name: sd.Name, Colour: int(sd.Colour)}
	if sd.Controller.Computer() {
		spec.Computer = sd.Controller.String()
	}
	return spec
}

// ObjectivesSpec is a side's starting objectives (a script may change
// them).
type ObjectivesSpec struct {
	Side int    `json:"side"`
	Text string `json:"text"`
}

// TownSpec is a starting town. Owner 0 is neutral; Builds "" reads as the
// ruleset's default.
type TownSpec struct {
	Name   string `json:"name"`
	Cell   Cell   `json:"cell"`
	Owner  int    `json:"owner"`
	Builds string `json:"builds,omitempty"`
	Stock  int    `json:"stock,omitempty"`
}

// UnitSpec is a starting unit; HP 0 reads as full health.
type UnitSpec struct {
	Type string `json:"type"`
	Side int    `json:"side"`
	Cell Cell   `json:"cell"`
	HP   int    `json:"hp"`
}

// Scenario is a match's starting position on a map: the seed of its one
// generator, its victory rule, its sides and teams, towns and units, and
// its ruleset (nil: the default). Towns and units get ids 1, 2, … in the
// order listed.
type Scenario struct {
	Seed    uint64     `json:"seed"`
	Victory Victory    `json:"victory"`
	Sides   []SideSpec `json:"sides"`
	Towns   []TownSpec `json:"towns"`
	Units   []UnitSpec `json:"units"`
	Rules   *Ruleset   `json:"rules,omitempty"`
	// Script is the scenario's event script (docs/scripting.md), Areas
	// its named sets of cells.
	Script string     `json:"script,omitempty"`
	Areas  []AreaSpec `json:"areas,omitempty"`
	// Objectives are the sides' starting objectives, shown in their views.
	Objectives []ObjectivesSpec `json:"objectives,omitempty"`
}

// AreaSpec is a named set of cells a script refers to.
type AreaSpec struct {
	Name  string `json:"name"`
	Cells []Cell `json:"cells"`
}

// maxRounds bounds a round limit; maxStock a town's starting stock.
const (
	maxRounds = 1 << 20
	maxStock  = 1 << 20
)

// ParseScenario reads a scenario from JSON, unknown fields refused. The
// map checks come with NewMatch.
func ParseScenario(data []byte) (Scenario, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Scenario
	if err := dec.Decode(&s); err != nil {
		return Scenario{}, fmt.Errorf("scenario: %v", err)
	}
	return s, nil
}

// ruleset is the scenario's ruleset, checked, or the default.
func (s *Scenario) ruleset() (*Ruleset, error) {
	if s.Rules == nil {
		return DefaultRuleset(), nil
	}
	if err := s.Rules.Validate(); err != nil {
		return nil, err
	}
	return s.Rules, nil
}

// checkSides reports the first bad side and returns the sides in side
// order with their teams filled in.
func (s *Scenario) checkSides() ([]SideSpec, error) {
	if len(s.Sides) == 0 {
		return nil, fmt.Errorf("scenario: sides: none")
	}
	var seen [hexmap.MaxSides + 1]bool
	for k, sd := range s.Sides {
		switch {
		case sd.Side < 1 || sd.Side > hexmap.MaxSides:
			return nil, fmt.Errorf("scenario: sides[%d]: side %d out of range 1..%d", k, sd.Side, hexmap.MaxSides)
		case seen[sd.Side]:
			return nil, fmt.Errorf("scenario: sides[%d]: side %d listed twice", k, sd.Side)
		case sd.Team < 0 || sd.Team > hexmap.MaxSides:
			return nil, fmt.Errorf("scenario: sides[%d]: team %d out of range 1..%d", k, sd.Team, hexmap.MaxSides)
		case scenario.CheckSideName(sd.Name) != nil:
			return nil, fmt.Errorf("scenario: sides[%d]: name %q: %v", k, sd.Name, scenario.ErrBadSideName)
		case sd.Computer == scenario.Human.String():
			return nil, fmt.Errorf("scenario: sides[%d]: computer %q: %v", k, sd.Computer, scenario.ErrBadController)
		case sd.Colour < 0 || sd.Colour > scenario.MaxColour:
			return nil, fmt.Errorf("scenario: sides[%d]: colour %d out of range 0..%d", k, sd.Colour, scenario.MaxColour)
		}
		if _, err := scenario.ParseController(sd.Computer); err != nil {
			return nil, fmt.Errorf("scenario: sides[%d]: computer %v", k, err)
		}
		seen[sd.Side] = true
	}
	var out []SideSpec
	for side := 1; side <= hexmap.MaxSides; side++ {
		for _, sd := range s.Sides {
			if sd.Side == side {
				if sd.Team == 0 {
					sd.Team = side
				}
				out = append(out, sd)
			}
		}
	}
	var setup []scenario.Side
	for _, sd := range out {
		setup = append(setup, sd.side())
	}
	if err := scenario.CheckColours(setup); err != nil {
		return nil, fmt.Errorf("scenario: %v", err)
	}
	if s.Victory.Rounds < 0 || s.Victory.Rounds > maxRounds {
		return nil, fmt.Errorf("scenario: victory.rounds %d out of range 0..%d", s.Victory.Rounds, maxRounds)
	}
	return out, nil
}

// cellIndex is the index of c on g, or an error naming what.
func cellIndex(g *hexmap.Grid, c Cell, what string) (int, error) {
	i, ok := g.Topology().IndexOffset(c[0], c[1])
	if !ok || c[0] < 0 || c[0] >= g.Topology().Width {
		return 0, fmt.Errorf("%s: no cell [%d,%d] on the %d×%d map", what, c[0], c[1], g.Topology().Width, g.Topology().Height)
	}
	return i, nil
}

// ScenarioOf is the starting scenario a map holds: its setup (seed,
// sides with their teams, names, players and colours, victory, script, areas and the sides' starting
// objectives), its towns and its units (at full health), in the map's
// order, under the default ruleset.
func ScenarioOf(g *hexmap.Grid) Scenario {
	set := g.Setup()
	sc := Scenario{Seed: set.Seed, Victory: Victory{Rounds: set.Victory.Rounds}, Script: set.Script}
	for _, a := range set.Areas {
		as := AreaSpec{Name: a.Name, Cells: make([]Cell, len(a.Cells))}
		for k, i := range a.Cells {
			x, z := g.Topology().Offset(i)
			as.Cells[k] = Cell{x, z}
		}
		sc.Areas = append(sc.Areas, as)
	}
	for _, sd := range g.Sides() {
		sc.Sides = append(sc.Sides, sideSpec(sd))
	}
	for _, o := range set.Objectives {
		sc.Objectives = append(sc.Objectives, ObjectivesSpec{Side: int(o.Side), Text: o.Text})
	}
	for _, t := range g.Towns() {
		x, z := t.Location.Offset()
		sc.Towns = append(sc.Towns, TownSpec{Name: t.Name, Cell: Cell{x, z}, Owner: int(t.Owner)})
	}
	for _, u := range g.Units() {
		x, z := u.Location.Offset()
		typ := u.Type
		if typ == "" {
			typ = scenario.DefaultUnitType
		}
		sc.Units = append(sc.Units, UnitSpec{Type: typ, Side: int(u.Side), Cell: Cell{x, z}, HP: MaxHP})
	}
	return sc
}

// PlaceOn writes the scenario onto map g as a map holds one, replacing
// g's setup (seed, sides and teams, victory, script, areas, objectives),
// towns and units: ScenarioOf(g) then gives it back, but for what a map
// does not keep (units' health, towns' builds and stock, the ruleset).
// On an error g is left as it was.
func (s Scenario) PlaceOn(g *hexmap.Grid) error {
	sides, err := s.checkSides()
	if err != nil {
		return err
	}
	set := scenario.Setup{Seed: s.Seed, Victory: scenario.Victory{Rounds: s.Victory.Rounds}, Script: s.Script}
	for _, sd := range sides {
		set.Sides = append(set.Sides, sd.side())
	}
	for k, a := range s.Areas {
		area := scenario.Area{Name: a.Name}
		for _, c := range a.Cells {
			i, err := cellIndex(g, c, fmt.Sprintf("scenario: areas[%d] (%q)", k, a.Name))
			if err != nil {
				return err
			}
			area.Cells = append(area.Cells, i)
		}
		slices.Sort(area.Cells)
		area.Cells = slices.Compact(area.Cells)
		set.Areas = append(set.Areas, area)
	}
	for _, o := range s.Objectives {
		set.Objectives = append(set.Objectives, scenario.Objective{Side: uint8(o.Side), Text: o.Text})
	}
	slices.SortFunc(set.Objectives, func(a, b scenario.Objective) int { return int(a.Side) - int(b.Side) })
	var towns []hexmap.Town
	for k, t := range s.Towns {
		i, err := cellIndex(g, t.Cell, fmt.Sprintf("scenario: towns[%d] (%q)", k, t.Name))
		if err != nil {
			return err
		}
		towns = append(towns, hexmap.Town{Location: g.Topology().Coordinates(i), Name: t.Name, Owner: uint8(t.Owner)})
	}
	var units []hexmap.Unit
	for k, u := range s.Units {
		i, err := cellIndex(g, u.Cell, fmt.Sprintf("scenario: units[%d]", k))
		if err != nil {
			return err
		}
		units = append(units, hexmap.Unit{Location: g.Topology().Coordinates(i), Side: uint8(u.Side), Type: u.Type})
	}
	return placeAll(g, set, towns, units)
}

// placeAll sets g's setup, towns and units, or none of them when g
// refuses one.
func placeAll(g *hexmap.Grid, set scenario.Setup, towns []hexmap.Town, units []hexmap.Unit) error {
	try := g.Clone()
	for _, err := range []error{try.SetSetup(set), try.SetTowns(towns), try.SetUnits(units)} {
		if err != nil {
			return fmt.Errorf("scenario: %w", err)
		}
	}
	// g takes what its clone took.
	_ = g.SetSetup(set)
	_ = g.SetTowns(towns)
	return g.SetUnits(units)
}
