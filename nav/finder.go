package nav

import "hexsandbox/hexmap"

// Finder searches one grid. It keeps the step cost of every cell edge in
// a table that it brings up to date from the grid's change feed before
// each search, and reuses its buffers from search to search. A Finder is
// not safe for concurrent use; Close it when the grid is done with.
type Finder struct {
	grid   *hexmap.Grid
	top    hexmap.Topology
	feed   *hexmap.FeedReader
	edges  []edges // per cell
	nodes  []node  // per cell
	serial uint64  // counts cost table updates
	gen    uint32  // this search's stamp: open cells have gen, closed gen+1
	queue  bucketQueue

	cells []int // the last path or area
	dists []int // the distance of each cell of the last path
}

// edges are a cell's steps: the neighbour in each direction (-1 off the
// map) and the step's MoveCost (0 when blocked). One cache line per cell
// keeps the search's inner loop on one read.
type edges struct {
	next [6]int32
	cost [6]uint8
	_    [2]byte // 32 bytes: never across two cache lines
}

// node is a cell's search state, valid while stamp is the search's, and
// its cube coordinates for the heuristic.
type node struct {
	stamp   uint32
	dist    int32
	heur    int32
	prev    int32
	turnEnd int32 // the last distance of the turn the cell is reached in
	x, z    int32
	_       int32 // 32 bytes: never across two cache lines
}

// coords returns cell i's cube coordinates.
func (f *Finder) coords(i int) hexmap.Coordinates {
	return hexmap.Coordinates{X: int(f.nodes[i].x), Z: int(f.nodes[i].z)}
}

// NewFinder builds the cost table of g and follows g's changes.
func NewFinder(g *hexmap.Grid) *Finder {
	top := g.Topology()
	n := top.CellCount()
	f := &Finder{grid: g, top: top, feed: g.Follow(), edges: make([]edges, n), nodes: make([]node, n)}
	for i := range n {
		c := top.Coordinates(i)
		f.nodes[i].x, f.nodes[i].z = int32(c.X), int32(c.Z)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			nb, ok := top.Neighbor(i, d)
			if !ok {
				nb = -1
			}
			f.edges[i].next[d] = int32(nb)
		}
	}
	f.rebuild()
	return f
}

// Close stops following the grid.
func (f *Finder) Close() { f.feed.Close() }

// Grid is the grid the finder searches.
func (f *Finder) Grid() *hexmap.Grid { return f.grid }

// Serial changes whenever an edit changed some step cost, so that
// callers caching a path or an area know when to search again (units
// moving are another matter: see hexmap.Grid.UnitChanges).
func (f *Finder) Serial() uint64 { f.sync(); return f.serial }

// rebuild recomputes every step cost.
func (f *Finder) rebuild() {
	for i := range f.edges {
		f.updateCell(i)
	}
	f.serial++
}

// updateCell recomputes the costs of the steps out of cell i.
func (f *Finder) updateCell(i int) {
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		c, ok := MoveCost(f.grid, i, d)
		if !ok {
			c = 0
		}
		f.edges[i].cost[d] = uint8(c)
	}
}

// sync applies the grid's changes since the last search: a changed cell
// changes the steps out of it and into it from each neighbour.
func (f *Finder) sync() {
	if !f.feed.Pending() {
		return
	}
	changes, complete := f.feed.Read()
	if !complete {
		f.rebuild()
		return
	}
	for _, c := range changes {
		f.updateCell(c.Index)
		for _, nb := range f.edges[c.Index].next {
			if nb >= 0 {
				f.updateCell(int(nb))
			}
		}
	}
	f.serial++
}

// Cost returns the step cost from cell a in direction d from the table
// (MoveCost, kept current), 0 when blocked.
func (f *Finder) Cost(a int, d hexmap.Direction) int {
	f.sync()
	return int(f.edges[a].cost[d])
}

