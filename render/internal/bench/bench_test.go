package bench

import (
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
	"unsafe"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/internal/testutil"
	"hexsandbox/mapgen"
	"hexsandbox/render/project"
)

// benchChunks triangulates the 80×60 showcase map once per test binary.
var benchChunks = sync.OnceValues(func() ([]project.ChunkMeshes, error) {
	g, err := mapgen.Showcase(80, 60, 5)
	if err != nil {
		return nil, err
	}
	set := chunk.NewSet(g)
	chunks := make([]project.ChunkMeshes, len(set.Chunks))
	for i := range set.Chunks {
		chunks[i].Set(&set.Chunks[i].Layers)
	}
	return chunks, nil
})

func mapChunks(b *testing.B) []project.ChunkMeshes {
	chunks, err := benchChunks()
	if err != nil {
		b.Fatal(err)
	}
	return chunks
}

func benchBuild(b *testing.B, zoom float64, shadows bool) {
	chunks := mapChunks(b)
	c := project.Camera{MaxX: 80 * 17.32, MaxZ: 59 * 15, Zoom: zoom, Rotation: 20}
	c.X, c.Z = c.MaxX/2, c.MaxZ/2
	o := project.Options{View: c.View(1280, 720), Light: project.Sun(c.Rotation), Shadows: shadows}
	if zoom == 0 {
		// The whole map in view: lift the camera until everything fits.
		c.X, c.Z, c.Rotation = c.MaxX/2, c.MaxZ/2, 0
		o.View = wholeMapView(c)
	}
	var bld project.Builder
	timeBuilds(b, &bld, &o, chunks)
}

// timeBuilds times bld.Build of chunks for o in b.Loop (CPU time),
// reports what one build draws and returns the last build's frame.
func timeBuilds(b *testing.B, bld *project.Builder, o *project.Options, chunks []project.ChunkMeshes) *project.Frame {
	f := bld.Build(o, chunks) // the Builder's frame: each build refills it
	verts, tris := 0, 0
	for _, l := range []*project.Batches{&f.Terrain, &f.Lit, &f.Translucent, &f.Overview} {
		verts += l.Vertices()
		tris += l.Triangles()
	}
	shadowTris := f.Shadow.Triangles()
	start := testutil.CPUTime()
	n := 0
	for b.Loop() {
		bld.Build(o, chunks)
		n++
	}
	testutil.ReportCPU(b, testutil.CPUTime()-start, n)
	b.ReportMetric(float64(verts), "vertices")
	b.ReportMetric(float64(tris), "triangles")
	if o.Shadows {
		b.ReportMetric(float64(shadowTris), "shadow-triangles")
	}
	return f
}

// wholeMapView is the zoomed-out camera with a field wide enough for the
// whole 80×60 map (Catlike's stick alone does not reach that far).
func wholeMapView(c project.Camera) project.View {
	v := c.View(1280, 720)
	// Scale x and y clip rows down so the map's 1390×885 units fit.
	s := float32(0.3)
	for col := range 4 {
		v.M[col][0] *= s
		v.M[col][1] *= s
	}
	v.TanHalfFov /= s
	return v
}

// BenchmarkBuildTypical: cull, project, clip and build vertices for an
// 80×60 map at zoom 0.5 (a typical editing view).
func BenchmarkBuildTypical(b *testing.B) { benchBuild(b, 0.5, false) }

// BenchmarkBuildWholeMap: the same with the whole map in view.
func BenchmarkBuildWholeMap(b *testing.B) { benchBuild(b, 0, false) }

// BenchmarkBuildTypicalShadows is BenchmarkBuildTypical with the shadow
// casters projected into the sun's view as well.
func BenchmarkBuildTypicalShadows(b *testing.B) { benchBuild(b, 0.5, true) }

// BenchmarkBuildWholeMapShadows is BenchmarkBuildWholeMap with shadows.
func BenchmarkBuildWholeMapShadows(b *testing.B) { benchBuild(b, 0, true) }

// BenchmarkCopyWholeMap copies as many vertex bytes as the whole-map
// build produces, the floor any per-frame vertex handling costs.
func BenchmarkCopyWholeMap(b *testing.B) { benchCopy(b, 0) }

// BenchmarkCopyTypical is BenchmarkCopyWholeMap for the typical view.
func BenchmarkCopyTypical(b *testing.B) { benchCopy(b, 0.5) }

