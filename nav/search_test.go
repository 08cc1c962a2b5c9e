package nav

import (
	"math/rand/v2"
	"slices"
	"testing"

	"hexsandbox/hexmap"
)

// randomMap paints a map with everything that changes costs: hills with
// slopes and cliffs, lakes, walls, roads, feature levels, and units,
// with sides 1 and 2 having explored most of it (each its own cells).
func randomMap(t testing.TB, seed uint64, w, h int, wrapping bool) *hexmap.Grid {
	t.Helper()
	g := newGrid(t, w, h, wrapping)
	rng := rand.New(rand.NewPCG(seed, 7))
	n := g.Topology().CellCount()
	g.Batch(hexmap.EditRules, func() {
		for i := range n {
			g.SetElevation(i, rng.IntN(4))
			if rng.IntN(9) == 0 {
				g.SetWaterLevel(i, 3)
			}
			g.SetWalled(i, rng.IntN(6) == 0)
			g.SetUrbanLevel(i, rng.IntN(4)*rng.IntN(2))
			g.SetFarmLevel(i, rng.IntN(4)*rng.IntN(2))
			g.SetPlantLevel(i, rng.IntN(4)*rng.IntN(2))
		}
	})
	for range n / 2 {
		g.AddRoad(rng.IntN(n), hexmap.Direction(rng.IntN(6)))
	}
	for range n / 15 {
		i := rng.IntN(n)
		g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(i), Side: 1, MovesLeft: hexmap.UnitSpeed})
	}
	for i := range n {
		for side := 1; side <= 2; side++ {
			if rng.IntN(5) > 0 {
				g.Explore(i, side)
			}
		}
	}
	return g
}

// unexploredFor reports whether q's side (if any) has not explored b.
func unexploredFor(g *hexmap.Grid, q Query, b int) bool {
	return q.Side > 0 && !g.Explored(b, q.Side)
}

// oracleCost is the rule written out again, independently of
// MoveCost: blocked is -1.
func oracleCost(g *hexmap.Grid, a, b int, d hexmap.Direction) int {
	A, B := g.Cell(a), g.Cell(b)
	diff := int(A.Elevation) - int(B.Elevation)
	if diff < 0 {
		diff = -diff
	}
	if B.IsUnderwater() || diff > 1 {
		return -1
	}
	if A.Roads&(1<<d) != 0 {
		return 1
	}
	if A.Walled != B.Walled {
		return -1
	}
	c := 5
	if diff == 1 {
		c = 10
	}
	return c + int(B.UrbanLevel) + int(B.FarmLevel) + int(B.PlantLevel)
}

// oracleTurnRule is the turn rule, literally.
func oracleTurnRule(current, cost, speed int) int {
	distance := current + cost
	if (current+cost-1)/speed > (current-1)/speed {
		distance = ((current+cost-1)/speed)*speed + cost
	}
	return distance
}

// oracle is an exhaustive search: Bellman-Ford relaxation of every step
// of every cell until nothing improves, so it finds the least distance
// over all walks whatever the order (no queue, no heuristic).
func oracle(g *hexmap.Grid, q Query) []int {
	const inf = 1 << 30
	dist := make([]int, g.Topology().CellCount())
	for i := range dist {
		dist[i] = inf
	}
	dist[q.From] = q.Spent
	top := g.Topology()
	for changed := true; changed; {
		changed = false
		for a := range dist {
			if dist[a] == inf {
				continue
			}
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				b, ok := top.Neighbor(a, d)
				if !ok || b == q.From || (q.Units && g.Occupied(b)) || unexploredFor(g, q, b) {
					continue
				}
				c := oracleCost(g, a, b, d)
				if c < 0 {
					continue
				}
				if nd := oracleTurnRule(dist[a], c, q.Speed); nd < dist[b] {
					dist[b], changed = nd, true
				}
			}
		}
	}
	for i := range dist {
		if dist[i] == inf {
			dist[i] = -1
		}
	}
	return dist
}

