package nav

import (
	"math"

	"hexsandbox/hexmap"
)

// Finder searches one grid. It keeps the step cost of every cell edge in
// a table that it brings up to date from the grid's change feed before
// each search, and reuses its buffers from search to search. A Finder is
// not safe for concurrent use; Close it when the grid is done with.
type Finder struct {
	grid   *hexmap.Grid
	top    hexmap.Topology
	feed   *hexmap.FeedReader
	edges  []edges            // per cell
	next   [][6]int32         // per cell: the neighbour in each direction, -1 off the map
	nodes  []node             // per cell and the sentinel
	trails []trail            // per cell and the sentinel
	coords [][2]int32         // per cell: cube X and Z, for the heuristic
	steps  [maxCost + 1]int32 // how many edges have each step cost (0: blocked)
	serial uint64             // counts cost table updates
	gen    uint32             // this search's stamp: open cells have gen, closed gen+1
	est    estimate           // this search's heuristic
	queue  bucketQueue

	cells []int // the last path or area
	dists []int // the distance of each cell of the last path
}

// edges are a cell's steps as the search takes them: where each leads
// (the neighbour, or the sentinel node past the last cell, which is
// always closed, when the step is blocked or leaves the map) and the
// step's MoveCost. 32 bytes: two to a cache line, never across two.
type edges struct {
	to   [6]int32
	cost [6]uint8
	_    [2]byte
}

// node is the part of a cell's search state that every step into the
// cell reads, valid while stamp is the search's: 8 bytes, so that a map
// of 80×60 cells keeps them all in the first-level cache.
type node struct {
	stamp uint32
	dist  int32
}

// trail is the rest of a cell's search state, written when the cell is
// reached and read when it is settled.
type trail struct {
	turnEnd int32  // the last distance of the turn the cell is reached in
	prio    int32  // the priority it was last queued at (a later one is stale)
	hex     uint16 // hex distance to the goal (maps are at most 640 wide)
	back    int8   // the direction to the cell it was reached from, -1 at the start
	_       int8
}

// cellCoords returns cell i's cube coordinates.
func (f *Finder) cellCoords(i int) hexmap.Coordinates {
	return hexmap.Coordinates{X: int(f.coords[i][0]), Z: int(f.coords[i][1])}
}

// NewFinder builds the cost table of g and follows g's changes.
func NewFinder(g *hexmap.Grid) *Finder {
	top := g.Topology()
	n := top.CellCount()
	f := &Finder{grid: g, top: top, feed: g.Follow(), edges: make([]edges, n), next: make([][6]int32, n), nodes: make([]node, n+1), trails: make([]trail, n+1), coords: make([][2]int32, n)}
	for i := range n {
		c := top.Coordinates(i)
		f.coords[i] = [2]int32{int32(c.X), int32(c.Z)}
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			nb, ok := top.Neighbor(i, d)
			if !ok {
				nb = -1
			}
			f.next[i][d] = int32(nb)
		}
	}
	f.rebuild()
	return f
}

// Close stops following the grid.
func (f *Finder) Close() { f.feed.Close() }

// Grid is the grid the finder searches.
func (f *Finder) Grid() *hexmap.Grid { return f.grid }

// Sync applies the grid's changes to the cost table now (a search does
// it anyway). A Finder that goes long without searching should be synced
// now and then, so that the feed need not keep the changes for it.
func (f *Finder) Sync() { f.sync() }

// Serial changes whenever an edit changed some step cost, so that
// callers caching a path or an area know when to search again (units
// moving are another matter: see hexmap.Grid.UnitChanges).
func (f *Finder) Serial() uint64 { f.sync(); return f.serial }

// rebuild recomputes every step cost.
func (f *Finder) rebuild() {
	clear(f.edges)
	f.steps = [maxCost + 1]int32{0: int32(6 * len(f.edges))}
	for i := range f.edges {
		f.updateCell(i)
	}
	f.serial++
}

