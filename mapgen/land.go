package mapgen

import (
	"container/heap"
	"math"
)

// Land (Catlike parts 23, 24 and 27): chunks of land grow from a random
// cell of a region, raised or sunk, until the land budget is spent.

// landGuard bounds the rounds of chunks, so that settings that cannot
// reach their land budget (a high land percentage in small regions) still
// end.
const landGuard = 10000

// createRegions lays out the regions chunks start in: the whole map
// inside its border; two halves, left and right or bottom and top at
// random; three vertical strips; or four quadrants. On a wrapping map
// the region border takes the place of the east-west map border, and a
// single region or a bottom-top split has none, so land may cross the
// seam.
func (gen *generation) createRegions() {
	w, h := gen.top.Width, gen.top.Height
	borderX := gen.MapBorderX
	if gen.top.Wrapping {
		borderX = gen.RegionBorder
	}
	rb, bz := gen.RegionBorder, gen.MapBorderZ
	var r []Region
	switch gen.RegionCount {
	default:
		if gen.top.Wrapping {
			borderX = 0
		}
		r = []Region{{borderX, w - borderX, bz, h - bz}}
	case 2:
		if gen.value() < 0.5 {
			r = []Region{{borderX, w/2 - rb, bz, h - bz}, {w/2 + rb, w - borderX, bz, h - bz}}
		} else {
			if gen.top.Wrapping {
				borderX = 0
			}
			r = []Region{{borderX, w - borderX, bz, h/2 - rb}, {borderX, w - borderX, h/2 + rb, h - bz}}
		}
	case 3:
		r = []Region{
			{borderX, w/3 - rb, bz, h - bz},
			{w/3 + rb, w*2/3 - rb, bz, h - bz},
			{w*2/3 + rb, w - borderX, bz, h - bz},
		}
	case 4:
		r = []Region{
			{borderX, w/2 - rb, bz, h/2 - rb},
			{w/2 + rb, w - borderX, bz, h/2 - rb},
			{w/2 + rb, w - borderX, h/2 + rb, h - bz},
			{borderX, w/2 - rb, h/2 + rb, h - bz},
		}
	}
	gen.rep.Regions = r
}

// createLand spends the land budget: each round either sinks a chunk in
// every region or raises one in every region (sinking for all at once
// keeps the regions even), until the budget is spent or the guard runs
// out.
func (gen *generation) createLand() {
	budget := int(math.RoundToEven(float64(gen.cells*gen.LandPercentage) / 100))
	gen.rep.LandBudget, gen.rep.LandCells = budget, budget
	budget = gen.spendBudget(budget)
	// Gathered land drops what grew apart from the main mass and raises
	// that much again, on the main mass, a few times over.
	for k := 0; gen.gather && k < gatherRounds && budget == 0; k++ {
		budget = gen.spendBudget(gen.dropOutlyingLand())
	}
	gen.rep.LandCells -= budget
}

// gatherRounds bounds the times createLand drops outlying land and
// raises it again.
const gatherRounds = 4

// spendBudget raises and sinks chunks until budget land cells are
// raised or the guard runs out, and returns what is left to spend.
func (gen *generation) spendBudget(budget int) int {
	if budget == 0 {
		return 0
	}
	for range landGuard {
		sink := gen.value() < gen.SinkProbability
		for _, region := range gen.rep.Regions {
			// Catlike draws Random.Range(chunkSizeMin, chunkSizeMax - 1), a
			// bug it kept for its screenshots; the sizes here span min..max.
			size := gen.rangeInt(gen.ChunkSizeMin, gen.ChunkSizeMax+1)
			if sink {
				budget = gen.sinkTerrain(size, budget, region)
				continue
			}
			if budget = gen.raiseTerrain(size, budget, region); budget == 0 {
				return 0
			}
		}
	}
	return budget
}

// dropOutlyingLand sinks every land cell outside the largest land mass
// to just below the water level, and returns how many it sank.
func (gen *generation) dropOutlyingLand() int {
	mass := make([]int32, gen.cells) // per cell: its land mass + 1, or 0
	var sizes []int
	for start := range gen.cells {
		if mass[start] != 0 || gen.isUnderwater(start) {
			continue
		}
		sizes = append(sizes, gen.floodLand(start, int32(len(sizes)+1), mass))
	}
	if len(sizes) == 0 {
		return 0
	}
	largest := 0
	for k, n := range sizes {
		if n > sizes[largest] {
			largest = k
		}
	}
	dropped := 0
	for i, m := range mass {
		if m != 0 && int(m) != largest+1 {
			gen.elevation[i] = gen.WaterLevel - 1
			dropped++
		}
	}
	return dropped
}

// floodLand marks the land mass of cell start with id and returns its
// size in cells.
func (gen *generation) floodLand(start int, id int32, mass []int32) int {
	mass[start] = id
	queue := []int{start}
	for k := 0; k < len(queue); k++ {
		for _, n := range gen.neighbors(queue[k]) {
			if n >= 0 && mass[n] == 0 && !gen.isUnderwater(int(n)) {
				mass[n] = id
				queue = append(queue, int(n))
			}
		}
	}
	return len(queue)
}

