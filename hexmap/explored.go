package hexmap

import "slices"

// exploration is what each side has explored of the map (Catlike part
// 21): per cell one bit per side, bit s-1 for side s. Vision sets the
// bits as units see cells; nothing in play clears them. It is map state,
// saved with the map like the units, but not an edit of the cells: it is
// not on the change feed and undo does not record it.
type exploration struct {
	bits []uint8 // per cell
}

// allSides is the mask of every side's exploration bit.
const allSides = 1<<MaxSides - 1

// sideBit is side s's bit, 0 for a side out of range.
func sideBit(side int) uint8 {
	if side < 1 || side > MaxSides {
		return 0
	}
	return 1 << (side - 1)
}

// Explored reports whether side has explored cell i. A cell that is not
// Explorable (the map's border) never is, as Catlike's IsExplored.
func (g *Grid) Explored(i, side int) bool { return g.explored.bits[i]&sideBit(side) != 0 }

// Exploration returns every cell's mask of sides that explored it, in
// cell order. Callers must not modify it; it stays valid for the grid's
// life and follows its changes.
func (g *Grid) Exploration() []uint8 { return g.explored.bits }

// Explore marks cell i explored by side and reports whether that is new.
// Cells that are not Explorable stay unexplored.
func (g *Grid) Explore(i, side int) bool {
	b := sideBit(side)
	if b == 0 || g.explored.bits[i]&b != 0 || !g.top.Explorable(i) {
		return false
	}
	g.explored.bits[i] |= b
	return true
}

// SetExploration replaces every cell's exploration (loading a file),
// masks as Exploration returns them. Bits of sides beyond MaxSides are
// an error and change nothing; bits on cells that are not Explorable are
// dropped, as Catlike's IsExplored ignores them.
func (g *Grid) SetExploration(masks []uint8) error {
	if len(masks) != len(g.cells) {
		return errorf("exploration of %d cells for a map of %d", len(masks), len(g.cells))
	}
	for i, m := range masks {
		if m&^allSides != 0 {
			x, z := g.top.Offset(i)
			return errorf("cell (%d, %d): exploration bits %#x name no side", x, z, m)
		}
	}
	for i, m := range masks {
		if !g.top.Explorable(i) {
			m = 0
		}
		g.explored.bits[i] = m
	}
	return nil
}

func (e exploration) clone() exploration {
	e.bits = slices.Clone(e.bits)
	return e
}
