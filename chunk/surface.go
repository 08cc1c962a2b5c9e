package chunk

import (
	"math"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// Surface answers how high the ground is under a world point, from the
// triangles the chunks were triangulated into: the terrain, and the
// water of a river over its bed (units wade across at the surface rather
// than walk the bed under it); and apart from that the top of bridges'
// decks, which only a unit crossing by the bridge stands on. It is what
// a unit stands on, so it must agree with what is drawn; it indexes a
// chunk's triangles the first time a point over the chunk is asked
// about, and again after the chunk was rebuilt. Over a chunk a cache
// (NewCache) holds no full detail for, it answers from the chunk's fine
// level of detail, which is what is drawn there.
type Surface struct {
	set     *Set
	top     hexmap.Topology
	indexes []surfaceIndex
}

// NewSurface answers for the chunks of set, following their rebuilds.
func NewSurface(set *Set) *Surface {
	return &Surface{set: set, top: set.Grid.Topology(), indexes: make([]surfaceIndex, len(set.Chunks))}
}

// surfaceBucket is the side of the square buckets a chunk's triangles are
// sorted into, in world units: a bucket holds a handful of triangles.
const surfaceBucket = 4

// walkable are the layers a unit stands on, with the steepest triangles
// of each that still count (cliff faces and waterfalls do not; the
// sides of a bridge's deck and rails do not either), and whether the
// layer is ground (else a deck).
var walkable = [...]struct {
	layer  mesh.Layer
	minNY  float32
	ground bool
}{{mesh.Terrain, 0.05, true}, {mesh.Rivers, 0.05, true}, {mesh.Bridges, 0.7, false}}

// surfaceIndex buckets one chunk's walkable triangles by XZ.
type surfaceIndex struct {
	valid      bool
	builds     uint32 // the chunk's Builds when indexed
	minX, minZ float32
	maxX, maxZ float32
	nx, nz     int
	start      []int32 // per bucket, into tris; one more at the end
	tris       []int32 // triangle number·4 + position in walkable
	bridges    []BridgeSpan
}

// BridgeSpan is a bridge as it stands: the two perturbed road centres it
// joins, in world space, and the cell it belongs to.
type BridgeSpan struct {
	Cell int
	A, B vec3.T
}

// index returns chunk ch's index, built afresh if the chunk changed.
func (s *Surface) index(ch int) *surfaceIndex {
	ix := &s.indexes[ch]
	if b := s.set.Builds(ch); !ix.valid || ix.builds != b {
		ix.build(s, ch)
		ix.valid, ix.builds = true, b
	}
	return ix
}

// build sorts the chunk's walkable triangles into buckets by their XZ
// bounds, in two passes (count, then fill) so the storage is reused.
func (ix *surfaceIndex) build(s *Surface, ch int) {
	c := &s.set.Chunks[ch]
	ix.minX, ix.minZ = float32(math.Inf(1)), float32(math.Inf(1))
	ix.maxX, ix.maxZ = float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, w := range walkable {
		for _, p := range c.Layers[w.layer].Positions {
			ix.minX, ix.maxX = min(ix.minX, p[0]), max(ix.maxX, p[0])
			ix.minZ, ix.maxZ = min(ix.minZ, p[2]), max(ix.maxZ, p[2])
		}
	}
	ix.nx, ix.nz = 0, 0
	if ix.minX > ix.maxX {
		ix.start, ix.tris = ix.start[:0], ix.tris[:0]
		return
	}
	ix.nx = int((ix.maxX-ix.minX)/surfaceBucket) + 1
	ix.nz = int((ix.maxZ-ix.minZ)/surfaceBucket) + 1
	ix.start = append(ix.start[:0], make([]int32, ix.nx*ix.nz+1)...)
	ix.eachTriangle(c, func(b, _ int32) { ix.start[b+1]++ })
	for k := 1; k < len(ix.start); k++ {
		ix.start[k] += ix.start[k-1]
	}
	ix.tris = append(ix.tris[:0], make([]int32, ix.start[len(ix.start)-1])...)
	fill := append([]int32(nil), ix.start[:len(ix.start)-1]...)
	ix.eachTriangle(c, func(b, ref int32) { ix.tris[fill[b]] = ref; fill[b]++ })
	ix.bridges = ix.bridges[:0]
	per := geom.PerturberOf(s.set.Grid)
	for _, br := range c.Plan.Bridges {
		a, b := per.Perturb(br.RoadCenter1), per.Perturb(br.RoadCenter2)
		mid := vec.Lerp(br.RoadCenter1, br.RoadCenter2, 0.5)
		if cell, ok := s.top.CellUnder(mid[0], mid[2]); ok {
			ix.bridges = append(ix.bridges, BridgeSpan{Cell: cell, A: a, B: b})
		}
	}
}

// eachTriangle calls f with every bucket each walkable triangle's XZ
// bounds overlap and the triangle's reference.
func (ix *surfaceIndex) eachTriangle(c *Chunk, f func(bucket, ref int32)) {
	for w, wl := range walkable {
		m := &c.Layers[wl.layer]
		for t := 0; t+2 < len(m.Indices); t += 3 {
			a, b, d := m.Positions[m.Indices[t]], m.Positions[m.Indices[t+1]], m.Positions[m.Indices[t+2]]
			if !steepEnough(a, b, d, wl.minNY) {
				continue
			}
			x0, x1 := ix.bucketX(min(a[0], b[0], d[0])), ix.bucketX(max(a[0], b[0], d[0]))
			z0, z1 := ix.bucketZ(min(a[2], b[2], d[2])), ix.bucketZ(max(a[2], b[2], d[2]))
			ref := int32(t/3*4 + w)
			for bz := z0; bz <= z1; bz++ {
				for bx := x0; bx <= x1; bx++ {
					f(int32(bx+bz*ix.nx), ref)
				}
			}
		}
	}
}

// steepEnough reports whether a triangle is flat enough to stand on: the
// Y part of its unit normal is at least minNY (either way up).
func steepEnough(a, b, c vec3.T, minNY float32) bool {
	u := vec3.Sub(&b, &a)
	v := vec3.Sub(&c, &a)
	n := vec3.Cross(&u, &v)
	l := n.Length()
	return l > 1e-6 && float32(math.Abs(float64(n[1]))) >= minNY*l
}

func (ix *surfaceIndex) bucketX(x float32) int {
	return max(0, min(ix.nx-1, int((x-ix.minX)/surfaceBucket)))
}

func (ix *surfaceIndex) bucketZ(z float32) int {
	return max(0, min(ix.nz-1, int((z-ix.minZ)/surfaceBucket)))
}

// heightAt returns the highest ground (or deck) triangle of chunk c over
// (x, z).
func (ix *surfaceIndex) heightAt(c *Chunk, x, z float32, ground bool) (float32, bool) {
	if ix.nx == 0 || x < ix.minX || x > ix.maxX || z < ix.minZ || z > ix.maxZ {
		return 0, false
	}
	b := ix.bucketX(x) + ix.bucketZ(z)*ix.nx
	best, found := float32(math.Inf(-1)), false
	for _, ref := range ix.tris[ix.start[b]:ix.start[b+1]] {
		w := walkable[ref&3]
		if w.ground != ground {
			continue
		}
		m := &c.Layers[w.layer]
		t := int(ref>>2) * 3
		y, ok := triangleHeight(m.Positions[m.Indices[t]], m.Positions[m.Indices[t+1]], m.Positions[m.Indices[t+2]], x, z)
		if ok && y > best {
			best, found = y, true
		}
	}
	return best, found
}

// triangleHeight interpolates the triangle's height at (x, z) when the
// point lies in its XZ projection (edges included, with a hair of
// tolerance so that points on shared edges are never lost).
func triangleHeight(a, b, c vec3.T, x, z float32) (float32, bool) {
	d := (b[2]-c[2])*(a[0]-c[0]) + (c[0]-b[0])*(a[2]-c[2])
	if d == 0 {
		return 0, false
	}
	wa := ((b[2]-c[2])*(x-c[0]) + (c[0]-b[0])*(z-c[2])) / d
	wb := ((c[2]-a[2])*(x-c[0]) + (a[0]-c[0])*(z-c[2])) / d
	wc := 1 - wa - wb
	const eps = -1e-4
	if wa < eps || wb < eps || wc < eps {
		return 0, false
	}
	return wa*a[1] + wb*b[1] + wc*c[1], true
}

// HeightAt returns the height of the ground under world point (x, z):
// the highest terrain or river water triangle there. On a wrapping map x
// may lie in any copy of the map. It reports false where nothing was
// triangulated (off the map).
func (s *Surface) HeightAt(x, z float32) (float32, bool) { return s.height(x, z, true) }

// DeckAt returns the height of the top of a bridge's deck (or rail) over
// world point (x, z), if a bridge is there.
func (s *Surface) DeckAt(x, z float32) (float32, bool) { return s.height(x, z, false) }

func (s *Surface) height(x, z float32, ground bool) (float32, bool) {
	x = s.top.WrapX(x)
	cell, ok := s.top.CellUnder(x, z)
	if !ok {
		return 0, false
	}
	shifts := [3]float32{0, s.top.WrapSize(), -s.top.WrapSize()}
	nShifts := 1
	if s.top.Wrapping {
		nShifts = 3
	}
	best, found := float32(math.Inf(-1)), false
	var seen [7]int
	n := 0
	s.candidateChunks(cell, func(ch int) {
		for _, k := range seen[:n] {
			if k == ch {
				return
			}
		}
		seen[n] = ch
		n++
		if !s.set.Resident(ch) {
			// Drawn at its level of detail: stand on that, over its own cells.
			if ground && geom.ChunkOf(s.set.Grid.Topology(), cell) == ch {
				for _, dx := range shifts[:nShifts] {
					if y, ok := lodHeight(&s.set.LODs[ch].Fine, x+dx, z); ok && y > best {
						best, found = y, true
					}
				}
			}
			return
		}
		ix := s.index(ch)
		for _, dx := range shifts[:nShifts] {
			if y, ok := ix.heightAt(&s.set.Chunks[ch], x+dx, z, ground); ok && y > best {
				best, found = y, true
			}
		}
	})
	return best, found
}

// lodHeight is the height of level-of-detail mesh m over (x, z).
func lodHeight(m *mesh.Mesh, x, z float32) (float32, bool) {
	for t := 0; t+2 < len(m.Indices); t += 3 {
		if y, ok := triangleHeight(m.Positions[m.Indices[t]], m.Positions[m.Indices[t+1]], m.Positions[m.Indices[t+2]], x, z); ok {
			return y, true
		}
	}
	return 0, false
}

// candidateChunks calls f with the chunks whose geometry may cover a
// point of cell i: its own and its neighbours' (connections and corners
// belong to the cell that builds them), with repeats.
func (s *Surface) candidateChunks(i int, f func(ch int)) {
	g := s.set.Grid
	f(geom.ChunkOf(g.Topology(), i))
	s.top.Neighbors(i, func(_ hexmap.Direction, n int) { f(geom.ChunkOf(g.Topology(), n)) })
}

// Bridge returns the bridge of cell i, if it has one.
func (s *Surface) Bridge(i int) (BridgeSpan, bool) {
	for _, b := range s.index(geom.ChunkOf(s.set.Grid.Topology(), i)).bridges {
		if b.Cell == i {
			return b, true
		}
	}
	return BridgeSpan{}, false
}

// BridgeEnds returns the XZ ends of cell i's bridge (units.Ground).
func (s *Surface) BridgeEnds(i int) (a, b [2]float32, ok bool) {
	br, ok := s.Bridge(i)
	return [2]float32{br.A[0], br.A[2]}, [2]float32{br.B[0], br.B[2]}, ok
}

// MeshHeight is HeightAt (ground) or DeckAt found the slow way, by
// testing every walkable triangle of every chunk of set: the reference
// that the index (and anything standing on it) is tested against.
func MeshHeight(set *Set, x, z float32, ground bool) (float32, bool) {
	return meshHeight(set, x, z, ground, triangleHeight)
}

// meshHeight is MeshHeight with the test of one triangle given, so that
// a test can check the index with arithmetic of its own.
func meshHeight(set *Set, x, z float32, ground bool, tri func(a, b, c vec3.T, x, z float32) (float32, bool)) (float32, bool) {
	top := set.Grid.Topology()
	shifts := []float32{0}
	if top.Wrapping {
		shifts = append(shifts, top.WrapSize(), -top.WrapSize())
	}
	best, found := float32(math.Inf(-1)), false
	for ch := range set.Chunks {
		for _, w := range walkable {
			if w.ground != ground {
				continue
			}
			m := &set.Chunks[ch].Layers[w.layer]
			for t := 0; t+2 < len(m.Indices); t += 3 {
				a, b, c := m.Positions[m.Indices[t]], m.Positions[m.Indices[t+1]], m.Positions[m.Indices[t+2]]
				if !steepEnough(a, b, c, w.minNY) {
					continue
				}
				for _, dx := range shifts {
					if y, ok := tri(a, b, c, top.WrapX(x)+dx, z); ok && y > best {
						best, found = y, true
					}
				}
			}
		}
	}
	return best, found
}