// raiseTerrain raises a chunk of up to size cells by 1 (or 2, a high
// rise), never above the maximum elevation, and returns the budget left.
// The chunk stops when the budget is spent.
func (gen *generation) raiseTerrain(size, budget int, region Region) int {
	rise := gen.startChunk(region)
	for grown := 0; grown < size && len(gen.frontier) > 0; {
		cur := gen.dequeue()
		old := gen.elevation[cur]
		e := old + rise
		if e > gen.ElevationMaximum {
			continue // grow around cells that are already at the top
		}
		gen.elevation[cur] = e
		if old < gen.WaterLevel && e >= gen.WaterLevel {
			if budget--; budget == 0 {
				break
			}
		}
		grown++
		gen.enqueueNeighbors(cur)
	}
	gen.frontier = gen.frontier[:0]
	return budget
}

// sinkTerrain lowers a chunk like raiseTerrain raises one, never below the
// minimum elevation; every land cell it drowns returns to the budget.
func (gen *generation) sinkTerrain(size, budget int, region Region) int {
	sink := gen.startChunk(region)
	for grown := 0; grown < size && len(gen.frontier) > 0; {
		cur := gen.dequeue()
		old := gen.elevation[cur]
		e := old - sink
		if e < gen.ElevationMinimum {
			continue
		}
		gen.elevation[cur] = e
		if old >= gen.WaterLevel && e < gen.WaterLevel {
			budget++
		}
		grown++
		gen.enqueueNeighbors(cur)
	}
	gen.frontier = gen.frontier[:0]
	return budget
}

// startChunk begins a new search from a random cell of region and
// returns the chunk's step: 2 with the high-rise probability, else 1.
func (gen *generation) startChunk(region Region) int {
	gen.phaseNow++
	first := gen.randomCell(region)
	if gen.gather {
		first = gen.randomLandCell(region, first)
	}
	gen.rep.ChunkStarts = append(gen.rep.ChunkStarts, first)
	gen.phase[first] = gen.phaseNow
	gen.center = gen.coords[first]
	gen.enqueue(first, 0)
	if gen.value() < gen.HighRiseProbability {
		return 2
	}
	return 1
}

// enqueueNeighbors adds the neighbours of cell cur that this search has
// not seen, by their distance to the chunk's centre plus a heuristic of
// jitterStep (1, as Catlike's, on a map not scaled) with the jitter
// probability (0 otherwise), which roughens the chunk.
func (gen *generation) enqueueNeighbors(cur int) {
	for _, n := range gen.neighbors(cur) {
		if n < 0 || gen.phase[n] >= gen.phaseNow {
			continue
		}
		gen.phase[n] = gen.phaseNow
		priority := gen.top.DistanceTo(gen.coords[n], gen.center)
		if gen.value() < gen.JitterProbability {
			priority += gen.jitterStep
		}
		gen.enqueue(int(n), priority)
	}
}

// randomCell picks a random cell of region (GetRandomCell). Catlike
// assumes the region lies inside the map; on maps too small for their
// borders it would not, so the pick is kept on the map.
func (gen *generation) randomCell(r Region) int {
	x := clamp(gen.rangeInt(r.XMin, r.XMax), 0, gen.top.Width-1)
	z := clamp(gen.rangeInt(r.ZMin, r.ZMax), 0, gen.top.Height-1)
	return x + z*gen.top.Width
}

// gatherTries bounds the picks randomLandCell makes before it gives up
// looking for land.
const gatherTries = 64

// randomLandCell picks random cells of region until one is coast (land
// next to water), and returns it, so that the land grows outwards rather
// than piling up; else the last land cell it picked, else fallback (no
// land yet).
func (gen *generation) randomLandCell(r Region, fallback int) int {
	for range gatherTries {
		i := gen.randomCell(r)
		if gen.isUnderwater(i) {
			continue
		}
		fallback = i
		for _, n := range gen.neighbors(i) {
			if n >= 0 && gen.isUnderwater(int(n)) {
				return i
			}
		}
	}
	return fallback
}

// frontier is the chunk search's priority queue (Catlike's
// HexCellPriorityQueue): lowest priority first and, among equals, the
// cell enqueued last, as Catlike's buckets of linked cells do.
type frontier []frontierEntry

type frontierEntry struct {
	cell, priority int32
	order          uint32
}

func (f frontier) Len() int { return len(f) }
func (f frontier) Less(i, j int) bool {
	if f[i].priority != f[j].priority {
		return f[i].priority < f[j].priority
	}
	return f[i].order > f[j].order
}
func (f frontier) Swap(i, j int) { f[i], f[j] = f[j], f[i] }

// Push and Pop complete heap.Interface; the queue itself grows and
// shrinks in enqueue and dequeue.
func (f *frontier) Push(x any) { *f = append(*f, x.(frontierEntry)) }
func (f *frontier) Pop() any {
	old := *f
	e := old[len(old)-1]
	*f = old[:len(old)-1]
	return e
}

// enqueue and dequeue keep the heap with heap.Fix rather than heap.Push
// and heap.Pop, which would box every entry in an interface value: the
// chunks of a large map pass hundreds of thousands of cells through the
// queue.
func (gen *generation) enqueue(cell, priority int) {
	gen.order++
	gen.frontier = append(gen.frontier, frontierEntry{int32(cell), int32(priority), gen.order})
	heap.Fix(&gen.frontier, len(gen.frontier)-1)
}

func (gen *generation) dequeue() int {
	f := gen.frontier
	cell := f[0].cell
	last := len(f) - 1
	f[0] = f[last]
	gen.frontier = f[:last]
	if last > 0 {
		heap.Fix(&gen.frontier, 0)
	}
	return int(cell)
}
