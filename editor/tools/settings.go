// Package tools is the editor's ebiten-free logic: the tool settings of
// Catlike's HexMapEditor and how they edit a grid (brushes, drags), and
// the undo history built on the grid's change recorder. The window code
// in package editor only translates input into calls to this package.
package tools

import (
	"fmt"
	"strings"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
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

	// Units is the Units tool's mode: a click places a unit of UnitType
	// (an index into UnitTypes) and UnitSide, or removes the one there
	// (Yes, and Ignore read as Yes); No only removes.
	Units    Mode
	UnitSide int
	UnitType int

	// TownName and TownOwner are the Town tool's: the name of the next
	// town ("" for one from TownNames) and its owner, 0 for neutral.
	TownName  string
	TownOwner int

	// Area is the name of the scenario area the Area tool paints into
	// ("" for a new one, named when first painted).
	Area string
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
	ToolUnits              // place or remove a unit
	ToolTown               // place or remove a town
	ToolArea               // paint cells into a named area of the scenario
	ToolCount
)

func (t Tool) String() string {
	return [...]string{"Brush", "Fill", "Pick", "Select", "Wand", "Note", "Units", "Town", "Area"}[min(t, ToolCount-1)]
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
	clamp(&s.Elevation, MinPanelElevation, MaxPanelElevation)
	clamp(&s.WaterLevel, MinPanelElevation, MaxPanelElevation)
	for _, v := range []*int{&s.Urban, &s.Farm, &s.Plant, &s.Special} {
		clamp(v, 0, hexmap.MaxLevel)
	}
	clamp(&s.BrushSize, 0, MaxBrushSize)
	for _, m := range []*Mode{&s.River, &s.Road, &s.Walled} {
		*m = min(*m, No)
	}
	s.Units = min(s.Units, No)
	s.UnitSide = max(1, min(hexmap.MaxSides, s.UnitSide))
	clamp(&s.UnitType, 0, len(UnitTypes())-1)
	clamp(&s.TownOwner, 0, hexmap.MaxSides)
	if s.Area != "" && CheckAreaName(s.Area) != nil {
		s.Area = ""
	}
	if scenario.CheckTownName(s.TownName) != nil {
		s.TownName = "" // a name from a file that no town could take
	}
	s.Tool = min(s.Tool, ToolCount-1)
	s.Match = min(s.Match, matchCount-1)
	s.Symmetry = min(s.Symmetry, symmetryCount-1)
}

// MinPanelElevation and MaxPanelElevation bound the elevation and water
// level the panel's sliders offer: every height the map generator's
// settings can reach (mapgen's lowest Elevation min, highest Elevation
// max), so a generated map's cells can be painted alike.
const (
	MinPanelElevation = -4
	MaxPanelElevation = 10
)

// DefaultSettings are the panel's state when the editor first opens: the
// brush paints grass on a single cell and nothing else (no elevation, no
// water), so that a first stroke on any map changes only what the
// panel's terrain row shows.
func DefaultSettings() Settings {
	return Settings{ApplyTerrain: true, Terrain: hexmap.Grass, Elevation: 1, UnitSide: 1, UnitType: 1}
}

// Restored is s as a restart brings it back: the Units and Town tools
// give way to the Brush, so that a plain click after a restart never
// places a unit or a town, and symmetry is off, so that it never changes
// cells far from the pointer that nothing near it shows. The rest (the
// values toggled, the brush's size) stays, and the status line says
// what a click will do.
func (s Settings) Restored() Settings {
	if s.Tool == ToolUnits || s.Tool == ToolTown {
		s.Tool = ToolBrush
	}
	s.Symmetry = SymmetryOff
	return s
}

// Describe says in a few words what a stroke with these settings sets:
// "grass, elevation 2, urban 1, river, no walls"; "nothing" when it
// changes nothing.
func (s Settings) Describe() string {
	var parts []string
	if s.ApplyTerrain {
		parts = append(parts, hexmap.TerrainName(s.Terrain))
	}
	for _, v := range []struct {
		on    bool
		name  string
		value int
	}{
		{s.ApplyElevation, "elevation", s.Elevation}, {s.ApplyWater, "water", s.WaterLevel},
		{s.ApplyUrban, "urban", s.Urban}, {s.ApplyFarm, "farm", s.Farm},
		{s.ApplyPlant, "plant", s.Plant}, {s.ApplySpecial, "special", s.Special},
	} {
		if v.on {
			parts = append(parts, fmt.Sprintf("%s %d", v.name, v.value))
		}
	}
	for _, m := range []struct {
		mode    Mode
		yes, no string
	}{{s.River, "river", "no river"}, {s.Road, "road", "no road"}, {s.Walled, "walls", "no walls"}} {
		switch m.mode {
		case Yes:
			parts = append(parts, m.yes)
		case No:
			parts = append(parts, m.no)
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// Active reports whether a stroke with these settings can change anything.
func (s Settings) Active() bool {
	return s.ApplyTerrain || s.ApplyElevation || s.ApplyWater || s.ApplyUrban ||
		s.ApplyFarm || s.ApplyPlant || s.ApplySpecial ||
		s.River != Ignore || s.Road != Ignore || s.Walled != Ignore
}

// Brush returns the cells within size steps of cell center, clamped to
// the map (continuing across the seam of a wrapping map), row by row.
func Brush(g *hexmap.Grid, center, size int) []int {
	size = max(0, min(size, MaxBrushSize))
	out := make([]int, 0, 3*size*(size+1)+1)
	g.Topology().Within(center, size, func(n int) { out = append(out, n) })
	return out
}

// Apply edits every cell of the brush around center. drag is the move
// that brought the pointer to center (zero Drag when there was none). It
// returns the first edit the rules refused (a *Refusal), or nil. Units
// and towns are tools of their own (EditUnit, EditTown): a stroke leaves
// them alone.
func (s Settings) Apply(g *hexmap.Grid, center int, drag Drag) error {
	var first error
	for _, i := range Brush(g, center, s.BrushSize) {
		if err := s.EditCell(g, i, drag); err != nil && first == nil {
			first = err
		}
	}
	return first
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
