package mapgen

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/nav"
)

// landCounter counts the land cells within a radius of a cell by a
// breadth-first search over all cells, reusing its buffers.
type landCounter struct {
	g     *hexmap.Grid
	seen  []uint32 // the search that last reached each cell
	dist  []int
	stamp uint32
	queue []int
}

func newLandCounter(g *hexmap.Grid) *landCounter {
	return &landCounter{g: g, seen: make([]uint32, g.Topology().CellCount()), dist: make([]int, g.Topology().CellCount())}
}

func (lc *landCounter) around(start, radius int) int {
	lc.stamp++
	lc.seen[start], lc.dist[start] = lc.stamp, 0
	lc.queue = append(lc.queue[:0], start)
	land := 0
	for k := 0; k < len(lc.queue); k++ {
		i := lc.queue[k]
		if !lc.g.Cell(i).IsUnderwater() {
			land++
		}
		if lc.dist[i] == radius {
			continue
		}
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			if n, ok := lc.g.Topology().Neighbor(i, d); ok && lc.seen[n] != lc.stamp {
				lc.seen[n], lc.dist[n] = lc.stamp, lc.dist[i]+1
				lc.queue = append(lc.queue, n)
			}
		}
	}
	return land
}

// startSites lists, written plainly, the cells of those in that a start
// may stand on (land, not in the edge rows or flat edge columns, two
// land neighbours, MinStartLand land within StartRadius), with the land
// within StartRadius of each.
func startSites(g *hexmap.Grid, in func(i int) bool) (sites, land []int) {
	top := g.Topology()
	lc := newLandCounter(g)
	for i := range g.Topology().CellCount() {
		x, z := top.Offset(i)
		if !in(i) || g.Cell(i).IsUnderwater() || z == 0 || z == top.Height-1 || (!top.Wrapping && (x == 0 || x == top.Width-1)) {
			continue
		}
		dry := 0
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			if n, ok := g.Topology().Neighbor(i, d); ok && !g.Cell(n).IsUnderwater() && top.Explorable(n) {
				dry++
			}
		}
		if n := lc.around(i, StartRadius); dry >= 2 && n >= MinStartLand {
			sites, land = append(sites, i), append(land, n)
		}
	}
	return sites, land
}

// fairExists reports, by trying every set of sides start sites in turn
// (pruned as soon as a pair is too close or the land too uneven), whether
// some set lies pairwise at least need steps apart with land amounts
// within a fifth of the largest.
func fairExists(g *hexmap.Grid, sides, need int) bool {
	sites, land := startSites(g, func(int) bool { return true })
	top := g.Topology()
	var chosen []int
	var try func(from, lo, hi int) bool
	try = func(from, lo, hi int) bool {
		if len(chosen) == sides {
			return true
		}
		for k := from; k < len(sites); k++ {
			l, h := min(lo, land[k]), max(hi, land[k])
			if 5*(h-l) > h || slices.ContainsFunc(chosen, func(c int) bool { return top.Distance(sites[c], sites[k]) < need }) {
				continue
			}
			chosen = append(chosen, k)
			if try(k+1, l, h) {
				return true
			}
			chosen = chosen[:len(chosen)-1]
		}
		return false
	}
	return try(0, 1<<30, 0)
}

// plainSpread is a farthest-point search written plainly: from the first
// of startSites, each time the site farthest from those chosen; it
// returns the smallest distance between two chosen cells. The spread
// bound, the best of such searches, is at least this.
func plainSpread(g *hexmap.Grid, sides int, in func(i int) bool) int {
	top := g.Topology()
	sites, _ := startSites(g, in)
	chosen := []int{sites[0]}
	spread := 1 << 30
	for len(chosen) < sides {
		best, bestD := -1, -1
		for _, s := range sites {
			d := 1 << 30
			for _, c := range chosen {
				d = min(d, top.Distance(s, c))
			}
			if d > bestD {
				best, bestD = s, d
			}
		}
		chosen = append(chosen, best)
		spread = min(spread, bestD)
	}
	return spread
}

