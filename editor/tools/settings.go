// Package tools is the editor's ebiten-free logic: the tool settings of
// Catlike's HexMapEditor and how they edit a grid (brushes, drags), and
// the undo history built on the grid's change recorder. The window code
// in package editor only translates input into calls to this package.
package tools

import (
	"hexsandbox/hexmap"
	"hexsandbox/units"
)

// Mode is the three-way setting of the river, road and walled tools.
type Mode uint8

// Ignore leaves the property alone; Yes adds it; No removes it.
const (
	Ignore Mode = iota
	Yes
	No
)

func (m Mode) String() string {
	switch m {
	case Yes:
		return "Yes"
	case No:
		return "No"
	}
	return "Ignore"
}

// MaxBrushSize is the largest brush radius in cells.
const MaxBrushSize = 4

// Settings are the editor's tool panel: each value property has an apply
// toggle, as in Catlike's editor, so one stroke can set several at once.
type Settings struct {
	ApplyTerrain   bool
	Terrain        uint8
	ApplyElevation bool
	Elevation      int
	ApplyWater     bool
	WaterLevel     int
	ApplyUrban     bool
	Urban          int
	ApplyFarm      bool
	Farm           int
	ApplyPlant     bool
	Plant          int
	ApplySpecial   bool
	Special        int

	River, Road, Walled Mode
	BrushSize           int

	// Units places (Yes) or removes (No) a unit on the cell under the
	// pointer, whatever the brush size: one unit per cell, of UnitSide.
	Units    Mode
	UnitSide int
}

// DefaultSettings are the panel's state when the editor opens: elevation
// painting with a single-cell brush, the most common first action.
func DefaultSettings() Settings {
	return Settings{ApplyElevation: true, Elevation: 1, UnitSide: 1}
}

// Active reports whether a stroke with these settings can change anything.
func (s Settings) Active() bool {
	return s.ApplyTerrain || s.ApplyElevation || s.ApplyWater || s.ApplyUrban ||
		s.ApplyFarm || s.ApplyPlant || s.ApplySpecial ||
		s.River != Ignore || s.Road != Ignore || s.Walled != Ignore || s.Units != Ignore
}

// Brush returns the cells within size steps of cell center, clamped to
// the map (continuing across the seam of a wrapping map), row by row.
func Brush(g *hexmap.Grid, center, size int) []int {
	size = max(0, min(size, MaxBrushSize))
	out := make([]int, 0, 3*size*(size+1)+1)
	g.Topology().Within(center, size, func(n int) { out = append(out, n) })
	return out
}

// Apply edits every cell of the brush around center, and places or
// removes a unit on center itself. drag is the move that brought the
// pointer to center (zero Drag when there was none). The error says why a
// unit could not be placed.
func (s Settings) Apply(g *hexmap.Grid, center int, drag Drag) error {
	for _, i := range Brush(g, center, s.BrushSize) {
		s.EditCell(g, i, drag)
	}
	return s.EditUnit(g, center)
}

// EditUnit places or removes the unit on cell i as the Units setting
// says. A cell that is taken or underwater refuses a new unit; the error
// says why (nil when there is nothing to do).
func (s Settings) EditUnit(g *hexmap.Grid, i int) error {
	switch s.Units {
	case Yes:
		if k, ok := g.UnitAt(i); ok && int(g.Units()[k].Side) == s.UnitSide {
			return nil // already there: a drag resting on a unit adds nothing
		}
		return g.AddUnit(units.New(g, i, max(1, min(hexmap.MaxSides, s.UnitSide))))
	case No:
		g.RemoveUnit(i)
	}
	return nil
}

// EditCell applies the settings to one cell, in the order of Catlike's
// HexMapEditor.EditCell: values first, then removals, then the river or
// road that the drag draws from the cell behind this one.
func (s Settings) EditCell(g *hexmap.Grid, i int, drag Drag) {
	if s.ApplyTerrain {
		g.SetTerrainType(i, s.Terrain)
	}
	if s.ApplyElevation {
		g.SetElevation(i, s.Elevation)
	}
	if s.ApplyWater {
		g.SetWaterLevel(i, s.WaterLevel)
	}
	if s.ApplySpecial {
		g.SetSpecialIndex(i, s.Special)
	}
	if s.ApplyUrban {
		g.SetUrbanLevel(i, s.Urban)
	}
	if s.ApplyFarm {
		g.SetFarmLevel(i, s.Farm)
	}
	if s.ApplyPlant {
		g.SetPlantLevel(i, s.Plant)
	}
	if s.River == No {
		g.RemoveRiver(i)
	}
	if s.Road == No {
		g.RemoveRoads(i)
	}
	if s.Walled != Ignore {
		g.SetWalled(i, s.Walled == Yes)
	}
	if !drag.Active {
		return
	}
	other, ok := g.Neighbor(i, drag.Dir.Opposite())
	if !ok {
		return
	}
	if s.River == Yes {
		g.SetOutgoingRiver(other, drag.Dir)
	}
	if s.Road == Yes {
		g.AddRoad(other, drag.Dir)
	}
}
