package hexmap

import "math"

// Topology is the shape of a map: Width × Height cells in rows of offset
// coordinates, laid out flat or wrapping east-west (a cylinder, Catlike
// part 27). It is the one place that turns cells into indices, neighbours,
// coordinates and distances; every package that walks the grid asks it,
// so that a wrapping map behaves the same everywhere.
//
// On a wrapping map column W−1 and column 0 are neighbours: stepping east
// from the last column lands in the first, and a cell's neighbour across
// the seam lies, in world space, one map width (WrapSize) east or west of
// where its own column puts it.
type Topology struct {
	Width, Height int
	Wrapping      bool
}

// CellCount is Width × Height.
func (t Topology) CellCount() int { return t.Width * t.Height }

// Offset returns the offset (column, row) coordinates of cell i.
func (t Topology) Offset(i int) (x, z int) { return i % t.Width, i / t.Width }

// Coordinates returns the cube coordinates of cell i.
func (t Topology) Coordinates(i int) Coordinates {
	x, z := t.Offset(i)
	return FromOffset(x, z)
}

// IndexOffset returns the index of the cell at offset (x, z), or false
// when it is off the map. On a wrapping map any column is on the map: x
// is taken modulo the width.
func (t Topology) IndexOffset(x, z int) (int, bool) {
	if z < 0 || z >= t.Height {
		return 0, false
	}
	if t.Wrapping {
		x = mod(x, t.Width)
	} else if x < 0 || x >= t.Width {
		return 0, false
	}
	return x + z*t.Width, true
}

// Index returns the index of the cell at c, or false when off the map.
func (t Topology) Index(c Coordinates) (int, bool) {
	x, z := c.Offset()
	return t.IndexOffset(x, z)
}

// Neighbor returns the index of the neighbour of cell i in direction d,
// or false at the map's border (never at the seam of a wrapping map).
func (t Topology) Neighbor(i int, d Direction) (int, bool) {
	x, z := t.Offset(i)
	return t.neighborAt(x, z, d)
}

// neighborAt is Neighbor of the cell at offset (x, z).
func (t Topology) neighborAt(x, z int, d Direction) (int, bool) {
	if d < NE || d > NW {
		return 0, false
	}
	return t.Index(FromOffset(x, z).Step(d))
}

// Neighbors calls f with each direction and neighbour of cell i that is
// on the map, NE first.
func (t Topology) Neighbors(i int, f func(d Direction, n int)) {
	for d := NE; d <= NW; d++ {
		if n, ok := t.Neighbor(i, d); ok {
			f(d, n)
		}
	}
}

// DirectionTo returns the direction from cell a to its neighbour b, or
// false when b is not a neighbour of a.
func (t Topology) DirectionTo(a, b int) (Direction, bool) {
	for d := NE; d <= NW; d++ {
		if n, ok := t.Neighbor(a, d); ok && n == b {
			return d, true
		}
	}
	return NoDirection, false
}

// DistanceTo is the number of cell steps between a and b. On a wrapping
// map it is the shortest way round, as Catlike's HexCoordinates.DistanceTo:
// the minimum over b and b shifted by ± the map's width.
func (t Topology) DistanceTo(a, b Coordinates) int {
	d := a.DistanceTo(b)
	if t.Wrapping {
		d = min(d,
			a.DistanceTo(Coordinates{X: b.X + t.Width, Z: b.Z}),
			a.DistanceTo(Coordinates{X: b.X - t.Width, Z: b.Z}))
	}
	return d
}

// Distance is DistanceTo between the cells with indices i and j.
func (t Topology) Distance(i, j int) int {
	return t.DistanceTo(t.Coordinates(i), t.Coordinates(j))
}

// WrapSize is the map's width in world units, the distance at which a
// wrapping map repeats east-west: Width × 2 × InnerRadius.
func (t Topology) WrapSize() float32 { return float32(t.Width) * 2 * InnerRadius }

// CellCenter returns the unperturbed world XZ centre of cell i.
func (t Topology) CellCenter(i int) (x, z float32) { return cellCenter(t.Offset(i)) }

// NeighborShift is the world X offset to add to neighbour n's own centre
// to place it next to cell i: zero except across the seam of a wrapping
// map, where it is ±WrapSize.
func (t Topology) NeighborShift(i, n int) float32 {
	if !t.Wrapping {
		return 0
	}
	xi, _ := t.Offset(i)
	xn, _ := t.Offset(n)
	switch {
	case xi-xn > t.Width/2:
		return t.WrapSize()
	case xn-xi > t.Width/2:
		return -t.WrapSize()
	}
	return 0
}

// Within calls f once with every cell at most radius steps from cell i
// (i itself included), row by row from the south and west to east in
// each row. On a wrapping map the disk continues across the seam, and a
// row never holds more than the map's width of cells, so no cell comes
// twice.
func (t Topology) Within(i, radius int, f func(n int)) {
	t.WithinRows(i, radius, func(z, x, n int) {
		for k := range n {
			c, _ := t.IndexOffset(x+k, z)
			f(c)
		}
	})
}