// updateCell recomputes the costs of the steps out of cell i, and the
// count of edges at each cost.
func (f *Finder) updateCell(i int) {
	e := &f.edges[i]
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		f.steps[e.cost[d]]--
		c, ok := MoveCost(f.grid, i, d)
		e.cost[d], e.to[d] = uint8(c), f.next[i][d]
		if !ok {
			e.cost[d], e.to[d] = 0, f.sentinel()
		}
		f.steps[e.cost[d]]++
	}
}

// cheapestStep is the least cost of any step on the map now (1 when
// nothing can move: any positive unit will do): RoadCost as soon as one
// road exists, FlatCost on a map without roads or feature levels.
func (f *Finder) cheapestStep() int {
	for c := 1; c <= maxCost; c++ {
		if f.steps[c] > 0 {
			return c
		}
	}
	return 1
}

// sentinel is the node every blocked step leads to: always closed.
func (f *Finder) sentinel() int32 { return int32(len(f.nodes) - 1) }

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
		for _, nb := range f.next[c.Index] {
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
	f.nodes[f.sentinel()].stamp = f.gen + 1
	f.queue.reset()
}

// start opens cell i as a search's start at distance d, k hexes from the
// goal (0 when there is none).
func (f *Finder) start(i, d, k, speed int) {
	f.est = newEstimate(f.cheapestStep(), speed)
	end := turnEnd(d, speed)
	prio := f.est.bound(d, end, k)
	f.nodes[i] = node{stamp: f.gen, dist: int32(d)}
	f.trails[i] = trail{turnEnd: int32(end), prio: int32(prio), hex: uint16(k), back: -1}
	f.queue.push(prio, int32(i))
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
	// Side, when 1..hexmap.MaxSides, makes the cells that side has not
	// explored impassable (the start excepted): in play, as in Catlike,
	// unexplored cells are no valid destination, nor a way through. 0
	// ignores exploration.
	Side int
}

// exploredMask is the exploration bit q.Side needs, 0 for none.
func (q Query) exploredMask() uint8 {
	if q.Side < 1 || q.Side > hexmap.MaxSides {
		return 0
	}
	return 1 << (q.Side - 1)
}

// run settles cells lowest priority first, expanding each, until goal
// (≥ 0: A* towards it, with f.est as heuristic) is settled,
// or nothing is left, or the next cell lies beyond limit. It calls
// settled with each cell it settles (nil: none) and reports whether the
// goal was reached.
//
// This loop is what a search costs, so it is written out in one piece
// with everything it reads in locals: pop, skip stale entries, close,
// then relax the six steps.
func (f *Finder) run(speed, goal, limit int, units bool, mask uint8, settled func(i, d int)) bool {
	gen := f.gen
	closed := gen + 1
	sentinel := int(f.sentinel())
	var target hexmap.Coordinates
	if goal >= 0 {
		target = f.cellCoords(goal)
	}
	wrapping, est := f.top.Wrapping, f.est
	final := goal < 0 || est.strict() // without a goal the search is Dijkstra's
	nodes, trails, coords, edges, q := f.nodes, f.trails, f.coords, f.edges, &f.queue
	explored := f.grid.Exploration()
	for {
		p, c, ok := q.pop()
		if !ok {
			return false
		}
		cur, tr := &nodes[c], &trails[c]
		if cur.stamp != gen || int(tr.prio) != p {
			continue // closed already, or queued again at a lower priority
		}
		i, d := int(c), int(cur.dist)
		if d > limit {
			return false
		}
		cur.stamp = closed
		if settled != nil {
			settled(i, d)
		}
		if i == goal {
			return true
		}
		// Catlike's turn rule without a division on the common path: a
		// step ending past the turn's end starts the next turn (see
		// Step), which ends a speed later when the step costs no more
		// than a turn.
		end := int(tr.turnEnd)
		e := &edges[i]
		for k := range 6 {
			nb := int(e.to[k])
			n := &nodes[nb]
			st := n.stamp
			// The sentinel, where blocked steps lead, is always closed; a
			// settled cell is too, and its distance final unless the
			// bound can tie (see estimate). The tests after this one
			// index only cells.
			if st == closed && (final || nb == sentinel) {
				continue
			}
			if (units && f.grid.Occupied(nb)) || (mask != 0 && explored[nb]&mask == 0) {
				continue // taken by a unit, or unexplored
			}
			step := int(e.cost[k])
			nd, ndEnd := d+step, end
			if nd > end {
				if step <= speed {
					nd, ndEnd = end+step, end+speed
				} else {
					nd = Step(d, step, speed)
					ndEnd = turnEnd(nd, speed)
				}
			}
			t := &trails[nb]
			if st == gen || st == closed {
				// A closed cell (when not final) is opened again when
				// reached at a lower distance: the bound of two distances
				// in one turn can be equal (see estimate), so A* may
				// settle a cell before its best way in. The least
				// distance at the goal is what admissibility guarantees,
				// and a settled cell's distance only falls, so the search
				// still ends.
				if nd >= int(n.dist) {
					continue
				}
			} else if goal < 0 {
				t.hex = 0
			} else if cc := (hexmap.Coordinates{X: int(coords[nb][0]), Z: int(coords[nb][1])}); wrapping {
				t.hex = uint16(f.top.DistanceTo(cc, target))
			} else {
				t.hex = uint16(cc.DistanceTo(target)) // Topology.DistanceTo, inlined
			}
			prio := nd
			if goal >= 0 {
				prio = est.bound(nd, ndEnd, int(t.hex))
			}
			n.stamp, n.dist = gen, int32(nd)
			t.back, t.turnEnd, t.prio = opposite[k], int32(ndEnd), int32(prio)
			q.add(prio, int32(nb))
		}
	}
}

