package render

import (
	"image"
	"image/color"
	"math"
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

// lodFloor is the lowest resolution scale whose pixels choose the
// chunks' levels of detail: below it (the scales a software renderer
// reaches while the view moves) detail is chosen as at lodFloor, so a
// turning view keeps its nearer towns, trees and terraces and only
// blurs.
const lodFloor = 0.4

// lodScale is the factor of the SetLOD widths at resolution scale s,
// the cell widths being measured in the reduced frame's pixels.
func lodScale(s float64) float32 { return float32(min(1, s/lodFloor)) }

// Draw draws the map as cam sees it onto dst; seconds drives the water.
func (r *Renderer) Draw(dst *ebiten.Image, cam *project.Camera, seconds float64) {
	w, h := dst.Bounds().Dx(), dst.Bounds().Dy()
	if w <= 0 || h <= 0 {
		return
	}
	s := r.quality.Scale
	rw, rh := max(1, int(math.Round(float64(w)*s))), max(1, int(math.Round(float64(h)*s)))
	r.ensureTargets(rw, rh)
	v := cam.View(rw, rh)
	sun := project.Sun(cam.Rotation)
	if !r.valid || !v.Equal(&r.last) || sun != r.opts.Light {
		o := &r.opts
		o.View, o.Light = v, sun
		f := lodScale(s)
		o.FullPixels, o.CoarsePixels = r.lod[0]*f, r.lod[1]*f
		o.Shadows = r.quality.Shadows && !o.Flat
		o.HoldShadows = r.quality.HoldShadows && !r.shadowStale
		r.built = r.builder.Build(o, r.chunks)
		r.set.Want(r.built.Wanted)
		if !r.built.ShadowHeld {
			r.drawShadows()
			r.shadowStale = false
		}
		r.drawOpaque()
		r.drawWaterBake()
		r.last, r.valid, r.framed, r.fog.valid = v, true, false, false
	}
	fog := r.uploadFog() && !r.opts.Flat
	scene, fogPasses := r.color, r.fog.passes
	if fog {
		scene = r.foggedScene(&v)
	}
	if rw == w && rh == h && dst.Bounds().Min == (image.Point{}) && r.quality.WaterInterval <= 0 {
		dst.DrawImage(scene, &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
		r.drawTranslucent(dst, seconds, fog)
		r.drawFigures(dst, &v)
		return
	}
	// Into a frame of our own, placed and scaled onto dst: vertices of a
	// sub-image would be in its parent's coordinates, and the frame keeps
	// the water between its redraws (the units are drawn again whenever
	// they move, everything when the fog changed).
	if !r.framed || r.units.stale(&v) || r.fog.passes != fogPasses || r.framedFog != fog ||
		seconds < r.frameTime || seconds-r.frameTime >= r.quality.WaterInterval {
		r.frame.DrawImage(scene, &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
		r.drawTranslucent(r.frame, seconds, fog)
		r.drawFigures(r.frame, &v)
		r.framed, r.frameTime, r.framedFog = true, seconds, fog
	}
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	if rw != w || rh != h {
		op.Filter = ebiten.FilterLinear
		op.GeoM.Scale(float64(w)/float64(rw), float64(h)/float64(rh))
	}
	op.GeoM.Translate(float64(dst.Bounds().Min.X), float64(dst.Bounds().Min.Y))
	dst.DrawImage(r.frame, op)
}

func (r *Renderer) ensureTargets(w, h int) {
	if r.color != nil && r.color.Bounds().Dx() == w && r.color.Bounds().Dy() == h {
		return
	}
	for _, img := range append([]*ebiten.Image{r.color, r.frame, r.bake}, r.depth[:]...) {
		if img != nil {
			img.Deallocate()
		}
	}
	r.color, r.frame, r.bake = newTarget(w, h), newTarget(w, h), newTarget(w, h)
	for i := range r.depth {
		r.depth[i] = newTarget(w, h)
	}
	r.valid = false
}

func newTarget(w, h int) *ebiten.Image {
	return ebiten.NewImageWithOptions(rect(w, h), &ebiten.NewImageOptions{Unmanaged: true})
}

// ensureShadowTargets makes the shadow passes' images size texels a side.
func (r *Renderer) ensureShadowTargets(size int) {
	if r.shadow[0] != nil && r.shadow[0].Bounds().Dx() == size {
		return
	}
	for i, img := range r.shadow {
		if img != nil {
			img.Deallocate()
		}
		r.shadow[i] = newTarget(size, size)
	}
}

// uniforms are the values every program reads, packed as
// shaders/common.kage declares them.
func (r *Renderer) uniforms(seconds float64) map[string]any {
	o, f := &r.opts, r.built
	v := &o.View
	flat := float32(0)
	if o.Flat {
		flat = 1
	}
	shadows := float32(0)
	if r.shadowsOn {
		shadows = 1
	}
	slack := float32(0) // shaders/common.kage's depthSlack: 2
	if r.coarse {
		slack = 130
	}
	t, a := v.TanHalfFov, v.Aspect
	var cam [16]float32
	for k := range 3 {
		cam[k] = v.Forward[k] - v.Right[k]*t*a + v.Up[k]*t // Ray0
		cam[4+k] = v.Right[k] * 2 * t * a / v.Width        // RayX
		cam[8+k] = -v.Up[k] * 2 * t / v.Height             // RayY
		cam[12+k] = v.Eye[k]
	}
	cam[3], cam[7], cam[11] = v.Width, v.Height, project.ShadowDistance
	var view [16]float32
	for c, row := range []int{0, 1, 3} {
		for k := range 4 {
			view[4*c+k] = v.M[k][row]
		}
	}
	l := &f.LightView
	var shadow [16]float32
	copy(shadow[0:4], l.U[:])
	copy(shadow[4:8], l.V[:])
	copy(shadow[8:12], l.D[:])
	shadow[12], shadow[13], shadow[14] = float32(l.Size), l.Texel, l.Depth
	sun := o.Light
	g := r.set.Grid
	return map[string]any{
		"Params": []float32{f.Near, f.Far, slack, 0},
		"Frame":  []float32{float32(seconds), flat, shadows, sun.Diffuse},
		"Sun":    []float32{sun.Dir[0], sun.Dir[1], sun.Dir[2], sun.Ambient},
		"Camera": cam[:], "View": view[:], "Shadow": shadow[:],
		"WrapSize": o.WrapX,
		"MapSize":  []float32{float32(g.Topology().Width), float32(g.Topology().Height)},
	}
}

// depthPasses draws batches into targets with the min-blend depth
// technique (shaders/depth.kage): each pass into the next target, reading
// the one before; it returns the last pass's target.
func (r *Renderer) depthPasses(targets []*ebiten.Image, passes int, linear bool, lists ...[]project.Batch) *ebiten.Image {
	u := r.uniforms(0)
	params := u["Params"].([]float32)
	if linear {
		params[3] = 1
	}
	var dst *ebiten.Image
	for pass := range passes {
		prev := dst
		dst = targets[pass%len(targets)]
		dst.Fill(color.White)
		imgs := [4]*ebiten.Image{r.dummy, r.dummy, r.dummy, r.dummy}
		if prev != nil {
			imgs[1] = prev
		}
		params[2] = float32(pass)
		op := &ebiten.DrawTrianglesShaderOptions{Blend: minBlend(), Uniforms: u, Images: imgs}
		for _, list := range lists {
			for _, bt := range list {
				dst.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.depth, op)
			}
		}
	}
	return dst
}

// drawShadows draws the shadow map, 16 bits of light depth in two
// passes, when the build asked for one and found something in view.
func (r *Renderer) drawShadows() {
	l := &r.built.LightView
	r.shadowsOn = r.opts.Shadows && l.Valid
	if !r.shadowsOn {
		return
	}
	r.ShadowDraws++
	r.ensureShadowTargets(l.Size)
	r.depthPasses(r.shadow[:], 2, true, r.built.Shadow.List())
}

// drawOpaque runs the three depth passes (two with Quality.CoarseDepth),
// then the colour pass that keeps only fragments at the stored depth.
func (r *Renderer) drawOpaque() {
	r.OpaqueDraws++
	b := r.built
	targets, passes := r.depth[:], 3
	swapped := [2]*ebiten.Image{r.depth[1], r.depth[0]} // two passes end in depth[0] too
	if r.coarse = r.quality.CoarseDepth; r.coarse {
		targets, passes = swapped[:], 2
	}
	if got := r.depthPasses(targets, passes, false, b.Terrain.List(), b.Lit.List(), b.Facade.List(), b.Overview.List()); got != r.depth[0] {
		panic("render: the depth passes must end in depth[0]")
	}
	r.color.Fill(background())
	if r.opts.Flat {
		r.color.Fill(color.Black)
	}
	op := &ebiten.DrawTrianglesShaderOptions{Uniforms: r.uniforms(0), Images: r.sources()}
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
	if r.opts.Flat {
		overview = r.prog.lit
	}
	for _, bt := range b.Overview.List() {
		r.color.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, overview, op)
	}
}

// sources are the colour passes' images (the slot plan in doc.go).
func (r *Renderer) sources() [4]*ebiten.Image {
	imgs := [4]*ebiten.Image{r.noise, r.depth[0], r.dummy, r.dummy}
	if r.shadowsOn {
		imgs[2] = r.shadow[1]
	}
	return imgs
}

// drawWaterBake draws the water bake for the view just drawn: the
// sunlight and the depth of the water that the translucent layers read
// there (shaders/waterbake.kage), so that their animated redraws do not
// look them up in the shadow map and the depth again.
func (r *Renderer) drawWaterBake() {
	r.WaterBakes++
	r.bake.Clear()
	op := &ebiten.DrawTrianglesShaderOptions{Uniforms: r.uniforms(0), Images: r.sources(), Blend: maxBlend()}
	for _, bt := range r.built.Translucent.List() {
		r.bake.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.waterBake, op)
	}
}

// maxBlend keeps the per-channel maximum of source and destination.
func maxBlend() ebiten.Blend {
	b := minBlend()
	b.BlendOperationRGB, b.BlendOperationAlpha = ebiten.BlendOperationMax, ebiten.BlendOperationMax
	return b
}

// drawTranslucent draws the sorted translucent triangles onto dst, each
// kept only in front of the stored depth, under the fog when on.
func (r *Renderer) drawTranslucent(dst *ebiten.Image, seconds float64, fog bool) {
	u := r.uniforms(seconds)
	r.fogUniforms(u, fog)
	imgs := r.fogSources(fog)
	imgs[2] = r.bake
	wrap, fogged := 0, 0
	if r.opts.WrapX > 0 {
		wrap = 1
	}
	if fog {
		fogged = 1
	}
	prog := r.prog.translucent[wrap][fogged]
	op := &ebiten.DrawTrianglesShaderOptions{Uniforms: u, Images: imgs}
	for _, bt := range r.built.Translucent.List() {
		dst.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, prog, op)
	}
}