// WithinRows calls f with each row of the disk Within covers, in the same
// order: the n cells of row z from offset column x eastwards. On a
// wrapping map x+k is taken modulo the width (the run may cross the seam;
// n is at most the width), on a flat map the run is clipped to the map.
// Sums over disks (prefix sums along rows) use it.
func (t Topology) WithinRows(i, radius int, f func(z, x, n int)) {
	c := t.Coordinates(i)
	for dz := -radius; dz <= radius; dz++ {
		z := c.Z + dz
		if z < 0 || z >= t.Height {
			continue
		}
		lo, hi := max(-radius, -dz-radius), min(radius, -dz+radius)
		if t.Wrapping {
			hi = min(hi, lo+t.Width-1)
		}
		x, _ := Coordinates{X: c.X + lo, Z: z}.Offset()
		end := x + hi - lo + 1
		if !t.Wrapping {
			x, end = max(x, 0), min(end, t.Width)
		}
		if end > x {
			f(z, x, end-x)
		}
	}
}

// Nearest returns world X moved by a whole number of map widths to lie
// within half a map width of ref on a wrapping map: where a point shows
// in the copy of the map around ref. On a flat map it returns x.
func (t Topology) Nearest(x, ref float32) float32 {
	if !t.Wrapping {
		return x
	}
	w := t.WrapSize()
	return x + w*float32(math.Round(float64((ref-x)/w)))
}

// CellUnder returns the cell whose unperturbed hexagon holds the world
// point (x, z), or false when it is off the map. On a wrapping map the
// point may lie in any copy of the map east or west.
func (t Topology) CellUnder(x, z float32) (int, bool) {
	return t.Index(t.FromPosition(x, z))
}

// WrapX moves world X into [0, WrapSize) on a wrapping map, so that
// positions in any copy of the map compare equal; on a flat map it
// returns x unchanged.
func (t Topology) WrapX(x float32) float32 {
	if !t.Wrapping {
		return x
	}
	w := t.WrapSize()
	x = float32(math.Mod(float64(x), float64(w)))
	if x < 0 {
		x += w
	}
	if x >= w { // x was a tiny negative number
		x = 0
	}
	return x
}

// Explorable reports whether cell i may ever be seen or entered by
// exploration (Catlike part 21): every cell but those in the first and
// last row, and on a flat map the first and last column.
func (t Topology) Explorable(i int) bool {
	x, z := t.Offset(i)
	if z == 0 || z == t.Height-1 {
		return false
	}
	return t.Wrapping || (x > 0 && x < t.Width-1)
}

func mod(v, m int) int {
	v %= m
	if v < 0 {
		v += m
	}
	return v
}

// RowPitch is the world distance between the centres of neighbouring
// rows, 1.5 outer radii.
func (t Topology) RowPitch() float64 { return 1.5 * OuterRadius }

// ColumnPitch is the world distance between the centres of neighbouring
// cells in a row, one inner diameter: a cell's width.
func (t Topology) ColumnPitch() float64 { return InnerDiameter }

// Extent is the largest world X and Z of a cell centre: the map spans
// [0, maxX] × [0, maxZ] between centres (odd rows are shifted half a cell
// east, so the last column's odd cells reach furthest).
func (t Topology) Extent() (maxX, maxZ float64) {
	return (float64(t.Width) - 0.5) * t.ColumnPitch(), float64(t.Height-1) * t.RowPitch()
}

// Bounds is the world rectangle that holds every cell's unperturbed
// hexagon, grown by margin on each side: from the west edge of the even
// rows to the east edge of the odd ones, and from the south tip of the
// first row to the north tip of the last. It is in float32, as the
// meshes' coordinates are.
func (t Topology) Bounds(margin float32) (x0, z0, x1, z1 float32) {
	return t.BlockBounds(0, 0, t.Width, t.Height, margin)
}

// BlockBounds is Bounds of the block of cells in columns [cx0, cx1) of
// rows [cz0, cz1) (at least two rows, or one odd row: a single even row
// reaches half a cell less far east).
func (t Topology) BlockBounds(cx0, cz0, cx1, cz1 int, margin float32) (x0, z0, x1, z1 float32) {
	cw, rh := float32(t.ColumnPitch()), float32(t.RowPitch())
	return float32(cx0)*cw - InnerRadius - margin,
		float32(cz0)*rh - OuterRadius - margin,
		float32(cx1)*cw + margin,
		float32(cz1-1)*rh + OuterRadius + margin
}

// Axial is the world point (x, z) in fractional axial coordinates (the
// X and Z of Coordinates, unrounded): cell centres fall on whole numbers.
func (t Topology) Axial(x, z float64) (ax, az float64) {
	az = z / t.RowPitch()
	return x/t.ColumnPitch() - az/2, az
}

// AxialPosition is the world point at fractional axial coordinates
// (ax, az), Axial's inverse.
func (t Topology) AxialPosition(ax, az float64) (x, z float64) {
	return (ax + az/2) * t.ColumnPitch(), az * t.RowPitch()
}

// FromPosition returns the coordinates of the cell whose hexagon contains
// the world point (x, z), ignoring perturbation: Axial rounded to the
// nearest cell, in cube coordinates. The coordinates may be off the map
// (see CellUnder).
func (t Topology) FromPosition(x, z float32) Coordinates {
	fx, fz := t.Axial(float64(x), float64(z))
	fy := -fx - fz
	ix, iy, iz := math.Round(fx), math.Round(fy), math.Round(fz)
	if ix+iy+iz != 0 {
		dx := math.Abs(fx - ix)
		dy := math.Abs(fy - iy)
		dz := math.Abs(fz - iz)
		if dx > dy && dx > dz {
			ix = -iy - iz
		} else if dz > dy {
			iz = -ix - iy
		}
	}
	return Coordinates{X: int(ix), Z: int(iz)}
}
