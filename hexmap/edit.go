package hexmap

// The edit methods below are Catlike's HexCell setters. Each applies the
// rules of the editor (rivers flow one way and never uphill, roads avoid
// rivers, specials and steep edges, specials avoid rivers) and funnels
// every cell it touches through Grid.set. Each is one edit in the change
// feed (begin/end), together with the changes its rules cascade into.

// SetTerrainType sets the terrain type of cell i (clamped to the valid types).
func (g *Grid) SetTerrainType(i int, t uint8) {
	g.begin()
	defer g.end()
	c := g.cells[i]
	c.TerrainType = min(t, TerrainTypeCount-1)
	g.set(i, c)
}

// SetElevation sets cell i's elevation, then drops rivers that would now
// flow uphill and roads that became too steep.
func (g *Grid) SetElevation(i int, e int) {
	g.begin()
	defer g.end()
	e = clamp(e, MinElevation, MaxElevation)
	c := g.cells[i]
	if int(c.Elevation) == e {
		return
	}
	c.Elevation = int16(e)
	g.set(i, c)
	if g.batch.active && !g.batch.applied {
		return // the batch's rules run once at its end
	}
	g.validateRivers(i)
	for d := NE; d <= NW; d++ {
		if g.cells[i].HasRoadThroughEdge(d) && g.elevationDifference(i, d) > 1 {
			g.setRoad(i, d, false)
		}
	}
}

// SetWaterLevel sets cell i's water level and re-validates its rivers.
func (g *Grid) SetWaterLevel(i int, w int) {
	g.begin()
	defer g.end()
	w = clamp(w, MinElevation, MaxElevation)
	c := g.cells[i]
	if int(c.WaterLevel) == w {
		return
	}
	c.WaterLevel = int16(w)
	g.set(i, c)
	if !g.batch.active || g.batch.applied {
		g.validateRivers(i)
	}
}

// SetUrbanLevel sets the urban density 0..3 of cell i.
func (g *Grid) SetUrbanLevel(i int, level int) {
	g.begin()
	defer g.end()
	c := g.cells[i]
	c.UrbanLevel = uint8(clamp(level, 0, MaxLevel))
	g.set(i, c)
}

// SetFarmLevel sets the farm density 0..3 of cell i.
func (g *Grid) SetFarmLevel(i int, level int) {
	g.begin()
	defer g.end()
	c := g.cells[i]
	c.FarmLevel = uint8(clamp(level, 0, MaxLevel))
	g.set(i, c)
}

// SetPlantLevel sets the plant density 0..3 of cell i.
func (g *Grid) SetPlantLevel(i int, level int) {
	g.begin()
	defer g.end()
	c := g.cells[i]
	c.PlantLevel = uint8(clamp(level, 0, MaxLevel))
	g.set(i, c)
}

// SetSpecialIndex places special feature 1..3 (0 clears it). A cell with
// a river refuses a special (ErrSpecialOnRiver) and stays as it was; a new
// special removes the cell's roads.
func (g *Grid) SetSpecialIndex(i int, special int) error {
	g.begin()
	defer g.end()
	special = clamp(special, 0, MaxLevel)
	c := g.cells[i]
	if int(c.SpecialIndex) == special {
		return nil
	}
	if special > 0 && c.HasRiver() {
		return ErrSpecialOnRiver
	}
	c.SpecialIndex = uint8(special)
	g.set(i, c)
	g.RemoveRoads(i)
	return nil
}

// SetWalled sets whether cell i is walled.
func (g *Grid) SetWalled(i int, walled bool) {
	g.begin()
	defer g.end()
	c := g.cells[i]
	c.Walled = walled
	g.set(i, c)
}

// SetOutgoingRiver makes a river flow from cell i through edge d. It
// replaces i's outgoing river and the neighbour's incoming river, clears
// both specials and removes the road on that edge. It changes nothing and
// says why (errNoDirection, errMapBorder, ErrUphill) when the neighbour is
// missing or uphill.
func (g *Grid) SetOutgoingRiver(i int, d Direction) error {
	g.begin()
	defer g.end()
	if !d.Valid() {
		return errNoDirection
	}
	c := g.cells[i]
	if c.OutgoingRiver == d {
		return nil
	}
	n, ok := g.top.Neighbor(i, d)
	if !ok {
		return errMapBorder
	}
	if !c.IsValidRiverDestination(g.cells[n]) {
		return ErrUphill
	}
	g.removeOutgoingRiver(i)
	if g.cells[i].IncomingRiver == d {
		g.removeIncomingRiver(i)
	}
	c = g.cells[i]
	c.OutgoingRiver = d
	c.SpecialIndex = 0
	g.set(i, c)

	g.removeIncomingRiver(n)
	nc := g.cells[n]
	nc.IncomingRiver = d.Opposite()
	nc.SpecialIndex = 0
	g.set(n, nc)

	g.setRoad(i, d, false)
	return nil
}

