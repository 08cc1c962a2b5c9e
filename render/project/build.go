package project

import (
	"cmp"
	"math"
	"slices"
	"unsafe"

	"hexsandbox/hexmap"
	"hexsandbox/mesh"
	"hexsandbox/palette"

	"github.com/ungerik/go3d/vec3"
)

// ChunkMeshes is one chunk's layer meshes with their bounds, which the
// renderer refreshes when the chunk is re-triangulated.
type ChunkMeshes struct {
	Layers [mesh.LayerCount]*mesh.Mesh
	Bounds [mesh.LayerCount]Box
	All    Box
	// welded holds the opaque layers' triangles over their distinct
	// vertices, which the builder draws; nil where Set did not run. Behind
	// pointers, so that copies of c share it consistently.
	welded [mesh.LayerCount]*welded

	// LOD is the chunk's levels of detail (chunk.LOD: Fine, Coarse), drawn
	// where the chunk is small on screen or its full-detail meshes are not
	// there (nil Layers); SetLOD sets them.
	LOD       [LODLevels]*mesh.Mesh
	LODBounds [LODLevels]Box
	lodWelded [LODLevels]*welded
}

// The cell widths on screen, in pixels, below which the renderer draws
// chunks at their fine and coarse levels of detail (Options.FullPixels,
// CoarsePixels). At 24 pixels a town's houses are a few pixels; in the
// overview, looking straight down, the level of detail's 32-pixel blocks
// are within 2% of full detail's there (BENCHMARKS.md).
const (
	FullPixels   = 24
	CoarsePixels = 7
)

// The levels of detail of a chunk, as chunk.LOD has them.
const (
	LODFine = iota
	LODCoarse
	LODLevels
)

// lodReach is how far a chunk's full-detail meshes may reach above and
// below its levels of detail (towers, trees and bridges above the cell
// tops, river beds under the water), so that a chunk is culled by the
// same box whether or not its full detail is there.
const lodReach = 16

// Set points c at a chunk's meshes and computes the bounds. Meshes that
// overflowed uint16 indices are left out. The levels of detail stay.
func (c *ChunkMeshes) Set(layers *[mesh.LayerCount]mesh.Mesh) { c.set(layers, true) }

// set is Set, welding the opaque layers when weld is true; without, they
// are drawn as they are (Builder.numbering), the same triangles with the
// same vertex values.
func (c *ChunkMeshes) set(layers *[mesh.LayerCount]mesh.Mesh, weld bool) {
	storage := c.welded
	lod, lodBounds, lodWelded := c.LOD, c.LODBounds, c.lodWelded
	*c = ChunkMeshes{LOD: lod, LODBounds: lodBounds, lodWelded: lodWelded}
	c.extendLOD()
	for l := range layers {
		m := &layers[l]
		if m.Overflowed() || len(m.Indices) == 0 {
			continue
		}
		c.Layers[l] = m
		var lo, hi vec3.T
		var ok bool
		if weld && mesh.Layer(l).Opaque() {
			if storage[l] == nil {
				storage[l] = new(welded)
			}
			c.welded[l] = storage[l]
			if mesh.Layer(l) == mesh.Features {
				c.welded[l].keepAll(m)
			} else {
				c.welded[l].weld(m)
			}
			lo, hi, ok = c.welded[l].bounds()
		} else {
			lo, hi, ok = m.Bounds()
		}
		c.Bounds[l] = Box{Lo: lo, Hi: hi, Valid: ok}
		c.All.Extend(c.Bounds[l])
	}
}

// Clear drops the chunk's full-detail meshes (evicted), keeping the
// levels of detail.
func (c *ChunkMeshes) Clear() {
	*c = ChunkMeshes{LOD: c.LOD, LODBounds: c.LODBounds, lodWelded: c.lodWelded}
	c.extendLOD()
}

