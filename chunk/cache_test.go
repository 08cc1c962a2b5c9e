package chunk

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// residentDiff compares every resident chunk of s with the same chunk
// of a full rebuild, bit for bit, and checks that the chunks listed are
// resident.
func residentDiff(s, full *Set, want []int) string {
	for _, ch := range want {
		if !s.Resident(ch) {
			return fmt.Sprintf("chunk %d not resident", ch)
		}
	}
	for ch := range s.Chunks {
		if !s.Resident(ch) {
			if s.Chunks[ch].Layers[mesh.Terrain].VertexCount() != 0 {
				return fmt.Sprintf("chunk %d is not resident but has meshes", ch)
			}
			continue
		}
		for l := range mesh.LayerCount {
			if d := meshDiff(&s.Chunks[ch].Layers[l], &full.Chunks[ch].Layers[l]); d != "" {
				return fmt.Sprintf("chunk %d %s: %s", ch, l.Name(), d)
			}
		}
		if fmt.Sprint(s.Chunks[ch].Plan) != fmt.Sprint(full.Chunks[ch].Plan) {
			return fmt.Sprintf("chunk %d: plans differ", ch)
		}
		for _, m := range []struct{ a, b *mesh.Mesh }{{&s.LODs[ch].Fine, &full.LODs[ch].Fine}, {&s.LODs[ch].Coarse, &full.LODs[ch].Coarse}} {
			if d := meshDiff(m.a, m.b); d != "" {
				return fmt.Sprintf("chunk %d LOD: %s", ch, d)
			}
		}
	}
	return ""
}

// settle lets the workers build what was wanted and installs it.
func settle(s *Set) []int {
	s.Flush()
	return s.Update()
}

// The chunks a cache builds on demand are the chunks a full rebuild
// makes, bit for bit, and so are chunks evicted and built again.
func TestCacheMatchesFullRebuild(t *testing.T) {
	g := testGrid(t, 40, 30, 11)
	full := NewSetWorkers(g.Clone(), 1)
	s := NewCache(g, 1<<40, 2, nil)
	defer s.Close()
	want := []int{0, 5, 17, 23, 47}
	s.Want(want)
	changed := settle(s)
	if fmt.Sprint(changed) != fmt.Sprint(want) {
		t.Fatalf("Update reported %v installed, want %v", changed, want)
	}
	if d := residentDiff(s, full, want); d != "" {
		t.Fatal(d)
	}

	// A budget that holds three of these chunks: wanting three others
	// evicts the first ones, and wanting them again builds the same
	// meshes.
	var most int64
	for _, ch := range []int{0, 5, 17, 23, 47, 30} {
		most = max(most, full.Chunks[ch].Bytes())
	}
	small := NewCache(g, 3*most, 2, nil)
	defer small.Close()
	for round, list := range [][]int{{0, 5, 17}, {23, 47, 30}, {0, 5, 17}} {
		n := small.Want(list)
		settle(small)
		if n < 2 {
			t.Fatalf("round %d: only %d of 3 chunks fit the budget", round, n)
		}
		if d := residentDiff(small, full, list[:n]); d != "" {
			t.Fatalf("round %d: %s", round, d)
		}
		used, peak, budget := small.Memory()
		if used > budget || peak > budget {
			t.Fatalf("round %d: %d bytes used (peak %d), budget %d", round, used, peak, budget)
		}
	}
	if small.Resident(23) && small.Resident(47) && small.Resident(30) {
		t.Fatal("nothing was evicted")
	}
}

// Edits reach a cache through the change feed: the touched resident
// chunks are rebuilt (a few at once, the rest by the workers), the
// others' levels of detail too, and all equal a rebuild of the edited
// map; while the workers build, the grid is edited under Lock.
func TestCacheFollowsEdits(t *testing.T) {
	g := testGrid(t, 40, 30, 12)
	s := NewCache(g, 1<<40, 2, nil)
	defer s.Close()
	rng := rand.New(rand.NewPCG(12, 12))
	all := allChunks(s)
	for batch := range 40 {
		want := all[batch%7*5 : batch%7*5+12]
		s.Want(want)
		s.Lock()
		for range 1 + rng.IntN(batch%4*12+1) { // now and then more edits than Update rebuilds at once
			randomEdit(g, rng)
		}
		s.Unlock()
		s.Update()
		if batch%8 == 7 {
			settle(s)
			full := NewSetWorkers(g.Clone(), 1)
			if d := residentDiff(s, full, want); d != "" {
				t.Fatalf("after batch %d: %s", batch, d)
			}
			for ch := range s.LODs {
				if d := meshDiff(&s.LODs[ch].Fine, &full.LODs[ch].Fine); d != "" {
					t.Fatalf("after batch %d: chunk %d LOD: %s", batch, ch, d)
				}
			}
		}
	}
}