// begin starts a search: a new generation of stamps (clearing them all
// only when the counter wraps) and an empty queue.
func (f *Finder) begin() {
	f.sync()
	f.gen += 2
	if f.gen < 2 {
		for i := range f.nodes {
			f.nodes[i].stamp = 0
		}
		f.gen = 2
	}
	f.queue.reset()
}

// open records that cell i is reached at distance d from prev, with
// heuristic h, and queues it.
func (f *Finder) open(i, d, h, prev, speed int) {
	n := &f.nodes[i]
	n.stamp, n.dist, n.heur, n.prev = f.gen, int32(d), int32(h), int32(prev)
	n.turnEnd = int32(turnEnd(d, speed))
	f.queue.push(d+h, int32(i))
}

// turnEnd is the last distance of the turn in which distance d lies.
func turnEnd(d, speed int) int { return (Turn(d, speed) + 1) * speed }

// MaxSpeed bounds Query.Speed, so that distances and turn ends fit the
// search's 32-bit fields on the largest maps.
const MaxSpeed = 1 << 16

// Query is one search's question.
type Query struct {
	From, To int
	// Speed is the unit's move budget per turn (hexmap.UnitSpeed).
	Speed int
	// Spent is the budget already used this turn: Speed minus the unit's
	// moves left. The search starts at this distance, so the turn of
	// every cell counts from the current turn.
	Spent int
	// Units makes cells that hold a unit impassable (the start excepted).
	Units bool
}

// expand relaxes the steps out of cell i, reached at distance d; goal is
// the cell the heuristic aims at, or -1 for none (Dijkstra).
func (f *Finder) expand(i, d, speed int, goal int, units bool) {
	// Catlike's turn rule without a division on the common path: a step
	// ending past the turn's end starts the next turn (see Step), which
	// ends a speed later when the step costs no more than a turn.
	end := int(f.nodes[i].turnEnd)
	gen := f.gen
	closed := gen + 1
	var target hexmap.Coordinates
	if goal >= 0 {
		target = f.coords(goal)
	}
	wrapping := f.top.Wrapping
	e := &f.edges[i]
	for k, c8 := range e.cost {
		if c8 == 0 {
			continue
		}
		nb := int(e.next[k])
		n := &f.nodes[nb]
		if n.stamp == closed || (units && f.grid.Occupied(nb)) {
			continue
		}
		c := int(c8)
		nd, ndEnd := d+c, end
		if nd > end {
			if c <= speed {
				nd, ndEnd = end+c, end+speed
			} else {
				nd = Step(d, c, speed)
				ndEnd = turnEnd(nd, speed)
			}
		}
		if n.stamp == gen {
			if nd >= int(n.dist) {
				continue
			}
		} else if goal < 0 {
			n.heur = 0
		} else if c := (hexmap.Coordinates{X: int(n.x), Z: int(n.z)}); wrapping {
			n.heur = int32(f.top.DistanceTo(c, target))
		} else {
			n.heur = int32(c.DistanceTo(target)) // Topology.DistanceTo, inlined
		}
		n.stamp, n.dist, n.prev, n.turnEnd = gen, int32(nd), int32(i), int32(ndEnd)
		f.queue.push(nd+int(n.heur), int32(nb))
	}
}

// pop returns the queued cell of lowest priority that is still open at
// that priority, and closes it; ok is false when none is left.
func (f *Finder) pop() (i, d int, ok bool) {
	for {
		p, c, ok := f.queue.pop()
		if !ok {
			return 0, 0, false
		}
		n := &f.nodes[c]
		if n.stamp != f.gen || int(n.dist+n.heur) != p {
			continue // closed already, or queued again at a lower priority
		}
		n.stamp = f.gen + 1
		return int(c), int(n.dist), true
	}
}

// Path is a search's answer: the cells from the start to the goal
// inclusive, the distance at which each is reached, and the speed that
// turns distances into turns. Its slices belong to the Finder and stay
// valid until its next search.
type Path struct {
	Cells     []int
	Distances []int
	Speed     int
}

// Cost is the distance of the goal (0 for a path of one cell).
func (p Path) Cost() int { return p.Distances[len(p.Distances)-1] }

