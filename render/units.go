package render

import (
	"image"
	"image/color"
	"slices"

	"hexsandbox/render/project"

	"github.com/hajimehoshi/ebiten/v2"
)

// unitPass draws the units' figures every frame over the cached static
// scene without redrawing it: the figures get depth passes of their own
// (into images that are white wherever no figure is), their colour pass
// keeps a fragment that is the nearest figure and not behind the static
// scene, and the translucent layers drawn after test against the nearer
// of the two depths. Its work is redone only when the figures, the view
// or the static scene's depth range change.
type unitPass struct {
	figures []project.Figure
	batches project.Batches
	depth   [3]*ebiten.Image // the figures' depth, as the static scene's
	cover   image.Rectangle  // what the figures' depth images hold, white elsewhere
	view    project.View
	opaque  int  // the Renderer's OpaqueDraws when built
	valid   bool // batches and depth match figures, view and opaque
	// DepthDraws counts how often the figures' depth was redrawn (tests).
	DepthDraws int
}

// SetFigures sets the units Draw draws from now on (copied).
func (r *Renderer) SetFigures(figures []project.Figure) {
	u := &r.units
	if !slices.Equal(u.figures, figures) {
		u.figures = append(u.figures[:0], figures...)
		u.valid = false
	}
}

// Figures returns the units being drawn.
func (r *Renderer) Figures() []project.Figure { return r.units.figures }

// FigureDepthDraws counts the redraws of the units' depth (tests).
func (r *Renderer) FigureDepthDraws() int { return r.units.DepthDraws }

// allocUnitTargets makes the figures' depth images for a w×h view.
func (r *Renderer) allocUnitTargets(w, h int) {
	u := &r.units
	for i := range u.depth {
		if u.depth[i] != nil {
			u.depth[i].Deallocate()
		}
		u.depth[i] = ebiten.NewImageWithOptions(rect(w, h), &ebiten.NewImageOptions{Unmanaged: true})
		u.depth[i].Fill(color.White)
	}
	u.cover, u.valid = image.Rectangle{}, false
}

// drawFigures draws the units onto dst, over the static colour already
// there, for view v.
func (r *Renderer) drawFigures(dst *ebiten.Image, v *project.View) {
	u := &r.units
	if !u.valid || !v.Equal(&u.view) || u.opaque != r.OpaqueDraws {
		r.figureDepth(v)
	}
	if len(u.batches.List()) == 0 {
		return
	}
	op := &ebiten.DrawTrianglesShaderOptions{
		Uniforms: r.uniforms(0, r.builder.Flat),
		Images:   [4]*ebiten.Image{r.dummy, u.depth[2], r.depth[2], r.dummy},
	}
	for _, bt := range u.batches.List() {
		dst.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.figure, op)
	}
}

// figureDepth projects the figures and redraws their depth, clearing
// only what the last figures covered.
func (r *Renderer) figureDepth(v *project.View) {
	u := &r.units
	u.DepthDraws++
	cover := project.FigureBatches(v, &r.builder.Light, u.figures, &u.batches)
	if dirty := u.cover.Union(cover); !dirty.Empty() {
		for _, img := range u.depth {
			img.SubImage(dirty).(*ebiten.Image).Fill(color.White)
		}
	}
	u.cover, u.view, u.opaque, u.valid = cover, *v, r.OpaqueDraws, true
	if cover.Empty() {
		return
	}
	uni := r.uniforms(0, false)
	for pass := range u.depth {
		imgs := [4]*ebiten.Image{r.dummy, r.dummy, r.dummy, r.dummy}
		for k := 0; k < pass; k++ {
			imgs[k+1] = u.depth[k]
		}
		uni["Mode"] = float32(pass)
		op := &ebiten.DrawTrianglesShaderOptions{Blend: minBlend(), Uniforms: uni, Images: imgs}
		for _, bt := range u.batches.List() {
			u.depth[pass].DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.depth, op)
		}
	}
}

// sceneSources are the translucent layers' sources: the noise, the
// static scene's whole depth and the figures'.
func (r *Renderer) sceneSources() [4]*ebiten.Image {
	return [4]*ebiten.Image{r.noise, r.depth[2], r.units.depth[2], r.dummy}
}
