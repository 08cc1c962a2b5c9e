//go:build xvfb

package blocks

import (
	"image"
	"image/color"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/testutil"
	"hexsandbox/palette"
	"hexsandbox/render/project"
	"hexsandbox/vision"
)

// blocksMap is a 10×10 map of terraced land: elevation rising east, a
// flooded corner, a walled cell and a road, so that the fallback draws
// tops, sides, water and links.
func blocksMap(t *testing.T) *hexmap.Grid {
	g, err := hexmap.NewGrid(10, 10, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Topology().CellCount() {
		x, z := g.Topology().Offset(i)
		g.SetElevation(i, x/3)
		g.SetTerrainType(i, uint8((x+z)%int(hexmap.TerrainTypeCount)))
		if x < 2 && z < 2 {
			g.SetWaterLevel(i, 2)
		}
	}
	g.SetWalled(55, true)
	g.AddRoad(44, hexmap.E)
	return g
}

// The blocks fallback picks the cell whose top the cursor is over, from
// straight above and from an angle.
func TestBlocksPickCellUnderCursor(t *testing.T) {
	g := blocksMap(t)
	b := New()
	b.Reset(g)
	for _, zoom := range []float64{0, 0.7} {
		cam := project.NewCamera(g.Topology())
		cam.Zoom = zoom
		const w, h = 640, 400
		v := cam.View(w, h)
		for _, i := range []int{22, 44, 55, 63, 77} {
			c := g.Cell(i)
			x, z := g.Topology().Coordinates(i).Center()
			sx, sy, ok := project2D(&v, [3]float32{x, float32(c.Elevation) * geom.ElevationStep, z})
			if !ok {
				t.Fatalf("zoom %v: cell %d is behind the camera", zoom, i)
			}
			if got, _, ok := b.Pick(&cam, w, h, float64(sx), float64(sy)); !ok || got != i {
				t.Errorf("zoom %v: cursor over the top of cell %d picked %d (%v)", zoom, i, got, ok)
			}
		}
	}
}

// Looking straight down, a dry cell's centre shows its terrain colour (as
// shaded by its height) and a flooded cell's centre is water-blue; edits
// show after Refresh, and only then.
func TestBlocksDrawAndRefresh(t *testing.T) {
	g := blocksMap(t)
	b := New()
	b.Reset(g)
	cam := project.NewCamera(g.Topology())
	cam.Zoom = 0
	const w, h = 320, 240
	dst := ebiten.NewImage(w, h)
	pixelAt := func(i int) color.RGBA {
		v := cam.View(w, h)
		x, z := g.Topology().Coordinates(i).Center()
		sx, sy, _ := project2D(&v, [3]float32{x, float32(g.Cell(i).Elevation) * geom.ElevationStep, z})
		dst.Clear()
		b.Draw(dst, &cam)
		pix := image.NewRGBA(dst.Bounds())
		dst.ReadPixels(pix.Pix)
		return pix.RGBAAt(int(sx), int(sy))
	}
	dry := 66
	want := shade(palette.Terrain[g.Cell(dry).TerrainType], 0.8+0.04*float32(g.Cell(dry).Elevation))
	if got := pixelAt(dry); !near(got, want) {
		t.Errorf("dry cell centre %v, want its terrain colour %v", got, want)
	}
	if got := pixelAt(0 + 1*10); got.B <= got.R || got.B <= got.G {
		t.Errorf("flooded cell centre %v is not water-blue", got)
	}
	// A marked face survives a Refresh without edits: nothing is rebuilt.
	marker := color.NRGBA{1, 2, 3, 4}
	b.faces[0].col = marker
	b.Refresh()
	if b.faces[0].col != marker {
		t.Fatal("Refresh rebuilt the faces without an edit")
	}
	g.SetTerrainType(dry, (g.Cell(dry).TerrainType+1)%hexmap.TerrainTypeCount)
	b.Refresh()
	want = shade(palette.Terrain[g.Cell(dry).TerrainType], 0.8+0.04*float32(g.Cell(dry).Elevation))
	if got := pixelAt(dry); !near(got, want) {
		t.Errorf("after repainting: cell centre %v, want %v", got, want)
	}
}

// TestMain runs the tests inside an ebiten game loop: reading pixels back
// needs the loop running.
func TestMain(m *testing.M) { os.Exit(testutil.RunInGameLoop(m)) }

// project2D is where world point p lies on the screen of view v, and
// whether it lies before the near plane.
func project2D(v *project.View, p vec3.T) (sx, sy float32, ahead bool) {
	x, y, w := v.Clip(p)
	sx, sy = v.Screen(x, y, w)
	return sx, sy, w >= project.NearClip
}

func near(a color.RGBA, b color.NRGBA) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= 3 && int(y)-int(x) <= 3 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// On a wrapping map the blocks go on west of the first column: a cell of
// the last column shows its own colour there, a map width west of its
// place, and the cursor over it picks it; a flat map shows nothing there.
func TestBlocksWrapping(t *testing.T) {
	for _, wrapping := range []bool{false, true} {
		top := hexmap.Topology{Width: 10, Height: 10, Wrapping: wrapping}
		g, err := hexmap.NewGridOf(top, noise.New(3))
		if err != nil {
			t.Fatal(err)
		}
		last := 9 + 4*10
		g.SetTerrainType(last, hexmap.Snow)
		b := New()
		b.Reset(g)
		cam := project.NewCamera(top)
		cam.X, cam.Zoom = 0, 0
		cam.Clamp()
		const w, h = 320, 240
		v := cam.View(w, h)
		x, z := top.CellCenter(last)
		sx, sy, ok := project2D(&v, [3]float32{x - top.WrapSize(), 0, z})
		if !ok || sx < 0 || sx >= w || sy < 0 || sy >= h {
			t.Fatalf("wrapping %v: the copy west of the map is off the view at (%v, %v)", wrapping, sx, sy)
		}
		dst := ebiten.NewImage(w, h)
		b.Draw(dst, &cam)
		pix := image.NewRGBA(dst.Bounds())
		dst.ReadPixels(pix.Pix)
		want := shade(palette.Terrain[hexmap.Snow], 0.8)
		got := pix.RGBAAt(int(sx), int(sy))
		cell, _, picked := b.Pick(&cam, w, h, float64(sx), float64(sy))
		if wrapping && (!near(got, want) || !picked || cell != last) {
			t.Errorf("west of the first column: colour %v (want %v), picked %d %v (want %d)", got, want, cell, picked, last)
		}
		if !wrapping && (near(got, want) || picked) {
			t.Errorf("flat map: colour %v and pick %d %v west of its edge", got, cell, picked)
		}
	}
}

// Under the fog the blocks fallback shows a cell the side sees as it is,
// one explored out of sight at a quarter of its brightness, and nothing
// of an unexplored one: the background colour.
func TestBlocksFog(t *testing.T) {
	g := blocksMap(t)
	const unit, seen, explored, unexplored = 66, 67, 23, 28
	if err := g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(unit), Side: 1, MovesLeft: hexmap.UnitSpeed}); err != nil {
		t.Fatal(err)
	}
	v := vision.New(g)
	v.Sync()
	g.Explore(explored, 1)
	if !v.Visible(1, seen) || v.Visible(1, explored) || g.Explored(unexplored, 1) {
		t.Fatalf("visible %v %v, explored %v: not the case the test needs", v.Visible(1, seen), v.Visible(1, explored), g.Explored(unexplored, 1))
	}
	b := New()
	b.Reset(g)
	b.SetFog(vision.NewCellData(v, 1))
	cam := project.NewCamera(g.Topology())
	cam.Zoom = 0
	const w, h = 320, 240
	dst := ebiten.NewImage(w, h)
	b.Draw(dst, &cam)
	pix := image.NewRGBA(dst.Bounds())
	dst.ReadPixels(pix.Pix)
	view := cam.View(w, h)
	for _, tc := range []struct {
		cell       int
		brightness float32
	}{{seen, 1}, {explored, 0.25}, {unexplored, 0}} {
		c := g.Cell(tc.cell)
		x, z := g.Topology().Coordinates(tc.cell).Center()
		sx, sy, _ := project2D(&view, [3]float32{x, float32(c.Elevation) * geom.ElevationStep, z})
		want := palette.Fog.NRGBA()
		if tc.brightness > 0 {
			want = shade(shade(palette.Terrain[c.TerrainType], 0.8+0.04*float32(c.Elevation)), tc.brightness)
		}
		if got := pix.RGBAAt(int(sx), int(sy)); !near(got, want) {
			t.Errorf("cell %d (brightness %v): centre %v, want %v", tc.cell, tc.brightness, got, want)
		}
	}
}
