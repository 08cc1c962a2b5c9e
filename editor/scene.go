package editor

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// scene draws a map through the map camera and picks cells in it. The
// renderer package provides the real one; blockScene is a simple stand-in
// that the editor can always fall back on.
type scene interface {
	// Reset shows a new map (every chunk rebuilt).
	Reset(g *hexmap.Grid)
	// Refresh rebuilds what the grid's edits dirtied.
	Refresh()
	// Draw draws the map into dst through cam.
	Draw(dst *ebiten.Image, cam *project.Camera)
	// Pick returns the cell under pixel (x, y) of a view of size w×h and
	// the world point hit there, which on a wrapping map tells the copy
	// of the cell the pixel shows.
	Pick(cam *project.Camera, w, h int, x, y float64) (cell int, at vec3.T, ok bool)
	// SetFigures sets the units that Draw draws.
	SetFigures(figures []project.Figure)
	// Ground is what units stand on as this scene draws the map, or nil
	// for the cells' own heights.
	Ground() units.Ground
}

// mapCamera returns a camera over where g has most to see: the cell
// whose surroundings hold the most towns, walls, roads, rivers and
// specials, or the map's centre on a map without any (a new map).
func mapCamera(g *hexmap.Grid) project.Camera {
	c := project.NewCamera(g.Topology())
	c.Zoom = 0.45
	score := make([]int, g.CellCount())
	for i, cell := range g.Cells() {
		score[i] = int(cell.UrbanLevel) + int(cell.FarmLevel)/2 + int(cell.PlantLevel)/2
		if cell.Walled || cell.IsSpecial() {
			score[i] += 3
		}
		if cell.HasRoads() || cell.HasRiver() {
			score[i] += 2
		}
		if cell.IsUnderwater() {
			score[i]++
		}
	}
	best, bestScore := -1, 0
	for i := range score {
		sum := 0
		for _, n := range tools.Brush(g, i, 3) {
			sum += score[n]
		}
		if sum > bestScore {
			best, bestScore = i, sum
		}
	}
	if best >= 0 {
		x, z := g.Topology().CellCenter(best)
		c.X, c.Z = float64(x), float64(z)
	}
	c.Clamp()
	return c
}

// newScene returns the scene the editor draws with: the renderer, or
// blocks when HEXSANDBOX_BLOCKS is set (a quick look on a slow machine).
func newScene(blocks bool, onError func(error)) scene {
	if blocks {
		return newBlockScene()
	}
	return newRenderScene(onError)
}

// fitCamera returns a camera over the middle of a map of topology t that
// shows all of it in a w×h view: as near as that allows (a wrapping
// map's width is not fitted: it goes on). A map too large even from the
// farthest zoom is shown from there, centred.
func fitCamera(t hexmap.Topology, w, h int) project.Camera {
	c := project.NewCamera(t)
	if w <= 0 || h <= 0 {
		w, h = 980, 774 // before the first layout: the default window
	}
	maxX, maxZ := t.Extent()
	x0, x1 := -hexmap.InnerRadius, maxX+hexmap.InnerRadius
	if t.Wrapping {
		x0, x1 = c.X, c.X
	}
	corners := [4][2]float64{{x0, -hexmap.OuterRadius}, {x1, -hexmap.OuterRadius}, {x0, maxZ + hexmap.OuterRadius}, {x1, maxZ + hexmap.OuterRadius}}
	for zoom := 1.0; zoom > 0; zoom -= 0.025 {
		c.Zoom = zoom
		v := c.View(w, h)
		fits := true
		for _, p := range corners {
			x, y, ok := project2D(&v, vec3.T{float32(p[0]), 0, float32(p[1])})
			fits = fits && ok && x >= 0 && y >= 0 && x <= float32(w) && y <= float32(h)
		}
		if fits {
			return c
		}
	}
	c.Zoom = 0
	return c
}