// SetLOD points c at the chunk's levels of detail.
func (c *ChunkMeshes) SetLOD(fine, coarse *mesh.Mesh) {
	for k, m := range [LODLevels]*mesh.Mesh{fine, coarse} {
		c.LOD[k], c.LODBounds[k] = nil, Box{}
		if m == nil || m.Overflowed() || len(m.Indices) == 0 {
			continue
		}
		if c.lodWelded[k] == nil {
			c.lodWelded[k] = new(welded)
		}
		c.lodWelded[k].weld(m)
		c.LOD[k] = m
		lo, hi, ok := m.Bounds()
		c.LODBounds[k] = Box{Lo: lo, Hi: hi, Valid: ok}
	}
	c.All = Box{}
	for l := range c.Layers {
		c.All.Extend(c.Bounds[l])
	}
	c.extendLOD()
}

// extendLOD grows c.All by the fine level of detail's box, widened by
// what full detail may reach beyond it.
func (c *ChunkMeshes) extendLOD() {
	b := c.LODBounds[LODFine]
	if !b.Valid {
		return
	}
	b.Lo[1] -= lodReach
	b.Hi[1] += lodReach
	c.All.Extend(b)
}

// Options are what a build is for: the view, the light and what to
// draw. The caller owns them; Build reads them and changes nothing.
type Options struct {
	View  View
	Light Lighting
	// Flat gives every triangle its own flat colour and draws terrain with
	// the lit program: the test mode compared against Rasterize.
	Flat bool
	// WrapX is the map's width in world units when it wraps east-west (0:
	// flat). Build then draws every copy of a chunk, a whole number of
	// widths east or west of its own place, that the view sees, so that
	// the map continues without end and looks the same from any position
	// (Catlike re-centres the chunk columns around the camera instead).
	WrapX float32
	// Shadows asks for the shadow casters' batches (Frame.Shadow) in a
	// light view (Frame.LightView) of ShadowSize texels a side (0: the
	// default), fitted to what the view sees within ShadowDistance.
	// Casters are shadow casters besides the chunks (units).
	Shadows    bool
	ShadowSize int
	Casters    []Caster
	// HoldShadows keeps the last build's light view and shadow casters
	// (Frame.ShadowHeld reports it) while they still hold everything the
	// view sees within ShadowDistance and the sun has turned by at most
	// ShadowHoldAngle since: a camera moving on a slow renderer then need
	// not have its shadow map drawn again every frame. A build that fits
	// a new light view with HoldShadows leaves ShadowHoldMargin to spare
	// around the view and takes every caster over it. Clear it for a
	// build whose casters changed (an edit, units that moved).
	HoldShadows bool
	// FullPixels, when above 0, draws chunks whose cells are narrower on
	// screen than it at a level of detail: the fine one, or the coarse
	// one below CoarsePixels. Chunks wide enough (at 0: all) but without
	// full-detail meshes are drawn at the fine level, and Frame.Wanted
	// lists them.
	FullPixels, CoarsePixels float32
}

// Frame is what a build produced: the vertex batches of each program
// and what the renderer needs to know of them. It belongs to the Builder
// that built it and holds until that Builder's next Build.
type Frame struct {
	Terrain, Lit, Facade, Translucent Batches
	Shadow                            Batches
	LightView                         LightView
	// ShadowHeld reports that Shadow and LightView are the previous
	// build's, held (Options.HoldShadows).
	ShadowHeld bool
	// Overview holds the levels of detail drawn (opaque, packed as lit,
	// white), for the program that colours each point by its cell.
	Overview Batches
	// Wanted are the chunks the build drew, or was about to draw, at
	// full detail, nearest first: what a chunk cache should hold.
	Wanted []int
	// LODChunks counts the chunks the build drew at a level of detail.
	LODChunks int
	// Near and Far bound the view distance of everything visible; the
	// depth passes map it linearly into 24 bits.
	Near, Far float32
}

