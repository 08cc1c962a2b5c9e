// Package features builds the geometry that makes a map look inhabited
// (Catlike's Hex Map parts 9-11): urban, farm and plant features chosen
// by the hash grid, special features, walls with towers, and bridges.
//
// Catlike's HexGridChunk calls its feature manager from inside the
// triangulation; here Build walks the chunk's cells again for the
// features, and the triangulator hands over a Plan of the connections it
// built and the bridges it found, so that walls stand on the very points
// the terrain uses. Models are generated meshes (boxes,
// pyramids, double pyramids) with vertex colours and flat normals.
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

// Meshes are where BuildMeshes puts each part; a nil mesh skips its part.
// Farms have a mesh of their own because they cast no shadow (Catlike
// turns shadow casting off on its farm prefabs).
type Meshes struct {
	Features, Farms, Walls, Bridges *mesh.Mesh
}

// Build adds the features (farms included), walls and bridges of chunk ch
// to the meshes: BuildMeshes with farms among the features.
func Build(g *hexmap.Grid, ch int, plan *Plan, feats, walls, bridgeMesh *mesh.Mesh) {
	BuildMeshes(g, ch, plan, Meshes{Features: feats, Farms: feats, Walls: walls, Bridges: bridgeMesh})
}

// BuildMeshes adds the features, farms, walls and bridges of chunk ch to
// out's meshes: features and farms from the grid's cells, walls and
// bridges from the chunk's plan (nil: none). A chunk off the map adds
// nothing. Models that would push a mesh past uint16 indices are left
// out.
func BuildMeshes(g *hexmap.Grid, ch int, plan *Plan, out Meshes) {
	if g == nil || ch < 0 || ch >= g.ChunkCount() {
		return
	}
	spots := newSpotPicker(g)
	if out.Features != nil || out.Farms != nil {
		var buf [maxCellFeatures]feature
		for _, i := range g.ChunkCells(ch) {
			fs := spots.appendCell(buf[:0], i)
			for k := range fs {
				m := out.Features
				if fs[k].kind == farm {
					m = out.Farms
				}
				if m != nil {
					fs[k].add(m)
				}
			}
		}
	}
	if plan == nil {
		return
	}
	if out.Walls != nil {
		w := wallBuilder{g: g, noise: g.Noise(), m: out.Walls}
		for k := range plan.Connections {
			w.addConnection(&plan.Connections[k])
		}
	}
	if out.Bridges != nil {
		for _, b := range plan.Bridges {
			addBridge(spots.perturb, out.Bridges, b)
		}
	}
}
