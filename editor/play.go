package editor

import (
	"errors"
	"fmt"
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/hexmap"
	"hexsandbox/nav"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// play is the game side of the editor: in play mode the panel gives way
// to the game bar, a click selects a unit or sends the selected one on
// its way, hovering shows the path with the turn of each cell, and the
// cells the unit reaches this turn are shaded. The units walk in edit
// mode too, if a move was still under way when the mode changed (it is
// finished at once).
type play struct {
	on       bool
	finder   *nav.Finder
	game     *units.Game
	selected int              // index in the grid's units, -1 for none
	figures  []project.Figure // every unit's, in the grid's order
	shown    []project.Figure // the ones drawn (fog.go: unitShown)
	shownOf  []int            // the unit of each figure shown
	fog      fog

	// What the overlay shows, searched again only when its question
	// (unit, destination, map costs, units) changes.
	path      cachedPath
	reach     cachedCells
	distances cachedCells
	sorted    []int     // scratch: the path's cells, sorted
	shifts    []float32 // scratch: where the path's cells are drawn
}

// planKey is a search's question: which unit (as it stands), where to,
// and the state of the map's costs and units it was answered on.
type planKey struct {
	unit       int
	record     hexmap.Unit
	cell       int // destination, or the source of distances in edit mode
	costs      uint64
	unitsState uint64
}

type cachedPath struct {
	key   planKey
	valid bool
	ok    bool
	cells []int
	turns []int
}

type cachedCells struct {
	key   planKey
	valid bool
	cells []int
}

// resetPlay starts following a new map: a finder over it and a game
// whose units stand on the scene's ground.
func (g *game) resetPlay() {
	if g.play.finder != nil {
		g.play.finder.Close()
	}
	grid := g.sess.Grid
	g.play.finder = nav.NewFinder(grid)
	g.play.game = units.NewGame(grid, g.play.finder, g.scene.Ground())
	g.resetFog(g.play.game)
	g.play.selected = -1
	g.play.path.valid, g.play.reach.valid, g.play.distances.valid = false, false, false
}

// setPlaying switches between edit and play mode.
func (g *game) setPlaying(on bool) {
	if on == g.play.on {
		return
	}
	g.endStroke()
	g.play.game.Finish()
	before := g.mapRect()
	g.play.on = on
	g.play.selected = -1
	if g.bar != nil {
		g.showMode()
	}
	g.keepMapInPlace(before, g.mapRect())
	if on {
		if hint := g.lookAtSide(); hint != "" {
			g.info("Play: " + hint)
		} else {
			g.info("Play: click a unit of " + units.SideName(g.sess.Grid.SideInTurn()) + ", then a cell · Tab: back to editing")
		}
	}
}

// keepMapInPlace moves the camera so that the map stays where it was on
// the screen when the map's part of it changes from before to after (the
// panel goes or comes): the new view's centre shows what the old view
// showed at that pixel. The camera's centre lies on the plane y = 0.
func (g *game) keepMapInPlace(before, after image.Rectangle) {
	v := g.cam.View(before.Dx(), before.Dy())
	o, d := v.Ray(float64(after.Dx())/2, float64(after.Dy())/2)
	if d[1] >= 0 {
		return
	}
	t := -o[1] / d[1]
	g.cam.X, g.cam.Z = float64(o[0]+d[0]*t), float64(o[2]+d[2]*t)
	g.cam.Clamp()
}

// settle finishes a move under way, so that what is saved or replaced
// has every unit where its move ends.
func (g *game) settle() { g.play.game.Finish() }

// toggleReveal shows the whole map in play mode, or each side's view
// again.
func (g *game) toggleReveal() {
	g.view.Reveal = !g.view.Reveal
	g.bar.sync(&g.view)
}

// endTurn passes play to the next side.
func (g *game) endTurn() {
	side := g.play.game.EndTurn()
	g.play.selected = -1
	msg := units.SideName(side) + "'s turn"
	if hint := g.lookAtSide(); hint != "" {
		msg += ": " + hint
	}
	g.info(msg)
}

// playInput reads the mouse in play mode: the cell under the cursor, and
// a press on the map selects the unit clicked or moves the selected one.
func (g *game) playInput() {
	x, y := g.inp.CursorPosition()
	g.hover, g.hoverOK = 0, false
	over := g.overMap(x, y)
	if over {
		mr := g.mapRect()
		g.hover, g.hoverAt, g.hoverOK = g.scene.Pick(&g.cam, mr.Dx(), mr.Dy(), float64(x-mr.Min.X), float64(y-mr.Min.Y))
	}
	down := g.inp.MousePressed(ebiten.MouseButtonLeft)
	pressed := down && !g.wasDown
	g.wasDown = down
	if !pressed || !over || g.modals > 0 {
		return
	}
	if k, ok := g.unitUnder(x, y); ok {
		g.selectUnit(k)
		return
	}
	if !g.hoverOK {
		return
	}
	if k, ok := g.sess.Grid.UnitAt(g.hover); ok && g.unitShown(k) {
		g.selectUnit(k)
		return
	}
	g.moveSelected(g.hover)
}

// unitUnder returns the unit whose figure (as shown) is under pixel
// (x, y).
func (g *game) unitUnder(x, y int) (int, bool) {
	mr := g.mapRect()
	v := g.cam.View(mr.Dx(), mr.Dy())
	f, ok := project.FigureAt(&v, g.play.shown, float32(x-mr.Min.X), float32(y-mr.Min.Y))
	if !ok {
		return 0, false
	}
	return g.play.shownOf[f], true
}

func (g *game) selectUnit(k int) {
	g.play.selected = k
	u := g.sess.Grid.Units()[k]
	if int(u.Side) != g.sess.Grid.SideInTurn() {
		g.info(fmt.Sprintf("That unit is %s's; it is %s's turn", units.SideName(int(u.Side)), units.SideName(g.sess.Grid.SideInTurn())))
	}
}

// moveSelected sends the selected unit towards cell dest.
func (g *game) moveSelected(dest int) {
	k := g.play.selected
	if k < 0 {
		g.info("Click a unit first")
		return
	}
	err := g.play.game.Move(k, dest)
	switch {
	case err == nil:
	case errors.Is(err, units.ErrNoMoves):
		g.info("No moves left this turn for that step: End Turn (Enter)")
	default:
		g.info(fmt.Sprintf("Cannot move there: %v", err))
	}
}

// maxTravelStep is the most time one tick advances a move under way:
// a stall does not make a unit jump.
const maxTravelStep = 100 * time.Millisecond

// updatePlay advances a move under way by dt seconds, the editor's time
// since the last tick, so that a unit walks at its speed however fast
// the ticks come, and keeps the selection valid.
func (g *game) updatePlay(dt float64) {
	g.play.game.Update(dt)
	g.updateFog(dt)
	g.play.finder.Sync() // keep up with edits, so the feed need not hold them
	if g.play.selected >= len(g.sess.Grid.Units()) {
		g.play.selected = -1
	}
}

// unitFigures lists every unit's figure, and returns the ones the scene
// draws: those the fog does not hide.
func (g *game) unitFigures() []project.Figure {
	list, shown, of := g.play.figures[:0], g.play.shown[:0], g.play.shownOf[:0]
	top := g.sess.Grid.Topology()
	for k, u := range g.sess.Grid.Units() {
		p := g.play.game.Pose(k)
		// On a wrapping map, in the copy of the map nearest the camera.
		p.X = top.Nearest(p.X, float32(g.cam.X))
		list = append(list, project.Figure{Pos: [3]float32{p.X, p.Y, p.Z}, Heading: p.Heading, Color: units.SideColor(int(u.Side))})
		if g.unitShown(k) {
			shown, of = append(shown, list[k]), append(of, k)
		}
	}
	g.play.figures, g.play.shown, g.play.shownOf = list, shown, of
	return shown
}

// key returns the question a search about unit k and cell would answer.
func (g *game) planKey(k, cell int) planKey {
	grid := g.sess.Grid
	key := planKey{unit: k, cell: cell, costs: g.play.finder.Serial(), unitsState: grid.UnitChanges()}
	if k >= 0 {
		key.record = grid.Units()[k]
	}
	return key
}

// plannedPath is the path the selected unit would take to the hovered
// cell, with the turn of each cell, or false.
func (g *game) plannedPath() ([]int, []int, bool) {
	k := g.play.selected
	if k < 0 || !g.hoverOK {
		return nil, nil, false
	}
	if _, moving := g.play.game.Travelling(); moving {
		return nil, nil, false
	}
	c := &g.play.path
	key := g.planKey(k, g.hover)
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		p, ok := g.play.game.Plan(k, g.hover)
		c.ok = ok && len(p.Cells) > 1
		c.cells, c.turns = append(c.cells[:0], p.Cells...), c.turns[:0]
		for i := range p.Cells {
			c.turns = append(c.turns, p.Turn(i))
		}
	}
	return c.cells, c.turns, c.ok
}

