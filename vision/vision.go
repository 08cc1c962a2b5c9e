package vision

import (
	"slices"

	"hexsandbox/hexmap"
)

// Vision keeps, per side and cell, how many of the side's units see the
// cell (Catlike's HexCell visibility, one count per side), and marks
// cells explored in the grid as a side first sees them. It follows the
// grid: Sync takes in units placed, removed or moved and edits that
// change what units see; Step moves one unit's vision as it passes from
// cell to cell on its way (units.Game.OnStep), so that it sees what lies
// along its path, not only where it stops.
//
// Each unit's vision is the list of cells it added to the counts, kept
// until the unit moves on, so taking it away needs no new search and the
// counts always equal a recount from scratch.
type Vision struct {
	grid   *hexmap.Grid
	top    hexmap.Topology
	sight  *Sight
	feed   *hexmap.FeedReader
	counts [hexmap.MaxSides][]uint16 // per side, per cell

	viewers []viewer   // the units whose vision is counted
	at      []int32    // per cell: index in viewers + 1, or 0
	units   uint64     // the grid's UnitChanges when last synced
	keep    []bool     // scratch for Sync: viewers matched to a unit
	added   []int      // scratch for Sync: units without a viewer
	touched changeList // cells near an edit that changed sight
	spare   [][]int32  // cell lists of viewers gone, for reuse

	changes changeList
}

// viewer is one unit's vision as counted: where it stands, its side and
// the cells it sees.
type viewer struct {
	cell  int32
	side  uint8
	cells []int32
}

// New counts the vision of g's units and follows g from now on. Close it
// when done.
func New(g *hexmap.Grid) *Vision {
	n := g.Topology().CellCount()
	v := &Vision{grid: g, top: g.Topology(), sight: NewSight(g), feed: g.Follow(), at: make([]int32, n),
		touched: newChangeList(n), changes: newChangeList(n)}
	for s := range v.counts {
		v.counts[s] = make([]uint16, n)
	}
	v.syncUnits()
	return v
}

// Close stops following the grid.
func (v *Vision) Close() { v.feed.Close() }

// Grid is the map whose vision this is.
func (v *Vision) Grid() *hexmap.Grid { return v.grid }

// Count is how many units of side see cell i (0 for a side out of range).
func (v *Vision) Count(side, i int) int {
	if side < 1 || side > hexmap.MaxSides {
		return 0
	}
	return int(v.counts[side-1][i])
}

// Visible reports whether side sees cell i now: some unit of it does and
// the cell is explorable (Catlike's IsVisible).
func (v *Vision) Visible(side, i int) bool {
	return v.Count(side, i) > 0 && v.sight.explorable[i]
}

// Explored reports whether side has ever seen cell i (the grid's record).
func (v *Vision) Explored(side, i int) bool { return v.grid.Explored(i, side) }

// Sync brings the counts up to date with the grid: edits that changed a
// cell's view elevation recompute the vision of the units that could see
// the difference; units removed take their vision away, units placed or
// moved add theirs where they stand.
func (v *Vision) Sync() {
	v.syncFeed()
	v.syncUnits()
	v.recomputeTouched()
}

// Step moves the vision of the unit that passed from cell from to cell
// to (the grid has it on to already): the hook for units.Game.OnStep.
func (v *Vision) Step(from, to int) {
	k := v.at[from] - 1
	if k < 0 || from == to {
		v.Sync()
		return
	}
	u, ok := v.grid.UnitAt(to)
	if !ok || v.grid.Units()[u].Side != v.viewers[k].side {
		v.Sync()
		return
	}
	w := &v.viewers[k]
	v.apply(w, -1)
	v.at[from], v.at[to] = 0, k+1
	w.cell = int32(to)
	w.cells = v.sight.Cells(to, Range, w.cells[:0])
	v.apply(w, +1)
}

// apply adds (by +1) or takes away (by -1) viewer w's vision, noting the
// cells whose visibility starts or ends and exploring the ones first seen.
func (v *Vision) apply(w *viewer, by int) {
	side := int(w.side)
	counts := v.counts[side-1]
	if by > 0 {
		for _, c := range w.cells {
			counts[c]++
			if counts[c] == 1 {
				v.changes.add(c)
				v.grid.Explore(int(c), side)
			}
		}
		return
	}
	for _, c := range w.cells {
		counts[c]--
		if counts[c] == 0 {
			v.changes.add(c)
		}
	}
}

