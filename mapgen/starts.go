package mapgen

import (
	"cmp"
	"container/heap"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/nav"
)

// Fair starts: where the sides of a generated map begin (issue 28).
//
// Each side gets a town, a spearman on it and a scout beside it, on a
// start site: an explorable land cell with at least two explorable land
// neighbours and at least MinStartLand land cells within StartRadius
// steps. The
// starts are placed so that
//   - every pair of starts lies at least 3/5 of the spread bound apart,
//     where the spread bound is the best, over up to spreadTries first
//     sites, of a greedy farthest-point search among all start sites (the
//     first site, then each time the site farthest from those chosen,
//     scoring the smallest distance between two chosen sites): a
//     placement any simple search can reach on that map;
//   - every pair of starts lies at least MinStartSpread steps apart;
//   - the land within StartRadius steps of each start differs between
//     sides by at most a fifth of the largest: 5 × (max − min) ≤ max.
//
// The starts keep to one land mass, so that every side can walk to every
// other, when one of the massTries largest masses can host them fairly
// (the spread bound then counts that mass's sites only); else they
// spread over all the land, and sides may start on different masses. A
// land mass is the land a unit can walk across (nav.MoveCost: no cliff,
// no water between), so cliffs split land as water does.
//
// Neutral towns follow on the best town sites (the most land within two
// steps, rivers preferred), about one per TownLand land cells, none
// within NeutralClearance steps of a start and no two within
// townSpacing. A side's region is the land it walks to (the least sum
// of nav.MoveCost) more cheaply than every other side; each region
// holds as many neutral towns as every other, about one per TownLand of
// the regions' land (a round more when a round fewer would fall short),
// and the k-th nearest of one side's lies within
// (2 bandTolerance + 1) townBand walking cost of every other side's k-th
// nearest; the others stand where no side walks more cheaply than the
// rest. Distances are the topology's, wrapped on wrapping maps.

// The fair starts' numbers.
const (
	StartRadius      = 8   // the land around a start is counted within this many steps
	MinStartLand     = 40  // land cells within StartRadius a start site needs
	TownLand         = 150 // land cells per neutral town
	NeutralClearance = 4   // a neutral town lies more than this many steps from every start
	MinStartSpread   = 8   // starts lie at least this many steps apart, however small the map
	townSpacing      = 4   // neutral towns lie more than this many steps from each other
	spreadTries      = 32  // first sites of the spread bound's greedy searches
	placeTries       = 32  // bands of land amounts a fair placement is looked for in
	bandTries        = 2   // greedy searches per band
	massTries        = 3   // land masses, largest first, tried for starts on one mass
)

// ErrNoFairStarts is the reason PlaceStarts fails on a map that cannot
// host the sides asked for, for errors.Is.
var ErrNoFairStarts = errors.New("cannot place fair starts")

// startDefender and startScout are the unit types of a start, on the
// town and beside it.
const (
	startDefender = "spearman"
	startScout    = "scout"
)

// PlaceStarts places fair starts for sides 1..sides (2..hexmap.MaxSides,
// each on its own team) and neutral towns on g, replacing its towns,
// units and setup; the setup's seed is seed. The same map, sides and
// seed give the same placement. A map that cannot host them is an error
// wrapping ErrNoFairStarts, and leaves g as it was.
func PlaceStarts(g *hexmap.Grid, sides int, seed int64) error {
	if sides < 2 || sides > hexmap.MaxSides {
		return fmt.Errorf("%w: %d sides, not 2..%d", ErrNoFairStarts, sides, hexmap.MaxSides)
	}
	p := newPlacer(g, seed)
	starts, _, err := p.place(sides)
	if err != nil {
		return err
	}
	towns, units := p.scenario(starts)
	setup := scenario.Setup{Seed: uint64(seed)}
	for s := 1; s <= sides; s++ {
		setup.Sides = append(setup.Sides, scenario.Side{Side: uint8(s), Team: uint8(s)})
	}
	oldTowns, oldUnits := slices.Clone(g.Towns()), slices.Clone(g.Units())
	if err := g.SetTowns(towns); err != nil {
		return err // a bug: every town stands on a dry cell of its own
	}
	if err := g.SetUnits(units); err != nil {
		g.SetTowns(oldTowns)
		return err
	}
	if err := g.SetSetup(setup); err != nil {
		g.SetTowns(oldTowns)
		g.SetUnits(oldUnits)
		return err
	}
	return g.SetSideInTurn(1)
}

