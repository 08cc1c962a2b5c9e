package editor

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/render"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// renderScene draws with the renderer: triangulated chunks, depth-correct
// with animated water, and picking by ray against the terrain triangles.
// The renderer is made on first use, inside the game loop, because it
// compiles shaders; if that fails the editor falls back to blocks.
type renderScene struct {
	quality  render.Quality
	draws    int  // the renderer's opaque redraws so far
	redrew   bool // the last Draw redrew the opaque scene
	g        *hexmap.Grid
	set      *chunk.Set
	surface  *chunk.Surface
	figures  []project.Figure
	r        *render.Renderer
	fallback *blockScene
	start    time.Time
	onError  func(error)
}

func newRenderScene(onError func(error)) *renderScene {
	return &renderScene{start: time.Now(), onError: onError, quality: render.DefaultQuality()}
}

func (s *renderScene) SetQuality(q render.Quality) {
	s.quality = q
	if s.r != nil {
		s.r.SetQuality(q)
	}
}

func (s *renderScene) Reset(g *hexmap.Grid) {
	s.g = g
	if s.fallback != nil {
		s.fallback.Reset(g)
		return
	}
	if s.set != nil {
		s.set.Close()
	}
	s.set = chunk.NewSet(g)
	s.surface = chunk.NewSurface(s.set)
	if s.r != nil {
		s.r.SetChunks(s.set)
	}
}

func (s *renderScene) Refresh() {
	switch {
	case s.fallback != nil:
		s.fallback.Refresh()
	case s.r != nil:
		s.r.Update()
	default:
		s.set.Update()
	}
}

func (s *renderScene) ensure() bool {
	if s.r != nil {
		return true
	}
	if s.fallback != nil {
		return false
	}
	r, err := render.NewRenderer(s.set)
	if err != nil {
		s.onError(err)
		s.fallback = newBlockScene()
		s.fallback.Reset(s.g)
		return false
	}
	s.r = r
	r.SetQuality(s.quality)
	r.SetFigures(s.figures)
	return true
}

func (s *renderScene) Draw(dst *ebiten.Image, cam *project.Camera) {
	if !s.ensure() {
		s.fallback.Draw(dst, cam)
		return
	}
	s.r.Draw(dst, cam, time.Since(s.start).Seconds())
	s.redrew = s.r.OpaqueDraws != s.draws
	s.draws = s.r.OpaqueDraws
}

func (s *renderScene) Redrew() bool { return s.redrew }

func (s *renderScene) Pick(cam *project.Camera, w, h int, x, y float64) (int, vec3.T, bool) {
	if !s.ensure() {
		return s.fallback.Pick(cam, w, h, x, y)
	}
	return s.r.PickPoint(cam, x, y, w, h)
}

func (s *renderScene) SetFigures(figures []project.Figure) {
	s.figures = figures
	if s.fallback != nil {
		s.fallback.SetFigures(figures)
	} else if s.r != nil {
		s.r.SetFigures(figures)
	}
}

// Ground is the chunks' surface; with the fallback, the cells' heights.
func (s *renderScene) Ground() units.Ground {
	if s.fallback != nil || s.surface == nil {
		return nil
	}
	return s.surface
}
