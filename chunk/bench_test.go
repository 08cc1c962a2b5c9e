package chunk

import (
	"runtime"
	"testing"
	"time"

	"hexsandbox/hexmap"
	"hexsandbox/internal/testutil"
	"hexsandbox/mapgen"
	"hexsandbox/mesh"
)

// benchGrid is the product's default 80×60 map (Catlike's largest size):
// terraces, cliffs, rivers, roads, water, towns and forests.
func benchGrid(b testing.TB) *hexmap.Grid {
	g, err := mapgen.Showcase(80, 60, 1)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// roughGrid is a worst case: an 80×60 map of hills and cliffs everywhere,
// dense rivers and a road on most edges.
func roughGrid(b *testing.B) *hexmap.Grid { return testGrid(b, 80, 60, 1) }

// loop runs op in b.Loop and reports its CPU time per op in ms.
func loop(b *testing.B, op func()) { testutil.CPULoop(b, op) }

func allChunks(s *Set) []int {
	all := make([]int, len(s.Chunks))
	for ch := range all {
		all[ch] = ch
	}
	return all
}

// reportPerCell reports the vertices and triangles per cell of a layer
// group.
func reportPerCell(b *testing.B, s *Set, layers ...mesh.Layer) {
	v, t := 0, 0
	for ch := range s.Chunks {
		for _, l := range layers {
			v += s.Chunks[ch].Layers[l].VertexCount()
			t += s.Chunks[ch].Layers[l].TriangleCount()
		}
	}
	cells := float64(s.Grid.Topology().CellCount())
	b.ReportMetric(float64(v)/cells, "verts/cell")
	b.ReportMetric(float64(t)/cells, "tris/cell")
}

// benchFull re-triangulates every chunk of the map into reused storage
// with the given number of workers; others includes the water and
// features layers.
func benchFull(b *testing.B, g *hexmap.Grid, workers int, others bool) {
	s := NewSet(g)
	all := allChunks(s)
	b.ReportAllocs()
	loop(b, func() {
		if others {
			s.triangulate(all, workers)
		} else {
			for _, ch := range all {
				triangulate(s.Grid, ch, &s.Chunks[ch], ownParts)
			}
		}
	})
	if others {
		reportPerCell(b, s, mesh.Terrain, mesh.Rivers, mesh.Roads, mesh.Water, mesh.WaterShore, mesh.Estuaries, mesh.Walls, mesh.Features, mesh.Bridges, mesh.Buildings, mesh.BuildingDetails)
	} else {
		reportPerCell(b, s, mesh.Terrain, mesh.Rivers, mesh.Roads)
	}
}

// BenchmarkFullOwnLayers: terrain, rivers and roads of the whole map on
// one core (this package's work alone).
func BenchmarkFullOwnLayers(b *testing.B) { benchFull(b, benchGrid(b), 1, false) }

// BenchmarkFullSequential: every layer of the whole map on one core.
func BenchmarkFullSequential(b *testing.B) { benchFull(b, benchGrid(b), 1, true) }

// BenchmarkFullParallel: every layer of the whole map on all cores.
func BenchmarkFullParallel(b *testing.B) { benchFull(b, benchGrid(b), runtime.GOMAXPROCS(0), true) }

// BenchmarkRoughOwnLayers is BenchmarkFullOwnLayers on the worst-case map.
func BenchmarkRoughOwnLayers(b *testing.B) { benchFull(b, roughGrid(b), 1, false) }

// BenchmarkRoughSequential is BenchmarkFullSequential on the worst-case map.
func BenchmarkRoughSequential(b *testing.B) { benchFull(b, roughGrid(b), 1, true) }

// BenchmarkNewSet: a fresh set, storage allocated, all cores.
func BenchmarkNewSet(b *testing.B) {
	g := benchGrid(b)
	b.ReportAllocs()
	loop(b, func() { NewSet(g) })
}

// BenchmarkBrushEdit: an elevation brush of radius 1 on a cell in the
// middle of a chunk, then Update (which rebuilds the dirty chunks).
func BenchmarkBrushEdit(b *testing.B) {
	g := benchGrid(b)
	s := NewSet(g)
	center := 42 + 32*g.Topology().Width // inside chunk (8, 6), its neighbours in it too
	brush := func(e int) {
		g.SetElevation(center, e)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			n, _ := g.Topology().Neighbor(center, d)
			g.SetElevation(n, e)
		}
	}
	b.ReportAllocs()
	n, chunks := 0, 0
	loop(b, func() {
		brush(2 + n%3)
		n++
		chunks += len(s.Update())
	})
	b.ReportMetric(float64(chunks)/float64(n), "chunks/op")
}

// BenchmarkOneChunk: re-triangulation of one chunk, every layer.
func BenchmarkOneChunk(b *testing.B) {
	s := NewSet(benchGrid(b))
	ch := len(s.Chunks) / 2
	b.ReportAllocs()
	loop(b, func() { Triangulate(s.Grid, ch, &s.Chunks[ch]) })
}

