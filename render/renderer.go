package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"runtime"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/render/project"
	"hexsandbox/shaders"

	"github.com/hajimehoshi/ebiten/v2"
)

// background is the colour where no geometry is.
func background() color.RGBA { return color.RGBA{0x2a, 0x33, 0x3d, 0xff} }

// Renderer draws a chunk.Set and the units on it. It caches the opaque
// scene (colour, depth and shadow map) and redraws it only when the view,
// the sun, the quality or the map changed; the translucent layers animate,
// so they are drawn again every frame, or every Quality.WaterInterval, and
// the units (SetFigures) over them every frame in a pass of their own,
// depth-tested against the cached scene, so moving them redraws nothing
// else.
type Renderer struct {
	set     *chunk.Set
	chunks  []project.ChunkMeshes
	builder project.Builder
	opts    project.Options // what r.builder builds for
	built   *project.Frame  // r.builder's last build (an empty frame before the first)
	prog    programs
	noise   *ebiten.Image // the map image: noise table and cells (mapImage)
	dummy   *ebiten.Image
	quality Quality

	color  *ebiten.Image    // the cached opaque colour
	frame  *ebiten.Image    // opaque and translucent, when not drawn straight to the target
	depth  [2]*ebiten.Image // the depth passes' images; depth[0] ends with all 24 bits
	shadow [2]*ebiten.Image // the shadow passes' images; shadow[1] ends with the 16 bits
	bake   *ebiten.Image    // the water bake (shaders/waterbake.kage), drawn with the opaque scene
	last   project.View
	valid  bool
	// The translucent layers last drawn into frame, at this time.
	framed    bool
	frameTime float64
	shadowsOn bool // the last opaque draw has a shadow map
	coarse    bool // the last opaque draw's depth has 16 bits (Quality.CoarseDepth)
	// lod: the cell widths of SetLOD, in the pixels of a full-resolution
	// frame; Draw hands the builder them scaled (lodScale).
	lod [2]float32
	// shadowStale: the casters changed since the shadow map was drawn
	// (edits, units, quality), so it may not be held (Quality.HoldShadows).
	shadowStale bool
	units       unitPass
	fog         fogPass
	framedFog   bool // frame holds the translucent layers fogged
	// OpaqueDraws counts how often the opaque scene was drawn (the tests
	// of render and of the editor's play mode check it stays put).
	OpaqueDraws int
	// ShadowDraws counts how often the shadow map was drawn.
	ShadowDraws int
	// WaterBakes counts the water bakes (drawWaterBake), which go with
	// the opaque draws and with nothing else.
	WaterBakes int
}

// Quality is what the renderer may spend on a frame.
type Quality struct {
	// Shadows: the sun casts shadows (a shadow map redrawn with the
	// opaque scene).
	Shadows bool
	// Scale is the resolution of the 3D view relative to the target's,
	// 0.25..1; below 1 the view is drawn smaller and scaled up.
	Scale float64
	// WaterInterval is the least time, in the seconds Draw is given,
	// between two redraws of the animated translucent layers; 0 redraws
	// them every frame.
	WaterInterval float64
	// ShadowSize is the shadow map's side in texels; 0:
	// project.DefaultShadowSize.
	ShadowSize int
	// HoldShadows lets a moving view keep the shadow map while it still
	// covers the view and the sun has turned by little
	// (project.Options.HoldShadows): for a moving camera on a slow
	// renderer. Without it the map follows the view exactly.
	HoldShadows bool
	// CoarseDepth draws the camera's depth in two passes (16 bits)
	// instead of three (24): a pass over every opaque triangle fewer, for
	// a moving view on a slow renderer. Surfaces nearer each other than
	// 1/65536 of the view's depth range may then show through each other.
	CoarseDepth bool
}

// DefaultQuality is full resolution with shadows, water every frame.
func DefaultQuality() Quality { return Quality{Shadows: true, Scale: 1} }

type programs struct {
	depth, terrain, lit, facade, waterBake, figure, overview, fog *ebiten.Shader
	// translucent[wrap][fog]: shaders.TranslucentVariant
	translucent [2][2]*ebiten.Shader
}

