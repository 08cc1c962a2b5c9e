package tools

import (
	"fmt"
	"unicode/utf8"

	"hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/units"
)

// UnitTypes are the unit types the Units tool offers, in the panel's
// order: the default ruleset's (package game's), so that the editor
// names no type of its own; a map may still hold any type name a
// scenario's ruleset gives.
func UnitTypes() []string {
	types := game.DefaultRuleset().Types
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = t.Name
	}
	return names
}

// UnitTypeName is the type s.UnitType names.
func (s Settings) UnitTypeName() string {
	types := UnitTypes()
	return types[max(0, min(len(types)-1, s.UnitType))]
}

// EditUnit is a click of the Units tool on cell i: it removes the unit
// there, if any; else, unless the mode is No (remove only), it places a
// unit of the chosen type and side. It reports whether a unit was
// placed; a cell underwater refuses one (the error says why).
func (s Settings) EditUnit(g *hexmap.Grid, i int) (placed bool, err error) {
	if g.Occupied(i) {
		g.RemoveUnit(i)
		return false, nil
	}
	if s.Units == No {
		return false, nil
	}
	u := units.New(g, i, max(1, min(hexmap.MaxSides, s.UnitSide)))
	u.Type = s.UnitTypeName()
	if err := g.AddUnit(u); err != nil {
		return false, err
	}
	return true, nil
}

// TownNames are the names a town placed without one takes, in order.
func TownNames() []string {
	return []string{"Ashford", "Brightwater", "Cairnholm", "Dunmere", "Elmstead", "Fernhill",
		"Greystone", "Harrowgate", "Ivybridge", "Kingsmoor", "Larkspur", "Millbrook"}
}

// EditTown is a click of the Town tool on cell i: it removes the town
// there, if any, else places one named TownName (or the first of
// TownNames not taken), made unique among the map's towns, owned by
// TownOwner. It returns the town placed or removed and whether it was
// placed; a cell underwater refuses a town (the error says why).
func (s Settings) EditTown(g *hexmap.Grid, i int) (t hexmap.Town, placed bool, err error) {
	if k, ok := g.TownAt(i); ok {
		t = g.Towns()[k]
		return t, false, g.RemoveTown(k)
	}
	t = hexmap.Town{Location: g.Topology().Coordinates(i), Name: UniqueTownName(g, s.TownName),
		Owner: uint8(max(0, min(hexmap.MaxSides, s.TownOwner)))}
	if err := g.PlaceTown(t); err != nil {
		return t, false, err
	}
	return t, true, nil
}

// UniqueTownName returns want, or when it is "" (or not a town's name)
// the first of TownNames, as a name no town of g has: the first of
// want, want 2, want 3, … that is free, cut to scenario.MaxTownNameLength.
// An empty want takes the first free name of TownNames before numbering.
func UniqueTownName(g *hexmap.Grid, want string) string {
	taken := make(map[string]bool, len(g.Towns()))
	for _, t := range g.Towns() {
		taken[t.Name] = true
	}
	if scenario.CheckTownName(want) != nil {
		for _, n := range TownNames() {
			if !taken[n] {
				return n
			}
		}
		want = TownNames()[0]
	}
	for n := 1; ; n++ {
		name := want
		if n > 1 {
			suffix := fmt.Sprintf(" %d", n)
			name = cut(want, scenario.MaxTownNameLength-utf8.RuneCountInString(suffix)) + suffix
		}
		if !taken[name] {
			return name
		}
	}
}

// cut returns s's first n characters, without spaces at its end.
func cut(s string, n int) string {
	k := 0
	for at := range s {
		if k == n {
			s = s[:at]
			break
		}
		k++
	}
	for len(s) > 0 && s[len(s)-1] == ' ' {
		s = s[:len(s)-1]
	}
	return s
}
