package tools

import "hexsandbox/hexmap"

// Match says which neighbours a fill or a magic-wand selection spreads
// to from the clicked cell.
type Match uint8

const (
	// MatchTerrain spreads over cells of the clicked cell's terrain type.
	MatchTerrain Match = iota
	// MatchElevation spreads over cells of the clicked cell's elevation.
	MatchElevation
	// MatchWater spreads over the clicked cell's body of water: cells
	// under water at its water level; from a dry cell, over dry land
	// (the island or continent it stands on).
	MatchWater
	matchCount
)

func (m Match) String() string {
	return [...]string{"Terrain", "Elevation", "Water"}[min(m, matchCount-1)]
}

// same reports whether cell c belongs with the clicked cell ref under m.
func (m Match) same(ref, c hexmap.Cell) bool {
	switch m {
	case MatchElevation:
		return c.Elevation == ref.Elevation
	case MatchWater:
		if !ref.IsUnderwater() {
			return !c.IsUnderwater()
		}
		return c.IsUnderwater() && c.WaterLevel == ref.WaterLevel
	}
	return c.TerrainType == ref.TerrainType
}

// Place is a cell and the coordinates it was reached at. On a wrapping
// map those are unwrapped: a shape that crosses the seam keeps going
// east (or west) in them instead of jumping back a map width, so that it
// stays whole when it is copied and pasted.
type Place struct {
	Index int
	At    hexmap.Coordinates
}

// Region returns the cells connected to start through neighbours that
// match start's cell under m, start first, in breadth-first order, each
// reached at coordinates that continue across the seam of a wrapping
// map.
func Region(g *hexmap.Grid, start int, m Match) []Place {
	top := g.Topology()
	ref := g.Cell(start)
	seen := make([]bool, g.Topology().CellCount())
	seen[start] = true
	out := []Place{{start, top.Coordinates(start)}}
	for k := 0; k < len(out); k++ {
		p := out[k]
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			at := p.At.Step(d)
			n, ok := top.Index(at)
			if !ok || seen[n] || !m.same(ref, g.Cell(n)) {
				continue
			}
			seen[n] = true
			out = append(out, Place{n, at})
		}
	}
	return out
}

// Fill applies s to every cell of the region around start (see Region)
// as one batch with Catlike's edit rules: one change per cell in the
// feed, so one chunk rebuild and one undo step. It returns the cells it
// reached, the first refusal of the rules, if any, and what the rules
// dropped at the end.
func Fill(g *hexmap.Grid, start int, m Match, s Settings) (cells int, refused error, rep hexmap.BatchReport) {
	region := Region(g, start, m)
	rep = g.Batch(hexmap.EditRules, func() {
		for _, p := range region {
			if err := s.EditCell(g, p.Index, Drag{}); err != nil && refused == nil {
				refused = err
			}
		}
	})
	return len(region), refused, rep
}
