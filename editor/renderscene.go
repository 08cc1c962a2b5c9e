package editor

import (
	"runtime"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/render"
	"hexsandbox/render/blocks"
	"hexsandbox/render/project"
	"hexsandbox/units"
	"hexsandbox/vision"
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
	fog      *vision.CellData
	r        *render.Renderer
	fallback *blocks.Scene
	start    time.Time        // the animation's time origin, on the editor's clock
	now      func() time.Time // the editor's clock
	onError  func(error)
	locked   bool // the set's grid lock is held (Lock)
}

// chunkBudget is the memory the full-detail chunk meshes may take (with
// the renderer's welded copies): a few hundred chunks, more than any
// view at full detail needs, whatever the map's size.
const chunkBudget = 160 << 20

func newRenderScene(onError func(error), now func() time.Time) *renderScene {
	return &renderScene{start: now(), now: now, onError: onError, quality: render.DefaultQuality()}
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
	locked := s.locked
	if s.set != nil {
		s.Unlock() // the old set's workers must finish to close
		s.set.Close()
	}
	// One core stays with the frame loop (and the software renderer's
	// threads, where there is no GPU), so the editor stays responsive
	// while detail is built.
	s.set = render.NewCache(g, chunkBudget, max(1, runtime.GOMAXPROCS(0)-1))
	s.surface = chunk.NewSurface(s.set)
	if locked {
		s.Lock()
	}
	if s.r != nil {
		s.r.SetChunks(s.set)
	}
}

func (s *renderScene) Lock() {
	if s.set != nil && !s.locked {
		s.set.Lock()
		s.locked = true
	}
}

func (s *renderScene) Unlock() {
	if s.set != nil && s.locked {
		s.set.Unlock()
		s.locked = false
	}
}

func (s *renderScene) Pending() int {
	if s.set == nil || s.fallback != nil {
		return 0
	}
	return s.set.Pending()
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
		s.fallback = blocks.New()
		s.fallback.Reset(s.g)
		return false
	}
	s.r = r
	r.SetQuality(s.quality)
	r.SetFigures(s.figures)
	r.SetFog(s.fog)
	return true
}

func (s *renderScene) Draw(dst *ebiten.Image, cam *project.Camera) {
	if !s.ensure() {
		s.fallback.Draw(dst, cam)
		return
	}
	s.r.Draw(dst, cam, s.now().Sub(s.start).Seconds())
	s.redrew = s.r.OpaqueDraws != s.draws
	s.draws = s.r.OpaqueDraws
}

func (s *renderScene) Redrew() bool { return s.redrew }

// Covers reports whether Draw paints every pixel of its target (the
// renderer does; the fallback draws blocks over the sky).
func (s *renderScene) Covers() bool { return s.r != nil }

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

func (s *renderScene) SetFog(d *vision.CellData) {
	s.fog = d
	if s.fallback != nil {
		s.fallback.SetFog(d)
	} else if s.r != nil {
		s.r.SetFog(d)
	}
}

// Ground is the chunks' surface; with the fallback, the cells' heights.
func (s *renderScene) Ground() units.Ground {
	if s.fallback != nil || s.surface == nil {
		return nil
	}
	return s.surface
}