// Builder turns the visible chunks into vertex batches for one view:
// terrain, lit (walls, features, bridges) and translucent triangles sorted
// back to front. Its storage, the Frame's included, is reused between
// builds; it has no fields of its own for a caller to set.
type Builder struct {
	opt Options // this build's, its View moved to each copy of a wrapping map in turn
	out Frame

	// The mesh being built: its vertex numbering (source maps it to the
	// mesh's vertices) and each vertex's projection, in an array that
	// uint16 vertex numbers index without bounds checks.
	source, identity []uint16
	proj             *[1 << 16]projected
	// Scratch for addOpaque.
	static  []staticVertex   // for meshes without welded storage
	facade  []facadeExtra    // likewise, for buildings
	remap   *[1 << 16]uint16 // vertex to batch vertex (0: unused, while marking)
	kept    []uint16         // the visible unclipped triangles
	clipped []int32          // offsets of triangles that cross the near plane

	wanted    []wantedChunk
	tris      []sortTri
	order     []uint64
	visible   []instance
	copies    []float32
	casters   []instance // chunk copies that may cast a shadow into view
	held      heldShadows
	receiving []bounds2 // light-view rectangles of the visible chunks
	steep     []uint16  // steepTriangles' scratch for meshes without welded storage
	steepN    []vec3.T
	flatID    uint32
	// cols and rows are the view's size in whole pixels.
	cols, rows int32
}

// instance is one chunk drawn moved east by shift (0 but on a wrapping
// map).
type instance struct {
	chunk int
	shift float32
	level int // levelFull, LODFine or LODCoarse
}

type sortTri struct {
	v   [3]Vertex
	key float32
}

// Build culls, projects and clips chunks for o.View, and with o.Shadows
// also projects the shadow casters into the light view, into the Frame
// it returns (b's, valid until b's next Build). The first build after a
// chunk's Set also stores its opaque vertices' static data in the chunk.
func (b *Builder) Build(o *Options, chunks []ChunkMeshes) *Frame {
	b.opt = *o
	b.out.Terrain.Reset()
	b.out.Lit.Reset()
	b.out.Facade.Reset()
	b.out.Translucent.Reset()
	b.out.Overview.Reset()
	b.wanted = b.wanted[:0]
	b.out.LODChunks = 0
	b.tris = b.tris[:0]
	b.flatID = 0
	b.visible = b.visible[:0]
	b.cols, b.rows = int32(b.opt.View.Width), int32(b.opt.View.Height)
	if b.proj == nil {
		b.proj, b.remap = new([1 << 16]projected), new([1 << 16]uint16)
	}
	near, far := float32(1e30), float32(0)
	b.copies = b.opt.View.Copies(MapBox(chunks), b.opt.WrapX, b.copies[:0])
	base := b.opt.View
	for _, shift := range b.copies {
		v := base.Moved(shift)
		if shift == 0 {
			v = base
		}
		for i := range chunks {
			ok, lo, hi := v.Visible(chunks[i].All)
			if ok {
				b.visible = append(b.visible, instance{i, shift, b.level(&chunks[i], lo, i)})
				near, far = min(near, lo), max(far, hi)
			}
		}
	}
	b.out.Near = max(near, NearClip)
	b.out.Far = max(far, b.out.Near+1)
	for _, in := range b.visible {
		if in.shift != 0 {
			b.opt.View = base.Moved(in.shift)
		}
		if in.level == levelFull {
			b.buildChunk(&chunks[in.chunk])
		} else {
			b.buildLOD(&chunks[in.chunk], in.level)
		}
		b.opt.View = base
	}
	b.emitTranslucent()
	if b.opt.Shadows {
		b.buildShadows(chunks)
	} else {
		b.out.Shadow.Reset()
		b.out.LightView = LightView{}
		b.held.ok, b.out.ShadowHeld = false, false
	}
	slices.SortFunc(b.wanted, func(x, y wantedChunk) int { return cmp.Compare(x.w, y.w) })
	b.out.Wanted = b.out.Wanted[:0]
	for _, x := range b.wanted {
		if !slices.Contains(b.out.Wanted, x.chunk) { // a wrapping map's copies
			b.out.Wanted = append(b.out.Wanted, x.chunk)
		}
	}
	return &b.out
}

