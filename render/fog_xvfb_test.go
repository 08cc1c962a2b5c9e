//go:build xvfb

package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"
	"time"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/testutil"
	"hexsandbox/mapgen"
	"hexsandbox/render/project"
	"hexsandbox/vision"

	"github.com/hajimehoshi/ebiten/v2"
)

// fogBackground is Catlike's background colour, #68615B.
var fogBackground = color.RGBA{0x68, 0x61, 0x5b, 0xff}

// fogScene is a generated map with one unit of side 1 near its middle
// and, besides what the unit sees, a ring of cells five and six steps
// from it explored: every cell is visible, explored out of sight or
// unexplored for side 1.
func fogScene(t *testing.T, top hexmap.Topology) (*hexmap.Grid, *vision.Vision, *vision.CellData, int) {
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(top, 7)
	if err != nil {
		t.Fatal(err)
	}
	mid, centre := top.Width/2+top.Height/2*top.Width, -1
	for d := 0; centre < 0 && d < top.Width; d++ {
		for i := range g.Topology().CellCount() {
			if centre < 0 && top.Distance(i, mid) == d && !g.Cell(i).IsUnderwater() {
				centre = i
			}
		}
	}
	if err := g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(centre), Side: 1, MovesLeft: hexmap.UnitSpeed}); err != nil {
		t.Fatal(err)
	}
	v := vision.New(g)
	v.Sync()
	for i := range g.Topology().CellCount() {
		if d := top.Distance(i, centre); d == 5 || d == 6 {
			g.Explore(i, 1)
		}
	}
	return g, v, vision.NewCellData(v, 1), centre
}

// Through the renderer, at each cell's centre where the stored depth
// shows the cell's own surface there (not a hill in front): a visible
// cell is drawn as without the fog, an explored one out of sight at a
// quarter of that brightness (lerp(0.25, 1, 0)), an unexplored one and
// everything beyond the map in the background colour, water included
// (the translucent layers are fogged too); on a flat and on a wrapping
// map, near the seam.
func TestFogShadesCells(t *testing.T) {
	for _, wrap := range []bool{false, true} {
		t.Run(fmt.Sprintf("wrapping=%v", wrap), func(t *testing.T) {
			top := hexmap.Topology{Width: 20, Height: 15, Wrapping: wrap}
			g, v, d, centre := fogScene(t, top)
			r, err := NewRenderer(chunk.NewSet(g))
			if err != nil {
				t.Fatal(err)
			}
			cam := project.NewCamera(top)
			cam.Zoom, cam.Rotation = 0.3, 20
			p := geom.CellPosition(g, centre)
			cam.X, cam.Z = float64(p[0]), float64(p[2])
			if wrap {
				cam.X = float64(p[0]) + float64(top.WrapSize())/2 // the seam in view
			}
			cam.Clamp()
			const w, h = 640, 400
			clear := readFrame(r, &cam, w, h, 0)
			r.SetFog(d)
			fogged := readFrame(r, &cam, w, h, 0)
			depth := r.storedDepth()
			savePNG(t, fmt.Sprintf("fog_clear_wrap%v", wrap), clear)
			savePNG(t, fmt.Sprintf("fog_fogged_wrap%v", wrap), fogged)
			view := cam.View(w, h)
			var counts [3][2]int // state × dry/underwater
			for i := range g.Topology().CellCount() {
				st := 0
				switch {
				case v.Visible(1, i):
					st = 2
				case g.Explored(i, 1):
					st = 1
				}
				for _, pt := range ownCentrePixels(g, &view, depth, i, float32(cam.X), w, h) {
					a, b := clear.RGBAAt(pt.X, pt.Y), fogged.RGBAAt(pt.X, pt.Y)
					want := [3]color.RGBA{fogBackground, scaledRGBA(a, 0.25), a}[st]
					if !near(b, want, 4) {
						t.Errorf("cell %d (state %d): pixel %v is %v, want %v (without fog %v)", i, st, pt, b, want, a)
					}
					under := 0
					if g.Cell(i).IsUnderwater() {
						under = 1
					}
					counts[st][under]++
				}
			}
			t.Logf("cells judged (dry, underwater): unexplored %v, explored %v, visible %v", counts[0], counts[1], counts[2])
			for st, c := range counts {
				if c[0] < 3 {
					t.Errorf("only %d dry cells of state %d in view", c[0], st)
				}
			}
			if counts[0][1]+counts[1][1]+counts[2][1] < 3 {
				t.Errorf("only %v underwater cells in view", counts)
			}
			beyond := 0
			for k, dd := range depth {
				if math.IsInf(dd, 1) {
					beyond++
					if px := fogged.RGBAAt(k%w, k/w); !near(px, fogBackground, 1) {
						t.Fatalf("pixel (%d, %d) beyond the map is %v, not the background", k%w, k/w, px)
					}
				}
			}
			if !wrap && beyond == 0 {
				t.Error("nothing beyond the map in view")
			}
		})
	}
}

