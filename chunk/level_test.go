package chunk

import (
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mesh"
)

// cornerOf is what a triangle corner of the terrain draws: every
// attribute of its vertex, a normal's zero components of either sign
// alike (the renderer's weld takes them as equal).
type cornerOf struct {
	p, n, t, w vecT
}

func terrainCorners(m *mesh.Mesh) []cornerOf {
	out := make([]cornerOf, len(m.Indices))
	for k, i := range m.Indices {
		n := m.Normals[i]
		out[k] = cornerOf{m.Positions[i], vecT{n[0] + 0, n[1] + 0, n[2] + 0}, m.Terrain[i], m.Weights[i]}
	}
	return out
}

// Sharing vertices where the ground is level (the fans of cells without
// rivers, the flat steps of terraces) changes no triangle: on the
// showcase and on a rough wrapping map, every chunk's terrain has the
// same triangles in the same order, each corner with the same
// attributes, as when every fan triangle and strip quad has vertices of
// its own; and it has fewer vertices (the showcase's cells are mostly
// without rivers, and a third of their connections are terraces).
func TestLevelSharingChangesNoTriangle(t *testing.T) {
	grids := map[string]*hexmap.Grid{
		"showcase": benchGrid(t),
		"rough":    testGridOf(t, hexmap.Topology{Width: 40, Height: 30, Wrapping: true}, 3),
	}
	for name, g := range grids {
		var shared, separate Chunk
		fewer := 0
		for ch := range geom.ChunkCount(g.Topology()) {
			triangulate(g, ch, &shared, ownParts)
			triangulate(g, ch, &separate, ownParts|separateLevel)
			a, b := terrainCorners(&shared.Layers[mesh.Terrain]), terrainCorners(&separate.Layers[mesh.Terrain])
			if len(a) != len(b) {
				t.Fatalf("%s chunk %d: %d triangle corners shared, %d separate", name, ch, len(a), len(b))
			}
			for k := range a {
				if a[k] != b[k] {
					t.Fatalf("%s chunk %d: corner %d is %v shared, %v separate", name, ch, k, a[k], b[k])
				}
			}
			fewer += separate.Layers[mesh.Terrain].VertexCount() - shared.Layers[mesh.Terrain].VertexCount()
		}
		if per := float64(fewer) / float64(g.Topology().CellCount()); name == "showcase" && per < 40 {
			t.Errorf("%s: %.1f fewer vertices per cell; want at least 40", name, per)
		}
	}
}
