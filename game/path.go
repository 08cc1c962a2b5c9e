package game

import (
	"hexsandbox/hexmap"
	"hexsandbox/nav"
)

// pathFinder finds the least-cost way for a unit by Catlike's move costs
// (nav.MoveCost, tabled once: a match never changes the terrain) and turn
// rule (nav.Step), A* on the hex distance times the map's cheapest step.
// Cells holding a unit of another side are impassable. Ties are broken
// by cell index, so the way found depends on nothing but its inputs.
type pathFinder struct {
	top      hexmap.Topology
	next     [][6]int32 // per cell: the neighbour each way, -1 when blocked
	cost     [][6]uint8 // per cell: the step's cost each way
	cheapest int
	stamp    []uint32
	dist     []int32
	back     []int32 // per cell: the cell it was reached from
	gen      uint32
	heap     []heapItem
	cells    []int // the last path
	dists    []int // the distance of each cell of the last path
}

type heapItem struct{ prio, cell int32 }

func newPathFinder(g *hexmap.Grid) *pathFinder {
	n := g.CellCount()
	p := &pathFinder{top: g.Topology(), next: make([][6]int32, n), cost: make([][6]uint8, n),
		stamp: make([]uint32, n), dist: make([]int32, n), back: make([]int32, n), cheapest: 1 << 30}
	for i := range n {
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			nb, _ := g.Neighbor(i, d)
			c, ok := nav.MoveCost(g, i, d)
			p.next[i][d], p.cost[i][d] = -1, 0
			if ok {
				p.next[i][d], p.cost[i][d] = int32(nb), uint8(c)
				p.cheapest = min(p.cheapest, c)
			}
		}
	}
	if p.cheapest == 1<<30 {
		p.cheapest = 1
	}
	return p
}

// less orders heap items by priority, then cell.
func (a heapItem) less(b heapItem) bool {
	return a.prio < b.prio || (a.prio == b.prio && a.cell < b.cell)
}

func (p *pathFinder) push(it heapItem) {
	h := append(p.heap, it)
	for k := len(h) - 1; k > 0; {
		up := (k - 1) / 2
		if !h[k].less(h[up]) {
			break
		}
		h[k], h[up] = h[up], h[k]
		k = up
	}
	p.heap = h
}

func (p *pathFinder) pop() heapItem {
	h := p.heap
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for k := 0; ; {
		c := 2*k + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h[c+1].less(h[c]) {
			c++
		}
		if !h[c].less(h[k]) {
			break
		}
		h[k], h[c] = h[c], h[k]
		k = c
	}
	p.heap = h
	return top
}

// find searches the least distance from cell from (reached at distance
// spent) to cell to for a unit of the given speed; blocked(i) makes cell i
// impassable. The path and its distances are left in p.cells, p.dists.
func (p *pathFinder) find(from, to, spent, speed int, blocked func(int) bool) bool {
	p.gen++
	if p.gen == 0 {
		clear(p.stamp)
		p.gen = 1
	}
	gen := p.gen
	p.heap = p.heap[:0]
	goal := p.top.Coordinates(to)
	h := func(i int) int { return p.top.DistanceTo(p.top.Coordinates(i), goal) * p.cheapest }
	p.stamp[from], p.dist[from], p.back[from] = gen, int32(spent), -1
	p.push(heapItem{int32(spent + h(from)), int32(from)})
	for len(p.heap) > 0 {
		it := p.pop()
		c := int(it.cell)
		d := int(p.dist[c])
		if int(it.prio) != d+h(c) {
			continue // stale: reached again more cheaply (the heuristic is
			// consistent, so a cell settled is never reached more cheaply)
		}
		if c == to {
			p.trace(to)
			return true
		}
		for k := range 6 {
			nb := int(p.next[c][k])
			if nb < 0 || blocked(nb) {
				continue
			}
			nd := nav.Step(d, int(p.cost[c][k]), speed)
			if p.stamp[nb] == gen && int(p.dist[nb]) <= nd {
				continue
			}
			p.stamp[nb], p.dist[nb], p.back[nb] = gen, int32(nd), int32(c)
			p.push(heapItem{int32(nd + h(nb)), int32(nb)})
		}
	}
	return false
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
