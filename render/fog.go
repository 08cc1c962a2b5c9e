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
	if r.opts.WrapX > 0 {
		wrap = 1
	}
	u["Fog"] = []float32{1, float32(w), float32(h), wrap}
}

// fogSources are the images the translucent program reads: the colour
// passes' (noise, the whole depth, the shadow map) and the cell data in
// slot 3 (see doc.go).
func (r *Renderer) fogSources(on bool) [4]*ebiten.Image {
	imgs := r.sources()
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
	u := r.uniforms(0) // its Camera: the rays through the pixels of the view built
	r.fogUniforms(u, true)
	quad := []ebiten.Vertex{
		{DstX: 0, DstY: 0}, {DstX: float32(w), DstY: 0}, {DstX: 0, DstY: float32(h)}, {DstX: float32(w), DstY: float32(h)},
	}
	f.fogged.DrawTrianglesShader(quad, []uint16{0, 1, 2, 1, 3, 2}, r.prog.fog, &ebiten.DrawTrianglesShaderOptions{
		Uniforms: u, Images: [4]*ebiten.Image{r.noise, r.depth[0], r.color, f.image}, Blend: ebiten.BlendCopy,
	})
	f.drawn, f.view, f.valid = f.serial, *v, true
	f.passes++
	return f.fogged
}
