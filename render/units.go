package render

import (
	"slices"

	"hexsandbox/render/project"

	"github.com/hajimehoshi/ebiten/v2"
)

// unitPass draws the units' figures every frame over the finished frame
// (static scene and translucent layers) without redrawing anything else:
// project.FigureBatches puts them in painter's order, so one draw call
// whose fragments are kept where they are not behind the static scene's
// depth draws them right. Their batches are rebuilt only when the
// figures or the view change.
type unitPass struct {
	figures []project.Figure
	batches project.Batches
	view    project.View
	valid   bool // batches match figures and view
	builds  int  // how often the batches were rebuilt (tests)
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

// FigureBuilds counts how often the units' triangles were projected
// again (tests).
func (r *Renderer) FigureBuilds() int { return r.units.builds }

// stale reports whether the units' batches no longer match the figures
// or view v.
func (u *unitPass) stale(v *project.View) bool { return !u.valid || !v.Equal(&u.view) }

// drawFigures draws the units onto dst for view v, lit by the sun (they
// receive no shadow; with r.SetCasters they could cast one).
func (r *Renderer) drawFigures(dst *ebiten.Image, v *project.View) {
	u := &r.units
	if u.stale(v) {
		project.FigureBatches(v, &r.opts.Light, u.figures, &u.batches)
		u.view, u.valid = *v, true
		u.builds++
	}
	op := &ebiten.DrawTrianglesShaderOptions{
		Uniforms: r.uniforms(0),
		Images:   [4]*ebiten.Image{r.dummy, r.depth[0], r.dummy, r.dummy},
	}
	for _, bt := range u.batches.List() {
		dst.DrawTrianglesShader(vertices(bt.Vertices), bt.Indices, r.prog.figure, op)
	}
}