func benchCopy(b *testing.B, zoom float64) {
	chunks := mapChunks(b)
	c := project.Camera{MaxX: 80 * 17.32, MaxZ: 59 * 15, Zoom: zoom, Rotation: 20}
	c.X, c.Z = c.MaxX/2, c.MaxZ/2
	o := project.Options{View: c.View(1280, 720), Light: project.DefaultLighting()}
	if zoom == 0 {
		c.Rotation = 0
		o.View = wholeMapView(c)
	}
	var bld project.Builder
	f := bld.Build(&o, chunks)
	var src []project.Vertex
	var idx []uint16
	for _, l := range []*project.Batches{&f.Terrain, &f.Lit, &f.Translucent} {
		for _, bt := range l.List() {
			src = append(src, bt.Vertices...)
			idx = append(idx, bt.Indices...)
		}
	}
	dst := make([]project.Vertex, len(src))
	dstIdx := make([]uint16, len(idx))
	b.SetBytes(int64(len(src))*int64(unsafe.Sizeof(project.Vertex{})) + int64(len(idx))*2)
	start := testutil.CPUTime()
	n := 0
	for b.Loop() {
		copy(dst, src)
		copy(dstIdx, idx)
		n++
	}
	testutil.ReportCPU(b, testutil.CPUTime()-start, n)
}

// BenchmarkShadowOverhead alternates builds of one view with and without
// shadows and reports the CPU time of the shadow build relative to the
// plain one ("ratio", median over the iterations): both halves of each
// pair see the same load, so the ratio holds on a busy machine. The view
// turns a little every iteration, as when the camera rotates (the sun
// turns with it, so the light view changes too).
func BenchmarkShadowOverhead(b *testing.B) {
	for _, v := range []struct {
		name string
		zoom float64
	}{{"Typical", 0.5}, {"WholeMap", 0}} {
		b.Run(v.name, func(b *testing.B) {
			chunks := mapChunks(b)
			c := project.Camera{MaxX: 80 * 17.32, MaxZ: 59 * 15, Zoom: v.zoom, Rotation: 20}
			c.X, c.Z = c.MaxX/2, c.MaxZ/2
			var plain, shadowed project.Builder
			var ratios []float64
			build := func(bld *project.Builder, shadows bool) time.Duration {
				o := project.Options{View: c.View(1280, 720), Light: project.Sun(c.Rotation), Shadows: shadows}
				if v.zoom == 0 {
					o.View = wholeMapView(c)
				}
				start := testutil.CPUTime()
				bld.Build(&o, chunks)
				return testutil.CPUTime() - start
			}
			build(&plain, false)
			build(&shadowed, true)
			for b.Loop() {
				c.Rotation += 0.5
				p, s := build(&plain, false), build(&shadowed, true)
				if p > 0 {
					ratios = append(ratios, float64(s)/float64(p))
				}
			}
			slices.Sort(ratios)
			if len(ratios) > 0 {
				b.ReportMetric(ratios[len(ratios)/2], "ratio")
			}
		})
	}
}

// bigChunks is a generated 320×320 map (Catlike's generator, default
// settings) in a chunk cache, as the editor holds it: every chunk's
// levels of detail, full detail only where wanted.
var bigChunks = sync.OnceValues(func() (*chunk.Set, error) {
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: 320, Height: 320}, 1)
	if err != nil {
		return nil, err
	}
	return chunk.NewCache(g, 256<<20, 2, func(_ int, c *chunk.Chunk) (any, int64) { return project.PrepareChunk(&c.Layers) }), nil
})

// benchBig builds frames of the 320×320 map from camera c at 1280×720
// with the renderer's levels of detail, after the chunks the view wants
// at full detail are in.
func benchBig(b *testing.B, setup func(c *project.Camera)) {
	set, err := bigChunks()
	if err != nil {
		b.Fatal(err)
	}
	c := project.NewCamera(set.Grid.Topology())
	setup(&c)
	chunks := make([]project.ChunkMeshes, len(set.Chunks))
	refresh := func(ch int) {
		lod := &set.LODs[ch]
		chunks[ch].SetLOD(&lod.Fine, &lod.Coarse)
		if full, ok := set.Extra(ch).(*project.ChunkMeshes); ok && set.Resident(ch) {
			chunks[ch].Adopt(full)
		} else {
			chunks[ch].Clear()
		}
	}
	for ch := range chunks {
		refresh(ch)
	}
	o := project.Options{View: c.View(1280, 720), Light: project.DefaultLighting(),
		FullPixels: project.FullPixels, CoarsePixels: project.CoarsePixels}
	var bld project.Builder
	for range 3 { // build, want, let the workers build, install
		set.Want(bld.Build(&o, chunks).Wanted)
		set.Flush()
		for _, ch := range set.Update() {
			refresh(ch)
		}
	}
	f := timeBuilds(b, &bld, &o, chunks)
	b.ReportMetric(float64(f.LODChunks), "lod-chunks")
	used, _, _ := set.Memory()
	b.ReportMetric(float64(used)/(1<<20), "cache-MB")
}