// levelFull draws a chunk's full-detail meshes; the LOD levels follow.
const levelFull = -1

// wantedChunk is a chunk that wants full detail, at view distance w.
type wantedChunk struct {
	chunk int
	w     float32
}

// prefetch is the share of FullPixels from which a chunk is wanted at
// full detail before it is drawn so: zooming in finds it built.
const prefetch = 0.7

// level picks how chunk i, nearest at view distance w, is drawn, and
// notes it in b.wanted when it should have full detail.
func (b *Builder) level(c *ChunkMeshes, w float32, i int) int {
	if c.LOD[LODFine] == nil {
		return levelFull
	}
	// A cell's width in pixels at distance w.
	px := float32(math.Inf(1))
	if w > NearClip && b.opt.FullPixels > 0 {
		px = hexmap.InnerDiameter * b.opt.View.Height * 0.5 / (w * b.opt.View.TanHalfFov)
	}
	if px >= b.opt.FullPixels*prefetch {
		b.wanted = append(b.wanted, wantedChunk{i, w})
	}
	switch {
	case (px >= b.opt.FullPixels || b.opt.Flat) && c.Layers[mesh.Terrain] != nil:
		// The flat test mode draws what it can at full detail: its
		// raster comparisons are of that geometry.
		return levelFull
	case px >= b.opt.CoarsePixels || c.LOD[LODCoarse] == nil:
		return LODFine
	}
	return LODCoarse
}

// buildLOD adds chunk c's level of detail k to b.out.Overview.
func (b *Builder) buildLOD(c *ChunkMeshes, k int) {
	m := c.LOD[k]
	if ok, _, _ := b.opt.View.Visible(c.LODBounds[k]); !ok {
		return
	}
	b.out.LODChunks++
	w := c.lodWelded[k]
	idx := b.numbering(m, w)
	white := [4]float32{1, 1, 1, 1}
	if b.opt.Flat {
		b.addFlat(m, idx, false, white)
		return
	}
	o := opaqueMesh{m: m, idx: idx, st: b.statics(m, w, packLit, white), p: packLit, def: white}
	o.inside = b.opt.View.Inside(c.LODBounds[k])
	b.addOpaque(&o, &b.out.Overview)
}

func (b *Builder) buildChunk(c *ChunkMeshes) {
	for l := range mesh.LayerCount {
		m := c.Layers[l]
		if m == nil {
			continue
		}
		ok, near, _ := b.opt.View.Visible(c.Bounds[l])
		if !ok || (l == mesh.BuildingDetails && near > DetailDistance) {
			continue
		}
		w := c.welded[l]
		idx := b.numbering(m, w)
		// Walls, features, farms and buildings are closed: their back
		// faces are hidden.
		cull := l == mesh.Walls || l == mesh.Features || l == mesh.Farms || isFacade(l)
		dst, p, def := &b.out.Lit, packLit, defaultColor(l)
		if l == mesh.Terrain {
			dst, p = &b.out.Terrain, packTerrain
		}
		switch {
		case !l.Opaque():
			b.addTranslucent(m, idx, l)
		case b.opt.Flat:
			b.addFlat(m, idx, cull, def)
		case isFacade(l):
			st, fx := b.facadeStatics(m, w)
			o := opaqueMesh{m: m, idx: idx, st: st, fx: fx, p: packFacade, def: def, cull: true}
			o.inside = b.opt.View.Inside(c.Bounds[l])
			b.addOpaque(&o, &b.out.Facade)
		default:
			o := opaqueMesh{m: m, idx: idx, st: b.statics(m, w, p, def), p: p, def: def, cull: cull}
			o.inside = b.opt.View.Inside(c.Bounds[l])
			b.addOpaque(&o, dst)
		}
	}
}

// MapBox is the box around every chunk's meshes.
func MapBox(chunks []ChunkMeshes) Box {
	var b Box
	for i := range chunks {
		b.Extend(chunks[i].All)
	}
	return b
}

