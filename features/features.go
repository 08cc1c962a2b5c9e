// Package features builds the geometry that makes a map look inhabited
// (Catlike's Hex Map parts 9-11): urban, farm and plant features chosen
// by the hash grid, special features, walls with towers, and bridges.
//
// Catlike's HexGridChunk calls its feature manager from inside the
// triangulation; here BuildTowns walks the chunk's cells again for the
// features, and the triangulator hands over a Plan of the connections it
// built and the bridges it found, so that walls stand on the very points
// the terrain uses. Models are generated meshes (boxes,
// pyramids, double pyramids) with vertex colours and flat normals.
//
// BuildTowns replaces the urban prefabs of the cells HasTown accepts by
// towns of buildings (package buildings), cut between the roads, river
// channels and bridges the plan records; Catlike's spot picking still
// decides where farms, trees and, in cells without roads, loose houses
// stand.
package features

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/buildings"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
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

// BuildTowns adds the features (farms among them), walls and bridges of
// chunk ch to the meshes: features from the grid's cells, walls and
// bridges from the chunk's plan (nil: none), and towns of buildings (package buildings) on
// the cells HasTown accepts, cut between the plan's cuts, in place of
// urban prefabs; a nil towns keeps Catlike's prefab cubes for urban
// features. A nil mesh skips its part; a chunk off the map adds nothing.
// Models that would push a mesh past uint16 indices are left out.
func BuildTowns(g *hexmap.Grid, ch int, plan *Plan, towns *Towns, feats, walls, bridgeMesh *mesh.Mesh) {
	BuildMeshes(g, ch, plan, towns, Meshes{Features: feats, Farms: feats, Walls: walls, Bridges: bridgeMesh})
}

// BuildMeshes is BuildTowns into out's meshes, farms apart.
func BuildMeshes(g *hexmap.Grid, ch int, plan *Plan, towns *Towns, out Meshes) {
	if g == nil || ch < 0 || ch >= geom.ChunkCount(g.Topology()) {
		return
	}
	spots := newSpotPicker(g)
	var cuts []buildings.Cut
	if plan != nil {
		cuts = plan.Cuts
	}
	var buf [maxCellFeatures]feature
	for _, i := range geom.ChunkCells(g.Topology(), ch) {
		if towns != nil && HasTown(g.Cell(i)) {
			towns.addCell(spots, i, cuts, buf[:0], out)
		} else {
			fs := spots.appendCell(buf[:0], i)
			for k := range fs {
				fs[k].addTo(out)
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

// addTo puts the feature into its mesh of out: farms into Farms, the
// rest into Features.
func (f *feature) addTo(out Meshes) {
	m := out.Features
	if f.kind == farm {
		m = out.Farms
	}
	if m != nil {
		f.add(m)
	}
}
