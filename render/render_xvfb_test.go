//go:build xvfb

package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/mapgen"
	"hexsandbox/mesh"
	"hexsandbox/render/internal/demo"
	"hexsandbox/render/project"
	"hexsandbox/shaders"

	"github.com/hajimehoshi/ebiten/v2"
)

func TestShadersCompile(t *testing.T) {
	for _, name := range shaders.Names() {
		if _, err := compile(name); err != nil {
			t.Error(err)
		}
	}
	for _, name := range shaders.Layers() {
		src, err := shaders.LayerSource(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ebiten.NewShader(src); err != nil {
			t.Errorf("layer %s: %v", name, err)
		}
	}
}

// capture draws one frame of r through cam into a fresh w×h image.
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

// compareViews renders set in flat mode (a colour per triangle) and
// compares it with the CPU z-buffer of the same projected triangles.
func compareViews(t *testing.T, name string, set *chunk.Set, w, h int) {
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	r.builder.Flat = true
	for vi, v := range views {
		c := project.NewCamera(set.Grid.Topology())
		c.Zoom, c.Rotation = v.zoom, v.rot
		c.X, c.Z = c.X+v.dx, c.Z+v.dz
		c.Clamp()
		cam := &c
		gpu := readFrame(r, cam, w, h, 0)
		b := &r.builder
		if b.Terrain.Triangles()+b.Lit.Triangles() == 0 {
			t.Fatalf("%s view %d: nothing opaque in view", name, vi)
		}
		diffImg := image.NewRGBA(gpu.Bounds())
		check := compareFlat(gpu, r.flatReference(w, h, 0), diffImg)
		share := check.Differ
		t.Logf("%s view %d: %d opaque + %d translucent triangles, %.4f%% of pixels differ, %.1f%% covered",
			name, vi, b.Lit.Triangles(), b.Translucent.Triangles(), 100*share, 100*check.Covered)
		savePNG(t, fmt.Sprintf("flat_%s_%d", name, vi), gpu)
		savePNG(t, fmt.Sprintf("diff_%s_%d", name, vi), diffImg)
		if check.Covered < 1.0/8 {
			t.Errorf("%s view %d: only %.1f%% of pixels covered; the view misses the scene", name, vi, 100*check.Covered)
		}
		if share > 0.001 {
			t.Errorf("%s view %d: %.4f%% of pixels differ from the CPU z-buffer (limit 0.1%%)", name, vi, 100*share)
		}
	}
}

func TestDepthMatchesCPUScene(t *testing.T) {
	set, err := demo.Scene(3)
	if err != nil {
		t.Fatal(err)
	}
	compareViews(t, "scene", set, 480, 270)
}

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
	if err != nil {
		t.Fatal(err)
	}
	view := project.NewCamera(set.Grid.Topology())
	view.Zoom = zoom
	cam := &view
	const w, h = 320, 180
	// Which pixels show water: flat mode colours water triangles.
	r.builder.Flat = true
	flat := readFrame(r, cam, w, h, 0)
	b := &r.builder
	isWater := waterPixels(b, w, h)
	r.builder.Flat = false
	r.Invalidate()
	a := readFrame(r, cam, w, h, 0)
	draws := r.OpaqueDraws
	c := readFrame(r, cam, w, h, 1.7)
	if r.OpaqueDraws != draws {
		t.Fatalf("the opaque scene was redrawn %d times for a frame with the same view", r.OpaqueDraws-draws)
	}
	savePNG(t, "anim_a_"+t.Name()[len(t.Name())-3:], a)
	savePNG(t, "anim_b_"+t.Name()[len(t.Name())-3:], c)
	savePNG(t, "anim_flat_"+t.Name()[len(t.Name())-3:], flat)
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

// waterPixels marks, from the CPU raster of the flat build, pixels where
// a translucent layer (mostly water) shows (1), where only opaque
// geometry shows (0), and the rest (-1, incl. a one-pixel margin around
// translucent triangles, where edge coverage may differ).
func waterPixels(b *project.Builder, w, h int) []int {
	cpu := project.NewRaster(w, h, b.Near, b.Far)
	cpu.DrawOpaque(b.Lit.List())
	opaque := append([][3]float32(nil), cpu.Color...)
	cpu.DrawTranslucent(b.Translucent.List())
	out := make([]int, w*h)
	for i := range out {
		out[i] = -1
		if cpu.Depth[i] == math.Inf(1) {
			continue
		}
		if cpu.Color[i] == opaque[i] {
			out[i] = 0
		} else {
			out[i] = 1
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
