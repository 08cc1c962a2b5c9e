package render

import (
	"fmt"
	"image/color"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/render/project"
	"hexsandbox/shaders"

	"github.com/hajimehoshi/ebiten/v2"
)

// background is the colour where no geometry is.
func background() color.RGBA { return color.RGBA{0x2a, 0x33, 0x3d, 0xff} }

// Renderer draws a chunk.Set and the units on it. It caches the opaque
// scene (colour and depth) and redraws it only when the view or the map
// changed; the translucent layers are drawn every frame because they
// animate, and the units (SetFigures) over them every frame in a pass of
// their own, depth-tested against the cached scene, so moving them
// redraws nothing else.
type Renderer struct {
	set     *chunk.Set
	chunks  []project.ChunkMeshes
	builder project.Builder
	prog    programs
	noise   *ebiten.Image
	dummy   *ebiten.Image
	seed    int64

	color *ebiten.Image    // the cached opaque colour
	frame *ebiten.Image    // the whole frame, for sub-image targets
	depth [3]*ebiten.Image // high, middle, low depth bytes (red channels)
	last  project.View
	valid bool
	units unitPass
	fog   fogPass
	// OpaqueDraws counts how often the opaque scene was drawn (the tests
	// of render and of the editor's play mode check it stays put).
	OpaqueDraws int
}

type programs struct {
	depth, terrain, lit, facade, translucent, figure, fog *ebiten.Shader
}

// NewRenderer compiles the shaders and prepares to draw set.
func NewRenderer(set *chunk.Set) (*Renderer, error) {
	r := &Renderer{builder: project.Builder{Light: project.DefaultLighting()}}
	var err error
	for _, p := range []struct {
		name string
		dst  **ebiten.Shader
	}{{shaders.Depth, &r.prog.depth}, {shaders.Terrain, &r.prog.terrain}, {shaders.Lit, &r.prog.lit},
		{shaders.Facade, &r.prog.facade}, {shaders.Translucent, &r.prog.translucent}, {shaders.Figure, &r.prog.figure}, {shaders.Fog, &r.prog.fog}} {
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
