package chunk

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mesh"
)

// parallelThreshold is the number of dirty chunks from which Update
// spreads the work over all cores; below it goroutines cost more than
// they save.
const parallelThreshold = 8

// Set holds every chunk of a map and keeps them current by following
// the grid's change feed.
type Set struct {
	Grid   *hexmap.Grid
	Chunks []Chunk
	// LODs are every chunk's levels of detail, kept current like Chunks.
	LODs   []LOD
	feed   *hexmap.FeedReader
	dirty  []bool   // per chunk, filled from the feed by Update
	tinted []bool   // per chunk: only terrain types changed (Retint will do)
	builds []uint32 // per chunk: how often its meshes changed (built, installed, evicted)
	cache  *cache   // nil: every chunk is built and kept
}

// NewSet triangulates every chunk of g on all cores.
func NewSet(g *hexmap.Grid) *Set { return NewSetWorkers(g, runtime.GOMAXPROCS(0)) }

// NewSetWorkers triangulates every chunk of g with up to workers
// goroutines (1: on the calling goroutine only).
func NewSetWorkers(g *hexmap.Grid, workers int) *Set {
	s := &Set{Grid: g, Chunks: make([]Chunk, geom.ChunkCount(g.Topology())), LODs: make([]LOD, geom.ChunkCount(g.Topology())), feed: g.Follow(),
		dirty: make([]bool, geom.ChunkCount(g.Topology())), tinted: make([]bool, geom.ChunkCount(g.Topology())), builds: make([]uint32, geom.ChunkCount(g.Topology()))}
	all := make([]int, len(s.Chunks))
	for ch := range all {
		all[ch] = ch
	}
	s.triangulate(all, workers)
	return s
}

// NewSetOf wraps chunks built elsewhere (a test scene) as g's set; it
// follows g's changes from now on.
func NewSetOf(g *hexmap.Grid, chunks []Chunk) *Set {
	s := &Set{Grid: g, Chunks: chunks, LODs: make([]LOD, len(chunks)), feed: g.Follow(),
		dirty: make([]bool, len(chunks)), tinted: make([]bool, len(chunks)), builds: make([]uint32, len(chunks))}
	for ch := range s.LODs {
		TriangulateLOD(g, ch, &s.LODs[ch])
	}
	return s
}

// Close stops following the grid's changes and the workers of a set
// made by NewCache (the set is done with).
func (s *Set) Close() {
	s.feed.Close()
	if s.cache != nil {
		s.closeCache()
	}
}

// Builds counts how often chunk ch's meshes changed (triangulated, or,
// in a set made by NewCache, installed or evicted), so that what is
// derived from its meshes (a height index) knows when to derive again.
func (s *Set) Builds(ch int) uint32 { return s.builds[ch] }

// Update brings the chunks that the grid's changes since the last Update
// touched up to date, and returns them in ascending order: those where
// only terrain types changed get their splat types in place (Retint),
// the others are re-triangulated. (A set made by NewCache also installs
// and evicts chunks: see updateCache.)
func (s *Set) Update() []int {
	if s.cache != nil {
		return s.updateCache()
	}
	dirty, tinted := s.stale()
	s.triangulate(dirty, workersFor(len(dirty)))
	for _, ch := range tinted {
		s.Chunks[ch].Retint(s.Grid)
	}
	if len(tinted) == 0 {
		return dirty
	}
	return slices.Sorted(slices.Values(append(dirty, tinted...)))
}

// DirtyChunks reads the changes since the last call and returns the
// chunks they make stale, in ascending order: each changed cell's chunk,
// and its neighbours' chunks when the change can alter shared geometry
// (Catlike's Refresh and RefreshSelfOnly).
func (s *Set) DirtyChunks() []int {
	dirty, tinted := s.stale()
	return slices.Sorted(slices.Values(append(dirty, tinted...)))
}

