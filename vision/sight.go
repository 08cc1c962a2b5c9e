// Package vision owns what each side sees and has seen of the map
// (Catlike parts 20-22): the cells a unit sees from where it stands
// (Sight, Catlike's GetVisibleCells with vision by height), a
// visibility count per cell and side that units add to and take from as
// they move cell by cell (Vision), and the per-cell data the renderer's
// shaders read to draw the fog of war, fading as Catlike's
// HexCellShaderData does (CellData).
//
// Exploration (a cell ever seen by a side stays explored for it) is map
// state and lives in the grid (hexmap.Grid.Explored), so that every file
// format and copy of the map carries it; Vision marks cells explored as
// their count first rises. Vision follows the grid's change feed (an
// elevation or water edit changes what units see) and its units (placed,
// removed, moved). It never imports ebiten.
package vision

import "hexsandbox/hexmap"

// Range is a unit's vision range (Catlike's HexUnit.VisionRange).
const Range = 3

// Sight finds the cells a viewer sees on one map by Catlike's rules
// (part 22):
//
//   - the viewer's range is its vision range plus its cell's view
//     elevation (the larger of elevation and water level);
//   - a breadth-first search from the viewer's cell, always seen itself,
//     enters a neighbour at step distance d only if d plus the
//     neighbour's view elevation is within that range, d is not more than
//     the hex distance from the viewer (no seeing round corners), and
//     the neighbour is explorable (hexmap.Topology.Explorable).
//
// It keeps each cell's view elevation (Refresh after an edit), the
// neighbour table and the search's buffers, so a search allocates
// nothing. A Sight is not safe for concurrent use.
type Sight struct {
	top        hexmap.Topology
	view       []int16    // per cell: view elevation
	next       [][6]int32 // per cell: neighbour in each direction, -1 off the map
	coords     [][2]int32 // per cell: cube X and Z
	explorable []bool
	stamp      []uint32 // per cell: the search that reached it
	dist       []int32  // per cell: its step distance in that search
	gen        uint32
}

// NewSight prepares searches on g as it is now.
func NewSight(g *hexmap.Grid) *Sight {
	top := g.Topology()
	n := top.CellCount()
	s := &Sight{top: top, view: make([]int16, n), next: make([][6]int32, n), coords: make([][2]int32, n),
		explorable: make([]bool, n), stamp: make([]uint32, n), dist: make([]int32, n)}
	for i := range n {
		c := top.Coordinates(i)
		s.coords[i] = [2]int32{int32(c.X), int32(c.Z)}
		s.explorable[i] = top.Explorable(i)
		s.view[i] = int16(g.Cell(i).ViewElevation())
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			nb, ok := top.Neighbor(i, d)
			if !ok {
				nb = -1
			}
			s.next[i][d] = int32(nb)
		}
	}
	return s
}

// Refresh takes cell i's view elevation from c (after an edit) and
// reports whether it changed.
func (s *Sight) Refresh(i int, c hexmap.Cell) bool {
	v := int16(c.ViewElevation())
	if s.view[i] == v {
		return false
	}
	s.view[i] = v
	return true
}

// Range is the range of a viewer with vision rng standing on cell i: rng
// plus the cell's view elevation.
func (s *Sight) Range(i, rng int) int { return rng + int(s.view[i]) }

// Cells appends to dst the cells a viewer with vision rng on cell from
// sees, in the order the search reaches them (from first, then by step
// distance), and returns it.
func (s *Sight) Cells(from, rng int, dst []int32) []int32 {
	s.gen++
	if s.gen == 0 { // the stamps wrapped: start afresh
		clear(s.stamp)
		s.gen = 1
	}
	gen := s.gen
	limit := int32(s.Range(from, rng))
	ox, oz := s.coords[from][0], s.coords[from][1]
	wrap := int32(0)
	if s.top.Wrapping {
		wrap = int32(s.top.Width)
	}
	head := len(dst)
	dst = append(dst, int32(from))
	s.stamp[from], s.dist[from] = gen, 0
	stamp, dist, view, next, coords, explorable := s.stamp, s.dist, s.view, s.next, s.coords, s.explorable
	for ; head < len(dst); head++ {
		c := dst[head]
		d := dist[c] + 1
		for _, nb := range &next[c] {
			if nb < 0 || stamp[nb] == gen || !explorable[nb] || d+int32(view[nb]) > limit {
				continue
			}
			if d > hexDistance(ox, oz, coords[nb][0], coords[nb][1], wrap) {
				continue
			}
			stamp[nb], dist[nb] = gen, d
			dst = append(dst, nb)
		}
	}
	return dst
}

// hexDistance is hexmap.Topology.DistanceTo between cube coordinates
// (ax, az) and (bx, bz) on a map that wraps every wrap columns (0: flat),
// written out for the search's inner loop; TestHexDistance holds it to
// the topology's.
func hexDistance(ax, az, bx, bz, wrap int32) int32 {
	d := cube(ax-bx, az-bz)
	if wrap > 0 {
		d = min(d, cube(ax-bx-wrap, az-bz), cube(ax-bx+wrap, az-bz))
	}
	return d
}

// cube is the hex length of the cube offset (dx, dz).
func cube(dx, dz int32) int32 {
	dy := -dx - dz
	return (abs(dx) + abs(dy) + abs(dz)) / 2
}

func abs(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}
