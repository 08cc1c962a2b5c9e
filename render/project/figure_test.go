package project

import (
	"math"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
)

func figureView(t *testing.T, rot float64) View {
	t.Helper()
	g, err := hexmap.NewGrid(20, 15, 1)
	if err != nil {
		t.Fatal(err)
	}
	c := NewCamera(g.Topology())
	c.Zoom, c.Rotation = 1, rot
	return c.View(640, 360)
}

// A figure faces its heading: the pale shield on its front lies on the
// side the heading points to, for every quarter turn.
func TestFigureFacesItsHeading(t *testing.T) {
	v := figureView(t, 30)
	l := DefaultLighting()
	var b Batches
	at := vec3.T{float32(v.Eye[0]), 0, float32(v.Eye[2]) + 60}
	shield := figureModel[4]
	for _, heading := range []float32{0, 90, 180, 270} {
		FigureBatches(&v, &l, []Figure{{Pos: at, Heading: heading, Color: [3]float32{0.2, 0.4, 1}}}, &b)
		s, c := math.Sincos(float64(heading) * math.Pi / 180)
		ahead := vec3.T{float32(s), 0, float32(c)}
		n, sum := 0, float32(0)
		for _, bt := range b.List() {
			for _, x := range bt.Vertices {
				if x.ColorR != shield.color[0] && math.Abs(float64(x.ColorR-float32(math.Round(float64(shield.color[0])*255))/255)) > 1e-6 {
					continue
				}
				// World x and z back from the perspective-divided attributes.
				wx, wz := x.Custom1/x.Custom0-at[0], x.Custom2/x.Custom0-at[2]
				sum += wx*ahead[0] + wz*ahead[2]
				n++
			}
		}
		if n == 0 {
			t.Fatalf("heading %v: no shield drawn", heading)
		}
		if mean := sum / float32(n); mean < 0.5*figureScale {
			t.Fatalf("heading %v: the shield is %v ahead of the feet, want in front", heading, mean)
		}
	}
}

// Back faces are culled: a closed box shows at most three faces, so a
// figure of six boxes at most 6·3·2 triangles, and at least one face of
// each box.
func TestFigureCullsBackFaces(t *testing.T) {
	v := figureView(t, 200)
	l := DefaultLighting()
	var b Batches
	at := vec3.T{float32(v.Eye[0]) + 10, 0, float32(v.Eye[2]) - 60}
	cover := FigureBatches(&v, &l, []Figure{{Pos: at, Heading: 33}}, &b)
	tris := b.Triangles()
	if tris > len(figureModel)*6 || tris < len(figureModel)*2 {
		t.Fatalf("%d triangles for %d boxes", tris, len(figureModel))
	}
	if cover.Empty() {
		t.Fatal("the figure covers no pixels")
	}
	// Behind the camera or off screen: nothing.
	behind := vec3.T{float32(v.Eye[0]), 0, float32(v.Eye[2])}
	off := vec3.T{float32(v.Eye[0]) + 5000, 0, float32(v.Eye[2])}
	if r := FigureBatches(&v, &l, []Figure{{Pos: behind}, {Pos: off}}, &b); b.Triangles() != 0 || !r.Empty() {
		t.Fatalf("%d triangles for figures out of view", b.Triangles())
	}
}

// FigureAt picks the figure under a pixel, the nearer of two in line.
func TestFigureAt(t *testing.T) {
	v := figureView(t, 0)
	far := vec3.T{float32(v.Eye[0]), 0, float32(v.Eye[2]) + 120}
	near := vec3.T{float32(v.Eye[0]), 0, float32(v.Eye[2]) + 70}
	figs := []Figure{{Pos: far}, {Pos: near}}
	for k, f := range figs {
		x, y, w := v.Clip(vec3.T{f.Pos[0], f.Pos[1] + 3, f.Pos[2]})
		sx, sy := v.Screen(x, y, w)
		got, ok := FigureAt(&v, figs[k:k+1], sx, sy)
		if !ok || got != 0 {
			t.Fatalf("figure %d alone: picked %d %v", k, got, ok)
		}
	}
	x, y, w := v.Clip(vec3.T{near[0], near[1] + 3, near[2]})
	sx, sy := v.Screen(x, y, w)
	if got, ok := FigureAt(&v, figs, sx, sy); !ok || got != 1 {
		t.Fatalf("two in line: picked %d %v, want the nearer (1)", got, ok)
	}
	if _, ok := FigureAt(&v, figs, sx+300, sy); ok {
		t.Fatal("picked a figure far from the pixel")
	}
}

// Painter's order is right: figures drawn in FigureBatches' order with no
// depth test among them give the picture a z-buffer gives, from eyes all
// round (the boxes' order turns with the eye), for figures standing in
// a crowd that overlaps on screen (8 to 9 units apart: the bases do not
// touch; units stand a cell, 17 units, apart).
func TestFigurePainterOrderMatchesZBuffer(t *testing.T) {
	l := DefaultLighting()
	g, err := hexmap.NewGrid(20, 15, 1)
	if err != nil {
		t.Fatal(err)
	}
	for rot := 0.0; rot < 360; rot += 23 {
		for _, zoom := range []float64{0.7, 1} {
			c := NewCamera(g.Topology())
			c.Zoom, c.Rotation = zoom, rot
			v := c.View(320, 240)
			var figs []Figure
			for k := range 12 {
				figs = append(figs, Figure{
					Pos:     vec3.T{float32(c.X) + float32(k%4)*8 - 12, float32(k % 3), float32(c.Z) + float32(k/4)*9 - 9},
					Heading: float32(k * 47), Color: [3]float32{float32(k) / 12, 0.5, 1 - float32(k)/12},
				})
			}
			var b Batches
			FigureBatches(&v, &l, figs, &b)
			zbuf := NewRaster(320, 240, NearClip, 2000)
			// Compare where the painter could go wrong: the z-buffer and
			// the painter see the same triangles.
			zbuf.DrawOpaque(b.List())
			painter := NewRaster(320, 240, NearClip, 2000)
			painter.DrawOver(b.List())
			differ, covered := 0, 0
			for i := range zbuf.Color {
				if zbuf.Depth[i] < math.Inf(1) {
					covered++
				}
				if zbuf.Color[i] != painter.Color[i] {
					differ++
				}
			}
			if covered < 500 {
				t.Fatalf("rotation %v zoom %v: only %d pixels of figures", rot, zoom, covered)
			}
			// Faces sharing an edge may differ on a pixel there; whole
			// boxes in the wrong order differ by hundreds.
			if differ > covered/200 {
				t.Fatalf("rotation %v zoom %v: %d of %d pixels differ from the z-buffer", rot, zoom, differ, covered)
			}
		}
	}
}