// BenchmarkBuild320Whole: the whole 320×320 map in view (the overview
// fitted to a 1280×720 window, as Fit frames it).
func BenchmarkBuild320Whole(b *testing.B) {
	benchBig(b, func(c *project.Camera) { c.Fit(1280.0 / 720) })
}

// BenchmarkBuild320Typical: the 320×320 map at the editor's zoom 0.45.
func BenchmarkBuild320Typical(b *testing.B) {
	benchBig(b, func(c *project.Camera) { c.Zoom, c.Rotation = 0.45, 20 })
}

// BenchmarkBuild320Zoom0: the 320×320 map at zoom 0 (looking straight
// down from Catlike's furthest), the most full detail in view.
func BenchmarkBuild320Zoom0(b *testing.B) {
	benchBig(b, func(c *project.Camera) { c.Zoom = 0 })
}

// BenchmarkBuild320Switch: the 320×320 map in the overview just past
// the zoom where chunks switch to their levels of detail.
func BenchmarkBuild320Switch(b *testing.B) {
	benchBig(b, func(c *project.Camera) { c.Zoom = -0.25 })
}

// liveHeap is the heap in use after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkMemoryPerCell reports what a 320×320 map holds per cell in
// the editor's arrangement, measured as live heap after a collection:
// the model (the grid), the chunk cache with every chunk's levels of
// detail and no full detail, the renderer's per-chunk records with the
// levels of detail welded; and what a chunk at full detail holds per
// cell, meshes and welded copies (from the cache's accounting, over the
// chunks a typical view keeps).
func BenchmarkMemoryPerCell(b *testing.B) {
	var model, cache, records, full float64
	for b.Loop() {
		h0 := liveHeap()
		g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: 320, Height: 320}, 1)
		if err != nil {
			b.Fatal(err)
		}
		h1 := liveHeap()
		set := chunk.NewCache(g, 256<<20, 2, func(_ int, c *chunk.Chunk) (any, int64) { return project.PrepareChunk(&c.Layers) })
		h2 := liveHeap()
		chunks := make([]project.ChunkMeshes, len(set.Chunks))
		for ch := range chunks {
			chunks[ch].SetLOD(&set.LODs[ch].Fine, &set.LODs[ch].Coarse)
		}
		h3 := liveHeap()
		c := project.NewCamera(g.Topology())
		c.Zoom = 0.45
		o := project.Options{View: c.View(1280, 720), Light: project.DefaultLighting(), FullPixels: project.FullPixels, CoarsePixels: project.CoarsePixels}
		var bld project.Builder
		set.Want(bld.Build(&o, chunks).Wanted)
		set.Flush()
		set.Update()
		used, _, _ := set.Memory()
		resident := 0
		for ch := range chunks {
			if set.Resident(ch) {
				resident++
			}
		}
		cells := float64(g.Topology().CellCount())
		model, cache, records = float64(h1-h0)/cells, float64(h2-h1)/cells, float64(h3-h2)/cells
		full = float64(used) / float64(resident*hexmap.ChunkSizeX*hexmap.ChunkSizeZ)
		runtime.KeepAlive(chunks)
		set.Close()
	}
	b.ReportMetric(model, "model-B/cell")
	b.ReportMetric(cache, "cache-B/cell")
	b.ReportMetric(records, "renderer-B/cell")
	b.ReportMetric(full, "full-detail-B/cell")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkBuild320MostDetail: the overview just short of the switch,
// where the most chunks are in view at full detail (cells a little over
// project.FullPixels wide): the dearest frame of the zoom range.
func BenchmarkBuild320MostDetail(b *testing.B) {
	benchBig(b, func(c *project.Camera) { c.Zoom = -0.2 })
}
