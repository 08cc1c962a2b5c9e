package render

import (
	"fmt"
	"image/color"
	"math"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
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
	prog    programs
	noise   *ebiten.Image
	dummy   *ebiten.Image
	seed    int64
	quality Quality

	color  *ebiten.Image    // the cached opaque colour
	frame  *ebiten.Image    // opaque and translucent, when not drawn straight to the target
	depth  [2]*ebiten.Image // the depth passes' images; depth[0] ends with all 24 bits
	shadow [2]*ebiten.Image // the shadow passes' images; shadow[1] ends with the 16 bits
	last   project.View
	valid  bool
	// The translucent layers last drawn into frame, at this time.
	framed    bool
	frameTime float64
	shadowsOn bool // the last opaque draw has a shadow map
	units     unitPass
	// OpaqueDraws counts how often the opaque scene was drawn (the tests
	// of render and of the editor's play mode check it stays put).
	OpaqueDraws int
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
}

// DefaultQuality is full resolution with shadows, water every frame.
func DefaultQuality() Quality { return Quality{Shadows: true, Scale: 1} }

type programs struct {
	depth, terrain, lit, facade, translucent, figure *ebiten.Shader
}

// NewRenderer compiles the shaders and prepares to draw set.
func NewRenderer(set *chunk.Set) (*Renderer, error) {
	r := &Renderer{builder: project.Builder{Light: project.DefaultLighting()}, quality: DefaultQuality()}
	var err error
	for _, p := range []struct {
		name string
		dst  **ebiten.Shader
	}{{shaders.Depth, &r.prog.depth}, {shaders.Terrain, &r.prog.terrain}, {shaders.Lit, &r.prog.lit},
		{shaders.Facade, &r.prog.facade}, {shaders.Translucent, &r.prog.translucent}, {shaders.Figure, &r.prog.figure}} {
		if *p.dst, err = compile(p.name); err != nil {
			return nil, err
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
	r.builder.WrapX = 0
	if top := set.Grid.Topology(); top.Wrapping {
		r.builder.WrapX = top.WrapSize()
	}
	r.chunks = make([]project.ChunkMeshes, len(set.Chunks))
	r.Refresh()
	if r.noise == nil || set.Grid.Seed() != r.seed {
		r.noise = noiseImage(set.Grid.Noise())
		r.seed = set.Grid.Seed()
	}
}

// Refresh re-reads every chunk's meshes and bounds, for callers that
// changed the meshes without the grid's dirty marks.
func (r *Renderer) Refresh() {
	for i := range r.set.Chunks {
		r.chunks[i].Set(&r.set.Chunks[i].Layers)
	}
	r.valid = false
}

// Update re-triangulates the chunks the grid marked dirty and returns
// them; the next Draw redraws the opaque scene if any changed.
func (r *Renderer) Update() []int {
	dirty := r.set.Update()
	for _, ch := range dirty {
		r.chunks[ch].Set(&r.set.Chunks[ch].Layers)
	}
	if len(dirty) > 0 {
		r.valid = false
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
		r.valid = false
	}
	r.quality = q
	r.builder.ShadowSize = q.ShadowSize
}

// Quality returns the quality in use.
func (r *Renderer) Quality() Quality { return r.quality }

// SetCasters sets the shadow casters besides the map's chunks (units,
// drawn by a pass of their own); call it again whenever they move. Each
// change redraws the shadow map and the opaque scene that receives it.
func (r *Renderer) SetCasters(c []project.Caster) {
	r.builder.Casters = c
	r.valid = false
}

// noiseImage uploads the map's noise table, one texel per entry.
func noiseImage(n *hexmap.Noise) *ebiten.Image {
	const s = hexmap.NoiseTableSize
	pix := make([]byte, 4*s*s)
	for i, t := range n.Table() {
		for c := range 4 {
			pix[4*i+c] = byte(min(max(t[c], 0), 1)*255 + 0.5)
		}
	}
	img := ebiten.NewImageWithOptions(rect(s, s), &ebiten.NewImageOptions{Unmanaged: true})
	img.WritePixels(pix)
	return img
}
