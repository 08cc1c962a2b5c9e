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

	// Tool is what a click on the map does; Match is what Fill and Wand
	// spread over; Symmetry repeats brush strokes.
	Tool     Tool
	Match    Match
	Symmetry Symmetry

	// Units places (Yes) or removes (No) a unit on the cell under the
	// pointer, whatever the brush size: one unit per cell, of UnitSide.
	Units    Mode
	UnitSide int
}

// Tool is what a click on the map does.
type Tool uint8

const (
	ToolBrush  Tool = iota // paint the panel's settings in strokes
	ToolFill               // apply them to a connected region
	ToolPick               // take a cell's values into the panel
	ToolSelect             // drag a rectangle to select
	ToolWand               // select a connected region
	ToolNote               // put a note on a cell
	ToolCount
)

func (t Tool) String() string {
	return [...]string{"Brush", "Fill", "Pick", "Select", "Wand", "Note"}[min(t, ToolCount-1)]
}

// Pick takes cell c's terrain, elevation, water level and urban, farm
// and plant levels into the settings, with their apply toggles on, so
// that the next stroke paints cells like c (Catlike's editor has no
// eyedropper; this is Tiled's and Photoshop's).
func (s *Settings) Pick(c hexmap.Cell) {
	s.ApplyTerrain, s.Terrain = true, c.TerrainType
	s.ApplyElevation, s.Elevation = true, int(c.Elevation)
	s.ApplyWater, s.WaterLevel = true, int(c.WaterLevel)
	s.ApplyUrban, s.Urban = true, int(c.UrbanLevel)
	s.ApplyFarm, s.Farm = true, int(c.FarmLevel)
	s.ApplyPlant, s.Plant = true, int(c.PlantLevel)
	s.Clamp() // a map from a file may stand higher than the sliders reach
}

// Clamp keeps every value within what the panel offers, so settings read
// from a file or a page's patch cannot index past the panel's widgets.
func (s *Settings) Clamp() {
	clamp := func(v *int, lo, hi int) { *v = max(lo, min(hi, *v)) }
	s.Terrain = min(s.Terrain, hexmap.TerrainTypeCount-1)
	clamp(&s.Elevation, 0, MaxPanelElevation)
	clamp(&s.WaterLevel, 0, MaxPanelElevation)
	for _, v := range []*int{&s.Urban, &s.Farm, &s.Plant, &s.Special} {
		clamp(v, 0, hexmap.MaxLevel)
	}
	clamp(&s.BrushSize, 0, MaxBrushSize)
	for _, m := range []*Mode{&s.River, &s.Road, &s.Walled} {
		*m = min(*m, No)
	}
	s.Units = min(s.Units, No)
	s.UnitSide = max(1, min(hexmap.MaxSides, s.UnitSide))
	s.Tool = min(s.Tool, ToolCount-1)
	s.Match = min(s.Match, matchCount-1)
	s.Symmetry = min(s.Symmetry, symmetryCount-1)
}

// MaxPanelElevation is the highest elevation and water level the panel's
// sliders offer (Catlike's 0..6).
const MaxPanelElevation = 6

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
// pointer to center (zero Drag when there was none). It returns the first
// edit the rules refused (a *Refusal), or nil.
func (s Settings) Apply(g *hexmap.Grid, center int, drag Drag) error {
	var first error
	for _, i := range Brush(g, center, s.BrushSize) {
		if err := s.EditCell(g, i, drag); err != nil && first == nil {
			first = err
		}
	}
	if err := s.EditUnit(g, center); err != nil && first == nil {
		first = &Refusal{What: "Unit", Cell: center, Err: err}
	}
	return first
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

// Refusal is an edit that Catlike's rules refused: what was asked and
// why, Err being one of hexmap's reasons (hexmap.ErrUphill, ErrCliff,
// ErrRiverEdge, ErrSpecialOnRiver, …).
type Refusal struct {
	What string // "River", "Road", "Special feature"
	Cell int
	Err  error
}

func (r *Refusal) Error() string { return r.What + " not placed: " + r.Err.Error() }

// Unwrap makes errors.Is see the rule.
func (r *Refusal) Unwrap() error { return r.Err }

// EditCell applies the settings to one cell, in the order of Catlike's
// HexMapEditor.EditCell: values first, then removals, then the river or
// road that the drag draws from the cell behind this one. It returns the
// first edit the rules refused, as a *Refusal (the rest still applies).
func (s Settings) EditCell(g *hexmap.Grid, i int, drag Drag) error {
	var refused error
	refuse := func(what string, cell int, err error) {
		if err != nil && refused == nil {
			refused = &Refusal{What: what, Cell: cell, Err: err}
		}
	}
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
		refuse("Special feature", i, g.SetSpecialIndex(i, s.Special))
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
		return refused
	}
	other, ok := g.Topology().Neighbor(i, drag.Dir.Opposite())
	if !ok {
		return refused
	}
	if s.River == Yes {
		refuse("River", other, g.SetOutgoingRiver(other, drag.Dir))
	}
	if s.Road == Yes {
		refuse("Road", other, g.AddRoad(other, drag.Dir))
	}
	return refused
}
