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

// resetFog follows a new map's units and edits; the game's units report
// every cell they step into.
func (g *game) resetFog(game *units.Game) {
	if g.play.fog.vision != nil {
		g.play.fog.vision.Close()
	}
	v := vision.New(g.sess.Grid)
	g.play.fog = fog{vision: v, data: vision.NewCellData(v, g.sess.Grid.SideInTurn())}
	game.OnStep = func(_, from, to int) { v.Step(from, to) }
}

// updateFog keeps the vision and the cell data current (in edit mode
// too, so that play starts from the truth) and fades them by dt.
func (g *game) updateFog(dt float64) {
	f := &g.play.fog
	if side := g.sess.Grid.SideInTurn(); side != f.data.Side() {
		f.data.SetSide(side)
	}
	f.data.Update(dt)
}

// fogOn reports whether the map is shown as the side in turn sees it.
func (g *game) fogOn() bool { return g.play.on && !g.view.Reveal }

// fogData is the cell data the scene shades with, nil for none.
func (g *game) fogData() *vision.CellData {
	if !g.fogOn() {
		return nil
	}
	return g.play.fog.data
}

// sees reports whether the side in turn sees cell i now, as far as what
// is shown goes: always without the fog.
func (g *game) sees(i int) bool {
	return !g.fogOn() || g.play.fog.vision.Visible(g.sess.Grid.SideInTurn(), i)
}

// knows reports whether the side in turn has explored cell i, as far as
// what is shown goes: always without the fog.
func (g *game) knows(i int) bool {
	return !g.fogOn() || g.sess.Grid.Explored(i, g.sess.Grid.SideInTurn())
}

// unitShown reports whether unit k is shown: the side in turn's own
// always, the others' where that side sees them.
func (g *game) unitShown(k int) bool {
	grid := g.sess.Grid
	return int(grid.Units()[k].Side) == grid.SideInTurn() || g.sees(grid.UnitCell(k))
}

// sideUnits returns the units of the side in turn, by their index.
func (g *game) sideUnits() []int {
	grid := g.sess.Grid
	var own []int
	for k, u := range grid.Units() {
		if int(u.Side) == grid.SideInTurn() {
			own = append(own, k)
		}
	}
	return own
}

// lookAtSide brings the side in turn's units into view as its turn
// starts (hot-seat: the last side's part of the map tells the next
// nothing): when none of them is on screen, the camera centres on the
// first. It returns the hint that starts the turn.
func (g *game) lookAtSide() string {
	name := units.SideName(g.sess.Grid.SideInTurn())
	own := g.sideUnits()
	if len(own) == 0 {
		return name + " has no units: place some in edit mode (Tab) · V: reveal map"
	}
	mr := g.mapRect()
	v := g.cam.View(mr.Dx(), mr.Dy())
	top := g.sess.Grid.Topology()
	for _, k := range own {
		i := g.sess.Grid.UnitCell(k)
		cx, _ := top.CellCenter(i)
		if onScreen(&v, cellTop(g.sess.Grid, i, vec3.T{}, top.Nearest(cx, float32(g.cam.X))-cx), -40) {
			return ""
		}
	}
	x, z := top.CellCenter(g.sess.Grid.UnitCell(own[0]))
	g.cam.X, g.cam.Z = float64(x), float64(z)
	g.cam.Clamp()
	return ""
}
