package editor

import (
	"errors"
	"fmt"
	"time"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/hexmap"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// playMode is the game side of the editor: the panel gives way to the
// game bar, a click selects a unit or sends the selected one on its
// way, hovering shows the path with the turn of each cell, and the cells
// the unit reaches this turn are shaded (Catlike's HexGameUI).
type playMode struct {
	env      *modeEnv
	bar      *gameBar
	selected int // index in the grid's units, -1 for none

	// What the overlay shows, searched again only when its question
	// (unit, destination, map costs, units) changes.
	path   cachedPath
	reach  cachedCells
	shifts []float32 // scratch: where the path's cells are drawn
}

// maxTravelStep is the most time one tick advances a move under way:
// a stall does not make a unit jump.
const maxTravelStep = 100 * time.Millisecond

// reset forgets the selection and the searches: the map is another.
func (p *playMode) reset() {
	p.selected = -1
	p.path.valid, p.reach.valid = false, false
}

func (p *playMode) root() *widget.Container { return p.bar.root }
func (p *playMode) beside() bool            { return false }
func (p *playMode) sync()                   { p.bar.sync(p.env.view) }
func (p *playMode) keys() modes             { return inPlay }
func (p *playMode) fogged() bool            { return !p.env.view.Reveal }
func (p *playMode) minimap() bool           { return false } // it would show what the fog hides
func (p *playMode) escape()                 { p.selected = -1 }
func (p *playMode) leave()                  { p.selected = -1 }
func (p *playMode) interrupt()              {} // a click is over when it is made

// enter starts play with the side in turn's units in view.
func (p *playMode) enter() {
	p.selected = -1
	if hint := p.lookAtSide(); hint != "" {
		p.env.info("Play: " + hint)
	} else {
		p.env.info("Play: click a unit of " + units.SideName(p.env.sess.Grid.SideInTurn()) + ", then a cell · Tab: back to editing")
	}
}

// tick keeps the selection valid and the game bar current.
func (p *playMode) tick() bool {
	if p.selected >= len(p.env.sess.Grid.Units()) {
		p.selected = -1
	}
	return p.bar.update(p.barInfo())
}

// toggleReveal shows the whole map, or each side's view again.
func (p *playMode) toggleReveal() {
	p.env.view.Reveal = !p.env.view.Reveal
	p.bar.sync(p.env.view)
}

// endTurn passes play to the next side.
func (p *playMode) endTurn() {
	side := p.env.world.game.EndTurn()
	p.selected = -1
	msg := units.SideName(side) + "'s turn"
	if hint := p.lookAtSide(); hint != "" {
		msg += ": " + hint
	}
	p.env.info(msg)
}

// input reads the mouse: a press on the map selects the unit clicked
// or moves the selected one.
func (p *playMode) input(pt pointer) {
	if !pt.pressed || !pt.overMap {
		return
	}
	if k, ok := p.unitUnder(pt.x, pt.y); ok {
		p.selectUnit(k)
		return
	}
	if !pt.ok {
		return
	}
	if k, ok := p.env.sess.Grid.UnitAt(pt.cell); ok && p.env.world.unitShown(k, p.fogged()) {
		p.selectUnit(k)
		return
	}
	p.moveSelected(pt.cell)
}

// unitUnder returns the unit whose figure (as shown) is under pixel
// (x, y).
func (p *playMode) unitUnder(x, y int) (int, bool) {
	mr := p.env.mapRect()
	v := p.env.cam.View(mr.Dx(), mr.Dy())
	w := p.env.world
	f, ok := project.FigureAt(&v, w.shown, float32(x-mr.Min.X), float32(y-mr.Min.Y))
	if !ok {
		return 0, false
	}
	return w.shownOf[f], true
}

func (p *playMode) selectUnit(k int) {
	p.selected = k
	grid := p.env.sess.Grid
	u := grid.Units()[k]
	if int(u.Side) != grid.SideInTurn() {
		p.env.info(fmt.Sprintf("That unit is %s's; it is %s's turn", units.SideName(int(u.Side)), units.SideName(grid.SideInTurn())))
	}
}

// moveSelected sends the selected unit towards cell dest.
func (p *playMode) moveSelected(dest int) {
	k := p.selected
	if k < 0 {
		p.env.info("Click a unit first")
		return
	}
	err := p.env.world.game.Move(k, dest)
	switch {
	case err == nil:
	case errors.Is(err, units.ErrNoMoves):
		p.env.info("No moves left this turn for that step: End Turn (Enter)")
	default:
		p.env.info(fmt.Sprintf("Cannot move there: %v", err))
	}
}

// plannedPath is the path the selected unit would take to the hovered
// cell, with the turn of each cell, or false.
func (p *playMode) plannedPath() ([]int, []int, bool) {
	k, hover := p.selected, p.env.ptr
	if k < 0 || !hover.ok {
		return nil, nil, false
	}
	w := p.env.world
	if _, moving := w.game.Travelling(); moving {
		return nil, nil, false
	}
	c := &p.path
	key := w.planKey(k, hover.cell)
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		path, ok := w.game.Plan(k, hover.cell)
		c.ok = ok && len(path.Cells) > 1
		c.cells, c.turns = append(c.cells[:0], path.Cells...), c.turns[:0]
		for i := range path.Cells {
			c.turns = append(c.turns, path.Turn(i))
		}
	}
	return c.cells, c.turns, c.ok
}

// reachable is the cells the selected unit reaches this turn.
func (p *playMode) reachable() []int {
	k := p.selected
	if k < 0 {
		return nil
	}
	w := p.env.world
	if _, moving := w.game.Travelling(); moving {
		return nil
	}
	c := &p.reach
	key := w.planKey(k, -1)
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		c.cells = append(c.cells[:0], w.game.Reachable(k)...)
	}
	return c.cells
}

// distances is the distance overlay from the selected unit's cell, nil
// for none.
func (p *playMode) distances() []int {
	if !p.env.view.Distances || p.selected < 0 {
		return nil
	}
	w := p.env.world
	return w.distancesFrom(w.game.Query(p.selected), p.selected)
}

// barInfo is what the game bar shows: the side in turn, the selected
// unit and its moves left.
func (p *playMode) barInfo() barInfo {
	grid := p.env.sess.Grid
	info := barInfo{side: grid.SideInTurn(), unit: "No unit selected", moves: "—"}
	if k := p.selected; k >= 0 {
		u := grid.Units()[k]
		x, z := grid.Topology().Offset(grid.UnitCell(k))
		info.unit = fmt.Sprintf("%s unit at %d, %d", units.SideName(int(u.Side)), x, z)
		info.moves = fmt.Sprintf("%d / %d", u.MovesLeft, hexmap.UnitSpeed)
	}
	return info
}

// status describes, for the status line, the selected unit's way to
// the cell under the cursor.
func (p *playMode) status() (cell, right string) {
	if cells, turns, ok := p.plannedPath(); ok {
		cell = fmt.Sprintf("   way there: %d steps, reached in turn %d", len(cells)-1, turns[len(turns)-1])
	}
	return cell, ""
}
