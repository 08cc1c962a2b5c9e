//go:build xvfb

package render

import (
	"image"
	"math"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/testutil"
	"hexsandbox/mapgen"
	"hexsandbox/render/project"
	"hexsandbox/units"

	"github.com/hajimehoshi/ebiten/v2"
)

// frameScene is the 80×60 showcase map at a typical zoom with 50 units
// standing on the cells nearest the view's centre, two sides, every kind
// of figure.
type frameScene struct {
	grid  *hexmap.Grid
	r     *Renderer
	cam   project.Camera
	dst   *ebiten.Image
	still []project.Figure
	moved []project.Figure
	t     float64
}

func newFrameScene(b *testing.B) *frameScene {
	g, err := mapgen.Showcase(80, 60, 5)
	if err != nil {
		b.Fatal(err)
	}
	r, err := NewRenderer(chunk.NewSet(g))
	if err != nil {
		b.Fatal(err)
	}
	s := &frameScene{grid: g, r: r, cam: project.NewCamera(g.Topology()), dst: ebiten.NewImage(1280, 720)}
	s.cam.Zoom = 0.5
	centre, _ := g.Topology().CellUnder(float32(s.cam.X), float32(s.cam.Z))
	for i := 0; len(s.still) < 50 && i < g.Topology().CellCount(); i++ {
		for c := range g.Topology().CellCount() {
			if g.Topology().Distance(c, centre) == i && !g.Cell(c).IsUnderwater() && len(s.still) < 50 {
				s.still = append(s.still, project.Figure{Pos: geom.CellPosition(g, c), Heading: float32(c % 360), Color: units.SideColor(1 + c%2), Kind: project.FigureKind(c % int(project.FigureKinds))})
			}
		}
	}
	s.moved = append([]project.Figure(nil), s.still...)
	return s
}

// frame draws one frame and waits for the GPU to finish it (reading one
// pixel back flushes the queued commands), so the CPU time counts the
// software renderer's work too.
func (s *frameScene) frame(moving bool) {
	s.t += 1.0 / 60
	figs := s.still
	if moving {
		for k := range s.moved {
			f := &s.moved[k]
			f.Pos[0] = s.still[k].Pos[0] + 4*float32(math.Sin(s.t*3+float64(k)))
			f.Heading = s.still[k].Heading + float32(s.t*90)
		}
		figs = s.moved
	}
	s.r.SetFigures(figs)
	s.r.Draw(s.dst, &s.cam, s.t)
	s.dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).At(0, 0)
}

// BenchmarkFrameStill: nothing moves; 50 units stand in view.
func BenchmarkFrameStill(b *testing.B) {
	s := newFrameScene(b)
	s.frame(false)
	testutil.CPULoop(b, func() { s.frame(false) })
}

// BenchmarkFrame50UnitsMoving: the same view with all 50 units moving and
// turning every frame.
func BenchmarkFrame50UnitsMoving(b *testing.B) {
	s := newFrameScene(b)
	s.frame(true)
	testutil.CPULoop(b, func() { s.frame(true) })
}

// BenchmarkFrameMovingOverStill alternates blocks of still and moving
// frames in one run and reports the ratio of their CPU time per frame
// (the goal: at most 1.2), and the moving frame against one without any
// unit. A static scene redrawn while the units move fails the benchmark.
func BenchmarkFrameMovingOverStill(b *testing.B) {
	s := newFrameScene(b)
	none := newFrameScene(b)
	none.still = nil
	s.frame(false)
	none.frame(false)
	opaque := s.r.OpaqueDraws
	const block = 10
	var still, moving, empty float64
	n := 0
	for b.Loop() {
		for _, k := range []struct {
			sum    *float64
			s      *frameScene
			moving bool
		}{{&still, s, false}, {&moving, s, true}, {&empty, none, false}} {
			start := testutil.CPUTime()
			for range block {
				k.s.frame(k.moving)
			}
			*k.sum += float64(testutil.CPUTime() - start)
		}
		n++
	}
	if s.r.OpaqueDraws != opaque {
		b.Fatalf("the static scene was redrawn %d times", s.r.OpaqueDraws-opaque)
	}
	frames := float64(n * block)
	b.ReportMetric(still/frames/1e6, "still-cpu-ms/frame")
	b.ReportMetric(moving/frames/1e6, "moving-cpu-ms/frame")
	b.ReportMetric(empty/frames/1e6, "nounits-cpu-ms/frame")
	b.ReportMetric(moving/still, "moving/still")
	b.ReportMetric(moving/empty, "moving/nounits")
}