// NewRenderer compiles the shaders and prepares to draw set.
func NewRenderer(set *chunk.Set) (*Renderer, error) {
	r := &Renderer{opts: project.Options{Light: project.DefaultLighting()}, lod: [2]float32{project.FullPixels, project.CoarsePixels},
		built: new(project.Frame), quality: DefaultQuality()}
	var err error
	for _, p := range []struct {
		name string
		dst  **ebiten.Shader
	}{{shaders.Depth, &r.prog.depth}, {shaders.Terrain, &r.prog.terrain}, {shaders.Lit, &r.prog.lit},
		{shaders.Facade, &r.prog.facade}, {shaders.WaterBake, &r.prog.waterBake}, {shaders.Figure, &r.prog.figure},
		{shaders.Overview, &r.prog.overview}, {shaders.Fog, &r.prog.fog}} {
		if *p.dst, err = compile(p.name); err != nil {
			return nil, err
		}
	}
	for wrap := range 2 {
		for fog := range 2 {
			if r.prog.translucent[wrap][fog], err = compile(shaders.TranslucentVariant(wrap == 1, fog == 1)); err != nil {
				return nil, err
			}
		}
	}
	// A 1×1 image fills unused source slots: WebGL rejects draws whose
	// unused samplers are left bound to the render target.
	r.dummy = ebiten.NewImageWithOptions(rect(1, 1), &ebiten.NewImageOptions{Unmanaged: true})
	r.SetChunks(set)
	return r, nil
}

func compile(name string) (*ebiten.Shader, error) {
	src, err := shaders.Source(name)
	if err != nil {
		return nil, err
	}
	s, err := ebiten.NewShader(src)
	if err != nil {
		return nil, fmt.Errorf("shader %s: %w", name, err)
	}
	return s, nil
}

// SetChunks switches to another map's chunks.
func (r *Renderer) SetChunks(set *chunk.Set) {
	r.set = set
	r.opts.WrapX = 0
	if top := set.Grid.Topology(); top.Wrapping {
		r.opts.WrapX = top.WrapSize()
	}
	r.chunks = make([]project.ChunkMeshes, len(set.Chunks))
	if r.noise != nil {
		r.noise.Deallocate()
	}
	r.noise = mapImage(set.Grid)
	r.Refresh()
}

// Refresh re-reads every chunk's meshes and bounds, for callers that
// changed the meshes without the grid's dirty marks.
func (r *Renderer) Refresh() {
	for i := range r.set.Chunks {
		r.refresh(i)
	}
	writeCells(r.noise, r.set.Grid, nil)
	r.valid, r.shadowStale = false, true
}

// refresh re-reads chunk ch: its levels of detail, and its full-detail
// meshes where it has them (prepared by the cache's workers, or welded
// here).
func (r *Renderer) refresh(ch int) {
	c := &r.chunks[ch]
	lod := &r.set.LODs[ch]
	c.SetLOD(&lod.Fine, &lod.Coarse)
	switch full, _ := r.set.Extra(ch).(*project.ChunkMeshes); {
	case !r.set.Resident(ch):
		c.Clear()
	case full != nil:
		c.Adopt(full)
	default:
		c.Set(&r.set.Chunks[ch].Layers)
	}
}

// Update brings the chunks up to date with the grid's edits (and, for a
// chunk cache, installs and evicts chunks) and returns the chunks that
// changed; the next Draw redraws the opaque scene if any did.
func (r *Renderer) Update() []int {
	dirty := r.set.Update()
	for _, ch := range dirty {
		r.refresh(ch)
	}
	// Chunks rebuilt in an earlier frame, drawn unwelded since, now come
	// welded: the same image, so nothing is drawn again for them.
	for _, ch := range r.set.Refined() {
		if full, ok := r.set.Extra(ch).(*project.ChunkMeshes); ok {
			r.chunks[ch].Adopt(full)
		}
	}
	if len(dirty) > 0 {
		writeCells(r.noise, r.set.Grid, dirty)
		r.valid, r.shadowStale = false, true
	}
	return dirty
}

// SetQuality changes what the renderer may spend on a frame; a change of
// shadows redraws the opaque scene.
func (r *Renderer) SetQuality(q Quality) {
	if math.IsNaN(q.Scale) {
		q.Scale = 1
	}
	q.Scale = min(max(q.Scale, 0.25), 1)
	if q.Shadows != r.quality.Shadows || q.ShadowSize != r.quality.ShadowSize {
		r.valid, r.shadowStale = false, true
	}
	if q.CoarseDepth != r.quality.CoarseDepth {
		r.valid = false
	}
	r.quality = q
	r.opts.ShadowSize = q.ShadowSize
}

// Quality returns the quality in use.
func (r *Renderer) Quality() Quality { return r.quality }

// SetCasters sets the shadow casters besides the map's chunks (units,
// drawn by a pass of their own); call it again whenever they move. Each
// change redraws the shadow map and the opaque scene that receives it.
func (r *Renderer) SetCasters(c []project.Caster) {
	r.opts.Casters = c
	r.valid, r.shadowStale = false, true
}

