package hexmap

import "hexsandbox/hexmap/noise"

// FromCells builds a grid on topology t from cells read from a file.
// Every cell must be in range (an error names the first that is not).
// Links that cannot be drawn are dropped rather than rejected, because
// old files can hold them: rivers and roads that leave the map, rivers
// whose other end disagrees and roads that only one side has. The report
// says how many were dropped. Rivers and roads that cross the seam of a
// wrapping map are links like any other and are kept.
func FromCells(t Topology, n *noise.Noise, cells []Cell) (*Grid, BatchReport, error) {
	if err := ValidateSize(t.Width, t.Height); err != nil {
		return nil, BatchReport{}, err
	}
	if len(cells) != t.CellCount() {
		return nil, BatchReport{}, errorf("map has %d cells, want %d for %d×%d", len(cells), t.CellCount(), t.Width, t.Height)
	}
	for i, c := range cells {
		if err := c.validate(); err != nil {
			x, z := t.Offset(i)
			return nil, BatchReport{}, errorf("cell (%d, %d): %v", x, z, err)
		}
	}
	g, err := NewGridOf(t, n)
	if err != nil {
		return nil, BatchReport{}, err
	}
	// A new grid has no followers and no units, so the cells go in whole
	// and the batch's rules check every one of them: only what the rules
	// change is recorded.
	copy(g.cells, cells)
	rep := g.Batch(linkRules, func() { g.batch.everyCell = true })
	return g, rep, nil
}
