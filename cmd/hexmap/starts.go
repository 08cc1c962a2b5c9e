package main

import (
	"fmt"
	"slices"

	"hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/nav"
)

// simpleStarts is a starting scenario of n sides on map g (each on its
// own team) until the map generator places fair starts itself: on the
// largest stretch of land units can walk, each side a town with a
// spearman and a scout beside it, the towns spread out far apart, and a
// few neutral towns spread between them.
func simpleStarts(g *hexmap.Grid, n int) (game.Scenario, error) {
	land := largestLand(g)
	if len(land) < 20*n {
		return game.Scenario{}, fmt.Errorf("the map's largest land holds %d cells, too few for %d sides", len(land), n)
	}
	in := make([]bool, g.Topology().CellCount())
	for _, c := range land {
		in[c] = true
	}
	chosen := []int{farthest(g, in, []int{land[0]})}
	for len(chosen) < n {
		chosen = append(chosen, farthest(g, in, chosen))
	}
	sc := game.Scenario{}
	for s := 1; s <= n; s++ {
		sc.Sides = append(sc.Sides, game.SideSpec{Side: s, Team: s})
	}
	used := make([]bool, g.Topology().CellCount())
	for k, c := range chosen {
		sc.Towns = append(sc.Towns, game.TownSpec{Name: fmt.Sprintf("Capital %d", k+1), Cell: offsetOf(g, c), Owner: k + 1})
		used[c] = true
		for _, typ := range []string{"spearman", "scout"} {
			if nb, ok := freeNeighbour(g, in, used, c); ok {
				used[nb] = true
				sc.Units = append(sc.Units, game.UnitSpec{Type: typ, Side: k + 1, Cell: offsetOf(g, nb), HP: game.MaxHP})
			}
		}
	}
	dist := make([][]int32, n)
	for k, c := range chosen[:n] {
		dist[k] = steps(g, in, c)
	}
	perSide := min(4, max(1, len(land)/(250*n)))
	for j := range perSide {
		for k := range n {
			c, ok := neutralSite(g, land, dist, k, 5+4*j, chosen)
			if !ok {
				return game.Scenario{}, fmt.Errorf("no room for side %d's neutral towns", k+1)
			}
			chosen = append(chosen, c)
			sc.Towns = append(sc.Towns, game.TownSpec{Name: fmt.Sprintf("Town %d", len(sc.Towns)+1-n), Cell: offsetOf(g, c)})
		}
	}
	return sc, nil
}

// neutralSite is a cell for a neutral town on side k's part of the
// land (at least two steps nearer its start than any other's), as near
// want steps from its start as there is, and of those the one farthest
// (up to 8 cells) from the towns already placed; ties: the lowest index.
func neutralSite(g *hexmap.Grid, land []int, dist [][]int32, k, want int, placed []int) (int, bool) {
	best, bestKey := -1, 0
	for _, c := range land {
		d := int(dist[k][c])
		if d < 4 || slices.Contains(placed, c) {
			continue
		}
		mine := true
		for o := range dist {
			if o != k && dist[o][c] >= 0 && int(dist[o][c]) < d+2 {
				mine = false
			}
		}
		if !mine {
			continue
		}
		near := 8
		for _, p := range placed {
			near = min(near, g.Topology().Distance(c, p))
		}
		if near < 3 {
			continue
		}
		key := abs(d-want)*16 - near
		if best < 0 || key < bestKey {
			best, bestKey = c, key
		}
	}
	return best, best >= 0
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// largestLand is the largest set of land cells joined by steps a unit
// can take (ties: the one holding the lowest cell), in index order.
func largestLand(g *hexmap.Grid) []int {
	n := g.Topology().CellCount()
	comp := make([]int32, n)
	best, bestSize, label := int32(0), 0, int32(0)
	var queue []int
	for start := range n {
		if comp[start] != 0 || !walkable(g, start) {
			continue
		}
		label++
		comp[start] = label
		queue = append(queue[:0], start)
		for h := 0; h < len(queue); h++ {
			eachStep(g, queue[h], func(nb int) {
				if comp[nb] == 0 && walkable(g, nb) {
					comp[nb] = label
					queue = append(queue, nb)
				}
			})
		}
		if len(queue) > bestSize {
			best, bestSize = label, len(queue)
		}
	}
	var out []int
	for c := range n {
		if best != 0 && comp[c] == best {
			out = append(out, c)
		}
	}
	return out
}

// walkable reports whether cell c is land a side can explore, and all
// its neighbours too (the map's border is never explored or seen: a town
// there could never be found, nor a unit it builds there).
func walkable(g *hexmap.Grid, c int) bool {
	top := g.Topology()
	if g.Cell(c).IsUnderwater() || !top.Explorable(c) {
		return false
	}
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if nb, ok := top.Neighbor(c, d); !ok || !top.Explorable(nb) {
			return false
		}
	}
	return true
}

// eachStep calls f with each neighbour of cell c a unit can step to
// both ways.
func eachStep(g *hexmap.Grid, c int, f func(nb int)) {
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		nb, ok := g.Topology().Neighbor(c, d)
		if !ok {
			continue
		}
		_, there := nav.MoveCost(g, c, d)
		_, back := nav.MoveCost(g, nb, d.Opposite())
		if there && back {
			f(nb)
		}
	}
}

// farthest is the cell of the set in that is the most steps from the
// nearest of from (ties: the lowest index).
func farthest(g *hexmap.Grid, in []bool, from []int) int {
	dist := steps(g, in, from...)
	best := from[0]
	for c, d := range dist {
		if d > dist[best] {
			best = c
		}
	}
	return best
}

// steps is each cell's number of steps within the set in from the
// nearest of from (-1: none leads there).
func steps(g *hexmap.Grid, in []bool, from ...int) []int32 {
	dist := make([]int32, g.Topology().CellCount())
	for c := range dist {
		dist[c] = -1
	}
	queue := append([]int(nil), from...)
	for _, c := range from {
		dist[c] = 0
	}
	for h := 0; h < len(queue); h++ {
		eachStep(g, queue[h], func(nb int) {
			if in[nb] && dist[nb] < 0 {
				dist[nb] = dist[queue[h]] + 1
				queue = append(queue, nb)
			}
		})
	}
	return dist
}

// freeNeighbour is the first neighbour of c (NE first) in the set that
// is not used.
func freeNeighbour(g *hexmap.Grid, in, used []bool, c int) (int, bool) {
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if nb, ok := g.Topology().Neighbor(c, d); ok && in[nb] && !used[nb] {
			return nb, true
		}
	}
	return 0, false
}

func offsetOf(g *hexmap.Grid, c int) game.Cell {
	x, z := g.Topology().Offset(c)
	return game.Cell{x, z}
}