// reachable is the cells the selected unit reaches this turn.
func (g *game) reachable() []int {
	k := g.play.selected
	if k < 0 {
		return nil
	}
	if _, moving := g.play.game.Travelling(); moving {
		return nil
	}
	c := &g.play.reach
	key := g.planKey(k, -1)
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		c.cells = append(c.cells[:0], g.play.game.Reachable(k)...)
	}
	return c.cells
}

// distancesFrom is the distance overlay (Catlike part 15, with turns):
// the distance from the selected unit's cell in play mode, or from the
// cell under the cursor in edit mode, to every cell; nil for none.
func (g *game) distancesFrom() []int {
	if !g.view.Distances {
		return nil
	}
	q := nav.Query{Speed: hexmap.UnitSpeed}
	k := g.play.selected
	switch {
	case g.play.on && k >= 0:
		q = g.play.game.Query(k)
	case !g.play.on && g.hoverOK:
		q.From = g.hover
		k = -1
	default:
		return nil
	}
	c := &g.play.distances
	key := g.planKey(k, q.From)
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		c.cells = g.play.finder.Distances(q, c.cells)
	}
	return c.cells
}

// selectedInfo describes the selected unit for the game bar.
func (g *game) selectedInfo() (unit, moves string) {
	k := g.play.selected
	if k < 0 {
		return "No unit selected", "—"
	}
	grid := g.sess.Grid
	u := grid.Units()[k]
	x, z := grid.Topology().Offset(grid.UnitCell(k))
	return fmt.Sprintf("%s unit at %d, %d", units.SideName(int(u.Side)), x, z), fmt.Sprintf("%d / %d", u.MovesLeft, hexmap.UnitSpeed)
}

// unitStatus describes, for the status line, the unit on the cell under
// the cursor and in play mode the selected unit's way there.
func (g *game) unitStatus() string {
	grid := g.sess.Grid
	out := ""
	if k, ok := grid.UnitAt(g.hover); ok && g.unitShown(k) {
		u := grid.Units()[k]
		out = fmt.Sprintf("   %s unit, %d moves left", units.SideName(int(u.Side)), u.MovesLeft)
	}
	if !g.play.on {
		return out
	}
	if cells, turns, ok := g.plannedPath(); ok {
		out += fmt.Sprintf("   way there: %d steps, reached in turn %d", len(cells)-1, turns[len(turns)-1])
	}
	return out
}