// checkPath verifies that p is a walk from q.From to q.To over allowed
// steps whose distances follow the turn rule from q.Spent.
func checkPath(t *testing.T, g *hexmap.Grid, q Query, p Path) {
	t.Helper()
	if p.Cells[0] != q.From || p.Cells[len(p.Cells)-1] != q.To || p.Distances[0] != q.Spent {
		t.Fatalf("path %v from %d to %d", p.Cells, q.From, q.To)
	}
	for k := 1; k < len(p.Cells); k++ {
		a, b := p.Cells[k-1], p.Cells[k]
		d, ok := g.Topology().DirectionTo(a, b)
		if !ok {
			t.Fatalf("path step %d: %d and %d are not neighbours", k, a, b)
		}
		c := oracleCost(g, a, b, d)
		if c < 0 || (q.Units && g.Occupied(b)) || unexploredFor(g, q, b) {
			t.Fatalf("path step %d from %d to %d is blocked", k, a, b)
		}
		if want := oracleTurnRule(p.Distances[k-1], c, q.Speed); p.Distances[k] != want {
			t.Fatalf("path step %d: distance %d, the rule gives %d", k, p.Distances[k], want)
		}
	}
}

// FindPath, Reachable and Distances agree with the exhaustive search on
// random maps, flat and wrapping, with and without units, for no side
// and for sides whose unexplored cells block the way, at several speeds
// (some below the dearest step) and start distances.
func TestSearchAgainstExhaustive(t *testing.T) {
	for m := range 8 {
		g := randomMap(t, uint64(m), 20, 15, m%2 == 1)
		compareWithExhaustive(t, g, uint64(m), []int{24, 24, 7, 3, 1})
	}
}

// The same on maps without roads, where the search's bound counts 5 or
// more per hex and the turn rule's wasted turn ends (see estimate): at
// speeds below, at and above the cheapest step, with feature levels on
// every cell on some maps so that the cheapest step is dearer than 5.
func TestSearchWithoutRoadsAgainstExhaustive(t *testing.T) {
	for m := range 8 {
		g := randomMap(t, uint64(m), 20, 15, m%2 == 1)
		g.Batch(hexmap.EditRules, func() {
			for i := range g.Topology().CellCount() {
				for d := hexmap.NE; d <= hexmap.NW; d++ {
					g.RemoveRoad(i, d)
				}
				if m >= 4 {
					g.SetPlantLevel(i, max(1, int(g.Cell(i).PlantLevel)))
				}
			}
		})
		f := NewFinder(g)
		if want := []int{5, 6}[m/4]; f.cheapestStep() != want {
			t.Fatalf("map %d: cheapest step %d, want %d", m, f.cheapestStep(), want)
		}
		f.Close()
		compareWithExhaustive(t, g, uint64(m), []int{24, 5, 6, 11, 3, 1000})
	}
}

// compareWithExhaustive runs 12 random queries at the given speeds on g
// and checks every answer against oracle.
func compareWithExhaustive(t *testing.T, g *hexmap.Grid, seed uint64, speeds []int) {
	t.Helper()
	f := NewFinder(g)
	defer f.Close()
	rng := rand.New(rand.NewPCG(seed, 99))
	var dists []int
	for range 12 {
		q := Query{
			From:  rng.IntN(g.Topology().CellCount()),
			To:    rng.IntN(g.Topology().CellCount()),
			Speed: speeds[rng.IntN(len(speeds))],
			Units: rng.IntN(2) == 0,
			Side:  rng.IntN(3), // 0: exploration ignored
		}
		q.Spent = rng.IntN(q.Speed + 1)
		want := oracle(g, q)
		p, ok := f.FindPath(q)
		if ok != (want[q.To] >= 0) {
			t.Fatalf("map %d %+v: found %v, exhaustive search says %d", seed, q, ok, want[q.To])
		}
		if ok {
			if p.Cost() != want[q.To] {
				t.Fatalf("map %d %+v: cost %d, exhaustive search %d", seed, q, p.Cost(), want[q.To])
			}
			checkPath(t, g, q, p)
		}
		dists = f.Distances(q, dists)
		if !slices.Equal(dists, want) {
			t.Fatalf("map %d %+v: distances differ from the exhaustive search", seed, q)
		}
		limit := ((q.Spent-1)/q.Speed + 1) * q.Speed
		var reach []int
		for i, d := range want {
			if d >= 0 && d <= limit && i != q.From {
				reach = append(reach, i)
			}
		}
		got := slices.Sorted(slices.Values(f.Reachable(q)))
		if !slices.Equal(got, reach) {
			t.Fatalf("map %d %+v: reachable %v, want %v", seed, q, got, reach)
		}
	}
}

