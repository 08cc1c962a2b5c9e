package render

import (
	"hexsandbox/mesh"
	"hexsandbox/render/project"
)

// Pick returns the cell under pixel (x, y) of a screenW × screenH view
// through cam: the ray is tested against the terrain triangles as drawn,
// so cliffs and hills pick the cell the user sees.
func (r *Renderer) Pick(cam *project.Camera, x, y float64, screenW, screenH int) (cell int, hit bool) {
	if screenW <= 0 || screenH <= 0 {
		return 0, false
	}
	v := cam.View(screenW, screenH)
	o, d := v.Ray(x, y)
	p, ok := project.PickLayer(r.chunks, mesh.Terrain, o, d)
	if !ok {
		return 0, false
	}
	return r.set.Grid.CellUnder(p[0], p[2])
}
