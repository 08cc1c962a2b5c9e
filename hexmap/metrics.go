package hexmap

// The lattice metrics of Catlike's HexMetrics (part 11) that the map's
// own rules and positions use; the triangulation's (corners, heights,
// terraces) are package geom's. World units.
const (
	outerToInner = 0.866025404
	OuterRadius  = 10
	InnerRadius  = OuterRadius * outerToInner
	// InnerDiameter is a cell's width, the spacing of cell centres in a row.
	InnerDiameter = InnerRadius * 2

	ChunkSizeX = 5
	ChunkSizeZ = 5
)