// syncFeed takes in the view elevations edits changed and marks the
// cells whose change could alter some unit's vision: the edited cell and
// its neighbours (a unit's search can only enter an edited cell from one
// it already sees, or see it or past it).
func (v *Vision) syncFeed() {
	if !v.feed.Pending() {
		return
	}
	changes, complete := v.feed.Read()
	if !complete {
		for i := range v.grid.Topology().CellCount() {
			v.sight.Refresh(i, v.grid.Cell(i))
		}
		v.touched.addAll()
		v.changes.addAll()
		return
	}
	for _, c := range changes {
		v.changes.add(int32(c.Index)) // terrain types live in the cell data too
		if !v.sight.Refresh(c.Index, c.After) {
			continue
		}
		v.touched.add(int32(c.Index))
		for _, nb := range v.sight.next[c.Index] {
			if nb >= 0 {
				v.touched.add(nb)
			}
		}
	}
}

// recomputeTouched searches again for every unit that sees a touched
// cell or stands on one, then clears the marks.
func (v *Vision) recomputeTouched() {
	t := &v.touched
	if len(t.cells) == 0 && !t.all {
		return
	}
	for k := range v.viewers {
		w := &v.viewers[k]
		if !t.all && !slices.ContainsFunc(w.cells, func(c int32) bool { return t.in[c] }) {
			continue
		}
		v.apply(w, -1)
		w.cells = v.sight.Cells(int(w.cell), Range, w.cells[:0])
		v.apply(w, +1)
	}
	t.take(func(int) {})
}

// syncUnits matches the counted viewers to the grid's units: one per
// cell, so a viewer whose cell holds a unit of its side is that unit (or
// as good as); the others go, and units without a viewer get one.
func (v *Vision) syncUnits() {
	g := v.grid
	if g.UnitChanges() == v.units && len(v.viewers) == len(g.Units()) {
		return
	}
	v.units = g.UnitChanges()
	v.keep = slices.Grow(v.keep[:0], len(v.viewers))[:len(v.viewers)]
	clear(v.keep)
	added := v.added[:0]
	for k, u := range g.Units() {
		c := g.UnitCell(k)
		if w := v.at[c] - 1; w >= 0 && v.viewers[w].side == u.Side && !v.keep[w] {
			v.keep[w] = true
			continue
		}
		added = append(added, k)
	}
	for w := len(v.viewers) - 1; w >= 0; w-- {
		if !v.keep[w] {
			v.remove(w)
		}
	}
	for _, k := range added {
		v.add(g.UnitCell(k), g.Units()[k].Side)
	}
	v.added = added
}

// add counts the vision of a unit of side on cell c.
func (v *Vision) add(c int, side uint8) {
	var cells []int32
	if n := len(v.spare); n > 0 {
		cells, v.spare = v.spare[n-1][:0], v.spare[:n-1]
	}
	v.viewers = append(v.viewers, viewer{cell: int32(c), side: side, cells: v.sight.Cells(c, Range, cells)})
	v.at[c] = int32(len(v.viewers))
	v.apply(&v.viewers[len(v.viewers)-1], +1)
}

// remove takes viewer w's vision away and drops it (the last viewer
// takes its place).
func (v *Vision) remove(w int) {
	vw := &v.viewers[w]
	v.apply(vw, -1)
	if v.at[vw.cell] == int32(w+1) {
		v.at[vw.cell] = 0
	}
	v.spare = append(v.spare, vw.cells)
	last := len(v.viewers) - 1
	if w != last {
		v.viewers[w] = v.viewers[last]
		v.at[v.viewers[w].cell] = int32(w + 1)
	}
	v.viewers = v.viewers[:last]
}

// Changes calls f with every cell whose visibility for some side,
// exploration or terrain may have changed since the last call, each
// once, and forgets them: the cell data's way to refresh only what
// changed. all is true when every cell should be taken as changed (f is
// then not called).
func (v *Vision) Changes(f func(i int)) (all bool) { return v.changes.take(f) }

// changeList is a set of cells in the order they were added.
type changeList struct {
	cells []int32
	in    []bool
	all   bool
}

func newChangeList(n int) changeList { return changeList{in: make([]bool, n)} }

func (l *changeList) add(c int32) {
	if !l.in[c] && !l.all {
		l.in[c] = true
		l.cells = append(l.cells, c)
	}
}

func (l *changeList) addAll() {
	for _, c := range l.cells {
		l.in[c] = false
	}
	l.cells, l.all = l.cells[:0], true
}

func (l *changeList) take(f func(i int)) bool {
	if l.all {
		l.all = false
		return true
	}
	for _, c := range l.cells {
		l.in[c] = false
		f(int(c))
	}
	l.cells = l.cells[:0]
	return false
}