// stale reads the changes since the last call: the chunks to triangulate
// again and, apart, those where only terrain types changed (the chunk
// of such a cell and its neighbours' chunks, whose connections and
// corners take the cell's type too), each in ascending order.
func (s *Set) stale() (dirty, tinted []int) {
	changes, complete := s.feed.Read()
	g := s.Grid
	for _, c := range changes {
		mark := s.dirty
		if terrainOnly(c) {
			mark = s.tinted
		}
		mark[geom.ChunkOf(g.Topology(), c.Index)] = true
		if affectsNeighbors(c) {
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				if n, ok := g.Topology().Neighbor(c.Index, d); ok {
					mark[geom.ChunkOf(g.Topology(), n)] = true
				}
			}
		}
	}
	for ch := range s.dirty {
		switch {
		case s.dirty[ch] || !complete:
			dirty = append(dirty, ch)
		case s.tinted[ch]:
			tinted = append(tinted, ch)
		}
		s.dirty[ch], s.tinted[ch] = false, false
	}
	return dirty, tinted
}

// affectsNeighbors reports whether the change can alter geometry shared
// with the cell's neighbours (bridges, corners, walls, shores, rivers,
// roads). Catlike refreshes only the cell's own chunk for feature levels
// and specials.
func affectsNeighbors(c hexmap.Change) bool {
	a, b := c.Before, c.After
	a.UrbanLevel, a.FarmLevel, a.PlantLevel, a.SpecialIndex =
		b.UrbanLevel, b.FarmLevel, b.PlantLevel, b.SpecialIndex
	return a != b
}

// terrainOnly reports whether a change is of the cell's terrain type
// alone, which moves no vertex.
func terrainOnly(c hexmap.Change) bool {
	a := c.Before
	a.TerrainType = c.After.TerrainType
	return a == c.After
}

// triangulate rebuilds the listed chunks with up to workers goroutines.
// Each chunk writes only its own storage and reads the grid, so the
// result does not depend on the schedule.
func (s *Set) triangulate(chunks []int, workers int) {
	workers = max(1, min(workers, len(chunks)))
	scratch := make([]Chunk, workers)
	spread(len(chunks), workers, func(w, k int) { s.rebuild(chunks[k], &scratch[w]) })
}

// workersFor is how many goroutines Update spreads n chunks' work over.
func workersFor(n int) int {
	if n >= parallelThreshold {
		return runtime.GOMAXPROCS(0)
	}
	return 1
}

// spread runs f(w, k) for every k below n on up to workers goroutines,
// w numbering the goroutine (for scratch of its own, below workers); with
// one worker, on the caller's goroutine.
func spread(n, workers int, f func(w, k int)) {
	workers = min(workers, n)
	if workers <= 1 {
		for k := range n {
			f(0, k)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := int(next.Add(1)) - 1; k < n; k = int(next.Add(1)) - 1 {
				f(w, k)
			}
		}()
	}
	wg.Wait()
}

// rebuild re-triangulates chunk ch in place once it has storage. A chunk
// without storage yet is built in the worker's scratch chunk and copied
// at its exact size, so that building a whole map does not leave every
// mesh with the slack (and garbage) of repeated growth.
func (s *Set) rebuild(ch int, scratch *Chunk) {
	s.builds[ch]++ // each chunk is one worker's: no other goroutine writes it
	TriangulateLOD(s.Grid, ch, &s.LODs[ch])
	c := &s.Chunks[ch]
	if cap(c.Layers[mesh.Terrain].Positions) > 0 {
		Triangulate(s.Grid, ch, c)
		return
	}
	Triangulate(s.Grid, ch, scratch)
	for l := range c.Layers {
		copyMesh(&c.Layers[l], &scratch.Layers[l])
	}
	c.Plan.Connections = append(c.Plan.Connections[:0], scratch.Plan.Connections...)
	c.Plan.Bridges = append(c.Plan.Bridges[:0], scratch.Plan.Bridges...)
	c.Plan.Cuts = append(c.Plan.Cuts[:0], scratch.Plan.Cuts...)
	c.tints.runs = append(c.tints.runs[:0], scratch.tints.runs...)
}

// copyMesh makes dst a copy of src with storage of its own.
func copyMesh(dst, src *mesh.Mesh) {
	dst.Positions = append(dst.Positions[:0], src.Positions...)
	dst.Normals = append(dst.Normals[:0], src.Normals...)
	dst.Colors = append(dst.Colors[:0], src.Colors...)
	dst.UV = append(dst.UV[:0], src.UV...)
	dst.UV2 = append(dst.UV2[:0], src.UV2...)
	dst.Terrain = append(dst.Terrain[:0], src.Terrain...)
	dst.Weights = append(dst.Weights[:0], src.Weights...)
	dst.Indices = append(dst.Indices[:0], src.Indices...)
}
