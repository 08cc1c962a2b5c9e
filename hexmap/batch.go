package hexmap

// BatchRules says which of Catlike's edit rules a batch applies when it
// ends.
type BatchRules uint8

const (
	// NoRules applies none: the batch restores whole states recorded
	// earlier (undo, redo), which are consistent already.
	NoRules BatchRules = iota
	// linkRules drops only links that cannot be drawn: rivers and roads
	// whose other side disagrees or lies off the map, a river in and out
	// through one edge. Loading a file uses it, so that a hand-made map
	// keeps what it holds as written.
	linkRules
	// EditRules applies every rule the edit methods apply one by one:
	// the link rules, then no river uphill, no special on a river, no road
	// across a river, to or from a special or over a cliff.
	EditRules
)

// BatchReport says what the rules at the end of a batch dropped.
type BatchReport struct {
	DroppedRivers   int // river links removed (each counted once per cell end)
	DroppedRoads    int // road links removed (each counted once per cell side)
	ClearedSpecials int // specials removed from river cells
}

// Dropped reports whether the rules removed anything.
func (r BatchReport) Dropped() bool {
	return r.DroppedRivers+r.DroppedRoads+r.ClearedSpecials > 0
}

// batchState is the grid's bookkeeping while a batch runs.
type batchState struct {
	active  bool
	slot    []int32 // per cell: position in before, or -1 when untouched
	before  []Change
	applied bool // the rules are running (they touch cells too)
	// checked holds, per cell, the round of rules that checked it last;
	// round counts the batches' rule passes.
	checked []uint32
	round   uint32
	// everyCell makes the rules check every cell, touched or not: a new
	// grid whose cells were copied in whole (FromCells).
	everyCell bool
}

// Batch runs f in batch mode, for bulk edits (loading, generation,
// paste, undo): the edit methods skip the rules that cascade from a
// change of height (rivers that now flow uphill, roads that became too
// steep), SetCell writes whole cells, and when f returns the rules are
// applied once to every touched cell and its neighbours. The feed then
// gets one change per touched cell, all with one Edit, so consumers
// rebuild once. Batches do not nest: a Batch inside a batch just runs f.
func (g *Grid) Batch(rules BatchRules, f func()) BatchReport {
	if g.batch.active {
		f()
		return BatchReport{}
	}
	g.begin()
	defer g.end()
	b := &g.batch
	if b.slot == nil {
		b.slot = make([]int32, len(g.cells))
		for i := range b.slot {
			b.slot[i] = -1
		}
	}
	b.active = true
	defer g.flushBatch()
	f()
	b.applied = true
	return g.applyRules(rules)
}

// SetCell stores a whole cell as it is, without any rule. Inside a batch
// the batch's rules apply at its end; outside one none do (undo and
// redo restore whole consistent states).
func (g *Grid) SetCell(i int, c Cell) { g.begin(); defer g.end(); g.set(i, c) }

// touch records cell i's state before the batch's first change to it.
func (b *batchState) touch(i int, old Cell) {
	if b.slot[i] < 0 {
		b.slot[i] = int32(len(b.before))
		b.before = append(b.before, Change{Index: i, Before: old})
	}
}

// flushBatch ends batch mode and hands the feed one change per cell
// that differs from its state before the batch.
func (g *Grid) flushBatch() {
	b := &g.batch
	b.active, b.applied = false, false
	for _, c := range b.before {
		b.slot[c.Index] = -1
		c.After, c.Edit = g.cells[c.Index], g.edit
		if c.After != c.Before {
			g.feed.append(c)
			g.drown(c.Index)
		}
	}
	b.before = b.before[:0]
}

// applyRules applies rules to the cells the batch touched and to their
// neighbours, each checked once. Once is enough: a check only removes a
// link at both ends or an end that had no partner, and clears specials,
// so it never makes a link that an earlier check passed one-sided. When
// the batch touched every cell (loading, generation), the neighbours are
// among them and need no looking up.
func (g *Grid) applyRules(rules BatchRules) BatchReport {
	var rep BatchReport
	if rules == NoRules {
		return rep
	}
	b := &g.batch
	if b.checked == nil {
		b.checked = make([]uint32, len(g.cells))
	}
	if b.round++; b.round == 0 { // wrapped: forget every earlier round
		clear(b.checked)
		b.round = 1
	}
	check := func(i int) {
		if b.checked[i] != b.round {
			b.checked[i] = b.round
			g.checkCell(i, rules, &rep)
		}
	}
	if b.everyCell {
		b.everyCell = false
		for i := range g.cells {
			check(i)
		}
	}
	all := len(b.before) == len(g.cells)
	for done := 0; done < len(b.before); done++ {
		i := b.before[done].Index
		check(i)
		if !all {
			g.top.Neighbors(i, func(_ Direction, n int) { check(n) })
		}
	}
	return rep
}

// checkCell drops what the rules forbid in cell i. A link that breaks a
// rule is removed at both ends and counted once; one that only one side
// has is removed from that side. Every change touches its cell, which
// queues it (and so its neighbours) for checking.
func (g *Grid) checkCell(i int, rules BatchRules, rep *BatchReport) {
	c := g.cells[i]
	if d := c.OutgoingRiver; d != NoDirection {
		n, ok := g.top.Neighbor(i, d)
		switch {
		case !ok || g.cells[n].IncomingRiver != d.Opposite():
			c.OutgoingRiver = NoDirection
			rep.DroppedRivers++
		case rules == EditRules && !c.IsValidRiverDestination(g.cells[n]):
			c.OutgoingRiver = NoDirection
			g.unlinkRiver(n, d.Opposite())
			rep.DroppedRivers++
		}
	}
	if d := c.IncomingRiver; d != NoDirection {
		n, ok := g.top.Neighbor(i, d)
		switch {
		case !ok || g.cells[n].OutgoingRiver != d.Opposite() || d == c.OutgoingRiver:
			c.IncomingRiver = NoDirection
			rep.DroppedRivers++
		case rules == EditRules && !g.cells[n].IsValidRiverDestination(c):
			c.IncomingRiver = NoDirection
			g.unlinkRiver(n, d.Opposite())
			rep.DroppedRivers++
		}
	}
	if rules == EditRules && c.IsSpecial() && c.HasRiver() {
		c.SpecialIndex = 0
		rep.ClearedSpecials++
	}
	for d := NE; d <= NW; d++ {
		if !c.HasRoadThroughEdge(d) {
			continue
		}
		n, ok := g.top.Neighbor(i, d)
		if !ok || !g.cells[n].HasRoadThroughEdge(d.Opposite()) {
			c = withRoad(c, d, false)
			rep.DroppedRoads++
			continue
		}
		nc := g.cells[n]
		if c.HasRiverThroughEdge(d) || (rules == EditRules &&
			(c.IsSpecial() || nc.IsSpecial() || abs(int(c.Elevation)-int(nc.Elevation)) > 1)) {
			c = withRoad(c, d, false)
			g.set(n, withRoad(nc, d.Opposite(), false))
			rep.DroppedRoads++
		}
	}
	if c != g.cells[i] {
		g.set(i, c)
	}
}

// unlinkRiver removes the end of a river at cell n through edge d.
func (g *Grid) unlinkRiver(n int, d Direction) {
	nc := g.cells[n]
	if nc.IncomingRiver == d {
		nc.IncomingRiver = NoDirection
	}
	if nc.OutgoingRiver == d {
		nc.OutgoingRiver = NoDirection
	}
	g.set(n, nc)
}
