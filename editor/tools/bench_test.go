package tools

import (
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
)

// BenchmarkStrokeSize2 measures the editing latency of one brush stroke
// of size 2 that changes elevation: the edit, then re-triangulation of the
// dirty chunks with their water, features, walls and bridges.
func BenchmarkStrokeSize2(b *testing.B) {
	g := benchGrid(b)
	set := chunk.NewSet(g)
	center := index(b, g, 17, 12) // near a chunk corner: the worst case dirties 4+ chunks
	s := Settings{ApplyElevation: true, BrushSize: 2}
	n, chunks := 0, 0
	for b.Loop() {
		s.Elevation = 1 + n%3
		n++
		s.Apply(g, center, Drag{})
		chunks += len(set.Update())
	}
	b.ReportMetric(float64(chunks)/float64(n), "chunks/op")
}

// benchGrid is the showcase map, whose terrain, water and features make
// triangulation do the work of a real map.
func benchGrid(b *testing.B) *hexmap.Grid {
	g, err := mapgen.Showcase(40, 30, 1)
	if err != nil {
		b.Fatal(err)
	}
	return g
}
