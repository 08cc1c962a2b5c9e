package hexmap

// FromCells builds a grid from cells read from a file. Every cell must be
// in range (an error names the first that is not). Links that cannot be
// drawn are dropped rather than rejected, because old files can hold them:
// rivers and roads that leave the map, rivers whose other end disagrees
// and roads that only one side has.
func FromCells(width, height int, noise *Noise, cells []Cell) (*Grid, error) {
	if err := ValidateSize(width, height); err != nil {
		return nil, err
	}
	if len(cells) != width*height {
		return nil, errorf("map has %d cells, want %d for %d×%d", len(cells), width*height, width, height)
	}
	for i, c := range cells {
		if err := c.Validate(); err != nil {
			x, z := i%width, i/width
			return nil, errorf("cell (%d, %d): %v", x, z, err)
		}
	}
	g, err := NewGridWithNoise(width, height, noise)
	if err != nil {
		return nil, err
	}
	copy(g.cells, cells)
	g.repairLinks()
	return g, nil
}

func (g *Grid) repairLinks() {
	// Each pass can break a link it already checked, so repeat to a fixed point.
	for g.repairPass() {
	}
}

func (g *Grid) repairPass() (changed bool) {
	for i := range g.cells {
		before := g.cells[i]
		c := &g.cells[i]
		if c.HasOutgoingRiver() {
			n, ok := g.Neighbor(i, c.OutgoingRiver)
			if !ok || g.cells[n].IncomingRiver != c.OutgoingRiver.Opposite() {
				c.OutgoingRiver = NoDirection
			}
		}
		if c.HasIncomingRiver() {
			n, ok := g.Neighbor(i, c.IncomingRiver)
			if !ok || g.cells[n].OutgoingRiver != c.IncomingRiver.Opposite() {
				c.IncomingRiver = NoDirection
			}
		}
		if c.HasIncomingRiver() && c.IncomingRiver == c.OutgoingRiver {
			c.IncomingRiver = NoDirection
		}
		for d := NE; d <= NW; d++ {
			if !c.HasRoadThroughEdge(d) {
				continue
			}
			n, ok := g.Neighbor(i, d)
			if !ok || !g.cells[n].HasRoadThroughEdge(d.Opposite()) || c.HasRiverThroughEdge(d) {
				*c = withRoad(*c, d, false)
			}
		}
		changed = changed || *c != before
	}
	return changed
}
