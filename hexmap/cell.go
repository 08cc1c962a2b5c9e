package hexmap

import "unsafe"

// Terrain types, the index into the five terrain textures.
const (
	Sand uint8 = iota
	Grass
	Mud
	Stone
	Snow
	TerrainTypeCount
)

// TerrainName is the lower-case name of terrain type t ("sand", "grass",
// "mud", "stone", "snow"), "" for a value that is no terrain type.
func TerrainName(t uint8) string {
	switch t {
	case Sand:
		return "sand"
	case Grass:
		return "grass"
	case Mud:
		return "mud"
	case Stone:
		return "stone"
	case Snow:
		return "snow"
	}
	return ""
}

// Limits on cell values that every map file is validated against.
const (
	MinElevation = -127
	MaxElevation = 128
	MaxLevel     = 3 // urban, farm, plant levels and special index
)

// Cell is one hex cell's stored state, kept small so that large grids
// stay compact. Cells are values: read them with Grid.Cell and change them
// only through Grid's edit methods, which enforce Catlike's rules.
type Cell struct {
	Elevation     int16
	WaterLevel    int16
	TerrainType   uint8
	UrbanLevel    uint8
	FarmLevel     uint8
	PlantLevel    uint8
	SpecialIndex  uint8
	Walled        bool
	IncomingRiver Direction // NoDirection when none
	OutgoingRiver Direction // NoDirection when none
	Roads         uint8     // bit d set: a road leaves through edge d
	// _ pads a Cell to sixteen bytes, two whole eight-byte words, which
	// the assertions below keep (BENCHMARKS.md says what a cell of
	// fourteen bytes cost).
	_ [3]byte
}

// A Cell is sixteen bytes: neither array below has a negative length.
var (
	_ [16 - unsafe.Sizeof(Cell{})]byte
	_ [unsafe.Sizeof(Cell{}) - 16]byte
)

// NewCell returns an empty, dry, flat sand cell.
func NewCell() Cell {
	return Cell{IncomingRiver: NoDirection, OutgoingRiver: NoDirection}
}

// IsUnderwater reports whether the water level is above the cell.
func (c Cell) IsUnderwater() bool { return c.WaterLevel > c.Elevation }

// HasIncomingRiver reports whether a river flows into the cell.
func (c Cell) HasIncomingRiver() bool { return c.IncomingRiver != NoDirection }

// HasOutgoingRiver reports whether a river flows out of the cell.
func (c Cell) HasOutgoingRiver() bool { return c.OutgoingRiver != NoDirection }

// HasRiver reports whether any river touches the cell.
func (c Cell) HasRiver() bool { return c.HasIncomingRiver() || c.HasOutgoingRiver() }

// HasRiverThroughEdge reports whether a river crosses edge d.
func (c Cell) HasRiverThroughEdge(d Direction) bool {
	return (c.HasIncomingRiver() && c.IncomingRiver == d) || (c.HasOutgoingRiver() && c.OutgoingRiver == d)
}

// HasRoadThroughEdge reports whether a road leaves through edge d.
func (c Cell) HasRoadThroughEdge(d Direction) bool { return c.Roads&(1<<uint(d)) != 0 }

// HasRoads reports whether any road leaves the cell.
func (c Cell) HasRoads() bool { return c.Roads != 0 }

// IsSpecial reports whether the cell holds a special feature.
func (c Cell) IsSpecial() bool { return c.SpecialIndex > 0 }

// ViewElevation is the higher of terrain and water surface, in steps:
// the height a cell is seen from and sees over (Catlike part 22).
func (c Cell) ViewElevation() int {
	return int(max(c.Elevation, c.WaterLevel))
}

// IsValidRiverDestination reports whether a river may flow from c to n:
// downhill or level, or out of a lake whose surface is n's elevation.
func (c Cell) IsValidRiverDestination(n Cell) bool {
	return c.Elevation >= n.Elevation || c.WaterLevel == n.Elevation
}

// validate reports the first value of c that is out of range, or nil.
func (c Cell) validate() error {
	switch {
	case c.TerrainType >= TerrainTypeCount:
		return errorf("terrain type %d out of range 0..%d", c.TerrainType, TerrainTypeCount-1)
	case c.Elevation < MinElevation || c.Elevation > MaxElevation:
		return errorf("elevation %d out of range %d..%d", c.Elevation, MinElevation, MaxElevation)
	case c.WaterLevel < MinElevation || c.WaterLevel > MaxElevation:
		return errorf("water level %d out of range %d..%d", c.WaterLevel, MinElevation, MaxElevation)
	case c.UrbanLevel > MaxLevel, c.FarmLevel > MaxLevel, c.PlantLevel > MaxLevel:
		return errorf("feature level out of range 0..%d", MaxLevel)
	case c.SpecialIndex > MaxLevel:
		return errorf("special index %d out of range 0..%d", c.SpecialIndex, MaxLevel)
	case c.IncomingRiver != NoDirection && !c.IncomingRiver.Valid():
		return errorf("incoming river direction %d out of range", c.IncomingRiver)
	case c.OutgoingRiver != NoDirection && !c.OutgoingRiver.Valid():
		return errorf("outgoing river direction %d out of range", c.OutgoingRiver)
	case c.Roads >= 1<<6:
		return errorf("road bits %#x out of range", c.Roads)
	}
	return nil
}
