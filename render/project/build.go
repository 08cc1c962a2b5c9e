package project

import (
	"hexsandbox/mesh"

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
}

// Set points c at a chunk's meshes and computes the bounds. Meshes that
// overflowed uint16 indices are left out.
func (c *ChunkMeshes) Set(layers *[mesh.LayerCount]mesh.Mesh) {
	storage := c.welded
	*c = ChunkMeshes{}
	for l := range layers {
		m := &layers[l]
		if m.Overflowed() || len(m.Indices) == 0 {
			continue
		}
		c.Layers[l] = m
		if mesh.Layer(l).Opaque() {
			if storage[l] == nil {
				storage[l] = new(welded)
			}
			c.welded[l] = storage[l]
			c.welded[l].weld(m)
		}
		lo, hi, ok := m.Bounds()
		c.Bounds[l] = Box{Lo: lo, Hi: hi, Valid: ok}
		c.All.Extend(c.Bounds[l])
	}
}

// Builder turns the visible chunks into vertex batches for one view:
// terrain, lit (walls, features, bridges) and translucent triangles sorted
// back to front. Its storage is reused between builds.
type Builder struct {
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
	// Shadows asks for the shadow casters' batches (Shadow) in a light
	// view (LightView) of ShadowSize texels a side (0: the default),
	// fitted to what the view sees within ShadowDistance. Casters are
	// shadow casters besides the chunks (units).
	Shadows    bool
	ShadowSize int
	Casters    []Caster

	Terrain, Lit, Facade, Translucent Batches
	Shadow                            Batches
	LightView                         LightView
	// Near and Far bound the view distance of everything visible; the
	// depth passes map it linearly into 24 bits.
	Near, Far float32

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

	tris      []sortTri
	order     []uint64
	visible   []instance
	copies    []float32
	casters   []instance // chunk copies that may cast a shadow into view
	receiving []bounds2  // light-view rectangles of the visible chunks
	steep     []uint16   // steepTriangles' scratch for meshes without welded storage
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
}

type sortTri struct {
	v   [3]Vertex
	key float32
}

// Build culls, projects and clips chunks for b.View, and with b.Shadows
// also projects the shadow casters into the light view. The first build
// after a chunk's Set also stores its opaque vertices' static data in
// the chunk.
func (b *Builder) Build(chunks []ChunkMeshes) {
	b.Terrain.Reset()
	b.Lit.Reset()
	b.Facade.Reset()
	b.Translucent.Reset()
	b.tris = b.tris[:0]
	b.flatID = 0
	b.visible = b.visible[:0]
	b.cols, b.rows = int32(b.View.Width), int32(b.View.Height)
	if b.proj == nil {
		b.proj, b.remap = new([1 << 16]projected), new([1 << 16]uint16)
	}
	near, far := float32(1e30), float32(0)
	b.copies = b.View.Copies(MapBox(chunks), b.WrapX, b.copies[:0])
	base := b.View
	for _, shift := range b.copies {
		v := base.Moved(shift)
		if shift == 0 {
			v = base
		}
		for i := range chunks {
			ok, lo, hi := v.Visible(chunks[i].All)
			if ok {
				b.visible = append(b.visible, instance{i, shift})
				near, far = min(near, lo), max(far, hi)
			}
		}
	}
	b.Near = max(near, NearClip)
	b.Far = max(far, b.Near+1)
	for _, in := range b.visible {
		if in.shift != 0 {
			b.View = base.Moved(in.shift)
		}
		b.buildChunk(&chunks[in.chunk])
		b.View = base
	}
	b.emitTranslucent()
	if b.Shadows {
		b.buildShadows(chunks)
	} else {
		b.Shadow.Reset()
		b.LightView = LightView{}
	}
}

func (b *Builder) buildChunk(c *ChunkMeshes) {
	for l := range mesh.LayerCount {
		m := c.Layers[l]
		if m == nil {
			continue
		}
		ok, near, _ := b.View.Visible(c.Bounds[l])
		if !ok || (l == mesh.BuildingDetails && near > DetailDistance) {
			continue
		}
		w := c.welded[l]
		idx := b.numbering(m, w)
		// Walls, features, farms and buildings are closed: their back
		// faces are hidden.
		cull := l == mesh.Walls || l == mesh.Features || l == mesh.Farms || isFacade(l)
		dst, p, def := &b.Lit, packLit, defaultColor(l)
		if l == mesh.Terrain {
			dst, p = &b.Terrain, packTerrain
		}
		switch {
		case !l.Opaque():
			b.addTranslucent(m, idx, l)
		case b.Flat:
			b.addFlat(m, idx, cull, def)
		case isFacade(l):
			st, fx := b.facadeStatics(m, w)
			o := opaqueMesh{m: m, idx: idx, st: st, fx: fx, p: packFacade, def: def, cull: true}
			o.inside = b.View.Inside(c.Bounds[l])
			b.addOpaque(&o, &b.Facade)
		default:
			o := opaqueMesh{m: m, idx: idx, st: b.statics(m, w, p, def), p: p, def: def, cull: cull}
			o.inside = b.View.Inside(c.Bounds[l])
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
		return [4]float32{0.78, 0.72, 0.62, 1}
	case mesh.Bridges:
		return [4]float32{0.55, 0.42, 0.3, 1}
	case mesh.Features, mesh.Farms:
		return [4]float32{0.7, 0.35, 0.25, 1}
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