// NewCache returns a chunk cache for g whose workers (workers of them;
// 0: one per core) prepare chunks for this package (welded), keeping
// within budget bytes. The chunks an Update rebuilds itself (an edit's)
// are drawn unwelded until the workers have welded them (Update adopts
// them from Refined).
func NewCache(g *hexmap.Grid, budget int64, workers int) *chunk.Set {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	set := chunk.NewCache(g, budget, workers, func(_ int, c *chunk.Chunk) (any, int64) {
		return project.PrepareChunk(&c.Layers)
	})
	set.PrepareQuickly(func(_ int, c *chunk.Chunk) (any, int64) { return project.PrepareChunkUnwelded(&c.Layers) })
	return set
}

// SetLOD sets the cell widths on screen, in pixels, below which chunks
// are drawn at their fine and coarse levels of detail (full 0: always at
// full detail). The defaults are project.FullPixels and CoarsePixels.
func (r *Renderer) SetLOD(full, coarse float32) {
	r.lod = [2]float32{full, coarse}
	r.valid, r.shadowStale = false, true
}

// Set returns the chunks being drawn.
func (r *Renderer) Set() *chunk.Set { return r.set }

// mapImage is source 0 of every program: the map's noise table, one
// texel per entry, at (0..255, 0..255), and below it two rows of texels
// per cell row for the overview program (see shaders/overview.kage),
// filled by writeCells.
func mapImage(g *hexmap.Grid) *ebiten.Image {
	const s = noise.TableSize
	w, h := max(s, g.Topology().Width), s+2*g.Topology().Height
	pix := make([]byte, 4*w*h)
	for i, t := range g.Noise().Table() {
		o := 4 * (i%s + i/s*w)
		for c := range 4 {
			pix[o+c] = byte(min(max(t[c], 0), 1)*255 + 0.5)
		}
	}
	img := ebiten.NewImageWithOptions(rect(w, h), &ebiten.NewImageOptions{Unmanaged: true})
	img.WritePixels(pix)
	return img
}

// writeCells writes the overview texels of the cells of the chunks
// listed (nil: all) into the map image.
func writeCells(img *ebiten.Image, g *hexmap.Grid, chunks []int) {
	if chunks == nil {
		pix := make([]byte, 4*g.Topology().Width*2*g.Topology().Height)
		for i := range g.Topology().CellCount() {
			cellTexels(g, i, pix, 4*(i%g.Topology().Width+i/g.Topology().Width*2*g.Topology().Width), 4*g.Topology().Width)
		}
		img.SubImage(image.Rect(0, noise.TableSize, g.Topology().Width, noise.TableSize+2*g.Topology().Height)).(*ebiten.Image).WritePixels(pix)
		return
	}
	const cw, chh = hexmap.ChunkSizeX, hexmap.ChunkSizeZ
	pix := make([]byte, 4*cw*2*chh)
	for _, ch := range chunks {
		x0, z0 := geom.ChunkOrigin(g.Topology(), ch)
		for z := range chh {
			for x := range cw {
				i := x0 + x + (z0+z)*g.Topology().Width
				cellTexels(g, i, pix, 4*(x+z*2*cw), 4*cw)
			}
		}
		y := noise.TableSize + 2*z0
		img.SubImage(image.Rect(x0, y, x0+cw, y+2*chh)).(*ebiten.Image).WritePixels(pix)
	}
}

// cellTexels writes cell i's two overview texels at pix[o:] and one row
// (stride bytes) below.
func cellTexels(g *hexmap.Grid, i int, pix []byte, o, stride int) {
	c := g.Cell(i)
	var flags, rivers byte
	if c.IsUnderwater() {
		flags |= 1
	}
	if c.Walled {
		flags |= 2
	}
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if c.HasRiverThroughEdge(d) {
			rivers |= 1 << d
		}
	}
	levels := min(c.UrbanLevel, 3) | min(c.FarmLevel, 3)<<2 | min(c.PlantLevel, 3)<<4
	copy(pix[o:], []byte{c.TerrainType, flags, levels, 255})
	// The water's depth over the cell's floor, in eighths of a unit.
	depth := byte(0)
	if c.IsUnderwater() {
		depth = byte(min(max(geom.WaterSurfaceY(c)-float32(c.Elevation)*geom.ElevationStep, 0)*8, 255))
	}
	copy(pix[o+stride:], []byte{rivers, c.Roads, depth, 255})
}
