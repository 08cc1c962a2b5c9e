package tools

import "hexsandbox/hexmap"

// Drag is a pointer move from one cell into its neighbour in direction
// Dir, which draws a river or road across that edge.
type Drag struct {
	Active bool
	Dir    hexmap.Direction
}

// DragTracker follows the cell under a held pointer and turns each move
// into a Drag, like Catlike's ValidateDrag.
type DragTracker struct {
	prev    int
	hasPrev bool
}

// Step reports the drag that moving to cell cur makes. A move to a cell
// that is not adjacent (the pointer skipped cells) draws nothing but
// continues the stroke from cur.
func (t *DragTracker) Step(g *hexmap.Grid, cur int) Drag {
	defer func() { t.prev, t.hasPrev = cur, true }()
	if !t.hasPrev || t.prev == cur {
		return Drag{}
	}
	if d, ok := g.Topology().DirectionTo(t.prev, cur); ok {
		return Drag{Active: true, Dir: d}
	}
	return Drag{}
}

// Same reports whether cur is the cell of the previous step, so a held
// pointer resting on one cell does not re-apply the brush every frame.
func (t *DragTracker) Same(cur int) bool { return t.hasPrev && t.prev == cur }

// Prev returns the cell of the previous step, if the stroke has one.
func (t *DragTracker) Prev() (int, bool) { return t.prev, t.hasPrev }

// Reset ends the stroke: the next step starts a new one.
func (t *DragTracker) Reset() { t.hasPrev = false }
