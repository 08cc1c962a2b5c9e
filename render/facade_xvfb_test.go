//go:build xvfb

package render

import (
	"image"
	"image/color"
	"testing"

	"hexsandbox/buildings"

	"github.com/hajimehoshi/ebiten/v2"
)

// drawWall draws one wall quad with the facade program onto a 300×300
// image, as near as the depth passes would let through (w = Near), its
// facade coordinates running over the given bays and height, and returns
// the pixels.
func drawWall(t *testing.T, prog *ebiten.Shader, bays, height float32, code float32) *image.RGBA {
	const size = 300
	// Unmanaged, as the renderer's: an image on a shared atlas would shift
	// srcPos by its place there.
	opt := &ebiten.NewImageOptions{Unmanaged: true}
	dst := ebiten.NewImageWithOptions(image.Rect(0, 0, size, size), opt)
	depth := ebiten.NewImageWithOptions(image.Rect(0, 0, size, size), opt)
	depth.Fill(color.Black) // stored depth 0: the nearest
	noise := ebiten.NewImageWithOptions(image.Rect(0, 0, 256, 256), opt)
	noise.Fill(color.Gray{128})
	base := [3]float32{0.9, 0.86, 0.76}
	v := func(x, y, u, h float32) ebiten.Vertex {
		return ebiten.Vertex{DstX: x, DstY: y, SrcX: u, SrcY: h, ColorR: base[0], ColorG: base[1], ColorB: base[2], ColorA: 0.3,
			Custom0: 1, Custom1: height, Custom2: code, Custom3: wallNormal}
	}
	verts := []ebiten.Vertex{v(0, size, 0, 0), v(size, size, bays, 0), v(0, 0, 0, height), v(size, 0, bays, height)}
	op := &ebiten.DrawTrianglesShaderOptions{
		// Near 1, far 2; no shadows; only the ambient term, set so that a
		// vertical wall is lit 1 (light in common.kage).
		Uniforms: map[string]any{"Params": []float32{1, 2, 0, 0}, "Frame": []float32{0, 0, 0, 0},
			"Sun": []float32{0, 1, 0, 1 / 0.85}},
		Images: [4]*ebiten.Image{noise, depth, depth, depth},
	}
	dst.DrawTrianglesShader(verts, []uint16{0, 2, 1, 1, 2, 3}, prog, op)
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	dst.ReadPixels(img.Pix)
	return img
}

// wallNormal is project's packNormal of the normal (0, 0, 1): a wall
// facing the camera.
const wallNormal = 128*256 + 255

// glassShare is the share of pixels of img that are window glass: bluer
// than they are red, which plaster, brick and stone never are.
func glassShare(img *image.RGBA) float64 {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if int(img.Pix[i+2]) > int(img.Pix[i])+8 {
			n++
		}
	}
	return float64(n) / float64(len(img.Pix)/4)
}

// spread is the largest difference of any channel from the image's mean.
func spread(img *image.RGBA) int {
	var sum [3]int
	n := len(img.Pix) / 4
	for i := 0; i < len(img.Pix); i += 4 {
		for c := range 3 {
			sum[c] += int(img.Pix[i+c])
		}
	}
	most := 0
	for i := 0; i < len(img.Pix); i += 4 {
		for c := range 3 {
			most = max(most, abs(int(img.Pix[i+c])-sum[c]/n))
		}
	}
	return most
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestFacadeGrammar draws walls with the facade program: a street front
// near by has windows (glass in a fair share of it, not all), a party
// wall none, and the same front far away (hundreds of bays across) is
// one even colour: the building's mass only.
func TestFacadeGrammar(t *testing.T) {
	prog, err := compile("facade")
	if err != nil {
		t.Fatal(err)
	}
	top := float32(buildings.GroundFloorHeight + 3*buildings.FloorHeight) // four floors
	front := buildings.WallCode(buildings.Front, true, 0, 1)
	near := drawWall(t, prog, 3, top, front)
	savePNG(t, "facade_near", near)
	if s := glassShare(near); s < 0.1 || s > 0.6 {
		t.Errorf("a street front near by is %.0f%% glass, want windows: 10-60%%", 100*s)
	}
	party := drawWall(t, prog, 3, top, buildings.WallCode(buildings.Party, false, 0, -1))
	if s := glassShare(party); s > 0 {
		t.Errorf("a party wall is %.1f%% glass, want none", 100*s)
	}
	far := drawWall(t, prog, 600, top*200, front)
	savePNG(t, "facade_far", far)
	if d := spread(far); d > 12 || glassShare(far) > 0 {
		t.Errorf("far away the front varies by %d levels and is %.1f%% glass, want one colour", d, 100*glassShare(far))
	}
	if d := spread(near); d < 60 {
		t.Errorf("near by the front varies by only %d levels", d)
	}
}