// walkableNeighbour reports whether cell c has an explorable land
// neighbour on its own land mass.
func walkableNeighbour(g *hexmap.Grid, c int, mass []int) bool {
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if n, ok := g.Topology().Neighbor(c, d); ok && !g.Cell(n).IsUnderwater() && g.Topology().Explorable(n) && mass[n] == mass[c] {
			return true
		}
	}
	return false
}

// landMasses numbers each land cell's land mass (from 1; 0 for water)
// by flood fills across neighbours whose elevations differ by at most
// one (a cliff is a greater difference; generated maps have no walls or
// roads that would change that).
func landMasses(g *hexmap.Grid) []int {
	mass := make([]int, g.Topology().CellCount())
	id := 0
	for start := range mass {
		if mass[start] != 0 || g.Cell(start).IsUnderwater() {
			continue
		}
		id++
		mass[start] = id
		for stack := []int{start}; len(stack) > 0; {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				n, ok := g.Topology().Neighbor(i, d)
				if ok && mass[n] == 0 && !g.Cell(n).IsUnderwater() && abs(int(g.Cell(n).Elevation)-int(g.Cell(i).Elevation)) <= 1 {
					mass[n] = id
					stack = append(stack, n)
				}
			}
		}
	}
	return mass
}

// checkStarts checks every promise of PlaceStarts on g, one by one, and
// reports whether all the starts stand on one land mass.
func checkStarts(t *testing.T, name string, g *hexmap.Grid, sides int, seed int64) (oneMass bool) {
	t.Helper()
	top := g.Topology()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s, %d sides: %s", name, sides, fmt.Sprintf(format, args...))
	}
	setup := g.Setup()
	if setup.Seed != uint64(seed) || len(setup.Sides) != sides || setup.Victory.Rounds != 0 {
		fail("setup %+v", setup)
	}
	for k, s := range setup.Sides {
		if int(s.Side) != k+1 || s.Team != s.Side {
			fail("setup side %d: %+v", k, s)
		}
	}
	starts := make([]int, sides+1) // per side, its town's cell
	var neutral []int
	names := map[string]bool{}
	for _, town := range g.Towns() {
		i, _ := g.Topology().Index(town.Location)
		if g.Cell(i).IsUnderwater() || names[town.Name] {
			fail("town %+v underwater or named twice", town)
		}
		names[town.Name] = true
		switch {
		case town.Owner == 0:
			neutral = append(neutral, i)
		case int(town.Owner) > sides || starts[town.Owner] != 0:
			fail("a second town of side %d, or a side beyond the sides", town.Owner)
		default:
			starts[town.Owner] = i + 1
		}
	}
	for s := 1; s <= sides; s++ {
		if starts[s] == 0 {
			fail("side %d has no town", s)
			return false
		}
		starts[s]--
	}
	starts = starts[1:]
	mass := landMasses(g)
	var types [hexmap.MaxSides + 1][]string
	for _, u := range g.Units() {
		i, _ := g.Topology().Index(u.Location)
		if g.Cell(i).IsUnderwater() || int(u.Side) > sides {
			fail("unit %+v underwater or of no side", u)
			continue
		}
		home := starts[u.Side-1]
		if d := top.Distance(i, home); (u.Type == "spearman" && d != 0) || (u.Type == "scout" && d != 1) {
			fail("side %d's %s stands %d steps from its town", u.Side, u.Type, d)
		}
		if !top.Explorable(i) {
			fail("side %d's %s stands on the border, where no side can see it", u.Side, u.Type)
		}
		if mass[i] != mass[home] && walkableNeighbour(g, home, mass) {
			fail("side %d's %s cannot walk to its town, though a neighbour could", u.Side, u.Type)
		}
		types[u.Side] = append(types[u.Side], u.Type)
	}
	for s := 1; s <= sides; s++ {
		if slices.Sort(types[s]); !slices.Equal(types[s], []string{"scout", "spearman"}) {
			fail("side %d's units: %v", s, types[s])
		}
	}

	// The bound counts the sites of the starts' land mass when they share
	// one, else all.
	oneMass = true
	for _, c := range starts {
		oneMass = oneMass && mass[c] == mass[starts[0]]
	}
	in := func(i int) bool { return !oneMass || mass[i] == mass[starts[0]] }
	bound := SpreadBound(g, sides, seed)
	if plain := plainSpread(g, sides, in); bound < plain {
		fail("spread bound %d is below a plain farthest-point search's %d", bound, plain)
	}
	for a := range starts {
		for b := a + 1; b < len(starts); b++ {
			if d := top.Distance(starts[a], starts[b]); 5*d < 3*bound || d < MinStartSpread {
				fail("sides %d and %d start %d steps apart, under 60%% of %d or %d", a+1, b+1, d, bound, MinStartSpread)
			}
		}
	}

	lo, hi := 1<<30, 0
	lc := newLandCounter(g)
	for _, c := range starts {
		n := lc.around(c, StartRadius)
		lo, hi = min(lo, n), max(hi, n)
	}
	if 5*(hi-lo) > hi {
		fail("land within %d steps of the starts ranges %d..%d, over 20%% apart", StartRadius, lo, hi)
	}

	land := 0
	for _, c := range g.Cells() {
		if !c.IsUnderwater() {
			land++
		}
	}
	if want := land / TownLand; len(neutral) < want/2 || len(neutral) > want+sides {
		fail("%d neutral towns on %d land cells, want about %d", len(neutral), land, want)
	}
	for _, n := range neutral {
		for s, c := range starts {
			if d := top.Distance(n, c); d <= NeutralClearance {
				fail("a neutral town %d steps from side %d's start", d, s+1)
			}
		}
	}
	checkRegions(fail, g, starts, neutral)
	return oneMass
}