// BenchmarkWrapOverhead triangulates every layer of the 80×60 benchmark
// map on one core twice per iteration, laid out flat and wrapping (the
// same cells), alternating which goes first, and reports the CPU time of
// each and their ratio: measured within one run, the ratio does not move
// with the machine's load as two separate benchmarks would. The wrapping
// map builds the seam's bridges, corners and water too and cross-fades
// the noise west of 1.5 cells.
func BenchmarkWrapOverhead(b *testing.B) {
	flat := benchGrid(b)
	top := flat.Topology()
	top.Wrapping = true
	wrap, _, err := hexmap.FromCells(top, flat.Noise(), flat.Cells())
	if err != nil {
		b.Fatal(err)
	}
	sets := [2]*Set{NewSetWorkers(flat, 1), NewSetWorkers(wrap, 1)}
	all := allChunks(sets[0])
	var spent [2]time.Duration
	n := 0
	for b.Loop() {
		for k := range 2 {
			s := (n + k) % 2
			start := testutil.CPUTime()
			sets[s].triangulate(all, 1)
			spent[s] += testutil.CPUTime() - start
		}
		n++
	}
	b.ReportMetric(float64(spent[0])/float64(n)/1e6, "flat-cpu-ms/op")
	b.ReportMetric(float64(spent[1])/float64(n)/1e6, "wrap-cpu-ms/op")
	b.ReportMetric(float64(spent[1])/float64(spent[0]), "wrap/flat")
}

// BenchmarkWorkerScaling re-triangulates every layer of the 80×60
// benchmark map with one worker and with two, alternately in the same
// loop (which goes first alternating too), and reports the wall time of
// each and their ratio, measured within one run as the machine's load
// moves. In place: the chunks' storage is reused, nothing is allocated.
func BenchmarkWorkerScaling(b *testing.B) {
	s := NewSet(benchGrid(b))
	all := allChunks(s)
	scaling(b, func(workers int) { s.triangulate(all, workers) })
}

// scaling runs op with one worker and with two, alternately, and
// reports the wall time of each and the speed-up; and, since on a shared
// machine the speed-up is bounded by the cores the process is given, the
// cores each run got (process CPU time over wall time) and the CPU time
// two workers spend over one's (cpu-ratio: 1 when splitting the work
// costs nothing; memory stalls, contention or collection raise it), so
// that what two free cores would give, 2/cpu-ratio, can be told from
// the machine's load.
func scaling(b *testing.B, op func(workers int)) {
	var spent, cpu [2]time.Duration
	n := 0
	for b.Loop() {
		for k := range 2 {
			w := (n + k) % 2
			start, c0 := time.Now(), testutil.CPUTime()
			op(w + 1)
			spent[w] += time.Since(start)
			cpu[w] += testutil.CPUTime() - c0
		}
		n++
	}
	b.ReportMetric(float64(spent[0])/float64(n)/1e6, "1-worker-ms/op")
	b.ReportMetric(float64(spent[1])/float64(n)/1e6, "2-worker-ms/op")
	b.ReportMetric(float64(spent[0])/float64(spent[1]), "speedup")
	b.ReportMetric(float64(cpu[0])/float64(spent[0]), "cores-1")
	b.ReportMetric(float64(cpu[1])/float64(spent[1]), "cores-2")
	b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "cpu-ratio")
}

// BenchmarkNewSetScaling is BenchmarkWorkerScaling for NewSetWorkers,
// which allocates every chunk's storage: what opening a map cost before
// chunks were built on demand.
func BenchmarkNewSetScaling(b *testing.B) {
	g := benchGrid(b)
	scaling(b, func(workers int) { NewSetWorkers(g, workers).Close() })
}

// BenchmarkWriteScaling writes as many bytes as one full triangulation
// of the benchmark map stores (its meshes' vertices and indices, about
// 72 MB, into buffers as large), with one goroutine and with two, in the
// same loop: how fast this machine writes memory, and whether two cores
// write it faster, which bounds triangulation's time and speed-up.
func BenchmarkWriteScaling(b *testing.B) {
	s := NewSet(benchGrid(b))
	var size int64
	for ch := range s.Chunks {
		for l := range s.Chunks[ch].Layers {
			m := &s.Chunks[ch].Layers[l]
			size += int64(len(m.Positions)+len(m.Normals)+len(m.Terrain)+len(m.Weights))*12 +
				int64(len(m.Colors))*16 + int64(len(m.UV)+len(m.UV2))*8 + int64(len(m.Indices))*2
		}
	}
	bufs := [2][]byte{make([]byte, size/2), make([]byte, size/2)}
	b.ReportMetric(float64(size)/1e6, "MB")
	// clear writes with the runtime's vector stores: the memory's rate,
	// not a loop's.
	scaling(b, func(workers int) {
		if workers == 1 {
			clear(bufs[0])
			clear(bufs[1])
			return
		}
		done := make(chan struct{})
		go func() { clear(bufs[1]); close(done) }()
		clear(bufs[0])
		<-done
	})
}
