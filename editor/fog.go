package editor

import (
	"hexsandbox/palette"
	"hexsandbox/render/project"
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

// fogData is the cell data the scene shades with, nil for none: in a
// match, the match's sight.
func (g *game) fogData() *vision.CellData {
	switch {
	case !g.mode.fogged():
		return nil
	case g.playing():
		return g.mode.shown().fog
	}
	return g.world.fog.data
}

// playing reports whether a match is shown (play mode with a match, a
// replay): what stands on the map and what is known of it are then the
// match's.
func (g *game) playing() bool { return g.mode.shown() != nil }

// figures is the units' figures the scene draws: the match's in play.
func (g *game) figures() []project.Figure {
	if g.playing() {
		return g.mode.shown().figures(float32(g.cam.X), g.mode.fogged())
	}
	return g.world.figures(float32(g.cam.X), g.mode.fogged())
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
func (g *game) knows(i int) bool {
	if g.playing() && g.mode.fogged() {
		s := g.mode.shown()
		return s.match.Explored(s.seer, i)
	}
	return g.world.knows(i, g.mode.fogged())
}

// unitShown reports whether unit k is shown: the side in turn's own
// always, the others' where that side sees them.
func (w *world) unitShown(k int, fogged bool) bool {
	return int(w.grid.Units()[k].Side) == w.grid.SideInTurn() || w.sees(w.grid.UnitCell(k), fogged)
}
