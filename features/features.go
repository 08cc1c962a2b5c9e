// Package features builds the geometry that makes a map look inhabited
// (Catlike's Hex Map parts 9-11): urban, farm and plant features chosen
// by the hash grid, special features, walls with towers, and bridges.
package features

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/mesh"
)

// Bridge is where triangulation found a road crossing a river: the two
// road centres it joins, unperturbed.
type Bridge struct {
	RoadCenter1, RoadCenter2 vec3.T
}

// Build adds the features, walls and bridges of chunk ch to the meshes.
func Build(g *hexmap.Grid, ch int, bridges []Bridge, feats, walls, bridgeMesh *mesh.Mesh) {}
