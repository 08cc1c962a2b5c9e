package hexmap

// Coordinates are cube coordinates of a cell (Y = -X - Z), stored as
// the axial pair X, Z like Catlike's HexCoordinates.
type Coordinates struct {
	X, Z int
}

// FromOffset converts offset (column, row) coordinates to cube coordinates.
func FromOffset(x, z int) Coordinates {
	return Coordinates{X: x - floorDiv2(z), Z: z}
}

// Y is the third cube coordinate.
func (c Coordinates) Y() int { return -c.X - c.Z }

// Offset returns the offset (column, row) form.
func (c Coordinates) Offset() (x, z int) {
	return c.X + floorDiv2(c.Z), c.Z
}

// Step returns the coordinates of the neighbour in direction d.
func (c Coordinates) Step(d Direction) Coordinates {
	switch d {
	case NE:
		return Coordinates{c.X, c.Z + 1}
	case E:
		return Coordinates{c.X + 1, c.Z}
	case SE:
		return Coordinates{c.X + 1, c.Z - 1}
	case SW:
		return Coordinates{c.X, c.Z - 1}
	case W:
		return Coordinates{c.X - 1, c.Z}
	case NW:
		return Coordinates{c.X - 1, c.Z + 1}
	}
	return c
}

// DistanceTo returns the number of cell steps between c and o.
func (c Coordinates) DistanceTo(o Coordinates) int {
	return (abs(c.X-o.X) + abs(c.Y()-o.Y()) + abs(c.Z-o.Z)) / 2
}

// Center returns the unperturbed world XZ centre of the cell at c.
func (c Coordinates) Center() (x, z float32) {
	ox, oz := c.Offset()
	return cellCenter(ox, oz)
}

// cellCenter returns the world XZ centre of the cell at offset (x, z).
func cellCenter(x, z int) (float32, float32) {
	cx := (float32(x) + float32(z)*0.5 - float32(floorDiv2(z))) * (InnerRadius * 2)
	cz := float32(z) * (OuterRadius * 1.5)
	return cx, cz
}

func floorDiv2(v int) int {
	if v < 0 {
		return -((-v + 1) / 2)
	}
	return v / 2
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
