package render

import (
	"hexsandbox/render/project"
	"hexsandbox/vision"

	"github.com/hajimehoshi/ebiten/v2"
)

// fogPass shades the map with the fog of war from a vision.CellData: an
// image of one texel per cell, uploaded when the data changed.
//
// The opaque scene stays cached without fog; the fog pass shades it into
// an image of its own (fogged), redrawn only when the scene, the view or
// the cell data changed, so a still view with no fade under way costs
// one copy a frame. The translucent layers apply the same fog per
// fragment as they are drawn over it.
type fogPass struct {
	data   *vision.CellData
	image  *ebiten.Image // the cell data, a texel per cell
	serial uint64        // the data's Serial when last uploaded
	ok     bool          // image holds data's texels as of serial
	fogged *ebiten.Image // the opaque scene under the fog
	drawn  uint64        // the serial fogged was drawn with
	view   project.View  // and the view
	valid  bool          // fogged matches the opaque scene, drawn and view
	passes int           // how often the fog pass ran (tests)
}

// SetFog shades the map as d shows it from the next Draw on (nil: no fog,
// the whole map as it is).
func (r *Renderer) SetFog(d *vision.CellData) {
	f := &r.fog
	if d != f.data {
		f.data, f.ok, f.valid = d, false, false
	}
}

// uploadFog brings the cell data image up to date; it reports whether
// there is fog to draw.
func (r *Renderer) uploadFog() bool {
	f := &r.fog
	if f.data == nil {
		return false
	}
	w, h := f.data.Size()
	if f.image == nil || f.image.Bounds().Dx() != w || f.image.Bounds().Dy() != h {
		if f.image != nil {
			f.image.Deallocate()
		}
		f.image = ebiten.NewImageWithOptions(rect(w, h), &ebiten.NewImageOptions{Unmanaged: true})
		f.ok = false
	}
	if !f.ok || f.serial != f.data.Serial() {
		f.image.WritePixels(f.data.Pix())
		f.serial, f.ok = f.data.Serial(), true
	}
	return true
}

// fogUniforms adds the fog's uniforms to u: on or off, the map's size
// in cells and whether it wraps.
func (r *Renderer) fogUniforms(u map[string]any, on bool) {
	if !on {
		u["Fog"] = []float32{0, 0, 0, 0}
		return
	}
	w, h := r.fog.data.Size()
	wrap := float32(0)
	if r.builder.WrapX > 0 {
		wrap = 1
	}
	u["Fog"] = []float32{1, float32(w), float32(h), wrap}
}

// fogSources are the images the translucent program reads: noise, the
// whole depth, and the cell data in slot 3 (see doc.go).
func (r *Renderer) fogSources(on bool) [4]*ebiten.Image {
	imgs := [4]*ebiten.Image{r.noise, r.depth[2], r.dummy, r.dummy}
	if on {
		imgs[3] = r.fog.image
	}
	return imgs
}

// foggedScene returns the opaque scene shaded by the fog for view v,
// running the fog pass when the scene, the view or the cell data
// changed since it last ran.
func (r *Renderer) foggedScene(v *project.View) *ebiten.Image {
	f := &r.fog
	w, h := r.color.Bounds().Dx(), r.color.Bounds().Dy()
	if f.fogged == nil || f.fogged.Bounds().Dx() != w || f.fogged.Bounds().Dy() != h {
		if f.fogged != nil {
			f.fogged.Deallocate()
		}
		f.fogged = ebiten.NewImageWithOptions(rect(w, h), &ebiten.NewImageOptions{Unmanaged: true})
		f.valid = false
	}
	if f.valid && f.drawn == f.serial && v.Equal(&f.view) {
		return f.fogged
	}
	u := r.uniforms(0, false)
	r.fogUniforms(u, true)
	u["Camera"] = cameraRays(v)
	quad := []ebiten.Vertex{
		{DstX: 0, DstY: 0}, {DstX: float32(w), DstY: 0}, {DstX: 0, DstY: float32(h)}, {DstX: float32(w), DstY: float32(h)},
	}
	f.fogged.DrawTrianglesShader(quad, []uint16{0, 1, 2, 1, 3, 2}, r.prog.fog, &ebiten.DrawTrianglesShaderOptions{
		Uniforms: u, Images: [4]*ebiten.Image{r.noise, r.depth[2], r.color, f.image}, Blend: ebiten.BlendCopy,
	})
	f.drawn, f.view, f.valid = f.serial, *v, true
	f.passes++
	return f.fogged
}

// cameraRays packs view v's rays for the fog pass: the ray through pixel
// (0, 0) and its change per pixel right and down, scaled to 1 along the
// view (so a view distance w reaches eye + w·ray), and the eye.
func cameraRays(v *project.View) []float32 {
	t, a := v.TanHalfFov, v.Aspect
	out := make([]float32, 16)
	for k := range 3 {
		out[k] = v.Forward[k] - v.Right[k]*t*a + v.Up[k]*t
		out[4+k] = v.Right[k] * 2 * t * a / v.Width
		out[8+k] = -v.Up[k] * 2 * t / v.Height
		out[12+k] = v.Eye[k]
	}
	return out
}
