package features

import (
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// addBridge is AddBridge: the bridge model between the two perturbed road
// centres, facing from the first to the second and stretched along its
// length by span / BridgeDesignLength.
func addBridge(p perturber, m *mesh.Mesh, b Bridge) {
	c1, c2 := p.perturb(vec.Of(b.RoadCenter1)).V(), p.perturb(vec.Of(b.RoadCenter2)).V()
	dir := vec.Sub(c2, c1)
	length := dir.Length()
	if length == 0 {
		return
	}
	t := facingPlacement(vec.Scale(vec.Add(c1, c2), 0.5), dir, true)
	t.scaleZ = length / geom.BridgeDesignLength
	bridgePrefab.place(m, t)
}
