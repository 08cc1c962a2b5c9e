package render

import (
	"image"
	"math"
	"runtime"

	"hexsandbox/chunk"
	"hexsandbox/render/project"

	"github.com/hajimehoshi/ebiten/v2"
)

// DepthCheck compares a flat render (one colour per triangle) on the GPU
// with the CPU z-buffer of the same projected triangles.
type DepthCheck struct {
	Differ  float64 // share of pixels whose colour differs
	Covered float64 // share of pixels the scene covers
}

// FlatDepthCheck renders set in flat mode as each of cams sees it at w×h
// and compares the GPU pixels with project.Raster, as the desktop depth
// test does. The browser build runs it in the page, so the depth
// technique is checked on WebGL too; it must run inside the game loop
// (Update). One renderer draws every view, and lives until the last has
// been read back: a renderer's shaders freed while their draws are still
// queued break WebGL.
//
// subpixelBits is the GPU's sub-pixel precision (WebGL's SUBPIXEL_BITS):
// the CPU raster sees the vertices snapped to the same grid, otherwise
// which pixel centres a sliver covers differs between the two on a GPU
// with coarse snapping (SwiftShader has 4 bits; Mesa's llvmpipe 8) and
// edges, not depth, dominate the comparison. 0 means no snapping.
func FlatDepthCheck(set *chunk.Set, cams []project.Camera, w, h, subpixelBits int) ([]DepthCheck, error) {
	r, err := NewRenderer(set)
	if err != nil {
		return nil, err
	}
	defer runtime.KeepAlive(r)
	r.builder.Flat = true
	var out []DepthCheck
	for i := range cams {
		gpu := readFrame(r, &cams[i], w, h, 0)
		out = append(out, compareFlat(gpu, r.flatReference(w, h, subpixelBits), nil))
	}
	return out, nil
}

// readFrame draws cam's view of r into a w×h image and reads it back.
func readFrame(r *Renderer, cam *project.Camera, w, h int, seconds float64) *image.RGBA {
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	r.Draw(dst, cam, seconds)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(img.Pix)
	return img
}

// flatReference rasterises on the CPU, with a z-buffer, the triangles the
// last Draw sent to the GPU, snapped to subpixelBits.
func (r *Renderer) flatReference(w, h, subpixelBits int) *project.Raster {
	b := &r.builder
	cpu := project.NewRaster(w, h, b.Near, b.Far)
	cpu.DrawOpaque(snapped(b.Lit.List(), subpixelBits))
	cpu.DrawTranslucent(snapped(b.Translucent.List(), subpixelBits))
	return cpu
}

// compareFlat counts the pixels where gpu differs from the CPU raster;
// when diff is not nil it also marks them there in red, for looking at.
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

// snapped returns copies of batches with screen positions rounded to
// 1/2^bits of a pixel.
func snapped(batches []project.Batch, bits int) []project.Batch {
	if bits <= 0 || bits > 16 {
		return batches
	}
	steps := float64(int(1) << bits)
	out := make([]project.Batch, len(batches))
	for i, b := range batches {
		v := append([]project.Vertex(nil), b.Vertices...)
		for k := range v {
			v[k].DstX = float32(math.Round(float64(v[k].DstX)*steps) / steps)
			v[k].DstY = float32(math.Round(float64(v[k].DstY)*steps) / steps)
		}
		out[i] = project.Batch{Vertices: v, Indices: b.Indices}
	}
	return out
}