// opposite is hexmap.Direction.Opposite of each edge's direction, as the
// edge index the way back.
var opposite = [6]int8{3, 4, 5, 0, 1, 2}

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
// by A* on the hex distance, as Catlike's, with a tighter bound built on
// it (see estimate), so that the first time the goal leaves the queue
// its distance is the least. ok is false when no path exists.
func (f *Finder) FindPath(q Query) (Path, bool) {
	if !f.valid(q) || q.To < 0 || q.To >= len(f.coords) {
		return Path{}, false
	}
	f.begin()
	f.start(q.From, q.Spent, f.top.DistanceTo(f.cellCoords(q.From), f.cellCoords(q.To)), q.Speed)
	if !f.run(q.Speed, q.To, math.MaxInt, q.Units, q.exploredMask(), nil) {
		return Path{}, false
	}
	return f.trace(q.To, q.Speed), true
}

// valid reports whether q's speed, start distance and start cell are in
// range (the goal is FindPath's to check).
func (f *Finder) valid(q Query) bool {
	return q.Speed >= 1 && q.Speed <= MaxSpeed && q.Spent >= 0 && q.Spent <= q.Speed &&
		q.From >= 0 && q.From < len(f.coords)
}

// trace follows the predecessors back from cell i into the path buffers.
func (f *Finder) trace(i, speed int) Path {
	f.cells, f.dists = f.cells[:0], f.dists[:0]
	for {
		f.cells = append(f.cells, i)
		f.dists = append(f.dists, int(f.nodes[i].dist))
		back := f.trails[i].back
		if back < 0 {
			break
		}
		i = int(f.next[i][back])
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
	f.begin()
	f.start(q.From, q.Spent, 0, q.Speed)
	f.run(q.Speed, -1, turnEnd(q.Spent, q.Speed), q.Units, q.exploredMask(), func(i, _ int) {
		if i != q.From {
			f.cells = append(f.cells, i)
		}
	})
	return f.cells
}

// Distances fills dst (one entry per cell, grown as needed) with the
// distance from q.From to every cell, -1 where none can be reached:
// Catlike's distance overlay, with turns. q.To is unused.
func (f *Finder) Distances(q Query, dst []int) []int {
	if cap(dst) < len(f.coords) {
		dst = make([]int, len(f.coords))
	}
	dst = dst[:len(f.coords)]
	for i := range dst {
		dst[i] = -1
	}
	if !f.valid(q) {
		return dst
	}
	f.begin()
	f.start(q.From, q.Spent, 0, q.Speed)
	f.run(q.Speed, -1, math.MaxInt, q.Units, q.exploredMask(), func(i, d int) { dst[i] = d })
	return dst
}