// On open land the search heads for the goal: corner to corner of a
// featureless 80×60 map (109 steps) it settles a few cells per step of
// the path, not the thousands nearer than the goal that Catlike's
// heuristic, a fifth of the true cost there, would settle. A road
// anywhere makes the cheapest step 1 and the bound Catlike's again.
func TestSearchHeadsForTheGoalOnOpenLand(t *testing.T) {
	g := newGrid(t, 80, 60, false)
	f := NewFinder(g)
	defer f.Close()
	q := Query{From: 0, To: g.Topology().CellCount() - 1, Speed: 24}
	p, ok := f.FindPath(q)
	if !ok || p.Cost() != oracle(g, q)[q.To] {
		t.Fatalf("corner to corner: %v %d, want %d", ok, p.Cost(), oracle(g, q)[q.To])
	}
	if n := f.settledCount(); n > 3*len(p.Cells) {
		t.Fatalf("%d cells settled for a path of %d", n, len(p.Cells))
	}
	if err := g.AddRoad(40*80+40, hexmap.E); err != nil {
		t.Fatal(err)
	}
	if p, _ := f.FindPath(q); p.Cost() != oracle(g, q)[q.To] {
		t.Fatalf("with a road: %d, want %d", p.Cost(), oracle(g, q)[q.To])
	}
	if n := f.settledCount(); n < g.Topology().CellCount()/2 {
		t.Fatalf("with a road somewhere the bound is Catlike's, yet only %d cells settled", n)
	}
}

// settledCount counts the cells the last search settled.
func (f *Finder) settledCount() int {
	n := 0
	for i := range f.coords {
		if f.nodes[i].stamp == f.gen+1 {
			n++
		}
	}
	return n
}

// A path across the seam of a wrapping map: the first and last columns
// are neighbours, and a lake down the middle leaves the seam as the only
// way round.
func TestPathAcrossTheSeam(t *testing.T) {
	for _, wrapping := range []bool{false, true} {
		g := newGrid(t, 20, 15, wrapping)
		top := g.Topology()
		for z := range 15 {
			i, _ := top.IndexOffset(10, z)
			g.SetWaterLevel(i, 1)
		}
		from, _ := top.IndexOffset(2, 7)
		to, _ := top.IndexOffset(17, 7)
		f := NewFinder(g)
		p, ok := f.FindPath(Query{From: from, To: to, Speed: 24})
		if !wrapping {
			if ok {
				t.Fatalf("flat map: a path through the lake: %v", p.Cells)
			}
			continue
		}
		// Five flat steps west, 2 → 1 → 0 → 19 → 18 → 17: 5, 10, 15,
		// 20, then 25 would be turn 1, so 24 + 5.
		if !ok || len(p.Cells) != 6 || p.Cost() != 29 {
			t.Fatalf("wrapping map: %v, %v", p.Cells, ok)
		}
		seam := false
		for k := 1; k < len(p.Cells); k++ {
			ax, _ := top.Offset(p.Cells[k-1])
			bx, _ := top.Offset(p.Cells[k])
			seam = seam || (ax == 0 && bx == 19)
		}
		if !seam {
			t.Fatalf("the path %v does not cross the seam", p.Cells)
		}
	}
}

