package water

import (
	"hexsandbox/hexmap/geom"
	"testing"
)

// BenchmarkTriangulate80x60 triangulates the water of every chunk of an
// 80×60 map with a sea, lakes and estuaries, reusing the meshes' storage
// as the chunk package does.
func BenchmarkTriangulate80x60(b *testing.B) {
	g := benchMap(b)
	chunks := make([]Meshes, geom.ChunkCount(g.Topology()))
	cells := make([][]int, geom.ChunkCount(g.Topology()))
	for ch := range chunks {
		chunks[ch], cells[ch] = layers(), geom.ChunkCells(g.Topology(), ch)
	}
	g.Noise().Table() // the noise tables are built lazily; not part of the work
	b.ReportAllocs()
	for b.Loop() {
		for ch, m := range chunks {
			for _, l := range m.all() {
				l.Clear()
			}
			for _, i := range cells[ch] {
				TriangulateCell(g, i, m)
			}
		}
	}
	var verts, tris, wet int
	for _, m := range chunks {
		for _, l := range m.all() {
			verts += l.VertexCount()
			tris += l.TriangleCount()
		}
	}
	for _, c := range g.Cells() {
		if c.IsUnderwater() {
			wet++
		}
	}
	b.ReportMetric(float64(verts), "vertices")
	b.ReportMetric(float64(tris), "triangles")
	b.ReportMetric(float64(wet), "underwater-cells")
}
