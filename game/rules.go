package game

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
)

// MaxHP is every unit's full health.
const MaxHP = 100

// Limits a ruleset is checked against, so that every strength and damage
// stays far inside int range and no division is by zero.
const (
	maxTypes    = 32
	maxCost     = 10000
	maxStrength = 1000
	maxRange    = 10
	maxMoves    = 1000
	maxVision   = 20
	maxPercent  = 1000
)

// Bonus is a type's extra strength, in percent, against another type
// (Against) or, when InTown is set, against a unit standing on a town.
// A type bonus counts in both roles, attacking and defending; an InTown
// bonus only when attacking.
type Bonus struct {
	Against string `json:"against,omitempty"`
	InTown  bool   `json:"inTown,omitempty"`
	Percent int    `json:"percent"`
}

// UnitType is one kind of unit. Ranged 0 means the type attacks in melee
// only; Moves is its speed in Catlike's turn rule; Vision replaces
// Catlike's vision range 3.
type UnitType struct {
	Name       string  `json:"name"`
	Cost       int     `json:"cost"`
	Melee      int     `json:"melee"`
	Ranged     int     `json:"ranged,omitempty"`
	Range      int     `json:"range,omitempty"`
	Moves      int     `json:"moves"`
	Vision     int     `json:"vision"`
	TakesTowns bool    `json:"takesTowns,omitempty"`
	Bonuses    []Bonus `json:"bonuses,omitempty"`
}

// Ruleset is the unit types of a match and the type a town builds until
// told otherwise (Builds).
type Ruleset struct {
	Builds string     `json:"builds"`
	Types  []UnitType `json:"types"`
}

//go:embed default_rules.json
var defaultRules []byte

// DefaultRuleset is the ruleset of issue 27's table.
func DefaultRuleset() *Ruleset {
	r, err := ParseRuleset(defaultRules)
	if err != nil {
		panic("game: the embedded ruleset is bad: " + err.Error())
	}
	return r
}

// ParseRuleset reads a ruleset from JSON (unknown fields refused) and
// checks it.
func ParseRuleset(data []byte) (*Ruleset, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Ruleset
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("ruleset: %v", err)
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return &r, nil
}

// TypeIndex is the index of the type called name in r.Types.
func (r *Ruleset) TypeIndex(name string) (int, bool) {
	for k := range r.Types {
		if r.Types[k].Name == name {
			return k, true
		}
	}
	return 0, false
}

// Validate reports the first bad field of r, named in the message.
func (r *Ruleset) Validate() error {
	if len(r.Types) == 0 || len(r.Types) > maxTypes {
		return fmt.Errorf("ruleset: types: %d types, want 1..%d", len(r.Types), maxTypes)
	}
	for k := range r.Types {
		if err := r.validateType(k); err != nil {
			return err
		}
	}
	if _, ok := r.TypeIndex(r.Builds); !ok {
		return fmt.Errorf("ruleset: builds: no type %q", r.Builds)
	}
	return nil
}

func (r *Ruleset) validateType(k int) error {
	t := &r.Types[k]
	bad := func(field string, v any, want string) error {
		return fmt.Errorf("ruleset: types[%d] (%q): %s %v, want %s", k, t.Name, field, v, want)
	}
	if j, _ := r.TypeIndex(t.Name); t.Name == "" || j != k {
		return bad("name", fmt.Sprintf("%q", t.Name), "a name used once")
	}
	switch {
	case t.Cost < 1 || t.Cost > maxCost:
		return bad("cost", t.Cost, fmt.Sprintf("1..%d", maxCost))
	case t.Melee < 1 || t.Melee > maxStrength:
		return bad("melee", t.Melee, fmt.Sprintf("1..%d", maxStrength))
	case t.Ranged < 0 || t.Ranged > maxStrength:
		return bad("ranged", t.Ranged, fmt.Sprintf("0..%d", maxStrength))
	case t.Ranged > 0 && (t.Range < 1 || t.Range > maxRange):
		return bad("range", t.Range, fmt.Sprintf("1..%d for a ranged type", maxRange))
	case t.Ranged == 0 && t.Range != 0:
		return bad("range", t.Range, "0 for a type without ranged strength")
	case t.Moves < 1 || t.Moves > maxMoves:
		return bad("moves", t.Moves, fmt.Sprintf("1..%d", maxMoves))
	case t.Vision < 1 || t.Vision > maxVision:
		return bad("vision", t.Vision, fmt.Sprintf("1..%d", maxVision))
	}
	for b, bonus := range t.Bonuses {
		field := fmt.Sprintf("bonuses[%d]", b)
		switch {
		case bonus.Percent < 0 || bonus.Percent > maxPercent:
			return bad(field+".percent", bonus.Percent, fmt.Sprintf("0..%d", maxPercent))
		case bonus.InTown && bonus.Against != "":
			return bad(field+".against", fmt.Sprintf("%q", bonus.Against), "empty with inTown")
		case !bonus.InTown:
			if _, ok := r.TypeIndex(bonus.Against); !ok {
				return bad(field+".against", fmt.Sprintf("%q", bonus.Against), "a type's name, or inTown")
			}
		}
	}
	return nil
}

// against is t's bonus against type other (type bonuses only).
func (t *UnitType) against(other string) int {
	p := 0
	for _, b := range t.Bonuses {
		if !b.InTown && b.Against == other {
			p += b.Percent
		}
	}
	return p
}

// inTown is t's bonus when attacking a unit standing on a town.
func (t *UnitType) inTown() int {
	p := 0
	for _, b := range t.Bonuses {
		if b.InTown {
			p += b.Percent
		}
	}
	return p
}