// Units stand on what is drawn: over a cache, a surface answers from
// the full detail of the chunks that have it, as over a full set, and
// from the level of detail elsewhere (at a cell's centre, its top).
func TestSurfaceOverCache(t *testing.T) {
	g := testGrid(t, 20, 15, 4)
	full := NewSurface(NewSetWorkers(g.Clone(), 1))
	s := NewCache(g, 1<<40, 1, nil)
	defer s.Close()
	s.Want([]int{0, 5})
	settle(s)
	surf := NewSurface(s)
	top := g.Topology()
	for i := range g.Topology().CellCount() {
		x, z := top.CellCenter(i)
		y, ok := surf.HeightAt(x, z)
		want, wok := full.HeightAt(x, z)
		if !s.Resident(geom.ChunkOf(g.Topology(), i)) {
			want, wok = CellTop(g, i), true
		}
		if ok != wok || y-want > 1e-4 || want-y > 1e-4 {
			t.Fatalf("cell %d (chunk %d, resident %v): height %v %v, want %v %v", i, geom.ChunkOf(g.Topology(), i), s.Resident(geom.ChunkOf(g.Topology(), i)), y, ok, want, wok)
		}
	}
}

// retintCounter is a prepare function's extra that counts the calls of
// Retinted (it holds nothing); calls for several chunks come at once.
type retintCounter struct{ calls *atomic.Int64 }

func (r retintCounter) Retinted() int64 { r.calls.Add(1); return 0 }

// A change of terrain types alone reaches a cache's resident chunks as a
// retint: their meshes are not built again (Builds), their extras are
// told (Retinted), the retinted chunks are reported changed, resident or
// not, and every resident chunk equals a rebuild of the edited map, bit
// for bit. A change of height as well builds the chunk again.
func TestCacheRetintsTerrainTypes(t *testing.T) {
	g := testGrid(t, 40, 30, 21)
	var calls atomic.Int64
	s := NewCache(g, 1<<40, 2, func(int, *Chunk) (any, int64) { return retintCounter{&calls}, 0 })
	defer s.Close()
	want := allChunks(s)[:30] // the rest are not resident
	s.Want(want)
	settle(s)
	rng := rand.New(rand.NewPCG(21, 1))
	others := 0 // chunks changed but not resident
	for batch := range 12 {
		s.Lock()
		for range 1 + rng.IntN(40) {
			g.SetTerrainType(rng.IntN(g.Topology().CellCount()), uint8(rng.IntN(int(hexmap.TerrainTypeCount))))
		}
		s.Unlock()
		builds := make([]uint32, len(s.Chunks))
		for _, ch := range want {
			builds[ch] = s.Builds(ch)
		}
		calls.Store(0)
		changed := s.Update()
		if s.Pending() != 0 {
			t.Fatalf("batch %d: %d chunks queued for building after a retint", batch, s.Pending())
		}
		resident := 0
		for _, ch := range changed {
			if s.Resident(ch) {
				resident++
				if s.Builds(ch) != builds[ch] {
					t.Fatalf("batch %d: chunk %d was built again, not retinted", batch, ch)
				}
			}
		}
		if resident == 0 || calls.Load() != int64(resident) {
			t.Fatalf("batch %d: %d chunks changed, %d resident, Retinted called %d times; want one call each resident", batch, len(changed), resident, calls.Load())
		}
		others += len(changed) - resident
		if d := residentDiff(s, NewSetWorkers(g.Clone(), 1), want); d != "" {
			t.Fatalf("after batch %d: %s", batch, d)
		}
	}
	if others == 0 {
		t.Fatal("no chunk without full detail was reported retinted (its cells' colours changed)")
	}
	s.Lock()
	g.SetTerrainType(0, hexmap.Snow)
	g.SetElevation(0, int(g.Cell(0).Elevation)+1)
	s.Unlock()
	old := s.Builds(0)
	s.Update()
	if s.Builds(0) == old {
		t.Fatal("a change of height and terrain type was retinted, not built again")
	}
	if d := residentDiff(s, NewSetWorkers(g.Clone(), 1), want); d != "" {
		t.Fatal(d)
	}
}

