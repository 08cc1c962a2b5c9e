package hexmap

import (
	"cmp"
	"slices"

	"hexsandbox/hexmap/scenario"
)

// Setup returns the map's scenario settings; the caller owns the copy.
func (g *Grid) Setup() scenario.Setup { return g.setup.Clone() }

// SetSetup replaces the map's scenario settings (sides kept in ascending
// order) after their check and that of the areas' cells against the map;
// a refused setup changes nothing.
func (g *Grid) SetSetup(s scenario.Setup) error {
	if err := s.Check(); err != nil {
		return err
	}
	for k, a := range s.Areas {
		if len(a.Cells) > 0 && a.Cells[len(a.Cells)-1] >= g.Topology().CellCount() {
			return errorf("areas[%d] (%q): cell %d off the map's %d cells: %w", k, a.Name, a.Cells[len(a.Cells)-1], g.Topology().CellCount(), scenario.ErrBadArea)
		}
	}
	s = s.Clone()
	s.Sides = slices.SortedFunc(slices.Values(s.Sides), func(a, b scenario.Side) int { return cmp.Compare(a.Side, b.Side) })
	s.Objectives = slices.SortedFunc(slices.Values(s.Objectives), func(a, b scenario.Objective) int { return cmp.Compare(a.Side, b.Side) })
	if len(s.Sides) == 0 {
		s.Sides = nil
	}
	if len(s.Objectives) == 0 {
		s.Objectives = nil
	}
	if len(s.Areas) == 0 {
		s.Areas = nil
	}
	if !g.setup.Equal(s) {
		g.setup = s
		g.setupEdits++
	}
	return nil
}

// SetupEdits counts changes of the setup, for followers (the editor's
// undo and scenario panel).
func (g *Grid) SetupEdits() uint64 { return g.setupEdits }

// Sides returns the sides that play with their teams: the setup's, or
// when it lists none, every side that owns a unit or a town, each on a
// team of its own, in ascending order.
func (g *Grid) Sides() []scenario.Side {
	if len(g.setup.Sides) > 0 {
		return slices.Clone(g.setup.Sides)
	}
	var has [MaxSides + 1]bool
	for _, u := range g.units.list {
		has[u.Side] = true
	}
	for _, t := range g.towns.list {
		has[t.Owner] = true
	}
	var out []scenario.Side
	for s := uint8(1); s <= MaxSides; s++ {
		if has[s] {
			out = append(out, scenario.Side{Side: s, Team: s})
		}
	}
	return out
}