// placer holds what PlaceStarts knows of a map: its land, the land
// around each cell, and the random numbers of the placement.
type placer struct {
	g        *hexmap.Grid
	top      hexmap.Topology
	rng      *rand.Rand
	land     []bool
	landN    int
	around   []int   // land cells within StartRadius steps, per cell
	sites    []int   // the start sites, by index
	siteLand []int   // around of each site, for the fairness band
	mass     []int32 // per cell: its land mass, 1.., or 0 under water
	masses   []int   // the land masses' sizes in cells, mass 1 first
}

func newPlacer(g *hexmap.Grid, seed int64) *placer {
	top := g.Topology()
	p := &placer{g: g, top: top, land: make([]bool, top.CellCount()),
		rng: rand.New(rand.NewPCG(uint64(seed), 0x53746172747321))}
	for i, c := range g.Cells() {
		if !c.IsUnderwater() {
			p.land[i] = true
			p.landN++
		}
	}
	p.around = p.landWithin(StartRadius)
	p.findMasses()
	for i := range p.land {
		if p.isSite(i) {
			p.sites = append(p.sites, i)
			p.siteLand = append(p.siteLand, p.around[i])
		}
	}
	return p
}

// findMasses numbers the land masses, groups of land cells joined
// through steps a unit can take (nav.MoveCost).
func (p *placer) findMasses() {
	p.mass = make([]int32, len(p.land))
	var queue []int
	for start, l := range p.land {
		if !l || p.mass[start] != 0 {
			continue
		}
		id := int32(len(p.masses) + 1)
		p.mass[start] = id
		queue = append(queue[:0], start)
		for k := 0; k < len(queue); k++ {
			p.top.Neighbors(queue[k], func(d hexmap.Direction, n int) {
				if _, ok := nav.MoveCost(p.g, queue[k], d); ok && p.mass[n] == 0 {
					p.mass[n] = id
					queue = append(queue, n)
				}
			})
		}
		p.masses = append(p.masses, len(queue))
	}
}

// place picks the starts of sides sides and returns them with the spread
// bound of the sites it chose among: on one of the massTries largest land
// masses, the largest first, if one can host them, else over all the land.
func (p *placer) place(sides int) ([]int, int, error) {
	ids := make([]int32, len(p.masses))
	for k := range ids {
		ids[k] = int32(k + 1)
	}
	slices.SortStableFunc(ids, func(a, b int32) int { return p.masses[b-1] - p.masses[a-1] })
	all, allLand := p.sites, p.siteLand
	for _, id := range ids[:min(massTries, len(ids))] {
		p.sites, p.siteLand = nil, nil
		for k, c := range all {
			if p.mass[c] == id {
				p.sites, p.siteLand = append(p.sites, c), append(p.siteLand, allLand[k])
			}
		}
		if starts, bound, err := p.starts(sides); err == nil {
			return starts, bound, nil
		}
	}
	p.sites, p.siteLand = all, allLand
	return p.starts(sides)
}

