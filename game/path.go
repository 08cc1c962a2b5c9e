package game

import (
	"hexsandbox/hexmap"
	"hexsandbox/nav"
)

// pathFinder finds the least-cost way for a unit by Catlike's move costs
// (nav.MoveCost, tabled once: a match never changes the terrain) and turn
// rule (nav.Step): A* on the hex distance times the map's cheapest step,
// which no step undercuts and the turn rule only raises, so the bound is
// admissible and consistent and a settled cell is final. Cells holding a
// unit of another side are impassable. The queue is a bucket per
// priority, each taken last in first out: the way found depends on
// nothing but the search's inputs.
type pathFinder struct {
	top      hexmap.Topology
	next     [][6]int32 // per cell: the neighbour each way, -1 when blocked
	cost     [][6]uint8 // per cell: the step's cost each way
	coords   [][2]int32 // per cell: cube X and Z
	cheapest int32
	stamp    []uint32 // per cell: gen when reached in this search, gen+1 when settled
	dist     []int32
	back     []int32 // per cell: the cell it was reached from
	gen      uint32
	buckets  [][]int32 // per priority: cells queued at it
	cells    []int     // the last path
	dists    []int     // the distance of each cell of the last path
}

func newPathFinder(g *hexmap.Grid) *pathFinder {
	n := g.CellCount()
	p := &pathFinder{top: g.Topology(), next: make([][6]int32, n), cost: make([][6]uint8, n), coords: make([][2]int32, n),
		stamp: make([]uint32, n), dist: make([]int32, n), back: make([]int32, n), cheapest: 1 << 30}
	for i := range n {
		c := g.Coordinates(i)
		p.coords[i] = [2]int32{int32(c.X), int32(c.Z)}
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			nb, _ := g.Neighbor(i, d)
			c, ok := nav.MoveCost(g, i, d)
			p.next[i][d] = -1
			if ok {
				p.next[i][d], p.cost[i][d] = int32(nb), uint8(c)
				p.cheapest = min(p.cheapest, int32(c))
			}
		}
	}
	if p.cheapest == 1<<30 {
		p.cheapest = 1
	}
	return p
}

// hexes is the hex distance between cells a and b.
func (p *pathFinder) hexes(a, b int) int32 {
	if p.top.Wrapping {
		return int32(p.top.Distance(a, b))
	}
	dx, dz := p.coords[a][0]-p.coords[b][0], p.coords[a][1]-p.coords[b][1]
	return (abs32(dx) + abs32(dz) + abs32(dx+dz)) / 2
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// push queues cell c at priority prio.
func (p *pathFinder) push(prio, c int32) {
	for int(prio) >= len(p.buckets) {
		p.buckets = append(p.buckets, nil)
	}
	p.buckets[prio] = append(p.buckets[prio], c)
}

// find searches the least distance from cell from (reached at distance
// spent) to cell to for a unit of the given speed, cells holding a unit
// of a side other than side impassable. The path and its distances are
// left in p.cells and p.dists.
func (p *pathFinder) find(from, to, spent, speed int, occupant []int32, units []unit, side int) bool {
	p.gen += 2
	if p.gen < 2 {
		clear(p.stamp)
		p.gen = 2
	}
	gen, settled := p.gen, p.gen+1
	p.stamp[from], p.dist[from], p.back[from] = gen, int32(spent), -1
	lo := int32(spent) + p.hexes(from, to)*p.cheapest
	p.push(lo, int32(from))
	found := false
	for prio := lo; int(prio) < len(p.buckets) && !found; prio++ {
		for len(p.buckets[prio]) > 0 {
			b := p.buckets[prio]
			c := int(b[len(b)-1])
			p.buckets[prio] = b[:len(b)-1]
			d := p.dist[c]
			if p.stamp[c] != gen || d+p.hexes(c, to)*p.cheapest != prio {
				continue // settled already, or queued again lower
			}
			p.stamp[c] = settled
			if c == to {
				found = true
				break
			}
			// Catlike's turn rule without a division a step (nav.Step):
			// a step ending past this turn's end starts the next turn.
			end := ((d-1)/int32(speed) + 1) * int32(speed)
			for k := range 6 {
				nb := int(p.next[c][k])
				if nb < 0 || p.stamp[nb] == settled {
					continue
				}
				if id := occupant[nb]; id != 0 && units[id-1].Side != side {
					continue
				}
				step := int32(p.cost[c][k])
				nd := d + step
				if nd > end {
					nd = end + step
					if step > int32(speed) {
						nd = int32(nav.Step(int(d), int(step), speed))
					}
				}
				if p.stamp[nb] == gen && p.dist[nb] <= nd {
					continue
				}
				p.stamp[nb], p.dist[nb], p.back[nb] = gen, nd, int32(c)
				p.push(nd+p.hexes(nb, to)*p.cheapest, int32(nb))
			}
		}
	}
	for k := range p.buckets {
		p.buckets[k] = p.buckets[k][:0]
	}
	if found {
		p.trace(to)
	}
	return found
}

// trace follows the way back from cell i into p.cells and p.dists.
func (p *pathFinder) trace(i int) {
	p.cells, p.dists = p.cells[:0], p.dists[:0]
	for ; i >= 0; i = int(p.back[i]) {
		p.cells = append(p.cells, i)
		p.dists = append(p.dists, int(p.dist[i]))
	}
	for a, b := 0, len(p.cells)-1; a < b; a, b = a+1, b-1 {
		p.cells[a], p.cells[b] = p.cells[b], p.cells[a]
		p.dists[a], p.dists[b] = p.dists[b], p.dists[a]
	}
}