// Turn is the turn in which the k-th cell of the path is reached (the
// start's own turn for k = 0).
func (p Path) Turn(k int) int { return Turn(p.Distances[k], p.Speed) }

// Turns is how many turns the move takes, the current one included: 1
// when the goal is reached this turn, 2 when next turn, and 0 for a path
// that goes nowhere.
func (p Path) Turns() int {
	if len(p.Cells) < 2 {
		return 0
	}
	return p.Turn(len(p.Cells)-1) - p.Turn(0) + 1
}

// FindPath searches for the path of least distance from q.From to q.To
// (A* with the hex distance as heuristic, admissible since a road step
// costs 1, and consistent, so the first time the goal leaves the queue
// its distance is the least). ok is false when no path exists.
func (f *Finder) FindPath(q Query) (Path, bool) {
	if !f.valid(q) || q.To < 0 || q.To >= len(f.nodes) {
		return Path{}, false
	}
	f.begin()
	f.open(q.From, q.Spent, f.top.DistanceTo(f.coords(q.From), f.coords(q.To)), -1, q.Speed)
	for {
		i, d, ok := f.pop()
		if !ok {
			return Path{}, false
		}
		if i == q.To {
			return f.trace(i, q.Speed), true
		}
		f.expand(i, d, q.Speed, q.To, q.Units)
	}
}

// valid reports whether q's speed, start distance and start cell are in
// range (the goal is FindPath's to check).
func (f *Finder) valid(q Query) bool {
	return q.Speed >= 1 && q.Speed <= MaxSpeed && q.Spent >= 0 && q.Spent <= q.Speed &&
		q.From >= 0 && q.From < len(f.nodes)
}

// trace follows the predecessors back from cell i into the path buffers.
func (f *Finder) trace(i, speed int) Path {
	f.cells, f.dists = f.cells[:0], f.dists[:0]
	for ; i >= 0; i = int(f.nodes[i].prev) {
		f.cells = append(f.cells, i)
		f.dists = append(f.dists, int(f.nodes[i].dist))
	}
	for a, b := 0, len(f.cells)-1; a < b; a, b = a+1, b-1 {
		f.cells[a], f.cells[b] = f.cells[b], f.cells[a]
		f.dists[a], f.dists[b] = f.dists[b], f.dists[a]
	}
	return Path{Cells: f.cells, Distances: f.dists, Speed: speed}
}

// Reachable returns the cells a unit at q.From can reach within the
// current turn (distance at most the turn's end), the start excluded,
// in the order the search settles them (nearest first). q.To is unused.
// The slice belongs to the Finder and stays valid until its next search.
func (f *Finder) Reachable(q Query) []int {
	f.cells = f.cells[:0]
	if !f.valid(q) {
		return f.cells
	}
	limit := turnEnd(q.Spent, q.Speed)
	f.begin()
	f.open(q.From, q.Spent, 0, -1, q.Speed)
	for {
		i, d, ok := f.pop()
		if !ok || d > limit {
			return f.cells
		}
		if i != q.From {
			f.cells = append(f.cells, i)
		}
		f.expand(i, d, q.Speed, -1, q.Units)
	}
}

// Distances fills dst (one entry per cell, grown as needed) with the
// distance from q.From to every cell, -1 where none can be reached:
// Catlike's distance overlay, with turns. q.To is unused.
func (f *Finder) Distances(q Query, dst []int) []int {
	if cap(dst) < len(f.nodes) {
		dst = make([]int, len(f.nodes))
	}
	dst = dst[:len(f.nodes)]
	for i := range dst {
		dst[i] = -1
	}
	if !f.valid(q) {
		return dst
	}
	f.begin()
	f.open(q.From, q.Spent, 0, -1, q.Speed)
	for {
		i, d, ok := f.pop()
		if !ok {
			return dst
		}
		dst[i] = d
		f.expand(i, d, q.Speed, -1, q.Units)
	}
}
