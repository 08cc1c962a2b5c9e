//go:build xvfb

package render

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/mesh"
	"hexsandbox/render/internal/demo"
	"hexsandbox/render/project"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec4"
)

// Every program the renderer draws with compiles (NewRenderer compiles
// them all and names the one that fails).
func TestShadersCompile(t *testing.T) {
	g, err := hexmap.NewGrid(5, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewRenderer(chunk.NewSet(g)); err != nil {
		t.Fatal(err)
	}
}

// savePNG keeps an image for looking at when HEXSANDBOX_PNG names a folder.
func savePNG(t *testing.T, name string, img image.Image) {
	if dir := os.Getenv("HEXSANDBOX_PNG"); dir != "" {
		if err := WritePNG(filepath.Join(dir, name+".png"), img); err != nil {
			t.Fatal(err)
		}
	}
}

type view struct{ zoom, rot, dx, dz float64 }

var views = []view{{0, 0, 0, 0}, {0.5, 30, 10, -20}, {1, 200, 0, 0}, {0.8, 95, -30, 25}, {0.3, 310, 40, 40}}

// viewCamera is the camera of test view v over set's map.
func viewCamera(set *chunk.Set, v view) project.Camera {
	c := project.NewCamera(set.Grid.Topology())
	c.Zoom, c.Rotation = v.zoom, v.rot
	c.X, c.Z = c.X+v.dx, c.Z+v.dz
	c.Clamp()
	return c
}

// compareViews draws set through the renderer as the editor does, from
// each test view, and compares the depth the GPU stored with the CPU
// z-buffer of the chunks' own triangles, projected from the camera.
func compareViews(t *testing.T, name string, set *chunk.Set, w, h int) {
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	r.SetLOD(0, 0) // the full-detail geometry is what these views check
	for vi, v := range views {
		cam := viewCamera(set, v)
		frame := readFrame(r, &cam, w, h, 0)
		b := r.built
		opaque := b.Terrain.Triangles() + b.Lit.Triangles() + b.Facade.Triangles()
		if opaque == 0 {
			t.Fatalf("%s view %d: nothing opaque in view", name, vi)
		}
		diffImg := image.NewRGBA(image.Rect(0, 0, w, h))
		check := compareDepth(r, DepthReference(set, &cam, w, h, 0), diffImg)
		t.Logf("%s view %d: %d opaque triangles drawn, %.4f%% of pixels differ in depth, %.1f%% covered, %.4f%% unlit",
			name, vi, opaque, 100*check.Differ, 100*check.Covered, 100*check.Unlit)
		savePNG(t, fmt.Sprintf("frame_%s_%d", name, vi), frame)
		savePNG(t, fmt.Sprintf("diff_%s_%d", name, vi), diffImg)
		if check.Covered < 1.0/8 {
			t.Errorf("%s view %d: only %.1f%% of pixels covered; the view misses the scene", name, vi, 100*check.Covered)
		}
		if check.Differ > 0.001 {
			t.Errorf("%s view %d: %.4f%% of pixels differ from the CPU z-buffer (limit 0.1%%)", name, vi, 100*check.Differ)
		}
		if check.Unlit > 0.0001 {
			t.Errorf("%s view %d: the colour pass left %.4f%% of the covered pixels at the background", name, vi, 100*check.Unlit)
		}
	}
}

// The depth the GPU stores for the synthetic scene (slabs through
// terraces, boxes, water under the land) matches the CPU reference.
func TestDepthMatchesCPUScene(t *testing.T) {
	set, err := demo.Scene(3)
	if err != nil {
		t.Fatal(err)
	}
	compareViews(t, "scene", set, 480, 270)
}

// The same for a generated map with every layer.
func TestDepthMatchesCPUMap(t *testing.T) {
	g, err := mapgen.Showcase(20, 15, 5)
	if err != nil {
		t.Fatal(err)
	}
	set := chunk.NewSet(g)
	if countTriangles(set, mesh.Terrain) == 0 {
		t.Fatal("triangulation produced no terrain")
	}
	compareViews(t, "map", set, 480, 270)
}

// The same for a map that wraps east-west, seen over its seam and from
// far enough out that several copies are in view: the copies the
// renderer draws and the chunks it culls in each must agree with the
// reference, which draws the whole map at every shift.
func TestDepthMatchesCPUWrappingMap(t *testing.T) {
	top := hexmap.Topology{Width: 20, Height: 15, Wrapping: true}
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(top, 7)
	if err != nil {
		t.Fatal(err)
	}
	set := chunk.NewSet(g)
	wrap := float64(top.WrapSize())
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	r.SetLOD(0, 0) // the reference draws full detail at every distance
	for vi, v := range []view{{0, 0, 0, 0}, {0.4, 60, 0, 0}, {0.9, 270, 0, 0}} {
		cam := viewCamera(set, v)
		cam.X = 0.02 * wrap // just east of the seam
		const w, h = 480, 270
		readFrame(r, &cam, w, h, 0)
		diffImg := image.NewRGBA(image.Rect(0, 0, w, h))
		check := compareDepth(r, DepthReference(set, &cam, w, h, 0), diffImg)
		t.Logf("wrapping view %d: %.4f%% of pixels differ, %.1f%% covered", vi, 100*check.Differ, 100*check.Covered)
		savePNG(t, fmt.Sprintf("diff_wrap_%d", vi), diffImg)
		if check.Covered < 1.0/8 || check.Differ > 0.001 || check.Unlit > 0.0001 {
			t.Errorf("wrapping view %d: %.4f%% differ (limit 0.1%%), %.1f%% covered, %.4f%% unlit", vi, 100*check.Differ, 100*check.Covered, 100*check.Unlit)
		}
	}
}

func countTriangles(set *chunk.Set, l mesh.Layer) int {
	n := 0
	for i := range set.Chunks {
		n += set.Chunks[i].Layers[l].TriangleCount()
	}
	return n
}

// Water animates while land stays still, and the opaque scene is not
// redrawn when nothing but time changed.
func TestWaterAnimatesLandStill(t *testing.T) {
	scene, showcase := testSets(t)
	t.Run("scene", func(t *testing.T) { waterAnimates(t, scene, 0.6) })
	t.Run("map", func(t *testing.T) { waterAnimates(t, showcase, 0.3) })
}

// testSets are the two scenes the window tests draw: the demo scene
// (meshes made by hand) and a triangulated 20×15 showcase map.
func testSets(t *testing.T) (scene, showcase *chunk.Set) {
	t.Helper()
	scene, err := demo.Scene(3)
	if err != nil {
		t.Fatal(err)
	}
	g, err := mapgen.Showcase(20, 15, 5)
	if err != nil {
		t.Fatal(err)
	}
	return scene, chunk.NewSet(g)
}

func waterAnimates(t *testing.T, set *chunk.Set, zoom float64) {
	r, err := NewRenderer(set)
	if err == nil {
		r.SetLOD(0, 0) // the small view would draw the far chunks' levels of detail, whose water is still
	}
	if err != nil {
		t.Fatal(err)
	}
	view := project.NewCamera(set.Grid.Topology())
	view.Zoom = zoom
	cam := &view
	const w, h = 320, 180
	isWater := waterPixels(set, cam, w, h)
	a := readFrame(r, cam, w, h, 0)
	draws, bakes := r.OpaqueDraws, r.WaterBakes
	c := readFrame(r, cam, w, h, 1.7)
	if r.OpaqueDraws != draws {
		t.Fatalf("the opaque scene was redrawn %d times for a frame with the same view", r.OpaqueDraws-draws)
	}
	if bakes != 1 || r.WaterBakes != bakes {
		t.Errorf("the water was baked %d times for the first frame and %d for the second, with the same view; want once, with the opaque scene", bakes, r.WaterBakes-bakes)
	}
	savePNG(t, "anim_a_"+t.Name()[len(t.Name())-3:], a)
	savePNG(t, "anim_b_"+t.Name()[len(t.Name())-3:], c)
	var water, waterChanged, land, landChanged int
	for i := range isWater {
		changed := a.Pix[4*i] != c.Pix[4*i] || a.Pix[4*i+1] != c.Pix[4*i+1] || a.Pix[4*i+2] != c.Pix[4*i+2]
		switch isWater[i] {
		case 1:
			water++
			if changed {
				waterChanged++
			}
		case 0:
			land++
			if changed {
				landChanged++
			}
		}
	}
	t.Logf("water %d pixels, %d changed; land %d pixels, %d changed", water, waterChanged, land, landChanged)
	if water < w*h/50 || land < w*h/10 {
		t.Fatalf("view shows too little: %d water, %d land pixels", water, land)
	}
	if float64(waterChanged) < 0.3*float64(water) {
		t.Errorf("only %d of %d water pixels changed over 1.7 s", waterChanged, water)
	}
	if landChanged != 0 {
		t.Errorf("%d land pixels changed", landChanged)
	}
}

// waterPixels marks, from the CPU reference of set's triangles, pixels
// where water (open water, shore, estuaries or rivers) surely shows in
// front of the opaque scene (1), where no translucent layer may show,
// however generously its depth test is biased (0), and the rest (-1,
// incl. a pixel's margin around every boundary, where edge coverage may
// differ).
func waterPixels(set *chunk.Set, cam *project.Camera, w, h int) []int {
	rc := referenceCamera(cam, w, h)
	shown := func(layers []mesh.Layer, bias float64) []bool {
		c := DepthReference(set, cam, w, h, 0)
		c.Bias = bias
		for i := range c.Depth {
			copy(c.Img.Pix[4*i:4*i+3], []uint8{0, 0, 0})
		}
		for ch := range set.Chunks {
			for _, l := range layers {
				drawMesh(c, &rc, &set.Chunks[ch].Layers[l], 0, vec4.T{1, 1, 1, 0.5})
			}
		}
		out := make([]bool, w*h)
		for i := range out {
			out[i] = c.Img.Pix[4*i] != 0
		}
		return out
	}
	translucent := []mesh.Layer{mesh.Rivers, mesh.Roads, mesh.Water, mesh.WaterShore, mesh.Estuaries}
	water := shown([]mesh.Layer{mesh.Rivers, mesh.Water, mesh.WaterShore, mesh.Estuaries}, 0)
	maybe := shown(translucent, 1)
	ref := DepthReference(set, cam, w, h, 0)
	out := make([]int, w*h)
	for i := range out {
		switch {
		case !ref.Covered(i):
			out[i] = -1
		case water[i]:
			out[i] = 1
		case !maybe[i]:
			out[i] = 0
		default:
			out[i] = -1
		}
	}
	// Blur the classification's edges away.
	res := append([]int(nil), out...)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			i := x + y*w
			for _, j := range []int{i - 1, i + 1, i - w, i + w} {
				if out[j] != out[i] {
					res[i] = -1
				}
			}
		}
	}
	return res
}

// Drawing into a sub-image with an offset gives the same pixels as
// drawing into an image of its own.
func TestDrawIntoSubImage(t *testing.T) {
	set, err := demo.Scene(3)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	c := project.NewCamera(set.Grid.Topology())
	c.Zoom = 0.7
	cam := &c
	const w, h = 200, 120
	direct := readFrame(r, cam, w, h, 0.5)
	big := ebiten.NewImage(w+50, h+40)
	defer big.Deallocate()
	sub := big.SubImage(image.Rect(30, 25, 30+w, 25+h)).(*ebiten.Image)
	r.Draw(sub, cam, 0.5)
	all := image.NewRGBA(big.Bounds())
	big.ReadPixels(all.Pix)
	diff := 0
	for y := range h {
		for x := range w {
			a := direct.RGBAAt(x, y)
			b := all.RGBAAt(x+30, y+25)
			if a != b {
				diff++
			}
		}
	}
	if diff > 0 {
		t.Fatalf("%d of %d pixels differ between a sub-image and a plain image", diff, w*h)
	}
	if all.RGBAAt(10, 10) != (color.RGBA{}) {
		t.Fatalf("drawing outside the sub-image: %v", all.RGBAAt(10, 10))
	}
}