// ownCentrePixels is the pixel at cell i's centre (on the water's
// surface for an underwater cell; on a wrapping map in the copy nearest
// x) when the stored depth there is the
// cell's own: the centre itself, or for an underwater cell its bottom
// just below it along the ray.
func ownCentrePixels(g *hexmap.Grid, v *project.View, depth []float64, i int, x float32, w, h int) []image.Point {
	p := geom.CellPosition(g, i)
	p[0] = g.Topology().Nearest(p[0], x)
	c := g.Cell(i)
	if c.IsUnderwater() {
		p[1] = float32(c.WaterLevel) * geom.ElevationStep
	}
	cx, cy, cw := v.Clip(p)
	if cw <= 0 {
		return nil
	}
	sx, sy := v.Screen(cx, cy, cw)
	px, py := int(sx), int(sy)
	if px < 2 || py < 2 || px >= w-2 || py >= h-2 {
		return nil
	}
	// The opaque surface behind the pixel: for a dry cell its centre,
	// for an underwater one its bottom, within a few units of the centre
	// (inside the cell's solid hexagon however the terrain is perturbed).
	d := float32(depth[py*w+px])
	eye, dir := v.Ray(float64(px)+0.5, float64(py)+0.5)
	dx, dz := eye[0]+d*dir[0]-p[0], eye[2]+d*dir[2]-p[2]
	if math.IsInf(float64(d), 1) || math.Hypot(float64(dx), float64(dz)) > 3 || !c.IsUnderwater() && math.Abs(float64(d-cw)) > 1.5 {
		return nil
	}
	return []image.Point{{px, py}}
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return abs(int(x)-int(y)) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

func scaledRGBA(c color.RGBA, f float64) color.RGBA {
	s := func(v uint8) uint8 { return uint8(float64(v)*f + 0.5) }
	return color.RGBA{s(c.R), s(c.G), s(c.B), 255}
}

// The fog pass runs only when the scene, the view or the cell data
// changed: a still frame reuses the fogged scene, a fading step and a
// moved camera shade it again.
func TestFogPassCached(t *testing.T) {
	top := hexmap.Topology{Width: 20, Height: 15}
	g, v, d, centre := fogScene(t, top)
	r, err := NewRenderer(chunk.NewSet(g))
	if err != nil {
		t.Fatal(err)
	}
	r.SetFog(d)
	cam := project.NewCamera(top)
	readFrame(r, &cam, 320, 200, 0)
	n := r.fog.passes
	readFrame(r, &cam, 320, 200, 0.5)
	if r.fog.passes != n {
		t.Errorf("a still frame ran the fog pass again (%d times)", r.fog.passes-n)
	}
	var to int
	top.Neighbors(centre, func(_ hexmap.Direction, c int) {
		if !g.Cell(c).IsUnderwater() && !g.Occupied(c) {
			to = c
		}
	})
	u := g.Units()[0]
	u.Location = g.Topology().Coordinates(to)
	if err := g.PutUnit(0, u); err != nil {
		t.Fatal(err)
	}
	v.Step(centre, to)
	if !d.Update(0.1) {
		t.Fatal("the step changed nothing in the cell data")
	}
	readFrame(r, &cam, 320, 200, 0.5)
	if r.fog.passes != n+1 {
		t.Errorf("a fading step ran the fog pass %d times, want once", r.fog.passes-n)
	}
	cam.Rotation += 10
	readFrame(r, &cam, 320, 200, 0.5)
	if r.fog.passes != n+2 {
		t.Errorf("a turned camera ran the fog pass %d times, want once", r.fog.passes-n-1)
	}
}

// BenchmarkCellDataUpload is the renderer's per-frame upload of the cell
// data of an 80×60 map (4 bytes a cell) while cells fade: every frame
// the data changed (goal: under 0.2 ms of CPU). WritePixels only queues
// the texels; "flushed-cpu-ms/op" is the CPU time a frame that uses the
// image (a 1×1 draw from it, read back) takes more with the upload than
// without, measured in alternating blocks within one run, so the
// driver's copy (Mesa's, on the CPU under Xvfb) counts too.
func BenchmarkCellDataUpload(b *testing.B) {
	top := hexmap.Topology{Width: 80, Height: 60}
	g, err := hexmap.NewGridOf(top, noise.New(1))
	if err != nil {
		b.Fatal(err)
	}
	r, err := NewRenderer(chunk.NewSet(g))
	if err != nil {
		b.Fatal(err)
	}
	r.SetFog(vision.NewCellData(vision.New(g), 1))
	r.uploadFog()
	dst := ebiten.NewImage(1, 1)
	use := func(upload bool) {
		if upload {
			r.fog.ok = false // as when the data's Serial moved on
			r.uploadFog()
		}
		dst.DrawImage(r.fog.image, nil)
		dst.At(0, 0)
	}
	const block = 20
	var with, without time.Duration
	n := 0
	for b.Loop() {
		for _, upload := range []bool{true, false} {
			start := testutil.CPUTime()
			for range block {
				use(upload)
			}
			if d := testutil.CPUTime() - start; upload {
				with += d
			} else {
				without += d
			}
		}
		n++
	}
	b.ReportMetric(float64(with-without)/float64(n*block)/1e6, "flushed-cpu-ms/op")
	start := testutil.CPUTime()
	for range 1000 {
		r.fog.ok = false
		r.uploadFog()
	}
	b.ReportMetric(float64(testutil.CPUTime()-start)/1000/1e6, "queued-cpu-ms/op")
}

// BenchmarkFrameFog is the still frame of BenchmarkFrameStill under the
// fog (two thirds of the map explored, none of it in sight), in
// alternating blocks within one run: with the fog settled (the fogged
// scene reused: one copy more than without fog), while cells fade (the
// fog pass shades the whole frame again every frame), and the same
// frame of a renderer without fog, reporting each one's CPU time.
func BenchmarkFrameFog(b *testing.B) {
	s, plain := newFrameScene(b), newFrameScene(b)
	g := s.grid
	for i := range g.Topology().CellCount() {
		if i%3 != 0 {
			g.Explore(i, 1)
		}
	}
	s.r.SetFog(vision.NewCellData(vision.New(g), 1))
	s.frame(false)
	plain.frame(false)
	const block = 10
	var sums [3]time.Duration
	n := 0
	for b.Loop() {
		for k := range sums {
			start := testutil.CPUTime()
			for range block {
				switch k {
				case 0:
					s.frame(false)
				case 1:
					s.r.fog.valid = false // as when the cell data moved on
					s.frame(false)
				case 2:
					plain.frame(false)
				}
			}
			sums[k] += testutil.CPUTime() - start
		}
		n++
	}
	for k, unit := range []string{"settled-cpu-ms/frame", "fading-cpu-ms/frame", "nofog-cpu-ms/frame"} {
		b.ReportMetric(float64(sums[k])/float64(n*block)/1e6, unit)
	}
}