// numbering sets b.source for m, welded where w is filled, and returns
// the triangles in that numbering.
func (b *Builder) numbering(m *mesh.Mesh, w *welded) []uint16 {
	if w != nil && len(w.indices) > 0 {
		b.source = w.source
		return w.indices
	}
	n := len(m.Positions)
	for len(b.identity) < n {
		b.identity = append(b.identity, uint16(len(b.identity)))
	}
	b.source = b.identity[:n]
	return m.Indices
}

// defaultColor is a layer's colour where its mesh carries none.
func defaultColor(l mesh.Layer) [4]float32 {
	switch l {
	case mesh.Walls:
		return palette.Wall
	case mesh.Bridges:
		return palette.Bridge
	case mesh.Features, mesh.Farms:
		return palette.Feature
	}
	return [4]float32{1, 1, 1, 1}
}

// nextFlat returns the next triangle's id colour (ids start at 1; black
// is the background).
func (b *Builder) nextFlat() [4]float32 {
	b.flatID++
	id := b.flatID
	return [4]float32{float32(id>>16&255) / 255, float32(id>>8&255) / 255, float32(id&255) / 255, 1}
}

// Adopt takes full's full-detail meshes and welded storage (prepared
// off the UI loop by PrepareChunk), keeping c's levels of detail.
func (c *ChunkMeshes) Adopt(full *ChunkMeshes) {
	*c = ChunkMeshes{Layers: full.Layers, Bounds: full.Bounds, All: full.All, welded: full.welded,
		LOD: c.LOD, LODBounds: c.LODBounds, lodWelded: c.lodWelded}
	c.extendLOD()
}

// PrepareChunk welds a chunk's full-detail meshes into a ChunkMeshes of
// their own (for Adopt) and returns it with the bytes its welded storage
// holds and will hold (the static vertex data the first Build adds).
// It touches nothing shared, so chunk caches run it on their workers.
func PrepareChunk(layers *[mesh.LayerCount]mesh.Mesh) (*ChunkMeshes, int64) {
	c := new(ChunkMeshes)
	c.Set(layers)
	return c, c.weldedBytes()
}

// PrepareChunkUnwelded is PrepareChunk without the weld: the chunk's
// meshes drawn as they are, which draws the same triangles with the same
// vertex values (TestUnweldedDrawsTheSame) from more vertices, prepared
// in a fraction of the time. A chunk cache uses it for the chunks it
// rebuilds in the frame of their edit (chunk.Set.PrepareQuickly), and
// welds them on its workers afterwards.
func PrepareChunkUnwelded(layers *[mesh.LayerCount]mesh.Mesh) (*ChunkMeshes, int64) {
	c := new(ChunkMeshes)
	c.set(layers, false)
	return c, c.weldedBytes()
}

// Retinted welds the terrain mesh again after its splat types changed in
// place (chunk.Chunk.Retint; vertices the same but for them are not the
// same vertex), as Set would, and returns the bytes as PrepareChunk: a
// chunk cache calls it (chunk.Retinter) instead of building the chunk
// again. The other layers carry no terrain types.
func (c *ChunkMeshes) Retinted() int64 {
	if w := c.welded[mesh.Terrain]; w != nil {
		w.reweld(c.Layers[mesh.Terrain])
	}
	return c.weldedBytes()
}

// weldedBytes is what c's welded storage holds and will hold (the
// static vertex data the first Build adds).
func (c *ChunkMeshes) weldedBytes() int64 {
	var n int64
	for l, w := range c.welded {
		if w == nil {
			continue
		}
		n += int64(cap(w.indices)+cap(w.source)+cap(w.coarse))*2 + int64(len(w.source))*int64(unsafe.Sizeof(staticVertex{}))
		if isFacade(mesh.Layer(l)) {
			n += int64(len(w.source)) * int64(unsafe.Sizeof(facadeExtra{}))
		}
	}
	return n
}
