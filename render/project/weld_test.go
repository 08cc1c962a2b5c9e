package project

import (
	"fmt"
	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// flatGrid fills layers with a grid of separate triangles, as Catlike
// builds them: neighbours repeat each other's vertices. Terrain gets splat
// data that differs between columns, features colours that differ between
// rows, so only some repeated vertices are the same in every attribute.
func flatGrid() *[mesh.LayerCount]mesh.Mesh {
	var layers [mesh.LayerCount]mesh.Mesh
	t, f := &layers[mesh.Terrain], &layers[mesh.Features]
	for i := range 12 {
		for j := range 12 {
			x, z := float32(20+5*i), float32(20+5*j)
			a, b, c, d := vec3.T{x, 0, z}, vec3.T{x, 0, z + 5}, vec3.T{x + 5, 0, z}, vec3.T{x + 5, 0, z + 5}
			types := vec3.T{float32(i % 3), 1, 2}
			t.AddTriangle(a, b, c)
			t.AddTriangleTerrain(types, vec3.T{1, 0, 0}, vec3.T{0, 1, 0}, vec3.T{0, 0, 1})
			t.AddTriangle(c, b, d)
			t.AddTriangleTerrain(types, vec3.T{0, 0, 1}, vec3.T{0, 1, 0}, vec3.T{1, 0, 0})
			up := vec3.T{0, 2, 0}
			f.AddTriangle(vec3.Add(&a, &up), vec3.Add(&b, &up), vec3.Add(&c, &up))
			f.AddTriangleColor(vec4.T{float32(j%2) * 0.5, 0.3, 0.2, 1})
		}
	}
	return &layers
}

// Drawing the welded triangles gives exactly the triangles and vertex
// values of drawing the meshes as they are, with fewer vertices.
func TestWeldedBuildIsTheSame(t *testing.T) {
	layers := flatGrid()
	shared := chunksOf(layers)
	plain := []ChunkMeshes{shared[0]}
	plain[0].welded = [mesh.LayerCount]*welded{}
	for _, zoom := range []float64{0, 0.5, 1} {
		v := testView(zoom, 25)
		o := Options{View: v, Light: DefaultLighting()}
		bw, bp := build(o, shared), build(o, plain)
		for _, pair := range [][2]*Batches{{&bw.Terrain, &bp.Terrain}, {&bw.Lit, &bp.Lit}} {
			w, p := expand(pair[0]), expand(pair[1])
			if len(w) == 0 || len(w) != len(p) {
				t.Fatalf("zoom %v: %d welded triangle vertices, %d plain", zoom, len(w), len(p))
			}
			for i := range w {
				if w[i] != p[i] {
					t.Fatalf("zoom %v: triangle vertex %d welded %+v, plain %+v", zoom, i, w[i], p[i])
				}
			}
		}
		if bw.Terrain.Vertices() >= bp.Terrain.Vertices() {
			t.Fatalf("zoom %v: welding kept %d of %d terrain vertices", zoom, bw.Terrain.Vertices(), bp.Terrain.Vertices())
		}
	}
}

// expand lists each triangle's three vertices in drawing order.
func expand(b *Batches) []Vertex {
	var out []Vertex
	for _, bt := range b.List() {
		for _, i := range bt.Indices {
			out = append(out, bt.Vertices[i])
		}
	}
	return out
}

// Vertices that differ in any attribute, even by the sign of a zero, or
// in whether they have it at all, stay apart.
func TestWeldKeepsDifferentVertices(t *testing.T) {
	var m mesh.Mesh
	m.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	m.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	m.AddTriangle(vec3.T{float32(negZero()), 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	m.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	m.Colors = make([]vec4.T, 12)
	m.Colors[9] = vec4.T{0, 0, 0.5, 1} // the fourth triangle's first vertex
	var w welded
	w.weld(&m)
	want := []uint16{0, 1, 2, 0, 1, 2, 3, 1, 2, 4, 1, 2}
	if len(w.indices) != len(want) || len(w.source) != 5 {
		t.Fatalf("indices %v, source %v", w.indices, w.source)
	}
	for k := range want {
		if w.indices[k] != want[k] {
			t.Fatalf("indices %v, want %v", w.indices, want)
		}
	}
	m.Colors = m.Colors[:10] // vertices 10 and 11 have no colour now
	w.weld(&m)
	if len(w.source) != 7 {
		t.Fatalf("%d distinct vertices with partial colours, want 7", len(w.source))
	}
}

func negZero() float64 {
	z := 0.0
	return -z
}

// BenchmarkPrepareShowcase prepares every chunk of the 40×30 showcase
// for drawing (PrepareChunk: welded, bounded), as a chunk cache does
// after each build.
func BenchmarkPrepareShowcase(b *testing.B) {
	set := showcaseChunks(b, 40, 30)
	vertices := 0
	for b.Loop() {
		for ch := range set.Chunks {
			PrepareChunk(&set.Chunks[ch].Layers)
			for l := range set.Chunks[ch].Layers {
				vertices += len(set.Chunks[ch].Layers[l].Positions)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(vertices), "ns/vertex")
}

// weldDiff compares two chunks' welded meshes and bounds.
func weldDiff(a, b *ChunkMeshes) string {
	for l := range a.welded {
		wa, wb := a.welded[l], b.welded[l]
		if (wa == nil) != (wb == nil) {
			return fmt.Sprintf("layer %d welded in one only", l)
		}
		if wa != nil && (!slices.Equal(wa.indices, wb.indices) || !slices.Equal(wa.source, wb.source)) {
			return fmt.Sprintf("layer %d: welded differently (%d and %d distinct vertices)", l, len(wa.source), len(wb.source))
		}
	}
	if a.Bounds != b.Bounds || a.All != b.All {
		return "bounds differ"
	}
	return ""
}

// A change of terrain types alone retints a chunk cache's chunks in
// place, and the renderer's welded meshes with them (Retinted): on the
// showcase, with fill-sized edits, they equal those PrepareChunk makes of
// a rebuild of the edited map, and a builder that had drawn them before
// draws exactly what it draws from the rebuild.
func TestRetintedWeldMatchesRebuild(t *testing.T) {
	g, err := mapgen.Showcase(40, 30, 1)
	if err != nil {
		t.Fatal(err)
	}
	set := chunk.NewCache(g, 1<<40, 2, func(_ int, c *chunk.Chunk) (any, int64) { return PrepareChunk(&c.Layers) })
	defer set.Close()
	set.WantAll()
	set.Flush()
	set.Update()
	all := make([]int, len(set.Chunks))
	drawn := make([]ChunkMeshes, len(all))
	for ch := range all {
		drawn[ch].Adopt(set.Extra(ch).(*ChunkMeshes))
	}
	cam := Camera{X: 350, Z: 250, Zoom: 0.2, Rotation: 20, MaxX: 700, MaxZ: 500}
	var b, fb Builder
	o := Options{View: cam.View(640, 480), Light: DefaultLighting()}
	rng := rand.New(rand.NewPCG(5, 5))
	for batch := range 6 {
		b.Build(&o, drawn) // the static vertex data computed before the retint
		before := make([]*ChunkMeshes, len(all))
		for ch := range all {
			before[ch] = set.Extra(ch).(*ChunkMeshes)
		}
		set.Lock()
		for range 200 {
			// One terrain over runs of cells, as a fill makes.
			i := rng.IntN(g.Topology().CellCount())
			t := uint8(rng.IntN(int(hexmap.TerrainTypeCount)))
			for k := range 1 + rng.IntN(6) {
				g.SetTerrainType((i+k)%g.Topology().CellCount(), t)
			}
		}
		set.Unlock()
		set.Update()
		full := chunk.NewSetWorkers(g.Clone(), 1)
		fresh := make([]ChunkMeshes, len(all))
		for ch := range all {
			got, ok := set.Extra(ch).(*ChunkMeshes)
			if !ok || got != before[ch] {
				t.Fatalf("batch %d: chunk %d was prepared again, not retinted", batch, ch)
			}
			drawn[ch].Adopt(got)
			want, _ := PrepareChunk(&full.Chunks[ch].Layers)
			if d := weldDiff(got, want); d != "" {
				t.Fatalf("batch %d: chunk %d: %s", batch, ch, d)
			}
			fresh[ch].Adopt(want)
		}
		got, want := expand(&b.Build(&o, drawn).Terrain), expand(&fb.Build(&o, fresh).Terrain)
		if len(got) == 0 || !slices.Equal(got, want) {
			t.Fatalf("batch %d: %d terrain vertices drawn from the retinted chunks, %d from the rebuild, or they differ", batch, len(got), len(want))
		}
	}
}

// Vertices whose normals differ only in the sign of a zero are one
// vertex (the lighting cannot tell them apart), found by the hash too;
// reweld after a change of splat types equals a fresh weld, also where
// only some vertices have splat types.
func TestWeldSignedZeroNormalsAndReweld(t *testing.T) {
	var m mesh.Mesh
	m.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	m.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	for i := 3; i < 6; i++ {
		n := &m.Normals[i]
		n[0], n[2] = float32(negZero()), float32(negZero())
	}
	var w welded
	w.weld(&m)
	if len(w.source) != 3 {
		t.Fatalf("%d distinct vertices, want 3 (normals %v, %v)", len(w.source), m.Normals[0], m.Normals[3])
	}

	// Two triangles sharing an edge, one class per distinct vertex (as
	// Catlike's terrain): types changed alike keep the vertices, changed
	// for one triangle only split the shared ones.
	var pair mesh.Mesh
	pair.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	pair.AddTriangle(vec3.T{1, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 1})
	up := vec3.T{1, 0, 0}
	pair.AddTriangleTerrain(vec3.T{1, 1, 1}, up, up, up)
	pair.AddTriangleTerrain(vec3.T{1, 1, 1}, up, up, up)
	w.weld(&pair)
	for k, types := range []vec3.T{{2, 2, 2}, {3, 3, 3}} {
		for i := range 6 - 3*k {
			pair.Terrain[i] = types // first all six, then the first triangle's
		}
		w.reweld(&pair)
		var fresh welded
		fresh.weld(&pair)
		if !slices.Equal(w.indices, fresh.indices) || !slices.Equal(w.source, fresh.source) || len(w.source) != 4+2*k {
			t.Fatalf("pair %d: reweld gives %v over %v, a fresh weld %v over %v", k, w.indices, w.source, fresh.indices, fresh.source)
		}
	}

	layers := flatGrid()
	tm := &layers[mesh.Terrain]
	rng := rand.New(rand.NewPCG(9, 9))
	w.weld(tm)
	for round := range 20 {
		if round == 10 {
			tm.Terrain = tm.Terrain[:len(tm.Terrain)/2] // the rest have none
			w.weld(tm)
		}
		for range 40 {
			tm.Terrain[rng.IntN(len(tm.Terrain))] = vec3.T{float32(rng.IntN(3)), float32(rng.IntN(3)), 2}
		}
		w.reweld(tm)
		var fresh welded
		fresh.weld(tm)
		if !slices.Equal(w.indices, fresh.indices) || !slices.Equal(w.source, fresh.source) {
			t.Fatalf("round %d: reweld gives %d distinct vertices, a fresh weld %d", round, len(w.source), len(fresh.source))
		}
	}
}

// The welded meshes' boxes, found while welding, are the meshes' own
// (Mesh.Bounds), on every layer of every chunk of the showcase.
func TestWeldedBoundsAreTheMeshes(t *testing.T) {
	set := showcaseChunks(t, 40, 30)
	for ch := range set.Chunks {
		c, _ := PrepareChunk(&set.Chunks[ch].Layers)
		for l := range set.Chunks[ch].Layers {
			m := &set.Chunks[ch].Layers[l]
			if c.Layers[l] == nil {
				continue
			}
			lo, hi, ok := m.Bounds()
			if b := c.Bounds[l]; b.Lo != lo || b.Hi != hi || b.Valid != ok {
				t.Fatalf("chunk %d layer %d: box %v-%v, the mesh's %v-%v", ch, l, b.Lo, b.Hi, lo, hi)
			}
		}
	}
}

// The features layer is not searched for shared vertices (keepAll)
// because its prefabs share none: on the showcase, welding each chunk's
// features finds every vertex distinct, the same result keepAll gives
// without looking.
func TestFeaturesShareNoVertices(t *testing.T) {
	set := showcaseChunks(t, 80, 60)
	total := 0
	for ch := range set.Chunks {
		m := &set.Chunks[ch].Layers[mesh.Features]
		if len(m.Indices) == 0 {
			continue
		}
		var searched, kept welded
		searched.weld(m)
		kept.keepAll(m)
		if !slices.Equal(searched.source, kept.source) || !slices.Equal(searched.indices, kept.indices) ||
			searched.classes != kept.classes || searched.lo != kept.lo || searched.hi != kept.hi {
			t.Fatalf("chunk %d: weld found %d distinct of %d feature vertices", ch, len(searched.source), len(m.Positions))
		}
		total += len(m.Positions)
	}
	if total < 100000 {
		t.Fatalf("only %d feature vertices on the showcase", total)
	}
}

// showcaseChunks triangulates every chunk of the w×h showcase map.
func showcaseChunks(tb testing.TB, w, h int) *chunk.Set {
	tb.Helper()
	g, err := mapgen.Showcase(w, h, 1)
	if err != nil {
		tb.Fatal(err)
	}
	return chunk.NewSet(g)
}

// sameBits reports whether a and b are the same bit for bit.
func sameBits(a, b vec3.T) bool {
	for k := range a {
		if math.Float32bits(a[k]) != math.Float32bits(b[k]) {
			return false
		}
	}
	return true
}

// The renderer draws a chunk prepared without the weld (as a chunk cache
// does in the frame of its edit) exactly as the welded one: on every
// chunk of the showcase, from several views, with shadows, each batch
// list holds the same triangles with the same vertex values (compared
// as numbers: the weld may keep either sign of a zero normal component,
// which the lighting cannot tell apart), from more vertices, and the
// boxes that cull them are the same bit for bit.
func TestUnweldedDrawsTheSame(t *testing.T) {
	set := showcaseChunks(t, 40, 30)
	welded := make([]ChunkMeshes, len(set.Chunks))
	plain := make([]ChunkMeshes, len(set.Chunks))
	for ch := range set.Chunks {
		w, _ := PrepareChunk(&set.Chunks[ch].Layers)
		p, _ := PrepareChunkUnwelded(&set.Chunks[ch].Layers)
		welded[ch].Adopt(w)
		plain[ch].Adopt(p)
		if *p != (ChunkMeshes{Layers: w.Layers, Bounds: p.Bounds, All: p.All}) {
			t.Fatalf("chunk %d: the unwelded preparation has other meshes, or welded ones", ch)
		}
		for l, b := range append(p.Bounds[:], p.All) {
			if o := append(w.Bounds[:], w.All)[l]; !sameBits(b.Lo, o.Lo) || !sameBits(b.Hi, o.Hi) || b.Valid != o.Valid {
				t.Fatalf("chunk %d: box %d unwelded %+v, welded %+v", ch, l, b, o)
			}
		}
	}
	var drawn [5]int
	weldedVerts, plainVerts := 0, 0
	for _, cam := range []Camera{
		{X: 350, Z: 250, Zoom: 0.2, Rotation: 20, MaxX: 700, MaxZ: 500},
		{X: 200, Z: 150, Zoom: 0.8, Rotation: 130, MaxX: 700, MaxZ: 500},
		{X: 500, Z: 300, Zoom: 1, Rotation: 275, MaxX: 700, MaxZ: 500},
	} {
		o := Options{View: cam.View(640, 480), Light: DefaultLighting(), Shadows: true}
		bw, bp := build(o, welded), build(o, plain)
		lists := [][2]*Batches{{&bw.Terrain, &bp.Terrain}, {&bw.Lit, &bp.Lit}, {&bw.Facade, &bp.Facade},
			{&bw.Translucent, &bp.Translucent}, {&bw.Shadow, &bp.Shadow}}
		for k, pair := range lists {
			w, p := expand(pair[0]), expand(pair[1])
			drawn[k] += len(w)
			if len(w) != len(p) {
				t.Fatalf("camera %+v, list %d: %d welded triangle vertices, %d unwelded", cam, k, len(w), len(p))
			}
			for i := range w {
				if w[i] != p[i] {
					t.Fatalf("camera %+v, list %d: triangle vertex %d welded %+v, unwelded %+v", cam, k, i, w[i], p[i])
				}
			}
		}
		weldedVerts += bw.Terrain.Vertices() + bw.Lit.Vertices()
		plainVerts += bp.Terrain.Vertices() + bp.Lit.Vertices()
	}
	if weldedVerts >= plainVerts {
		t.Fatalf("%d welded terrain and lit vertices, %d unwelded", weldedVerts, plainVerts)
	}
	if slices.Contains(drawn[:], 0) {
		t.Fatalf("triangle vertices drawn in each list (terrain, lit, facade, translucent, shadow): %v", drawn)
	}
}

// classifyPlain, the weld's quicker way for meshes with only positions,
// normals and splat data, finds the classes classifyAny finds, in the
// same order and with the same bounds, on every opaque layer of every
// chunk of the showcase that it takes (terrain, walls, bridges,
// buildings) and on flatGrid's terrain.
func TestClassifyPlainIsClassifyAny(t *testing.T) {
	set := showcaseChunks(t, 40, 30)
	var meshes []*mesh.Mesh
	for ch := range set.Chunks {
		for l := range mesh.Layer(mesh.LayerCount) {
			if m := &set.Chunks[ch].Layers[l]; l.Opaque() && len(m.Colors)+len(m.UV)+len(m.UV2) == 0 && len(m.Positions) > 0 {
				meshes = append(meshes, m)
			}
		}
	}
	meshes = append(meshes, &flatGrid()[mesh.Terrain])
	for k, m := range meshes {
		var plain, general welded
		plain.classifyPlain(m)
		general.classifyAny(m)
		if plain.classes != general.classes || !slices.Equal(plain.coarse, general.coarse) || !slices.Equal(plain.source, general.source) ||
			plain.lo != general.lo || plain.hi != general.hi {
			t.Fatalf("mesh %d (%d vertices): %d classes, want %d, or other classes or bounds", k, len(m.Positions), plain.classes, general.classes)
		}
	}
}
