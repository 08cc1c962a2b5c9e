package bench

import (
	"slices"
	"sync"
	"testing"
	"time"
	"unsafe"

	"hexsandbox/chunk"
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
	bld := project.Builder{View: c.View(1280, 720), Light: project.Sun(c.Rotation), Shadows: shadows}
	if zoom == 0 {
		// The whole map in view: lift the camera until everything fits.
		c.X, c.Z, c.Rotation = c.MaxX/2, c.MaxZ/2, 0
		bld.View = wholeMapView(c)
	}
	bld.Build(chunks)
	verts := bld.Terrain.Vertices() + bld.Lit.Vertices() + bld.Translucent.Vertices()
	tris := bld.Terrain.Triangles() + bld.Lit.Triangles() + bld.Translucent.Triangles()
	shadowTris := bld.Shadow.Triangles()
	start := testutil.CPUTime()
	n := 0
	for b.Loop() {
		bld.Build(chunks)
		n++
	}
	testutil.ReportCPU(b, testutil.CPUTime()-start, n)
	b.ReportMetric(float64(verts), "vertices")
	b.ReportMetric(float64(tris), "triangles")
	if shadows {
		b.ReportMetric(float64(shadowTris), "shadow-triangles")
	}
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
	bld := project.Builder{View: c.View(1280, 720), Light: project.DefaultLighting()}
	if zoom == 0 {
		c.Rotation = 0
		bld.View = wholeMapView(c)
	}
	bld.Build(chunks)
	var src []project.Vertex
	var idx []uint16
	for _, l := range []*project.Batches{&bld.Terrain, &bld.Lit, &bld.Translucent} {
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
				bld.View, bld.Light, bld.Shadows = c.View(1280, 720), project.Sun(c.Rotation), shadows
				if v.zoom == 0 {
					bld.View = wholeMapView(c)
				}
				start := testutil.CPUTime()
				bld.Build(chunks)
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
