package game

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/nav"
)

// plainDistances is Dijkstra's search written plainly (select the least
// open cell by scanning): the least distance with Catlike's turn rule
// from cell from, reached at spent, to every cell, with blocked cells
// impassable.
func plainDistances(g *hexmap.Grid, from, spent, speed int, blocked []bool) []int {
	n := g.Topology().CellCount()
	dist := make([]int, n)
	done := make([]bool, n)
	for i := range dist {
		dist[i] = math.MaxInt
	}
	dist[from] = spent
	for {
		c := -1
		for i := range n {
			if !done[i] && dist[i] != math.MaxInt && (c < 0 || dist[i] < dist[c]) {
				c = i
			}
		}
		if c < 0 {
			return dist
		}
		done[c] = true
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			nb, _ := g.Topology().Neighbor(c, d)
			cost, ok := nav.MoveCost(g, c, d)
			if !ok || blocked[nb] {
				continue
			}
			if nd := nav.Step(dist[c], cost, speed); nd < dist[nb] {
				dist[nb] = nd
			}
		}
	}
}

// TestPathsAreLeast checks the path search against plainDistances on
// varied maps (with roads, so the cheapest step is 1, and without) with
// random cells holding an enemy unit, half of them seen (blocked) and
// half not (passable): the same least distance, or no way at all, and a
// way that steps between neighbours, avoids blocked cells and adds up by
// the turn rule.
func TestPathsAreLeast(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for trial := range 60 {
		g := hillyGrid(t, 20, 15, uint64(trial))
		if trial%2 == 0 {
			for i := range g.Topology().CellCount() {
				g.RemoveRoads(i)
			}
		}
		p := newPathFinder(g)
		occupant := make([]int32, g.Topology().CellCount())
		units := []unit{{Side: 2}}
		blocked := make([]bool, g.Topology().CellCount())
		seen := make([]uint16, g.Topology().CellCount())
		for k := range 60 {
			i := rnd.IntN(g.Topology().CellCount())
			occupant[i] = 1
			if k%2 == 0 {
				seen[i], blocked[i] = 1, true
			}
		}
		from := rnd.IntN(g.Topology().CellCount())
		occupant[from], blocked[from] = 0, false
		speed := []int{18, 24, 36}[rnd.IntN(3)]
		spent := rnd.IntN(speed + 1)
		want := plainDistances(g, from, spent, speed, blocked)
		for range 20 {
			to := rnd.IntN(g.Topology().CellCount())
			ok := p.find(from, to, spent, speed, occupant, units, 1, seen)
			if ok != (want[to] != math.MaxInt) || (ok && p.dists[len(p.dists)-1] != want[to]) {
				t.Fatalf("trial %d, %d to %d: found %v at %v, want %d", trial, from, to, ok, p.dists, want[to])
			}
			if !ok {
				continue
			}
			for k := 1; k < len(p.cells); k++ {
				d, adjacent := g.Topology().DirectionTo(p.cells[k-1], p.cells[k])
				cost, passable := nav.MoveCost(g, p.cells[k-1], d)
				if !adjacent || !passable || blocked[p.cells[k]] || p.dists[k] != nav.Step(p.dists[k-1], cost, speed) {
					t.Fatalf("trial %d: step %d of %v is no step", trial, k, p.cells)
				}
			}
		}
	}
}

// Distances agrees with plainDistances from the unit's cell and moves
// spent, the enemy units its side sees impassable (one's own and unseen
// ones passable), on varied maps; Reach is the cells among them within a
// turn that hold no unit the side knows of.
func TestDistancesAreLeast(t *testing.T) {
	for trial := range 20 {
		g := hillyGrid(t, 20, 15, uint64(100+trial))
		rnd := rand.New(rand.NewPCG(uint64(trial), 9))
		n := g.Topology().CellCount()
		land := func() hexmap.Coordinates {
			for {
				if i := rnd.IntN(n); !g.Cell(i).IsUnderwater() && !g.Occupied(i) {
					return g.Topology().Coordinates(i)
				}
			}
		}
		for k := range 12 {
			g.AddUnit(hexmap.Unit{Location: land(), Side: uint8(1 + k%2), Type: "scout"})
		}
		m, _, err := NewMatch(g, ScenarioOf(g))
		if err != nil {
			t.Fatal(err)
		}
		blocked := make([]bool, n)
		var own UnitInfo
		for _, u := range m.Units() {
			if u.Side == 2 && m.Sees(1, u.Cell) {
				blocked[u.Cell] = true
			} else if u.Side == 1 && own.ID == 0 {
				own = u
			}
		}
		speed := m.Rules().Types[own.Type].Moves
		want := plainDistances(g, own.Cell, speed-own.Moves, speed, blocked)
		got := m.Distances(own.ID, nil)
		var reach []int
		for i := range n {
			w := want[i]
			if w == math.MaxInt {
				w = -1
			}
			if got[i] != w {
				t.Fatalf("trial %d: cell %d at %d, want %d", trial, i, got[i], w)
			}
			id, held := m.UnitAt(i)
			u, _ := m.Unit(id)
			known := held && (u.Side == 1 || m.Sees(1, i))
			if w >= 0 && w <= speed && !known {
				reach = append(reach, i)
			}
		}
		have := m.Reach(own.ID, nil)
		slices.Sort(have)
		if !slices.Equal(have, reach) {
			t.Fatalf("trial %d: Reach %v, want %v", trial, have, reach)
		}
	}
}