// landWithin counts, for every cell, the land cells within radius steps,
// from sums along the rows of the disk.
func (p *placer) landWithin(radius int) []int {
	w := p.top.Width
	prefix := make([]int, (w+1)*p.top.Height) // row z: land in columns [0, x)
	for i, l := range p.land {
		x, z := p.top.Offset(i)
		prefix[z*(w+1)+x+1] = prefix[z*(w+1)+x] + b2i(l)
	}
	out := make([]int, len(p.land))
	for i := range out {
		p.top.WithinRows(i, radius, func(z, x, n int) {
			row := prefix[z*(w+1) : (z+1)*(w+1)]
			x = ((x % w) + w) % w
			if x+n <= w {
				out[i] += row[x+n] - row[x]
			} else {
				out[i] += row[w] - row[x] + row[x+n-w]
			}
		})
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scoutCell is where the scout of the start on cell c stands: the first
// explorable land neighbour on c's land mass (one it can walk from), else
// the first explorable land neighbour (a start site has two).
func (p *placer) scoutCell(c int) int {
	first, walk := -1, -1
	p.top.Neighbors(c, func(_ hexmap.Direction, n int) {
		if p.land[n] && p.top.Explorable(n) {
			if first < 0 {
				first = n
			}
			if walk < 0 && p.mass[n] == p.mass[c] {
				walk = n
			}
		}
	})
	if walk >= 0 {
		return walk
	}
	return first
}

// isSite reports whether a side may start on cell i.
func (p *placer) isSite(i int) bool {
	if !p.land[i] || !p.top.Explorable(i) || p.around[i] < MinStartLand {
		return false
	}
	dry := 0
	p.top.Neighbors(i, func(_ hexmap.Direction, n int) { dry += b2i(p.land[n] && p.top.Explorable(n)) })
	return dry >= 2
}

func (p *placer) distance(a, b int) int { return p.top.Distance(a, b) }

// greedy is the farthest-point search among the sites cands (indices
// into sites) from cands[first]: it returns k chosen cells, fewer when
// cands runs out, and the smallest distance between two of them.
func (p *placer) greedy(cands []int, first, k int) ([]int, int) {
	at := make([]hexmap.Coordinates, len(cands))
	for j, s := range cands {
		at[j] = p.top.Coordinates(p.sites[s])
	}
	chosen := []int{p.sites[cands[first]]}
	near := make([]int, len(cands)) // distance to the nearest chosen site
	for j := range cands {
		near[j] = p.top.DistanceTo(at[j], at[first])
	}
	spread := int(^uint(0) >> 1)
	for len(chosen) < k {
		best := -1
		for j, d := range near {
			if d > 0 && (best < 0 || d > near[best]) {
				best = j
			}
		}
		if best < 0 {
			return chosen, 0
		}
		spread = min(spread, near[best])
		chosen = append(chosen, p.sites[cands[best]])
		for j := range near {
			near[j] = min(near[j], p.top.DistanceTo(at[j], at[best]))
		}
	}
	return chosen, spread
}

// SpreadBound is the spread bound of the sites PlaceStarts with the same
// arguments places sides starts among (see the fair-start rules above):
// one land mass's or all; 0 when g has fewer start sites than sides.
func SpreadBound(g *hexmap.Grid, sides int, seed int64) int {
	_, bound, _ := newPlacer(g, seed).place(sides)
	return bound
}

func (p *placer) spreadBound(sides int) int {
	if len(p.sites) < sides {
		return 0
	}
	all := make([]int, len(p.sites))
	for s := range all {
		all[s] = s
	}
	best := 0
	for _, first := range p.firstSites() {
		_, d := p.greedy(all, first, sides)
		best = max(best, d)
	}
	return best
}

// firstSites returns the site indices the spread bound's searches start
// from: every site, or spreadTries evenly spaced through the list.
func (p *placer) firstSites() []int {
	n := len(p.sites)
	if n <= spreadTries {
		out := make([]int, n)
		for k := range out {
			out[k] = k
		}
		return out
	}
	out := make([]int, spreadTries)
	for k := range out {
		out[k] = k * n / spreadTries
	}
	return out
}

// starts picks the start cells of sides sides: of the attempts, the
// fair one with the largest spread (then the most land). An attempt
// takes a band of land amounts [lo, 5/4 lo], keeps to the sites within
// it, and runs the greedy search from the site farthest from a random
// site of the band. The bands' lower ends are up to placeTries of the
// sites' land amounts, spread evenly from the richest down.
func (p *placer) starts(sides int) ([]int, int, error) {
	if len(p.sites) < sides {
		return nil, 0, fmt.Errorf("%w for %d sides: %d land cells, and %d cells with %d land cells within %d steps",
			ErrNoFairStarts, sides, p.landN, len(p.sites), MinStartLand, StartRadius)
	}
	bound := p.spreadBound(sides)
	amounts := slices.Compact(slices.Sorted(slices.Values(p.siteLand)))
	slices.Reverse(amounts)
	var best []int
	bestSpread, bestLand := -1, 0
	for k := range min(placeTries, len(amounts)) {
		lo := amounts[k*len(amounts)/min(placeTries, len(amounts))]
		var band []int // the sites in the band, ascending
		for s, n := range p.siteLand {
			if n >= lo && 4*n <= 5*lo {
				band = append(band, s)
			}
		}
		for range bandTries {
			far, _ := p.greedy(band, p.rng.IntN(len(band)), 2)
			if len(far) < 2 {
				break
			}
			s, _ := slices.BinarySearch(p.sites, far[1])
			from, _ := slices.BinarySearch(band, s)
			chosen, spread := p.greedy(band, from, sides)
			if len(chosen) == sides && (spread > bestSpread || spread == bestSpread && lo > bestLand) {
				best, bestSpread, bestLand = chosen, spread, lo
			}
		}
	}
	if bound >= MinStartSpread && (best == nil || 5*bestSpread < 3*bound || bestSpread < MinStartSpread) {
		if found, ok := p.search(sides, max(MinStartSpread, (3*bound+4)/5)); ok {
			best, bestSpread = found, p.spreadOf(found)
		}
	}
	switch {
	case bound < MinStartSpread:
		return nil, bound, fmt.Errorf("%w for %d sides: too little land (%d land cells; start sites at most %d steps apart, want %d)",
			ErrNoFairStarts, sides, p.landN, bound, MinStartSpread)
	case best == nil || 5*bestSpread < 3*bound || bestSpread < MinStartSpread:
		return nil, bound, fmt.Errorf("%w for %d sides: the land is too uneven (fair starts at most %d steps apart, of %d)",
			ErrNoFairStarts, sides, max(bestSpread, 0), bound)
	}
	return best, bound, nil
}

// searchBudget bounds the distances the sites search measures, so that
// a large map whose greedy placements all fail refuses in bounded time.
const searchBudget = 1 << 22

// search looks, when the greedy attempts found no fair placement, for
// sides sites pairwise at least need steps apart whose land amounts lie
// within a band [lo, 5/4 lo]: each site in turn, poorest first, as the
// band's poorest, then a depth-first search over the band's richer
// sites, ascending. It finds one whenever one exists and the search
// stays within searchBudget distances.
func (p *placer) search(sides, need int) ([]int, bool) {
	order := make([]int, len(p.sites)) // site indices, poorest first
	for s := range order {
		order[s] = s
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(p.siteLand[a], p.siteLand[b]) })
	visits := 0
	var chosen []int
	var extend func(cands []int) bool
	extend = func(cands []int) bool {
		if len(chosen) == sides {
			return true
		}
		for k, c := range cands {
			if visits > searchBudget || len(cands)-k < sides-len(chosen) {
				return false
			}
			visits += len(cands) - k
			var next []int
			for _, o := range cands[k+1:] {
				if p.distance(p.sites[c], p.sites[o]) >= need {
					next = append(next, o)
				}
			}
			chosen = append(chosen, c)
			if extend(next) {
				return true
			}
			chosen = chosen[:len(chosen)-1]
		}
		return false
	}
	for k, first := range order {
		lo := p.siteLand[first]
		var band []int
		visits += len(order) - k
		for _, o := range order[k+1:] {
			if 4*p.siteLand[o] <= 5*lo && p.distance(p.sites[first], p.sites[o]) >= need {
				band = append(band, o)
			}
		}
		chosen = append(chosen[:0], first)
		if extend(band) {
			out := make([]int, sides)
			for j, s := range chosen {
				out[j] = p.sites[s]
			}
			return out, true
		}
		if visits > searchBudget {
			break
		}
	}
	return nil, false
}

// spreadOf is the smallest distance between two of cells.
func (p *placer) spreadOf(cells []int) int {
	spread := int(^uint(0) >> 1)
	for a := range cells {
		for b := a + 1; b < len(cells); b++ {
			spread = min(spread, p.distance(cells[a], cells[b]))
		}
	}
	return spread
}

// scenario returns the towns and units of starts (side k+1 at starts[k])
// and of the neutral towns.
func (p *placer) scenario(starts []int) ([]hexmap.Town, []hexmap.Unit) {
	names := p.names()
	var towns []hexmap.Town
	var units []hexmap.Unit
	for k, c := range starts {
		side := uint8(k + 1)
		towns = append(towns, hexmap.Town{Location: p.top.Coordinates(c), Name: names(len(towns)), Owner: side})
		units = append(units, hexmap.Unit{Location: p.top.Coordinates(c), Side: side, Type: startDefender, MovesLeft: hexmap.UnitSpeed})
		units = append(units, hexmap.Unit{Location: p.top.Coordinates(p.scoutCell(c)), Side: side, Type: startScout, MovesLeft: hexmap.UnitSpeed})
	}
	for _, c := range p.neutralSites(starts) {
		towns = append(towns, hexmap.Town{Location: p.top.Coordinates(c), Name: names(len(towns))})
	}
	return towns, units
}

// neutralSites picks the neutral towns' cells, about one per TownLand
// land cells (see townPlan).
func (p *placer) neutralSites(starts []int) []int {
	want := (p.landN + TownLand/2) / TownLand
	var spots []townSpot
	for i, l := range p.land {
		if l && p.top.Explorable(i) {
			spots = append(spots, townSpot{i, p.townScore(i), p.rng.Int()})
		}
	}
	slices.SortFunc(spots, func(a, b townSpot) int { return cmp.Or(b.score-a.score, cmp.Compare(a.tie, b.tie)) })
	t := newTownPlan(p, starts, spots)
	for regional := t.regionWant(); len(t.out) < regional && t.round(); {
	}
	for _, s := range spots { // the rest where no side walks nearer than the others
		if len(t.out) >= want {
			break
		}
		if !t.blocked[s.cell] && t.region[s.cell] < 0 {
			t.take(s.cell)
		}
	}
	return t.out
}

// townSpot is a cell a neutral town may stand on, its townScore and a random
// tie-break.
type townSpot struct{ cell, score, tie int }

// townPlan places neutral towns fairly: in rounds, one town in each
// side's region (the land it walks to before any other side) per round,
// all of a round's at about the same walking distance from their sides'
// starts, so that no side starts with more or nearer towns to take; the
// rest where no side walks nearer than the others (mostly land none
// walks to).
type townPlan struct {
	p       *placer
	spots   []townSpot // best first
	dist    [][]int32  // per side: the walking cost from its start, or unwalked
	region  []int8     // per cell: the side whose region it is, or -1
	blocked []bool     // per cell: within reach of a start or a town placed
	best    [][]int32  // per side, per distance band: the best free spot's index, or -1
	out     []int
}

// The fair towns' numbers: a band is townBand walking cost (a flat
// step's); the towns of a round lie within bandTolerance bands of one
// distance.
const (
	townBand      = nav.FlatCost
	bandTolerance = 2
	unwalked      = int32(1<<31 - 1)
)

func newTownPlan(p *placer, starts []int, spots []townSpot) *townPlan {
	t := &townPlan{p: p, spots: spots, region: make([]int8, len(p.land)), blocked: make([]bool, len(p.land))}
	for _, c := range starts {
		t.dist = append(t.dist, p.walkCost(c))
		p.top.Within(c, NeutralClearance, func(n int) { t.blocked[n] = true })
	}
	for i := range t.region {
		t.region[i] = -1
		for s, d := range t.dist {
			if d[i] != unwalked && (t.region[i] < 0 || d[i] < t.dist[t.region[i]][i]) {
				t.region[i] = int8(s)
			}
		}
		for s, d := range t.dist { // a tie is no side's
			if r := t.region[i]; r >= 0 && s != int(r) && d[i] == t.dist[r][i] {
				t.region[i] = -1
				break
			}
		}
	}
	t.best = make([][]int32, len(starts))
	return t
}

// regionWant is how many towns the sides' regions want, one per TownLand
// of their land, as the rest of the map has (rounds place them a side's
// worth at a time, so up to len(starts)-1 more).
func (t *townPlan) regionWant() int {
	n := 0
	for _, r := range t.region {
		n += b2i(r >= 0)
	}
	return (n + TownLand/2) / TownLand
}

// take places a neutral town on cell c.
func (t *townPlan) take(c int) {
	t.out = append(t.out, c)
	t.p.top.Within(c, townSpacing, func(n int) { t.blocked[n] = true })
}

// round places one town in each side's region, all within bandTolerance
// bands of one distance, chosen for the best sum of their scores (then
// the nearest), and reports whether it could.
func (t *townPlan) round() bool {
	for s := range t.best {
		t.best[s] = t.best[s][:0]
	}
	for k, sp := range t.spots {
		s := t.region[sp.cell]
		if s < 0 || t.blocked[sp.cell] {
			continue
		}
		band := int(t.dist[s][sp.cell] / townBand)
		for len(t.best[s]) <= band {
			t.best[s] = append(t.best[s], -1)
		}
		if t.best[s][band] < 0 {
			t.best[s][band] = int32(k)
		}
	}
	bands := 0
	for _, b := range t.best {
		bands = max(bands, len(b))
	}
	bestSum, bestPicks := -1, []int(nil)
	picks := make([]int, len(t.best))
	for at := range bands {
		sum := 0
		for s := range t.best {
			picks[s] = t.bestNear(s, at)
			if picks[s] < 0 {
				sum = -1
				break
			}
			sum += t.spots[picks[s]].score
		}
		if sum > bestSum && t.apart(picks) {
			bestSum, bestPicks = sum, slices.Clone(picks)
		}
	}
	for _, k := range bestPicks {
		t.take(t.spots[k].cell)
	}
	return bestPicks != nil
}

// bestNear is the index of side s's best free spot within bandTolerance
// bands of band at, or -1.
func (t *townPlan) bestNear(s, at int) int {
	best := int32(-1)
	for b := max(0, at-bandTolerance); b <= at+bandTolerance && b < len(t.best[s]); b++ {
		if k := t.best[s][b]; k >= 0 && (best < 0 || k < best) {
			best = k
		}
	}
	return int(best)
}

// apart reports whether the spots picks lie more than townSpacing steps
// from each other.
func (t *townPlan) apart(picks []int) bool {
	for a := range picks {
		for b := a + 1; b < len(picks); b++ {
			if t.p.distance(t.spots[picks[a]].cell, t.spots[picks[b]].cell) <= townSpacing {
				return false
			}
		}
	}
	return true
}

// walkCost is the least walking cost (nav.MoveCost's steps summed) from
// cell from to every cell, unwalked where no walk leads.
func (p *placer) walkCost(from int) []int32 {
	d := make([]int32, len(p.land))
	for i := range d {
		d[i] = unwalked
	}
	d[from] = 0
	h := &frontier{{cell: int32(from)}} // the land search's queue, its order unused
	for h.Len() > 0 {
		it := heap.Pop(h).(frontierEntry)
		c := int(it.cell)
		if it.priority > d[c] {
			continue
		}
		p.top.Neighbors(c, func(dir hexmap.Direction, n int) {
			if step, ok := nav.MoveCost(p.g, c, dir); ok && it.priority+int32(step) < d[n] {
				d[n] = it.priority + int32(step)
				heap.Push(h, frontierEntry{cell: int32(n), priority: d[n]})
			}
		})
	}
	return d
}

// townScore rates a town site: twice the land within two steps, and 3
// more by a river.
func (p *placer) townScore(i int) int {
	score := 0
	p.top.Within(i, 2, func(n int) { score += 2 * b2i(p.land[n]) })
	if p.g.Cell(i).HasRiver() {
		score += 3
	}
	return score
}

// townNames is the built-in list town names are drawn from.
var townNames = [...]string{
	"Ashford", "Brackwater", "Cairnholm", "Dunmere", "Elderwick", "Fallowmere", "Greystone",
	"Hollowell", "Ironmoor", "Juniper", "Kestrel", "Larkspur", "Marrowby", "Northwatch",
	"Oakenshaw", "Pellham", "Queensford", "Ravenscar", "Saltmarsh", "Thornbury", "Umberlee",
	"Valewood", "Westerhold", "Yarrowfield", "Amberly", "Briarwood", "Coldharbour", "Deepwell",
	"Emberton", "Foxhollow", "Goldcrest", "Highgate", "Ivybridge", "Kingsbarrow", "Lindholm",
	"Millbrook", "Nettlecombe", "Orchard", "Pinehurst", "Redcliff", "Stonebridge", "Tidewater",
}

// names returns the name of the k-th town: the list in an order drawn
// from the placement's seed, then again with a number.
func (p *placer) names() func(k int) string {
	order := p.rng.Perm(len(townNames))
	return func(k int) string {
		name := townNames[order[k%len(order)]]
		if round := k / len(order); round > 0 {
			name += " " + strconv.Itoa(round+1)
		}
		return name
	}
}
