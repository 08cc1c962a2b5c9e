package features_test

import (
	"testing"

	"hexsandbox/buildings"
	"hexsandbox/chunk"
	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/internal/testutil"
	"hexsandbox/mesh"
)

// cityMap is the 80×60 showcase map with every cell at urban level 3;
// with streets, every land edge that allows one also gets a road.
func cityMap(b *testing.B, streets bool) *hexmap.Grid {
	g, err := hexmap.Showcase(80, 60, 1)
	if err != nil {
		b.Fatal(err)
	}
	for i := range g.CellCount() {
		g.SetUrbanLevel(i, 3)
		if streets {
			for d := hexmap.NE; d <= hexmap.SE; d++ {
				if (i+int(d))%2 == 0 {
					g.AddRoad(i, d)
				}
			}
		}
	}
	return g
}

// benchTowns times the buildings of every chunk of g (the towns part of
// the features build: spot picking and package buildings), with the
// cuts the triangulation records made beforehand.
func benchTowns(b *testing.B, g *hexmap.Grid) {
	cuts := make([][]buildings.Cut, g.ChunkCount())
	var c chunk.Chunk
	for ch := range g.ChunkCount() {
		chunk.Triangulate(g, ch, &c)
		cuts[ch] = append([]buildings.Cut(nil), c.Cuts...)
	}
	towns, triangles := 0, 0
	for i := range g.CellCount() {
		if features.HasTown(g.Cell(i)) {
			towns++
		}
	}
	var m, d mesh.Mesh
	var bl buildings.Builder
	testutil.CPULoop(b, func() {
		triangles = 0
		for ch := range g.ChunkCount() {
			m.Clear()
			d.Clear()
			t := features.Towns{Cuts: cuts[ch], Massing: &m, Detail: &d, Builder: &bl}
			features.BuildTowns(g, ch, nil, &t, nil, nil, nil)
			triangles += m.TriangleCount() + d.TriangleCount()
		}
	})
	b.ReportMetric(float64(triangles)/float64(towns), "tris/town-cell")
}

// BenchmarkTowns80x60 builds the towns of an 80×60 map with every cell
// at urban level 3 (cells without roads: loose lots).
func BenchmarkTowns80x60(b *testing.B) { benchTowns(b, cityMap(b, false)) }

// BenchmarkTowns80x60Streets is the same with roads on half the edges:
// city blocks nearly everywhere.
func BenchmarkTowns80x60Streets(b *testing.B) { benchTowns(b, cityMap(b, true)) }
