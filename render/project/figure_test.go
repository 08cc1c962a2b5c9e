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
	shield := figureModels[SpearFigure][5]
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
// figure of n boxes at most n·3·2 triangles besides its ring's (seen from
// above, every segment of it), and at least one face of each box.
func TestFigureCullsBackFaces(t *testing.T) {
	v := figureView(t, 200)
	l := DefaultLighting()
	var b Batches
	at := vec3.T{float32(v.Eye[0]) + 10, 0, float32(v.Eye[2]) - 60}
	for kind := range FigureKinds {
		cover := FigureBatches(&v, &l, []Figure{{Pos: at, Heading: 33, Kind: kind}}, &b)
		n := len(figureModels[kind])
		tris := b.Triangles() - 2*ringSegments
		if tris > n*6 || tris < n*2 {
			t.Fatalf("kind %d: %d triangles for %d boxes and the ring", kind, b.Triangles(), n)
		}
		if cover.Empty() {
			t.Fatalf("kind %d: the figure covers no pixels", kind)
		}
	}
	// Behind the camera or off screen: nothing.
	behind := vec3.T{v.Eye[0] - 40*v.Forward[0], 0, v.Eye[2] - 40*v.Forward[2]}
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

// Every pixel a figure of any kind covers on the screen picks it (the
// rider's head and tail, the spear's tip as much as the feet), and no
// pixel a pixel away from all it covers does: the rasterizer's coverage
// of the figure's triangles against FigureAt's faces (round the
// rectangle FigureBatches says they cover).
func TestFigureAtEveryDrawnPixel(t *testing.T) {
	l := DefaultLighting()
	for _, rot := range []float64{0, 250} {
		v := figureView(t, rot)
		at := vec3.T{float32(v.Eye[0]) + 60*v.Forward[0], 0, float32(v.Eye[2]) + 60*v.Forward[2]}
		for kind := range FigureKinds {
			for _, heading := range []float32{70, 300} {
				figs := []Figure{{Pos: at, Heading: heading, Kind: kind, Color: [3]float32{0.9, 0.2, 0.2}}}
				var b Batches
				box := FigureBatches(&v, &l, figs, &b).Inset(-4)
				r := NewRaster(int(v.Width), int(v.Height), NearClip, 2000)
				r.DrawOpaque(b.List())
				drawn := func(x, y int) bool {
					return x >= 0 && y >= 0 && x < r.W && y < r.H && r.Depth[y*r.W+x] < math.Inf(1)
				}
				covered, missed, stray := 0, 0, 0
				for y := box.Min.Y; y < box.Max.Y; y++ {
					for x := box.Min.X; x < box.Max.X; x++ {
						_, picked := FigureAt(&v, figs, float32(x)+0.5, float32(y)+0.5)
						near := false
						for dy := -1; dy <= 1; dy++ {
							for dx := -1; dx <= 1; dx++ {
								near = near || drawn(x+dx, y+dy)
							}
						}
						switch {
						case drawn(x, y):
							covered++
							if !picked {
								missed++
							}
						case !near && picked:
							stray++
						}
					}
				}
				if covered < 200 || missed > 0 || stray > 0 {
					t.Errorf("rotation %v kind %d heading %v: of %d pixels drawn %d not picked; %d picked a pixel away from it", rot, kind, heading, covered, missed, stray)
				}
			}
		}
	}
}

// Painter's order is right: figures of every kind drawn in
// FigureBatches' order with no depth test among them give the picture a
// z-buffer gives, from eyes all round (the boxes' order turns with the
// eye), for figures standing in a crowd that overlaps on screen (13 to
// 14 units apart, just beyond two reaches: the rings do not touch; units
// stand a cell, 17 units, apart).
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
					Pos:     vec3.T{float32(c.X) + float32(k%4)*13 - 20, float32(k % 3), float32(c.Z) + float32(k/4)*14 - 14},
					Heading: float32(k * 47), Color: [3]float32{float32(k) / 12, 0.5, 1 - float32(k)/12},
					Kind: FigureKind(k % int(FigureKinds)),
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

// Every model is drawable in painter's order and within its bounds: each
// box has a size on every axis, no two boxes of a model overlap (each
// pair lies apart along some axis), and every box lies within
// figureReach of the feet's axis and below FigureHeight.
func TestFigureModelsBoxesApart(t *testing.T) {
	for kind, model := range figureModels {
		if len(model) == 0 || len(model) > maxParts {
			t.Fatalf("kind %d: %d boxes, want 1..%d", kind, len(model), maxParts)
		}
		for a, pa := range model {
			for axis := range 3 {
				if pa.hi[axis] <= pa.lo[axis] {
					t.Errorf("kind %d box %d: no size along axis %d", kind, a, axis)
				}
			}
			for _, x := range []float32{pa.lo[0], pa.hi[0]} {
				for _, z := range []float32{pa.lo[2], pa.hi[2]} {
					if r := math.Hypot(float64(x), float64(z)) * figureScale; r > figureReach {
						t.Errorf("kind %d box %d: a corner %.2f from the axis, beyond the reach %v", kind, a, r, figureReach)
					}
				}
			}
			if pa.lo[1] < 0 || pa.hi[1]*figureScale > FigureHeight {
				t.Errorf("kind %d box %d: heights %v..%v beyond 0..%v", kind, a, pa.lo[1], pa.hi[1], FigureHeight/figureScale)
			}
			for b := a + 1; b < len(model); b++ {
				pb := model[b]
				apart := false
				for axis := range 3 {
					apart = apart || pa.hi[axis] <= pb.lo[axis] || pb.hi[axis] <= pa.lo[axis]
				}
				if !apart {
					t.Errorf("kind %d: boxes %d and %d overlap", kind, a, b)
				}
			}
		}
	}
	if r := ringOuter * figureScale; r > figureReach {
		t.Errorf("the ring reaches %v, beyond %v", r, figureReach)
	}
}
