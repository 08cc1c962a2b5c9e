package features_test

import (
	"testing"

	"hexsandbox/buildings"
	"hexsandbox/chunk"
	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/testutil"
	"hexsandbox/mapgen"
	"hexsandbox/mesh"
)

// cityMap is the 80×60 showcase map with every cell at urban level 3;
// with streets, every land edge that allows one also gets a road.
func cityMap(b *testing.B, streets bool) *hexmap.Grid {
	g, err := mapgen.Showcase(80, 60, 1)
	if err != nil {
		b.Fatal(err)
	}
	for i := range g.Topology().CellCount() {
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

// benchTowns times package buildings on every town cell of g: each cell
// as BuildTowns hands it over (the cuts its chunk's triangulation
// recorded, the urban spots and the farms and trees), prepared
// beforehand, built into its chunk's meshes.
func benchTowns(b *testing.B, g *hexmap.Grid) {
	type cell struct {
		c  buildings.Cell
		gr buildings.Ground
	}
	chunks := make([][]cell, geom.ChunkCount(g.Topology()))
	towns := 0
	eachTownCell(g, func(i int, tc *buildings.Cell, gr buildings.Ground, _ *buildings.Builder, _ *chunk.Chunk) {
		chunks[geom.ChunkOf(g.Topology(), i)] = append(chunks[geom.ChunkOf(g.Topology(), i)], cell{*tc, gr})
		towns++
	})
	var m, d mesh.Mesh
	var bl buildings.Builder
	triangles := 0
	testutil.CPULoop(b, func() {
		triangles = 0
		for _, cells := range chunks {
			m.Clear()
			d.Clear()
			for k := range cells {
				triangles += bl.Add(&cells[k].c, cells[k].gr, buildings.Meshes{Massing: &m, Detail: &d})
			}
		}
	})
	b.ReportMetric(float64(triangles)/float64(towns), "tris/town-cell")
	b.ReportMetric(float64(towns), "town-cells")
}

// BenchmarkTowns80x60 builds the towns of an 80×60 map with every cell
// at urban level 3 (the showcase: most cells without roads, so loose
// lots).
func BenchmarkTowns80x60(b *testing.B) { benchTowns(b, cityMap(b, false)) }

// BenchmarkTowns80x60Streets is the same with roads on half the edges:
// city blocks nearly everywhere.
func BenchmarkTowns80x60Streets(b *testing.B) { benchTowns(b, cityMap(b, true)) }

// benchFeatures times the whole features build of every chunk of g
// (features, walls, bridges, and towns or Catlike's cubes), with the
// plans the triangulation made beforehand.
func benchFeatures(b *testing.B, g *hexmap.Grid, towns bool) {
	plans := make([]features.Plan, geom.ChunkCount(g.Topology()))
	var c chunk.Chunk
	for ch := range geom.ChunkCount(g.Topology()) {
		chunk.Triangulate(g, ch, &c)
		p := &plans[ch]
		p.Connections = append(p.Connections, c.Plan.Connections...)
		p.Bridges = append(p.Bridges, c.Plan.Bridges...)
		p.Cuts = append(p.Cuts, c.Plan.Cuts...)
	}
	var feats, walls, bridges, m, d mesh.Mesh
	var bl buildings.Builder
	testutil.CPULoop(b, func() {
		for ch := range geom.ChunkCount(g.Topology()) {
			for _, x := range []*mesh.Mesh{&feats, &walls, &bridges, &m, &d} {
				x.Clear()
			}
			if towns {
				t := features.Towns{Massing: &m, Detail: &d, Builder: &bl}
				features.BuildTowns(g, ch, &plans[ch], &t, &feats, &walls, &bridges)
			} else {
				features.Build(g, ch, &plans[ch], &feats, &walls, &bridges)
			}
		}
	})
}

// BenchmarkFeatures80x60Towns is the features build of the same map with
// towns; BenchmarkFeatures80x60Cubes with Catlike's urban cubes instead.
func BenchmarkFeatures80x60Towns(b *testing.B) { benchFeatures(b, cityMap(b, false), true) }
func BenchmarkFeatures80x60Cubes(b *testing.B) { benchFeatures(b, cityMap(b, false), false) }