// removeOutgoingRiver removes the river leaving cell i, at both ends.
func (g *Grid) removeOutgoingRiver(i int) {
	g.begin()
	defer g.end()
	c := g.cells[i]
	if !c.HasOutgoingRiver() {
		return
	}
	d := c.OutgoingRiver
	c.OutgoingRiver = NoDirection
	g.set(i, c)
	if n, ok := g.top.Neighbor(i, d); ok && g.cells[n].IncomingRiver == d.Opposite() {
		nc := g.cells[n]
		nc.IncomingRiver = NoDirection
		g.set(n, nc)
	}
}

// removeIncomingRiver removes the river entering cell i, at both ends.
func (g *Grid) removeIncomingRiver(i int) {
	g.begin()
	defer g.end()
	c := g.cells[i]
	if !c.HasIncomingRiver() {
		return
	}
	d := c.IncomingRiver
	c.IncomingRiver = NoDirection
	g.set(i, c)
	if n, ok := g.top.Neighbor(i, d); ok && g.cells[n].OutgoingRiver == d.Opposite() {
		nc := g.cells[n]
		nc.OutgoingRiver = NoDirection
		g.set(n, nc)
	}
}

// RemoveRiver removes both rivers of cell i.
func (g *Grid) RemoveRiver(i int) {
	g.begin()
	defer g.end()
	g.removeOutgoingRiver(i)
	g.removeIncomingRiver(i)
}

// validateRivers drops the rivers of cell i that no longer flow downhill
// (or out of a lake).
func (g *Grid) validateRivers(i int) {
	c := g.cells[i]
	if c.HasOutgoingRiver() {
		n, ok := g.top.Neighbor(i, c.OutgoingRiver)
		if !ok || !c.IsValidRiverDestination(g.cells[n]) {
			g.removeOutgoingRiver(i)
		}
	}
	c = g.cells[i]
	if c.HasIncomingRiver() {
		n, ok := g.top.Neighbor(i, c.IncomingRiver)
		if !ok || !g.cells[n].IsValidRiverDestination(c) {
			g.removeIncomingRiver(i)
		}
	}
}

// AddRoad adds a road through edge d of cell i when Catlike allows it: no
// river on that edge, neither cell special, elevation difference at most 1.
// It returns nil when the road is there afterwards, and otherwise says why
// not (errNoDirection, errMapBorder, ErrRiverEdge, errRoadToSpecial,
// ErrCliff).
func (g *Grid) AddRoad(i int, d Direction) error {
	g.begin()
	defer g.end()
	if !d.Valid() {
		return errNoDirection
	}
	c := g.cells[i]
	if c.HasRoadThroughEdge(d) {
		return nil
	}
	n, ok := g.top.Neighbor(i, d)
	switch {
	case !ok:
		return errMapBorder
	case c.HasRiverThroughEdge(d):
		return ErrRiverEdge
	case c.IsSpecial() || g.cells[n].IsSpecial():
		return errRoadToSpecial
	case g.elevationDifference(i, d) > 1:
		return ErrCliff
	}
	g.setRoad(i, d, true)
	return nil
}

// RemoveRoad removes the road through edge d of cell i, on both sides.
func (g *Grid) RemoveRoad(i int, d Direction) {
	g.begin()
	defer g.end()
	if d.Valid() && g.cells[i].HasRoadThroughEdge(d) {
		g.setRoad(i, d, false)
	}
}

// RemoveRoads removes every road of cell i.
func (g *Grid) RemoveRoads(i int) {
	g.begin()
	defer g.end()
	for d := NE; d <= NW; d++ {
		g.RemoveRoad(i, d)
	}
}

func (g *Grid) setRoad(i int, d Direction, on bool) {
	g.set(i, withRoad(g.cells[i], d, on))
	if n, ok := g.top.Neighbor(i, d); ok {
		g.set(n, withRoad(g.cells[n], d.Opposite(), on))
	}
}

func withRoad(c Cell, d Direction, on bool) Cell {
	if on {
		c.Roads |= 1 << uint(d)
	} else {
		c.Roads &^= 1 << uint(d)
	}
	return c
}

func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }
