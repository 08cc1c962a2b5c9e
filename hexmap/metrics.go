package hexmap

import "github.com/ungerik/go3d/vec3"

// The lattice and height metrics of Catlike's HexMetrics (part 11) that
// the map's own rules and positions use; the triangulation's are package
// geom's. World units.
const (
	OuterToInner = 0.866025404
	OuterRadius  = 10
	InnerRadius  = OuterRadius * OuterToInner
	// InnerDiameter is a cell's width, the spacing of cell centres in a row.
	InnerDiameter = InnerRadius * 2

	ElevationStep = 3

	StreamBedElevationOffset = -1.75
	WaterElevationOffset     = -0.5
	ChunkSizeX               = 5
	ChunkSizeZ               = 5
)

// corner returns hexagon corner i (0..6, 6 repeats 0), clockwise from north.
func corner(i int) vec3.T {
	switch i % 6 {
	case 0:
		return vec3.T{0, 0, OuterRadius}
	case 1:
		return vec3.T{InnerRadius, 0, 0.5 * OuterRadius}
	case 2:
		return vec3.T{InnerRadius, 0, -0.5 * OuterRadius}
	case 3:
		return vec3.T{0, 0, -OuterRadius}
	case 4:
		return vec3.T{-InnerRadius, 0, -0.5 * OuterRadius}
	default:
		return vec3.T{-InnerRadius, 0, 0.5 * OuterRadius}
	}
}

// FirstCorner is the corner counter-clockwise of the edge in direction d.
func FirstCorner(d Direction) vec3.T { return corner(int(d)) }

// SecondCorner is the corner clockwise of the edge in direction d.
func SecondCorner(d Direction) vec3.T { return corner(int(d) + 1) }
