// Package water triangulates standing water over underwater cells, as in
// Catlike's Hex Map part 8: open water with its bridges and corners, shore
// strips where water meets land, and estuaries where a river meets the
// shore.
package water

import (
	"hexsandbox/hexmap"
	"hexsandbox/mesh"
)

// Meshes are the water layers of the chunk being triangulated.
type Meshes struct {
	Water, Shore, Estuaries *mesh.Mesh
}

// TriangulateCell adds the water of cell i, when it is underwater, to m.
func TriangulateCell(g *hexmap.Grid, i int, m Meshes) {}
