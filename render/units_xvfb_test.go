//go:build xvfb

package render

import (
	"fmt"
	"image"
	"math"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mapgen"
	"hexsandbox/render/project"
)

// figuresOn stands a figure on every third dry cell of g, on its centre,
// each facing another way and in one of four colours.
func figuresOn(g *hexmap.Grid) []project.Figure {
	colors := [][3]float32{{0.2, 0.4, 1}, {0.9, 0.15, 0.15}, {0.6, 0.25, 0.9}, {1, 0.55, 0.1}}
	var figs []project.Figure
	for i := 0; i < g.Topology().CellCount(); i += 3 {
		if g.Cell(i).IsUnderwater() {
			continue
		}
		figs = append(figs, project.Figure{Pos: geom.CellPosition(g, i), Heading: float32(i * 37 % 360), Color: colors[i%4]})
	}
	return figs
}

// The figures are drawn right against the static scene (hidden behind
// hills and walls), over the translucent layers, and among themselves in
// painter's order: in flat mode the GPU frame matches the CPU raster of
// the same triangles, the static scene with its z-buffer, then the
// translucent layers, then the figures tested against the static depth,
// from several views.
func TestFiguresMatchCPU(t *testing.T) {
	g, err := mapgen.Showcase(20, 15, 5)
	if err != nil {
		t.Fatal(err)
	}
	set := chunk.NewSet(g)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	r.opts.Flat = true
	figs := figuresOn(g)
	r.SetFigures(figs)
	const w, h = 480, 270
	for vi, v := range views {
		c := project.NewCamera(g.Topology())
		c.Zoom, c.Rotation = v.zoom, v.rot
		c.X, c.Z = c.X+v.dx, c.Z+v.dz
		c.Clamp()
		gpu := readFrame(r, &c, w, h, 0)
		b := r.built
		cpu := project.NewRaster(w, h, b.Near, b.Far)
		cpu.DrawOpaque(b.Lit.List())
		cpu.DrawTranslucent(b.Translucent.List())
		cpu.DrawOver(r.units.batches.List())
		figurePixels := 0
		for i := range cpu.Color {
			if isFigureColor(cpu.Color[i], figs) {
				figurePixels++
			}
		}
		diffImg := image.NewRGBA(gpu.Bounds())
		check := compareFlat(gpu, cpu, diffImg)
		t.Logf("view %d: %d figure pixels, %.4f%% of pixels differ", vi, figurePixels, 100*check.Differ)
		savePNG(t, fmt.Sprintf("figures_%d", vi), gpu)
		savePNG(t, fmt.Sprintf("figures_diff_%d", vi), diffImg)
		if figurePixels < 200 {
			t.Errorf("view %d: only %d pixels of figures in view", vi, figurePixels)
		}
		if check.Differ > 0.001 {
			t.Errorf("view %d: %.4f%% of pixels differ from the CPU z-buffer (limit 0.1%%)", vi, 100*check.Differ)
		}
	}
}

// isFigureColor reports whether c is one of the figures' part colours.
func isFigureColor(c [3]float32, figs []project.Figure) bool {
	for _, f := range figs {
		for k := range 3 {
			if math.Abs(float64(c[k]-f.Color[k])) < 1.0/255 {
				return true
			}
		}
	}
	return false
}

// Moving figures redraws neither the static scene nor anything when they
// stand still; the frame shows them where they now are.
func TestMovingFiguresKeepTheStaticScene(t *testing.T) {
	g, err := mapgen.Showcase(20, 15, 5)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRenderer(chunk.NewSet(g))
	if err != nil {
		t.Fatal(err)
	}
	cam := project.NewCamera(g.Topology())
	cam.Zoom = 0.5
	figs := figuresOn(g)
	r.SetFigures(figs)
	before := readFrame(r, &cam, 320, 180, 0)
	opaque, builds := r.OpaqueDraws, r.FigureBuilds()
	readFrame(r, &cam, 320, 180, 0)
	if r.OpaqueDraws != opaque || r.FigureBuilds() != builds {
		t.Fatalf("a frame with nothing changed redrew: opaque %d, figures %d", r.OpaqueDraws-opaque, r.FigureBuilds()-builds)
	}
	for k := range figs {
		figs[k].Pos[0] += 3
		figs[k].Heading += 40
	}
	r.SetFigures(figs)
	after := readFrame(r, &cam, 320, 180, 0)
	if r.OpaqueDraws != opaque {
		t.Fatalf("moving the figures redrew the static scene %d times", r.OpaqueDraws-opaque)
	}
	if r.FigureBuilds() != builds+1 {
		t.Fatalf("moving the figures rebuilt them %d times, want once", r.FigureBuilds()-builds)
	}
	changed := 0
	for i := 0; i < len(before.Pix); i += 4 {
		if before.Pix[i] != after.Pix[i] || before.Pix[i+1] != after.Pix[i+1] || before.Pix[i+2] != after.Pix[i+2] {
			changed++
		}
	}
	if changed < 100 {
		t.Fatalf("only %d pixels changed when the figures moved", changed)
	}
	r.SetFigures(nil)
	empty := readFrame(r, &cam, 320, 180, 0)
	r2, _ := NewRenderer(chunk.NewSet(g))
	plain := readFrame(r2, &cam, 320, 180, 0)
	for i := range empty.Pix {
		if empty.Pix[i] != plain.Pix[i] {
			t.Fatal("after the figures are gone, a trace of them is left")
		}
	}
}

// compareFlat counts the pixels where gpu, drawn in flat mode, differs
// from the CPU raster of the same batches; when diff is not nil it also
// marks them there in red, for looking at.
func compareFlat(gpu *image.RGBA, cpu *project.Raster, diff *image.RGBA) DepthCheck {
	var differ, covered int
	for i, c := range cpu.Color {
		want := [3]byte{byte(c[0]*255 + 0.5), byte(c[1]*255 + 0.5), byte(c[2]*255 + 0.5)}
		if want != [3]byte{} {
			covered++
		}
		same := [3]byte(gpu.Pix[4*i:4*i+3]) == want
		if !same {
			differ++
		}
		if diff != nil {
			diff.Pix[4*i+3] = 255
			if !same {
				diff.Pix[4*i] = 255
			}
		}
	}
	n := float64(len(cpu.Color))
	return DepthCheck{Differ: float64(differ) / n, Covered: float64(covered) / n}
}
