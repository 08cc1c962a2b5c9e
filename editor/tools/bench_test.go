package tools

import (
	"runtime"
	"testing"
	"time"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/testutil"
	"hexsandbox/mapgen"
	"hexsandbox/render/project"
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

// fillBenchGrid is the 80×60 showcase with a 50×40 rectangle of cells
// (2,000) of mud, the only mud or snow on the map, at the elevations the
// showcase gives them: a fill by terrain from its corner reaches exactly
// the rectangle, mud or snow.
func fillBenchGrid(b *testing.B) (*hexmap.Grid, int) {
	g, err := mapgen.Showcase(80, 60, 1)
	if err != nil {
		b.Fatal(err)
	}
	for i, c := range g.Cells() {
		if c.TerrainType == hexmap.Mud || c.TerrainType == hexmap.Snow {
			g.SetTerrainType(i, hexmap.Stone)
		}
	}
	for z := 10; z < 50; z++ {
		for x := 15; x < 65; x++ {
			g.SetTerrainType(index(b, g, x, z), hexmap.Mud)
		}
	}
	return g, index(b, g, 15, 10)
}

// BenchmarkFill2000 measures a fill of 2,000 cells, the latency a user
// waits for: the batch edit with Catlike's rules, then re-triangulation
// of every dirty chunk (every layer: terrain, water, features, walls)
// with the chunk set's workers. Alternate fills turn the rectangle to
// snow and back to mud, so each changes all 2,000 cells.
func BenchmarkFill2000(b *testing.B) {
	g, start := fillBenchGrid(b)
	set := chunk.NewSet(g)
	terrains := [2]uint8{hexmap.Snow, hexmap.Mud}
	n, chunks, cells := 0, 0, 0
	testutil.CPULoop(b, func() {
		s := Settings{ApplyTerrain: true, Terrain: terrains[n%2]}
		c, _, _ := Fill(g, start, MatchTerrain, s)
		cells += c
		chunks += len(set.Update())
		n++
	})
	if cells != 2000*n {
		b.Fatalf("the fills reached %d cells in %d runs, want 2,000 each", cells, n)
	}
	b.ReportMetric(float64(chunks)/float64(n), "chunks/op")
}

// pasteBenchClips returns the 80×60 showcase map and two different 20×20
// clips of it (400 cells each, with hills, rivers, roads, towns and
// forests) for the paste benchmarks to paste in turn.
func pasteBenchClips(b *testing.B) (*hexmap.Grid, [2]Clip) {
	g, err := mapgen.Showcase(80, 60, 1)
	if err != nil {
		b.Fatal(err)
	}
	top := g.Topology()
	var clips [2]Clip
	for k, at := range [2][2]int{{5, 5}, {45, 30}} {
		sel := &Selection{}
		sel.Add(Rect(top, hexmap.FromOffset(at[0], at[1]), hexmap.FromOffset(at[0]+19, at[1]+19)))
		clips[k] = Copy(g, sel)
	}
	if len(clips[0].Cells) != 400 {
		b.Fatalf("the clip holds %d cells", len(clips[0].Cells))
	}
	return g, clips
}

// BenchmarkPaste20x20 measures pasting a 20×20 selection (400 cells with
// the showcase's hills, rivers, roads, towns and forests) and the
// re-triangulation of the dirty chunks; two different clips are pasted
// in turn at one place, so each paste changes the cells.
func BenchmarkPaste20x20(b *testing.B) {
	g, clips := pasteBenchClips(b)
	set := chunk.NewSet(g)
	target := hexmap.FromOffset(40, 25)
	n, chunks := 0, 0
	testutil.CPULoop(b, func() {
		Paste(g, clips[n%2], target)
		chunks += len(set.Update())
		n++
	})
	b.ReportMetric(float64(chunks)/float64(n), "chunks/op")
}

// editorCache is the chunk set the editor draws from, made as the editor
// makes it (render.NewCache from editor/renderscene.go, which a test
// without a display cannot call): a cache whose workers, one fewer than
// the cores (one here), weld each chunk for the renderer, every chunk
// wanted and built, and which prepares the chunks an Update rebuilds
// itself unwelded, for the workers to weld afterwards; and the
// renderer's copies of the chunks' meshes.
func editorCache(b *testing.B, g *hexmap.Grid) *editorChunks {
	set := chunk.NewCache(g, 1<<30, max(1, runtime.GOMAXPROCS(0)-1), func(_ int, c *chunk.Chunk) (any, int64) {
		return project.PrepareChunk(&c.Layers)
	})
	set.PrepareQuickly(func(_ int, c *chunk.Chunk) (any, int64) { return project.PrepareChunkUnwelded(&c.Layers) })
	set.WantAll()
	set.Flush()
	e := &editorChunks{set: set, drawn: make([]project.ChunkMeshes, geom.ChunkCount(g.Topology()))}
	e.frame(func() {})
	return e
}

// editorChunks is the editor's cache and the renderer's chunk meshes.
type editorChunks struct {
	set     *chunk.Set
	drawn   []project.ChunkMeshes
	refined int // chunks adopted welded after an edit's frame drew them unwelded
}

// frame is what an editor frame does with the map: it holds the cache's
// lock through the frame's edit and Update (editor/game.go's Update),
// and the renderer takes each changed chunk's levels of detail and
// prepared meshes (render.Renderer.refresh), and the welded meshes of
// chunks the Update refined (render.Renderer.Update). It returns the
// chunks that changed.
func (e *editorChunks) frame(edit func()) int {
	e.set.Lock()
	defer e.set.Unlock()
	edit()
	changed := e.set.Update()
	for _, ch := range changed {
		c, lod := &e.drawn[ch], &e.set.LODs[ch]
		c.SetLOD(&lod.Fine, &lod.Coarse)
		switch full, _ := e.set.Extra(ch).(*project.ChunkMeshes); {
		case !e.set.Resident(ch):
			c.Clear()
		default:
			c.Adopt(full)
		}
	}
	for _, ch := range e.set.Refined() {
		e.drawn[ch].Adopt(e.set.Extra(ch).(*project.ChunkMeshes))
		e.refined++
	}
	return len(changed)
}

// edit makes an edit as the editor does and brings the chunks up to date
// with it: the frame of the edit, which rebuilds the touched chunks it
// can at once (all of these benchmarks') and draws them unwelded, then,
// if the workers had some to build or weld between frames, the frame
// that installs them (waiting for the workers to finish first). It
// returns the chunks the first frame changed and its wall time.
func (e *editorChunks) edit(f func()) (int, time.Duration) {
	start := time.Now()
	n := e.frame(f)
	took := time.Since(start)
	if e.set.Pending()+e.set.Refining() > 0 {
		e.set.Flush()
		e.frame(func() {})
	}
	return n, took
}

// BenchmarkFill2000Cache is BenchmarkFill2000 on the editor's chunk
// cache, up to date with every touched chunk retinted (or rebuilt),
// welded and taken by the renderer: the wall time per op is until the
// last is (a chunk the edit's frame rebuilt is welded by the workers
// after it, and taken welded by a second frame); frame-ms is the wall
// time of the edit's frame alone: the edit, Update's rebuild and
// unwelded preparation of the touched chunks on all cores, and the
// renderer taking them, drawable as they will look welded. welded-later
// is the chunks per op the second frame took welded.
func BenchmarkFill2000Cache(b *testing.B) {
	g, start := fillBenchGrid(b)
	e := editorCache(b, g)
	defer e.set.Close()
	terrains := [2]uint8{hexmap.Snow, hexmap.Mud}
	n, chunks := 0, 0
	var frames time.Duration
	testutil.CPULoop(b, func() {
		c, took := e.edit(func() {
			Fill(g, start, MatchTerrain, Settings{ApplyTerrain: true, Terrain: terrains[n%2]})
		})
		chunks += c
		frames += took
		n++
	})
	b.ReportMetric(float64(chunks)/float64(n), "chunks/op")
	b.ReportMetric(float64(frames.Microseconds())/1e3/float64(n), "frame-ms")
	b.ReportMetric(float64(e.refined)/float64(n), "welded-later/op")
}

// BenchmarkPaste20x20Cache is BenchmarkPaste20x20 on the editor's chunk
// cache, measured as BenchmarkFill2000Cache.
func BenchmarkPaste20x20Cache(b *testing.B) {
	g, clips := pasteBenchClips(b)
	e := editorCache(b, g)
	defer e.set.Close()
	target := hexmap.FromOffset(40, 25)
	n, chunks := 0, 0
	var frames time.Duration
	testutil.CPULoop(b, func() {
		c, took := e.edit(func() { Paste(g, clips[n%2], target) })
		chunks += c
		frames += took
		n++
	})
	b.ReportMetric(float64(chunks)/float64(n), "chunks/op")
	b.ReportMetric(float64(frames.Microseconds())/1e3/float64(n), "frame-ms")
	b.ReportMetric(float64(e.refined)/float64(n), "welded-later/op")
}
