package features

import (
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/testutil"
	"hexsandbox/mesh"
)

// benchMap is an 80×60 map with every cell painted: urban, farm and plant
// levels cycling through 1..3 (dense: all at 3), terraced elevation, and
// walled districts so that about half the edges between them hold walls.
func benchMap(b testing.TB, dense bool) *hexmap.Grid {
	g := newGrid(b, 80, 60, 42)
	for i := range g.Topology().CellCount() {
		x, z := i%80, i/80
		u, f, p := 1+i%3, 1+(i/3)%3, 1+(i/9)%3
		if dense {
			u, f, p = 3, 3, 3
		}
		g.SetUrbanLevel(i, u)
		g.SetFarmLevel(i, f)
		g.SetPlantLevel(i, p)
		g.SetElevation(i, (x/5+z/4)%3)
		g.SetWalled(i, (x/3+z/3)%2 == 0)
	}
	return g
}

func benchBuild(b *testing.B, dense bool) {
	g := benchMap(b, dense)
	plans := make([]*Plan, geom.ChunkCount(g.Topology()))
	for ch := range plans {
		plans[ch] = chunkPlan(g, ch)
	}
	var feats, walls mesh.Mesh
	verts := 0
	start := testutil.CPUTime()
	for b.Loop() {
		verts = 0
		for ch := range geom.ChunkCount(g.Topology()) {
			feats.Clear()
			walls.Clear()
			Build(g, ch, plans[ch], &feats, &walls, nil)
			verts += feats.VertexCount() + walls.VertexCount()
		}
	}
	b.ReportMetric(float64(verts), "vertices")
	testutil.ReportCPU(b, testutil.CPUTime()-start, b.N)
}

// BenchmarkBuild80x60 builds features and walls of every chunk of an
// 80×60 map with mixed levels 1..3 on every cell.
func BenchmarkBuild80x60(b *testing.B) { benchBuild(b, false) }

// BenchmarkBuild80x60Dense is the same with every level at 3.
func BenchmarkBuild80x60Dense(b *testing.B) { benchBuild(b, true) }