// The heuristic is the wrapped distance: on a wrapping map the search
// from one side of the seam to the other stays near the seam instead of
// sweeping the map (the flat heuristic would point the wrong way).
func TestSeamHeuristicIsWrapped(t *testing.T) {
	g := newGrid(t, 80, 60, true)
	f := NewFinder(g)
	from, _ := g.Topology().IndexOffset(1, 30)
	to, _ := g.Topology().IndexOffset(78, 30)
	if _, ok := f.FindPath(Query{From: from, To: to, Speed: 24}); !ok {
		t.Fatal("no path")
	}
	settled := f.settledCount()
	// The goal is 3 steps away: A* with the wrapped distance settles the
	// cells within about 3 steps, far fewer than a sweep of 4,800.
	if settled > 200 {
		t.Fatalf("%d cells settled for a 3-step path", settled)
	}
}

// Edits reach the cost table through the change feed: a path changes
// when a road is built, and again when the road goes.
func TestFinderFollowsEdits(t *testing.T) {
	g := newGrid(t, 20, 15, false)
	f := NewFinder(g)
	from, to := 0, 10
	q := Query{From: from, To: to, Speed: 24}
	p, _ := f.FindPath(q)
	if p.Cost() != 58 { // see TestTurnsAlongAPath
		t.Fatalf("flat: %d, want 58", p.Cost())
	}
	serial := f.Serial()
	for i := from; i < to; i++ {
		if err := g.AddRoad(i, hexmap.E); err != nil {
			t.Fatal(err)
		}
	}
	if f.Serial() == serial {
		t.Fatal("the serial did not change with the edits")
	}
	if p, _ := f.FindPath(q); p.Cost() != 10 {
		t.Fatalf("along the road: %d, want 10", p.Cost())
	}
	g.RemoveRoad(5, hexmap.E)
	if p, _ := f.FindPath(q); p.Cost() != oracle(g, q)[to] {
		t.Fatalf("after removing a road: %d, want %d", p.Cost(), oracle(g, q)[to])
	}
}

// A hand-worked path with turns: ten flat steps (cost 5) at speed 24.
// Distances 5, 10, 15, 20; the fifth step would end at 25 (turn 1), so
// it starts turn 1: 24 + 5 = 29; then 34, 39, 44; then 49 would be turn
// 2: 48 + 5 = 53; then 58, 63.
func TestTurnsAlongAPath(t *testing.T) {
	g := newGrid(t, 20, 15, false)
	f := NewFinder(g)
	p, ok := f.FindPath(Query{From: 0, To: 10, Speed: 24})
	if !ok {
		t.Fatal("no path")
	}
	want := []int{0, 5, 10, 15, 20, 29, 34, 39, 44, 53, 58}
	if !slices.Equal(p.Distances, want) {
		t.Fatalf("distances %v, want %v", p.Distances, want)
	}
	turns := []int{0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2}
	for k := range p.Cells {
		if p.Turn(k) != turns[k] {
			t.Fatalf("cell %d reached in turn %d, want %d", k, p.Turn(k), turns[k])
		}
	}
	if p.Turns() != 3 {
		t.Fatalf("%d turns, want 3 (this one and two more)", p.Turns())
	}
	// With 4 moves left (20 spent) the first step already ends the turn.
	p, _ = f.FindPath(Query{From: 0, To: 2, Speed: 24, Spent: 20})
	if !slices.Equal(p.Distances, []int{20, 29, 34}) {
		t.Fatalf("from 20 spent: %v", p.Distances)
	}
	if got := f.Reachable(Query{From: 0, Speed: 24, Spent: 20}); len(got) != 0 {
		t.Fatalf("4 moves left reach %v on flat land", got)
	}
}