// An edit of up to syncRebuild resident chunks is rebuilt whole in the
// Update that reads it (on all cores), none left for the workers, and
// equals a rebuild of the edited map.
func TestCacheRebuildsAnEditAtOnce(t *testing.T) {
	g := testGrid(t, 40, 30, 22)
	s := NewCache(g, 1<<40, 1, nil)
	defer s.Close()
	want := allChunks(s)
	s.Want(want)
	settle(s)
	s.Lock()
	for z := 3; z < 23; z++ { // 20×20 cells from a chunk's middle: 25 chunks
		for x := 7; x < 27; x++ {
			i, _ := g.Topology().IndexOffset(x, z)
			g.SetElevation(i, int(g.Cell(i).Elevation)+1+(x+z)%2)
		}
	}
	s.Unlock()
	changed := s.Update()
	if len(changed) < 20 || len(changed) > syncRebuild {
		t.Fatalf("the edit touched %d chunks; want 20 to %d for this test", len(changed), syncRebuild)
	}
	if s.Pending() != 0 {
		t.Fatalf("%d chunks left to the workers", s.Pending())
	}
	if d := residentDiff(s, NewSetWorkers(g.Clone(), 1), want); d != "" {
		t.Fatal(d)
	}
}

// prepTag is a prepare function's extra for TestCacheRefinesQuickChunks:
// which function made it, from meshes of what digest (kept up to date by
// Retinted, as the renderer's extras are).
type prepTag struct {
	quick  bool
	digest uint64
	c      *Chunk
}

func newTag(quick bool, c *Chunk) *prepTag { return &prepTag{quick, meshDigest(c), c} }

func (t *prepTag) Retinted() int64 { t.digest = meshDigest(t.c); return 0 }

// meshDigest is an FNV-1a hash of c's vertex positions and splat types,
// every layer.
func meshDigest(c *Chunk) uint64 {
	h := uint64(14695981039346656037)
	for l := range c.Layers {
		m := &c.Layers[l]
		for _, s := range [][]vec3.T{m.Positions, m.Terrain} {
			for _, v := range s {
				for _, f := range v {
					h = (h ^ uint64(math.Float32bits(f))) * 1099511628211
				}
			}
		}
	}
	return h
}

// With PrepareQuickly, the chunks an Update rebuilds itself get the quick
// function's extra of their new meshes, and the workers then prepare
// them again (refines): after edits of every kind, some more than
// Update rebuilds at once, some retinting chunks whose refine is still
// queued, and edits made while refines run, settling leaves every
// resident chunk with prepare's extra of its current meshes (which equal
// a full rebuild's), nothing pending, and the last Update's Refined
// naming the chunks whose quick extra it replaced, none of them also
// reported changed.
func TestCacheRefinesQuickChunks(t *testing.T) {
	g := testGrid(t, 40, 30, 23)
	s := NewCache(g, 1<<40, 1, func(_ int, c *Chunk) (any, int64) { return newTag(false, c), 0 })
	s.PrepareQuickly(func(_ int, c *Chunk) (any, int64) { return newTag(true, c), 0 })
	defer s.Close()
	want := allChunks(s)
	s.Want(want)
	settle(s)
	rng := rand.New(rand.NewPCG(23, 1))
	refined := 0
	for batch := range 30 {
		s.Lock()
		for range 1 + rng.IntN(batch%5*15+1) {
			randomEdit(g, rng)
		}
		if batch%3 == 0 { // terrain types alone: a retint
			for range 1 + rng.IntN(30) {
				g.SetTerrainType(rng.IntN(g.Topology().CellCount()), uint8(rng.IntN(int(hexmap.TerrainTypeCount))))
			}
		}
		s.Unlock()
		s.Update()
		quick := map[int]bool{}
		for ch := range s.Chunks {
			tag, ok := s.Extra(ch).(*prepTag)
			switch {
			case !ok:
				t.Fatalf("batch %d: chunk %d has no extra", batch, ch)
			case tag.quick && tag.digest != meshDigest(&s.Chunks[ch]):
				t.Fatalf("batch %d: chunk %d's quick extra is not of its meshes", batch, ch)
			case tag.quick:
				quick[ch] = true
			}
		}
		if batch%4 != 3 {
			continue // edit again while the refines are queued or running
		}
		changed := settle(s)
		for ch := range s.Chunks {
			if tag := s.Extra(ch).(*prepTag); tag.quick || tag.digest != meshDigest(&s.Chunks[ch]) {
				t.Fatalf("batch %d: settled chunk %d has extra %+v, its meshes digest %x", batch, ch, tag, meshDigest(&s.Chunks[ch]))
			}
		}
		if s.Pending() != 0 || s.Refining() != 0 {
			t.Fatalf("batch %d: %d pending, %d refining after settling", batch, s.Pending(), s.Refining())
		}
		for _, ch := range s.Refined() {
			if !quick[ch] || slices.Contains(changed, ch) {
				t.Fatalf("batch %d: chunk %d refined (quick before: %v), changed too: %v", batch, ch, quick[ch], slices.Contains(changed, ch))
			}
		}
		refined += len(s.Refined())
		if d := residentDiff(s, NewSetWorkers(g.Clone(), 1), want); d != "" {
			t.Fatalf("after batch %d: %s", batch, d)
		}
	}
	if refined == 0 {
		t.Fatal("no chunk was refined")
	}
}