// checkRegions checks that each side's region (the land it walks to more
// cheaply than every other side) holds as many neutral towns as every
// other's, and that the k-th nearest of each lie within
// (2 bandTolerance + 1) townBand walking cost of each other.
func checkRegions(fail func(string, ...any), g *hexmap.Grid, starts, neutral []int) {
	var cost [][]int
	for _, c := range starts {
		cost = append(cost, relaxedCost(g, c))
	}
	near := make([][]int, len(starts)) // per side: the walking costs of its region's towns
	for _, n := range neutral {
		side, tie := -1, false
		for s := range starts {
			switch {
			case cost[s][n] < 0:
			case side < 0 || cost[s][n] < cost[side][n]:
				side, tie = s, false
			case cost[s][n] == cost[side][n]:
				tie = true
			}
		}
		if side >= 0 && !tie {
			near[side] = append(near[side], cost[side][n])
		}
	}
	for s := range near {
		slices.Sort(near[s])
		if len(near[s]) != len(near[0]) {
			fail("side %d's region holds %d neutral towns, side 1's %d", s+1, len(near[s]), len(near[0]))
			return
		}
		for k := range near[s] {
			if d := near[s][k] - near[0][k]; d >= (2*bandTolerance+1)*townBand || -d >= (2*bandTolerance+1)*townBand {
				fail("the neutral towns nearest the starts: side %d's at %v, side 1's at %v", s+1, near[s], near[0])
				return
			}
		}
	}
}

// relaxedCost is the least walking cost (nav.MoveCost summed) from cell
// from to every cell, -1 where no walk leads, by relaxing the neighbours
// of each cell whose cost fell, first in first out, until none falls.
func relaxedCost(g *hexmap.Grid, from int) []int {
	top := g.Topology()
	cost := make([]int, top.CellCount())
	queued := make([]bool, len(cost))
	for i := range cost {
		cost[i] = -1
	}
	cost[from], queued[from] = 0, true
	queue := []int{from}
	for len(queue) > 0 {
		i := queue[0]
		queue, queued[i] = queue[1:], false
		top.Neighbors(i, func(d hexmap.Direction, n int) {
			if step, ok := nav.MoveCost(g, i, d); ok && (cost[n] < 0 || cost[i]+step < cost[n]) {
				cost[n] = cost[i] + step
				if !queued[n] {
					queue, queued[n] = append(queue, n), true
				}
			}
		})
	}
	return cost
}

