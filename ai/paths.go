package ai

import (
	"container/heap"

	"hexsandbox/hexmap"
	"hexsandbox/nav"
)

// unreached is a field's value at a cell no source reaches.
const unreached = int32(1 << 30)

// terrain is the map's step costs by Catlike's rules (nav.MoveCost),
// tabled once (the map never changes during a match), and the buffers of
// the searches the bot runs on it. Searches break ties by cell index, so
// their results depend on nothing but their inputs.
type terrain struct {
	g     *hexmap.Grid
	top   hexmap.Topology
	next  [][6]int32 // per cell: the neighbour each way, -1 when no step
	cost  [][6]uint8 // per cell: the step's cost each way
	stamp []uint32
	dist  []int32
	gen   uint32
	heap  items
	found []int32 // the cells the last reach search settled, in order
	// cheapest is the least cost of a step on the map (at least 1).
	cheapest int
}

type item struct{ prio, cell int32 }

func newTerrain(g *hexmap.Grid) *terrain {
	n := g.Topology().CellCount()
	t := &terrain{g: g, top: g.Topology(), next: make([][6]int32, n), cost: make([][6]uint8, n),
		stamp: make([]uint32, n), dist: make([]int32, n)}
	for i := range n {
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			t.next[i][d] = -1
			if c, ok := nav.MoveCost(g, i, d); ok {
				nb, _ := g.Topology().Neighbor(i, d)
				t.next[i][d], t.cost[i][d] = int32(nb), uint8(c)
				if t.cheapest == 0 || c < t.cheapest {
					t.cheapest = max(c, 1)
				}
			}
		}
	}
	t.cheapest = max(t.cheapest, 1)
	return t
}

// items is a binary heap of search items, least priority (then cell)
// first, for container/heap.
type items []item

func (h items) Len() int           { return len(h) }
func (h items) Less(a, b int) bool { return h[a].less(h[b]) }
func (h items) Swap(a, b int)      { h[a], h[b] = h[b], h[a] }
func (h *items) Push(x any)        { *h = append(*h, x.(item)) }
func (h *items) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

func (a item) less(b item) bool { return a.prio < b.prio || (a.prio == b.prio && a.cell < b.cell) }

func (t *terrain) push(it item) { heap.Push(&t.heap, it) }

func (t *terrain) pop() item { return heap.Pop(&t.heap).(item) }

func (t *terrain) begin() uint32 {
	t.gen++
	if t.gen == 0 {
		clear(t.stamp)
		t.gen = 1
	}
	t.heap = t.heap[:0]
	return t.gen
}

// reach finds the cells a unit of the given speed on cell from, with
// spent of its speed used, reaches this turn by the engine's turn rule
// (nav.Step), never entering a cell for which blocked is true. It leaves
// them in t.found (from first) with their distances in t.dist, valid
// until the next search.
func (t *terrain) reach(from, spent, speed int, blocked func(int) bool) []int32 {
	gen := t.begin()
	t.found = t.found[:0]
	t.stamp[from], t.dist[from] = gen, int32(spent)
	t.push(item{int32(spent), int32(from)})
	for len(t.heap) > 0 {
		it := t.pop()
		c := int(it.cell)
		if it.prio != t.dist[c] {
			continue
		}
		t.found = append(t.found, it.cell)
		for k := range 6 {
			nb := int(t.next[c][k])
			if nb < 0 || blocked(nb) {
				continue
			}
			nd := int32(nav.Step(int(it.prio), int(t.cost[c][k]), speed))
			if nd > int32(speed) || (t.stamp[nb] == gen && t.dist[nb] <= nd) {
				continue
			}
			t.stamp[nb], t.dist[nb] = gen, nd
			t.push(item{nd, int32(nb)})
		}
	}
	return t.found
}

// reached is the distance of cell c in the last reach search, or
// unreached.
func (t *terrain) reached(c int) int32 {
	if t.stamp[c] != t.gen {
		return unreached
	}
	return t.dist[c]
}

// field is the least sum of step costs from any of sources to each cell
// (unreached where none leads), ignoring units: the bot's sense of how
// far things are.
func (t *terrain) field(sources []int32, out []int32) []int32 {
	n := len(t.next)
	if cap(out) < n {
		out = make([]int32, n)
	}
	out = out[:n]
	for i := range out {
		out[i] = unreached
	}
	t.heap = t.heap[:0]
	for _, s := range sources {
		if out[s] != 0 {
			out[s] = 0
			t.push(item{0, s})
		}
	}
	for len(t.heap) > 0 {
		it := t.pop()
		c := int(it.cell)
		if it.prio != out[c] {
			continue
		}
		for k := range 6 {
			nb := t.next[c][k]
			if nb < 0 {
				continue
			}
			if nd := it.prio + int32(t.cost[c][k]); nd < out[nb] {
				out[nb] = nd
				t.push(item{nd, nb})
			}
		}
	}
	return out
}
