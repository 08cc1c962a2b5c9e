package geom

import (
	"hexsandbox/hexmap"

	"github.com/ungerik/go3d/vec3"
)

// The heights of Catlike's HexMetrics (part 11): one elevation step in
// world units, and how far below a cell's level its river bed and the
// surfaces of rivers and standing water lie, in steps.
const (
	ElevationStep = 3

	streamBedElevationOffset = -1.75
	waterElevationOffset     = -0.5
)

// StreamBedY is the height of a river's bed in cell c.
func StreamBedY(c hexmap.Cell) float32 {
	return (float32(c.Elevation) + streamBedElevationOffset) * ElevationStep
}

// RiverSurfaceY is the height of a river's surface in cell c.
func RiverSurfaceY(c hexmap.Cell) float32 {
	return (float32(c.Elevation) + waterElevationOffset) * ElevationStep
}

// WaterSurfaceY is the height of standing water over cell c.
func WaterSurfaceY(c hexmap.Cell) float32 {
	return (float32(c.WaterLevel) + waterElevationOffset) * ElevationStep
}

// corner returns hexagon corner i (0..6, 6 repeats 0), clockwise from
// north, relative to the cell's centre.
func corner(i int) vec3.T {
	switch i % 6 {
	case 0:
		return vec3.T{0, 0, hexmap.OuterRadius}
	case 1:
		return vec3.T{hexmap.InnerRadius, 0, 0.5 * hexmap.OuterRadius}
	case 2:
		return vec3.T{hexmap.InnerRadius, 0, -0.5 * hexmap.OuterRadius}
	case 3:
		return vec3.T{0, 0, -hexmap.OuterRadius}
	case 4:
		return vec3.T{-hexmap.InnerRadius, 0, -0.5 * hexmap.OuterRadius}
	default:
		return vec3.T{-hexmap.InnerRadius, 0, 0.5 * hexmap.OuterRadius}
	}
}

// FirstCorner is the corner counter-clockwise of the edge in direction d.
func FirstCorner(d hexmap.Direction) vec3.T { return corner(int(d)) }

// SecondCorner is the corner clockwise of the edge in direction d.
func SecondCorner(d hexmap.Direction) vec3.T { return corner(int(d) + 1) }
