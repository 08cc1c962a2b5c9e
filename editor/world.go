package editor

import (
	"hexsandbox/hexmap"
	"hexsandbox/nav"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// world is what stands and moves on the map in every mode: the units'
// game with its path finder, the fog of war, and the units' figures as
// drawn. The units walk in edit mode too, if a move was still under way
// when the mode changed (it is finished at once), and the fog follows
// the edits there, so that play starts from the truth.
type world struct {
	grid    *hexmap.Grid
	finder  *nav.Finder
	game    *units.Game
	fog     fog
	all     []project.Figure // every unit's figure, in the grid's order
	shown   []project.Figure // the ones drawn (unitShown)
	shownOf []int            // the unit of each figure shown

	// The distance overlay, searched again only when its question
	// changes.
	distances cachedCells
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

// reset starts following a new map: a finder over it and a game whose
// units stand on ground.
func (w *world) reset(grid *hexmap.Grid, ground units.Ground) {
	if w.finder != nil {
		w.finder.Close()
	}
	w.grid = grid
	w.finder = nav.NewFinder(grid)
	w.game = units.NewGame(grid, w.finder, ground)
	w.resetFog()
	w.distances.valid = false
}

// update advances a move under way by dt seconds of the editor's time,
// fades the fog by as much, and keeps the finder up with edits (so the
// feed need not hold them). It reports whether a unit moved or the fog
// changed.
func (w *world) update(dt float64) bool {
	_, moving := w.game.Travelling()
	w.game.Update(dt)
	faded := w.updateFog(dt)
	w.finder.Sync()
	return moving || faded
}

// figures lists every unit's figure, and returns the ones the scene
// draws: those the fog (when fogged) does not hide. On a wrapping map
// each stands in the copy of the map nearest world x camX.
func (w *world) figures(camX float32, fogged bool) []project.Figure {
	list, shown, of := w.all[:0], w.shown[:0], w.shownOf[:0]
	top := w.grid.Topology()
	paint := paintOf(w.grid.Sides())
	for k, u := range w.grid.Units() {
		p := w.game.Pose(k)
		p.X = top.Nearest(p.X, camX)
		list = append(list, project.Figure{Pos: [3]float32{p.X, p.Y, p.Z}, Heading: p.Heading, Color: paint.rgb(int(u.Side)), Kind: units.FigureKind(u.Type)})
		if w.unitShown(k, fogged) {
			shown, of = append(shown, list[k]), append(of, k)
		}
	}
	w.all, w.shown, w.shownOf = list, shown, of
	return shown
}

// planKey returns the question a search about unit k and cell would
// answer.
func (w *world) planKey(k, cell int) planKey {
	key := planKey{unit: k, cell: cell, costs: w.finder.Serial(), unitsState: w.grid.UnitChanges()}
	if k >= 0 {
		key.record = w.grid.Units()[k]
	}
	return key
}

// distancesFrom is the distance overlay (Catlike part 15, with turns):
// the distance of every cell by query q, asked about unit k (-1 for a
// cell's), cached while the question stands.
func (w *world) distancesFrom(q nav.Query, k int) []int {
	c := &w.distances
	key := w.planKey(k, q.From)
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		c.cells = w.finder.Distances(q, c.cells)
	}
	return c.cells
}

// settle finishes a move under way, so that what is saved or replaced
// has every unit where its move ends.
func (g *game) settle() { g.world.game.Finish() }
