package game

import (
	"hexsandbox/hexmap"
	"hexsandbox/nav"
)

// pathFinder finds the least-cost way for a unit by Catlike's move costs
// (nav.MoveCost, tabled once: a match never changes the terrain) and turn
// rule (nav.Step): A* whose bound on the distance left is the larger of
// the hex distance times the map's cheapest step and the landmark bounds
// (the least costs from and to a few landmarks, by the triangle
// inequality). Each is a lower bound on the sum of the step costs, which
// the turn rule only raises, and none falls by more than a step's cost
// along a step, so the bound is admissible and consistent and a settled
// cell is final. Cells holding a
// unit of another side that the moving side sees are impassable; units
// it does not see do not bend the way (a move runs into them: move.go). The queue is a bucket per
// priority, each taken last in first out: the way found depends on
// nothing but the search's inputs.
type pathFinder struct {
	top      hexmap.Topology
	next     [][6]int32 // per cell: the neighbour each way, -1 when blocked
	cost     [][6]uint8 // per cell: the step's cost each way
	coords   [][2]int32 // per cell: cube X and Z
	cheapest int32
	to, from [][landmarks]int32 // per cell: least cost from, and to, each landmark (-1: none)
	h        []int32            // per cell: its bound in this search, set when reached
	stamp    []uint32           // per cell: gen when reached in this search, gen+1 when settled
	dist     []int32
	back     []int32 // per cell: the cell it was reached from
	gen      uint32
	buckets  [][]int32 // per priority: cells queued at it
	cells    []int     // the last path
	dists    []int     // the distance of each cell of the last path
}

func newPathFinder(g *hexmap.Grid) *pathFinder {
	n := g.Topology().CellCount()
	p := &pathFinder{top: g.Topology(), next: make([][6]int32, n), cost: make([][6]uint8, n), coords: make([][2]int32, n),
		stamp: make([]uint32, n), dist: make([]int32, n), back: make([]int32, n), cheapest: 1 << 30}
	for i := range n {
		c := g.Topology().Coordinates(i)
		p.coords[i] = [2]int32{int32(c.X), int32(c.Z)}
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			nb, _ := g.Topology().Neighbor(i, d)
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
	p.h = make([]int32, n)
	p.to, p.from = make([][landmarks]int32, n), make([][landmarks]int32, n)
	for k, l := range p.landmarkCells(g) {
		p.costsFrom(l, k, false)
		p.costsFrom(l, k, true)
	}
	return p
}

// landmarks is how many landmarks the bound uses: the land cells
// nearest the map's corners and the middles of its left and right
// edges.
const landmarks = 6

func (p *pathFinder) landmarkCells(g *hexmap.Grid) [landmarks]int {
	w, h := g.Topology().Width-1, g.Topology().Height-1
	spots := [landmarks][2]int{{0, 0}, {w, 0}, {0, h}, {w, h}, {0, h / 2}, {w, h / 2}}
	var out [landmarks]int
	for k, sp := range spots {
		spot, best := g.Topology().Coordinates(sp[0]+sp[1]*g.Topology().Width), -1
		for i := range g.Topology().CellCount() {
			if g.Cell(i).IsUnderwater() {
				continue
			}
			if d := g.Topology().DistanceTo(spot, g.Topology().Coordinates(i)); best < 0 || d < best {
				out[k], best = i, d
			}
		}
	}
	return out
}

// costsFrom fills landmark k's least step costs (no turn rule, no
// units) from cell l to every cell, or with back from every cell to l,
// -1 where there is no way.
func (p *pathFinder) costsFrom(l, k int, back bool) {
	dist := p.from
	if back {
		dist = p.to
	}
	for i := range dist {
		dist[i][k] = -1
	}
	dist[l][k] = 0
	p.push(0, int32(l))
	buckets := p.buckets
	for d := 0; d < len(buckets); d++ {
		for len(buckets[d]) > 0 {
			c := buckets[d][len(buckets[d])-1]
			buckets[d] = buckets[d][:len(buckets[d])-1]
			if dist[c][k] != int32(d) {
				continue
			}
			for dir := range 6 {
				nb, cost := p.next[c][dir], int32(p.cost[c][dir])
				if back { // the step from the neighbour into c
					nb = -1
					if n, ok := p.top.Neighbor(int(c), hexmap.Direction(dir)); ok && p.next[n][(dir+3)%6] == c {
						nb, cost = int32(n), int32(p.cost[n][(dir+3)%6])
					}
				}
				if nb < 0 {
					continue
				}
				if nd := int32(d) + cost; dist[nb][k] < 0 || nd < dist[nb][k] {
					dist[nb][k] = nd
					p.push(nd, nb)
					buckets = p.buckets
				}
			}
		}
	}
}

// bound is the search's lower bound on the cost from cell v to cell t.
func (p *pathFinder) bound(v, t int) int32 {
	b := p.hexes(v, t) * p.cheapest
	fv, ft, tv, tt := &p.from[v], &p.from[t], &p.to[v], &p.to[t]
	for k := range landmarks {
		if fv[k] >= 0 && ft[k] >= 0 {
			b = max(b, ft[k]-fv[k]) // from the landmark: to t no more than to v and on
		}
		if tv[k] >= 0 && tt[k] >= 0 {
			b = max(b, tv[k]-tt[k]) // to the landmark: from v no more than to t and on
		}
	}
	return b
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
// of a side other than side impassable where seen (the side's team's
// sight counts) is not 0. The path and its distances are
// left in p.cells and p.dists.
func (p *pathFinder) find(from, to, spent, speed int, occupant []int32, units []unit, side int, seen []uint16) bool {
	p.gen += 2
	if p.gen < 2 {
		clear(p.stamp)
		p.gen = 2
	}
	gen, settled := p.gen, p.gen+1
	p.stamp[from], p.dist[from], p.back[from], p.h[from] = gen, int32(spent), -1, p.bound(from, to)
	lo := int32(spent) + p.h[from]
	p.push(lo, int32(from))
	found := false
	for prio := lo; int(prio) < len(p.buckets) && !found; prio++ {
		for len(p.buckets[prio]) > 0 {
			b := p.buckets[prio]
			c := int(b[len(b)-1])
			p.buckets[prio] = b[:len(b)-1]
			d := p.dist[c]
			if p.stamp[c] != gen || d+p.h[c] != prio {
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
				if id := occupant[nb]; id != 0 && units[id-1].Side != side && seen[nb] > 0 {
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
				if p.stamp[nb] == gen {
					if p.dist[nb] <= nd {
						continue
					}
				} else {
					p.h[nb] = p.bound(nb, to)
				}
				p.stamp[nb], p.dist[nb], p.back[nb] = gen, nd, int32(c)
				p.push(nd+p.h[nb], int32(nb))
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