// TestPlaceStarts: on every world type at 40×30 and 80×60 (-seeds
// seeds each, flat and wrapping, 2 to 4 sides) and at 320×320 (-seeds320
// seeds each, 4 sides), the starts keep every promise checkStarts checks. A map may
// refuse only when its start sites lie too close together for any
// placement or no set of them is fair (small archipelagos), and at most
// one map in ten. On a
// pangaea and an inland sea the starts share one land mass.
func TestPlaceStarts(t *testing.T) {
	refused, placed := 0, 0
	together, tried := map[WorldType]int{}, map[WorldType]int{}
	defer func() {
		t.Logf("starts on one land mass: %v of %v", together, tried)
		if 10*refused > placed+refused { // small archipelagos may refuse 3 or 4 sides
			t.Errorf("%d of %d maps refused fair starts", refused, placed+refused)
		}
	}()
	for _, size := range []struct{ w, h, seeds int }{{40, 30, *startSeeds}, {80, 60, *startSeeds}, {320, 320, *seeds320}} {
		for _, wrap := range []bool{false, true} {
			top := hexmap.Topology{Width: size.w, Height: size.h, Wrapping: wrap}
			for _, w := range WorldTypes() {
				for seed := int64(1); seed <= int64(size.seeds); seed++ {
					sides := 2 + int(seed+int64(w))%3
					if size.w == 320 {
						sides = 4
					}
					g := world(t, w, top, seed)
					name := fmt.Sprintf("%s %+v seed %d", w, top, seed)
					if err := PlaceStarts(g, sides, seed); err != nil {
						// Only a map whose start sites all lie close together,
						// or that has no fair placement at all, may refuse.
						b := SpreadBound(g, sides, seed)
						if !errors.Is(err, ErrNoFairStarts) || b >= MinStartSpread && fairExists(g, sides, max(MinStartSpread, (3*b+4)/5)) {
							t.Errorf("%s: %v (spread bound %d), though a fair placement exists", name, err, b)
						}
						refused++
						continue
					}
					placed++
					if checkStarts(t, name, g, sides, seed) {
						together[w]++
					} else if w == Pangaea || w == InlandSea {
						t.Errorf("%s: the starts are not on one land mass", name)
					}
					tried[w]++
				}
			}
		}
	}
}

// TestPlaceStartsIsDeterministic: the same map, sides and seed place
// the same towns and units; another seed other ones.
func TestPlaceStartsIsDeterministic(t *testing.T) {
	place := func(seed int64) *hexmap.Grid {
		g, _ := generate(t, flat80, 3, nil)
		if err := PlaceStarts(g, 3, seed); err != nil {
			t.Fatal(err)
		}
		return g
	}
	a, b, c := place(5), place(5), place(6)
	if !slices.Equal(a.Towns(), b.Towns()) || !slices.Equal(a.Units(), b.Units()) {
		t.Error("the same seed placed two scenarios")
	}
	if slices.Equal(a.Towns(), c.Towns()) {
		t.Error("seeds 5 and 6 placed the same towns")
	}
}

// TestPlaceStartsRefuses: too few or too many sides, and a map with too
// little land, are errors wrapping ErrNoFairStarts that leave the map
// as it was.
func TestPlaceStartsRefuses(t *testing.T) {
	g, _ := generate(t, flat80, 3, nil)
	for _, sides := range []int{-1, 0, 1, 5} {
		if err := PlaceStarts(g, sides, 1); !errors.Is(err, ErrNoFairStarts) {
			t.Errorf("%d sides: %v", sides, err)
		}
	}
	islet, _ := generate(t, hexmap.Topology{Width: 40, Height: 30}, 3, func(s *Settings) { s.LandPercentage = 5 })
	town := hexmap.Town{Name: "Keep", Owner: 1}
	for i, c := range islet.Cells() {
		if !c.IsUnderwater() {
			town.Location = islet.Topology().Coordinates(i)
			break
		}
	}
	if err := islet.PlaceTown(town); err != nil {
		t.Fatal(err)
	}
	before := islet.Clone()
	if err := PlaceStarts(islet, 4, 1); !errors.Is(err, ErrNoFairStarts) {
		t.Errorf("4 sides on 5%% land: %v", err)
	}
	if !islet.Equal(before) || !slices.Equal(islet.Towns(), before.Towns()) {
		t.Error("a refused placement changed the map")
	}
}
