package render

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/mesh"
	"hexsandbox/render/project"
)

// PickPoint returns the cell under pixel (x, y) of a screenW × screenH
// view through cam and the world point hit there: the ray is tested
// against the terrain triangles as drawn, so cliffs and hills pick the
// cell the user sees, and on a wrapping map the point tells which copy of
// the cell is under the pixel.
func (r *Renderer) PickPoint(cam *project.Camera, x, y float64, screenW, screenH int) (cell int, at vec3.T, hit bool) {
	if screenW <= 0 || screenH <= 0 {
		return 0, at, false
	}
	v := cam.View(screenW, screenH)
	o, d := v.Ray(x, y)
	copies := v.Copies(project.MapBox(r.chunks), r.opts.WrapX, nil)
	p, ok := project.PickLayer(r.chunks, mesh.Terrain, o, d, copies)
	if !ok {
		return 0, at, false
	}
	cell, ok = r.set.Grid.Topology().CellUnder(p[0], p[2])
	return cell, p, ok
}
