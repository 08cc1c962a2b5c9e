package render

import (
	"image"
	"image/color"
	"unsafe"

	"hexsandbox/render/project"

	"github.com/hajimehoshi/ebiten/v2"
)

// project.Vertex mirrors ebiten.Vertex field for field, so batches are
// handed over without copying; this fails to compile if they diverge.
var _ [unsafe.Sizeof(ebiten.Vertex{}) - unsafe.Sizeof(project.Vertex{})]struct{}
var _ [unsafe.Sizeof(project.Vertex{}) - unsafe.Sizeof(ebiten.Vertex{})]struct{}

// minBlend keeps the per-channel minimum of source and destination.
func minBlend() ebiten.Blend {
	return ebiten.Blend{
		BlendFactorSourceRGB: ebiten.BlendFactorOne, BlendFactorSourceAlpha: ebiten.BlendFactorOne,
		BlendFactorDestinationRGB: ebiten.BlendFactorOne, BlendFactorDestinationAlpha: ebiten.BlendFactorOne,
		BlendOperationRGB: ebiten.BlendOperationMin, BlendOperationAlpha: ebiten.BlendOperationMin,
	}
}

func rect(w, h int) image.Rectangle { return image.Rect(0, 0, w, h) }

func vertices(v []project.Vertex) []ebiten.Vertex {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*ebiten.Vertex)(unsafe.Pointer(&v[0])), len(v))
}

// Draw draws the map as cam sees it onto dst; seconds drives the water.
func (r *Renderer) Draw(dst *ebiten.Image, cam *project.Camera, seconds float64) {
	w, h := dst.Bounds().Dx(), dst.Bounds().Dy()
	if w <= 0 || h <= 0 {
		return
	}
	r.ensureTargets(w, h)
	v := cam.View(w, h)
	if !r.valid || !v.Equal(&r.last) {
		r.builder.View = v
		r.builder.Build(r.chunks)
		r.set.Want(r.builder.Wanted)
		r.drawOpaque()
		r.last, r.valid, r.fog.valid = v, true, false
	}
	origin := dst.Bounds().Min
	if origin != (image.Point{}) {
		// Vertices of a sub-image are in its parent's coordinates: draw
		// into a frame of our own and place that instead.
		r.Draw(r.frame, cam, seconds)
		op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
		op.GeoM.Translate(float64(origin.X), float64(origin.Y))
		dst.DrawImage(r.frame, op)
		return
	}
	fog := r.uploadFog() && !r.builder.Flat
	scene := r.color
	if fog {
		scene = r.foggedScene(&v)
	}
	dst.DrawImage(scene, &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
	r.drawTranslucent(dst, seconds, fog)
	r.drawFigures(dst, &v)
}

func (r *Renderer) ensureTargets(w, h int) {
	if r.color != nil && r.color.Bounds().Dx() == w && r.color.Bounds().Dy() == h {
		return
	}
	for _, img := range append([]*ebiten.Image{r.color, r.frame}, r.depth[:]...) {
		if img != nil {
			img.Deallocate()
		}
	}
	opt := &ebiten.NewImageOptions{Unmanaged: true}
	r.color = ebiten.NewImageWithOptions(rect(w, h), opt)
	r.frame = ebiten.NewImageWithOptions(rect(w, h), opt)
	for i := range r.depth {
		r.depth[i] = ebiten.NewImageWithOptions(rect(w, h), opt)
	}
	r.valid = false
}

func (r *Renderer) uniforms(seconds float64, flat bool) map[string]any {
	f := float32(0)
	if flat {
		f = 1
	}
	g := r.set.Grid
	return map[string]any{"Near": r.builder.Near, "Far": r.builder.Far, "Time": float32(seconds), "Flat": f,
		"WrapSize": r.builder.WrapX, "MapSize": []float32{float32(g.Width()), float32(g.Height())}}
}

// drawOpaque runs the three depth passes, then the colour pass that keeps
// only fragments at the stored depth.
func (r *Renderer) drawOpaque() {
	r.OpaqueDraws++
	b := &r.builder
	u := r.uniforms(0, b.Flat)
	for pass := range r.depth {
		dst := r.depth[pass]
		dst.Fill(color.White)
		imgs := [4]*ebiten.Image{r.dummy, r.dummy, r.dummy, r.dummy}
		for k := 0; k < pass; k++ {
			imgs[k+1] = r.depth[k]
		}
		u["Mode"] = float32(pass)
		op := &ebiten.DrawTrianglesShaderOptions{Blend: minBlend(), Uniforms: u, Images: imgs}
		for _, list := range []*project.Batches{&b.Terrain, &b.Lit, &b.Facade, &b.Overview} {
			for _, bt := range list.List() {
				dst.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.depth, op)
			}
		}
	}
	r.color.Fill(background())
	if b.Flat {
		r.color.Fill(color.Black)
	}
	op := &ebiten.DrawTrianglesShaderOptions{Uniforms: u, Images: r.depthSources()}
	for _, bt := range b.Terrain.List() {
		r.color.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.terrain, op)
	}
	for _, bt := range b.Lit.List() {
		r.color.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.lit, op)
	}
	for _, bt := range b.Facade.List() {
		r.color.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.facade, op)
	}
	overview := r.prog.overview
	if b.Flat {
		overview = r.prog.lit
	}
	for _, bt := range b.Overview.List() {
		r.color.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, overview, op)
	}
}

func (r *Renderer) depthSources() [4]*ebiten.Image {
	return [4]*ebiten.Image{r.noise, r.depth[0], r.depth[1], r.depth[2]}
}

// drawTranslucent draws the sorted translucent triangles onto dst, each
// kept only in front of the stored depth, under the fog when on.
func (r *Renderer) drawTranslucent(dst *ebiten.Image, seconds float64, fog bool) {
	u := r.uniforms(seconds, r.builder.Flat)
	r.fogUniforms(u, fog)
	op := &ebiten.DrawTrianglesShaderOptions{Uniforms: u, Images: r.fogSources(fog)}
	for _, bt := range r.builder.Translucent.List() {
		dst.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.translucent, op)
	}
}
