package editor

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/palette"
	"hexsandbox/units"
	"hexsandbox/vision"
)

// fog is the fog of war (Catlike parts 20-22) as the editor plays it:
// every side's vision, following the units cell by cell and the edits
// that change what they see, and the cell data the scene shades the map
// with. Edit mode shows everything; in play mode the side in turn sees
// only what its units see and have seen (hot-seat: the view changes at
// once when the turn passes), unless Reveal map shows all for checking
// the map. Other sides' units show only where the side in turn sees
// them, and nothing about an unexplored cell is told.
type fog struct {
	vision *vision.Vision
	data   *vision.CellData
}

// fogColor is what an unexplored cell shows: Catlike's background.
var fogColor = palette.Fog.NRGBA()

// resetFog follows the map's units and edits; the game's units report
// every cell they step into.
func (w *world) resetFog() {
	if w.fog.vision != nil {
		w.fog.vision.Close()
	}
	v := vision.New(w.grid)
	w.fog = fog{vision: v, data: vision.NewCellData(v, w.grid.SideInTurn())}
	w.game.OnStep = func(_, from, to int) { v.Step(from, to) }
}

// updateFog keeps the vision and the cell data current (in edit mode
// too, so that play starts from the truth) and fades them by dt. It
// reports whether the cell data changed.
func (w *world) updateFog(dt float64) bool {
	f := &w.fog
	if side := w.grid.SideInTurn(); side != f.data.Side() {
		f.data.SetSide(side)
	}
	return f.data.Update(dt)
}

// fogData is the cell data the scene shades with, nil for none.
func (g *game) fogData() *vision.CellData {
	if !g.mode.fogged() {
		return nil
	}
	return g.world.fog.data
}

// sees reports whether the side in turn sees cell i now, as far as what
// is shown goes: always without the fog.
func (w *world) sees(i int, fogged bool) bool {
	return !fogged || w.fog.vision.Visible(w.grid.SideInTurn(), i)
}

// knows reports whether the side in turn has explored cell i, as far as
// what is shown goes: always without the fog.
func (w *world) knows(i int, fogged bool) bool {
	return !fogged || w.grid.Explored(i, w.grid.SideInTurn())
}

// knows reports whether what is shown tells cell i.
func (g *game) knows(i int) bool { return g.world.knows(i, g.mode.fogged()) }

// unitShown reports whether unit k is shown: the side in turn's own
// always, the others' where that side sees them.
func (w *world) unitShown(k int, fogged bool) bool {
	return int(w.grid.Units()[k].Side) == w.grid.SideInTurn() || w.sees(w.grid.UnitCell(k), fogged)
}

// sideUnits returns the units of the side in turn, by their index.
func (w *world) sideUnits() []int {
	var own []int
	for k, u := range w.grid.Units() {
		if int(u.Side) == w.grid.SideInTurn() {
			own = append(own, k)
		}
	}
	return own
}

// lookAtSide brings the side in turn's units into view as its turn
// starts (hot-seat: the last side's part of the map tells the next
// nothing): when none of them is on screen, the camera centres on the
// first. It returns the hint that starts the turn.
func (p *playMode) lookAtSide() string {
	e := p.env
	grid := e.sess.Grid
	name := units.SideName(grid.SideInTurn())
	own := e.world.sideUnits()
	if len(own) == 0 {
		return name + " has no units: place some in edit mode (Tab) · V: reveal map"
	}
	mr := e.mapRect()
	v := e.cam.View(mr.Dx(), mr.Dy())
	top := grid.Topology()
	for _, k := range own {
		i := grid.UnitCell(k)
		cx, _ := top.CellCenter(i)
		if onScreen(&v, cellTop(grid, i, vec3.T{}, top.Nearest(cx, float32(e.cam.X))-cx), -40) {
			return ""
		}
	}
	x, z := top.CellCenter(grid.UnitCell(own[0]))
	e.cam.X, e.cam.Z = float64(x), float64(z)
	e.cam.Clamp()
	return ""
}
