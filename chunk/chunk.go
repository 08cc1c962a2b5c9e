// Package chunk triangulates one 5×5 chunk of a map into layer meshes
// (terrain, rivers, roads, and through the water and features packages
// the water, shore, estuary, wall, feature and bridge layers), and keeps a
// whole map's chunks current as edits dirty them.
package chunk

import (
	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/mesh"
)

// Chunk is the triangulated geometry of one chunk.
type Chunk struct {
	Layers  [mesh.LayerCount]mesh.Mesh
	Bridges []features.Bridge
}

// Triangulate fills c with chunk ch of g, reusing c's storage.
func Triangulate(g *hexmap.Grid, ch int, c *Chunk) {}

// Set holds every chunk of a map and keeps them current.
type Set struct {
	Grid   *hexmap.Grid
	Chunks []Chunk
}

// NewSet triangulates every chunk of g.
func NewSet(g *hexmap.Grid) *Set {
	s := &Set{Grid: g, Chunks: make([]Chunk, g.ChunkCount())}
	g.DirtyChunks()
	for ch := range s.Chunks {
		Triangulate(g, ch, &s.Chunks[ch])
	}
	return s
}

// Update re-triangulates the chunks the grid marked dirty and returns them.
func (s *Set) Update() []int {
	dirty := s.Grid.DirtyChunks()
	for _, ch := range dirty {
		Triangulate(s.Grid, ch, &s.Chunks[ch])
	}
	return dirty
}
