package chunk

import (
	"runtime"
	"sync"
	"sync/atomic"

	"hexsandbox/hexmap"
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
	builds []uint32 // per chunk: how often its meshes changed (built, installed, evicted)
	cache  *cache   // nil: every chunk is built and kept
}

// NewSet triangulates every chunk of g on all cores.
func NewSet(g *hexmap.Grid) *Set { return NewSetWorkers(g, runtime.GOMAXPROCS(0)) }

// NewSetWorkers triangulates every chunk of g with up to workers
// goroutines (1: on the calling goroutine only).
func NewSetWorkers(g *hexmap.Grid, workers int) *Set {
	s := &Set{Grid: g, Chunks: make([]Chunk, g.ChunkCount()), LODs: make([]LOD, g.ChunkCount()), feed: g.Follow(),
		dirty: make([]bool, g.ChunkCount()), builds: make([]uint32, g.ChunkCount())}
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
	s := &Set{Grid: g, Chunks: chunks, LODs: make([]LOD, len(chunks)), feed: g.Follow(), dirty: make([]bool, len(chunks)), builds: make([]uint32, len(chunks))}
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

// Update re-triangulates the chunks that the grid's changes since the
// last Update touched, and returns them in ascending order. (A set made
// by NewCache also installs and evicts chunks: see updateCache.)
func (s *Set) Update() []int {
	if s.cache != nil {
		return s.updateCache()
	}
	dirty := s.DirtyChunks()
	workers := 1
	if len(dirty) >= parallelThreshold {
		workers = runtime.GOMAXPROCS(0)
	}
	s.triangulate(dirty, workers)
	return dirty
}

// DirtyChunks reads the changes since the last call and returns the
// chunks they make stale, in ascending order: each changed cell's chunk,
// and its neighbours' chunks when the change can alter shared geometry
// (Catlike's Refresh and RefreshSelfOnly).
func (s *Set) DirtyChunks() []int {
	changes, complete := s.feed.Read()
	g := s.Grid
	for _, c := range changes {
		s.dirty[g.ChunkOf(c.Index)] = true
		if c.AffectsNeighbors() {
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				if n, ok := g.Neighbor(c.Index, d); ok {
					s.dirty[g.ChunkOf(n)] = true
				}
			}
		}
	}
	var out []int
	for ch, d := range s.dirty {
		if d || !complete {
			out = append(out, ch)
			s.dirty[ch] = false
		}
	}
	return out
}

// triangulate rebuilds the listed chunks with up to workers goroutines.
// Each chunk writes only its own storage and reads the grid, so the
// result does not depend on the schedule.
func (s *Set) triangulate(chunks []int, workers int) {
	workers = min(workers, len(chunks))
	if workers <= 1 {
		var scratch Chunk
		for _, ch := range chunks {
			s.rebuild(ch, &scratch)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var scratch Chunk
			for {
				k := int(next.Add(1)) - 1
				if k >= len(chunks) {
					return
				}
				s.rebuild(chunks[k], &scratch)
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
