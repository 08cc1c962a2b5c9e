package editor

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/render"
	"hexsandbox/render/blocks"
	"hexsandbox/render/project"
	"hexsandbox/units"
	"hexsandbox/vision"
)

// scene draws a map through the map camera and picks cells in it. The
// renderer package provides the real one; render/blocks a simple stand-in
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
	// SetQuality sets what drawing may cost.
	SetQuality(q render.Quality)
	// Redrew reports whether the last Draw drew the map anew rather than
	// from a cache.
	Redrew() bool
	// Lock and Unlock bracket the part of a frame that may edit the map:
	// meanwhile no background work reads it.
	Lock()
	Unlock()
	// Pending is how much background work the view still waits for (0:
	// everything it shows is at its full detail).
	Pending() int
	// SetFigures sets the units that Draw draws.
	SetFigures(figures []project.Figure)
	// SetFog shades the map with the fog of war as d shows it (nil: the
	// whole map as it is).
	SetFog(d *vision.CellData)
	// Ground is what units stand on as this scene draws the map, or nil
	// for the cells' own heights.
	Ground() units.Ground
}

// mapCamera returns a camera over where g has most to see: the cell
// whose surroundings (the cells within 3 steps, a brush of size 3) hold
// the most towns, walls, roads, rivers and specials, or the map's centre
// on a map without any (a new map).
func mapCamera(g *hexmap.Grid) project.Camera {
	c := project.NewCamera(g.Topology())
	c.Zoom = 0.45
	score := make([]int, g.Topology().CellCount())
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
	// The disks' sums from prefix sums along the rows: seven runs per
	// cell, linear in the map's size, so a 640×640 map costs milliseconds.
	// A disk's runs depend only on its row's parity: they are taken from
	// the disks round two cells of a map too big to clip them.
	const radius = 3
	type run struct{ dz, dx, n int }
	var runs [2][]run
	big := hexmap.Topology{Width: 64, Height: 64}
	for p := range runs {
		x0, z0 := 32, 32+p
		big.WithinRows(x0+z0*big.Width, radius, func(z, x, n int) { runs[p] = append(runs[p], run{z - z0, x - x0, n}) })
	}
	top := g.Topology()
	w, h := g.Topology().Width, g.Topology().Height
	pre := make([]int, g.Topology().CellCount()+h) // pre[x+z*(w+1)]: row z's cells west of column x
	for i, s := range score {
		x, z := i%w, i/w
		pre[x+1+z*(w+1)] = pre[x+z*(w+1)] + s
	}
	sumRun := func(z, x0, x1 int) int { return pre[x1+z*(w+1)] - pre[x0+z*(w+1)] }
	best, bestScore := -1, 0
	for i := range score {
		x, z := i%w, i/w
		sum := 0
		for _, r := range runs[z&1] {
			zz, x0, x1 := z+r.dz, x+r.dx, x+r.dx+r.n
			switch {
			case zz < 0 || zz >= h:
			case !top.Wrapping:
				if x0, x1 = max(x0, 0), min(x1, w); x1 > x0 {
					sum += sumRun(zz, x0, x1)
				}
			default: // a run of at most the width, maybe across the seam
				x0 = (x0%w + w) % w
				x1 = x0 + min(r.n, w)
				if x1 <= w {
					sum += sumRun(zz, x0, x1)
				} else {
					sum += sumRun(zz, x0, w) + sumRun(zz, 0, x1-w)
				}
			}
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
// The water's animation runs on the clock now reads.
func newScene(useBlocks bool, onError func(error), now func() time.Time) scene {
	if useBlocks {
		return blocks.New()
	}
	return newRenderScene(onError, now)
}

// fitCamera returns a camera over the middle of a map of topology t that
// shows all of it in a w×h view: as near as that allows (a wrapping
// map's width is not fitted: it goes on). A map too large for the zoom
// range 0..1 is framed whole by the overview (Camera.Fit).
func fitCamera(t hexmap.Topology, w, h int) project.Camera {
	c := project.NewCamera(t)
	if w <= 0 || h <= 0 {
		w, h = 980, 774 // before the first layout: the default window
	}
	bx0, z0, bx1, z1 := t.Bounds(0)
	x0, x1 := float64(bx0), float64(bx1)
	if t.Wrapping {
		x0, x1 = c.X, c.X
	}
	corners := [4][2]float64{{x0, float64(z0)}, {x1, float64(z0)}, {x0, float64(z1)}, {x1, float64(z1)}}
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
	c.Fit(float64(w) / float64(h)) // too large for that: the overview that holds it all
	return c
}
