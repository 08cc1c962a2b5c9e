package render

import (
	"image"
	"image/color"
	"math"
	"runtime"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/chunk"
	"hexsandbox/internal/raster"
	"hexsandbox/mesh"
	"hexsandbox/render/project"

	"github.com/hajimehoshi/ebiten/v2"
)

// DepthCheck is how the depth the GPU stored for a frame agrees with the
// CPU reference.
type DepthCheck struct {
	Differ  float64 // share of pixels whose coverage or depth differs
	Covered float64 // share of pixels the reference finds opaque geometry at
	// Unlit is the share of covered pixels that the colour pass left at
	// the background: its test against the stored depth failed there.
	Unlit float64
}

// CheckDepth draws set as each of cams sees it at w×h, through the
// renderer as the editor uses it (the welded, cached build and the depth
// passes), reads back the depth the passes stored, and compares it pixel
// by pixel with DepthReference: the chunks' triangles projected on the
// CPU from the camera alone, not the batches the GPU drew, so that
// errors of projection, culling, clipping and batching show. The browser
// build runs it in the page, so the depth technique is checked on WebGL
// too; it must run inside the game loop (Update). One renderer draws
// every view, and lives until the last has been read back: a renderer's
// shaders freed while their draws are still queued break WebGL.
//
// subpixelBits is the GPU's sub-pixel precision (WebGL's SUBPIXEL_BITS):
// the reference sees the vertices snapped to the same grid, otherwise
// which pixel centres a sliver covers differs between the two on a GPU
// with coarse snapping (SwiftShader has 4 bits; Mesa's llvmpipe 8) and
// edges, not depth, dominate the comparison. 0 means no snapping.
func CheckDepth(set *chunk.Set, cams []project.Camera, w, h, subpixelBits int) ([]DepthCheck, error) {
	r, err := NewRenderer(set)
	if err != nil {
		return nil, err
	}
	defer runtime.KeepAlive(r)
	r.SetLOD(0, 0) // the depth of full detail is what is checked
	var out []DepthCheck
	for i := range cams {
		readFrame(r, &cams[i], w, h, 0)
		ref := DepthReference(set, &cams[i], w, h, subpixelBits)
		out = append(out, compareDepth(r, ref, nil))
	}
	return out, nil
}

// readFrame draws cam's view of r into a w×h image and reads it back.
func readFrame(r *Renderer, cam *project.Camera, w, h int, seconds float64) *image.RGBA {
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	r.Draw(dst, cam, seconds)
	return readImage(dst)
}

// readImage reads an image back from the GPU.
func readImage(img *ebiten.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	return out
}

// storedDepth decodes the view distance the last Draw's depth passes
// stored per pixel (+Inf where they drew nothing, or at Far exactly,
// which stores what clearing does): the last pass's image, depth[0],
// holds all 24 bits, high, middle and low byte in red, green and blue
// (shaders/depth.kage).
func (r *Renderer) storedDepth() []float64 {
	img := readImage(r.depth[0])
	near, far := float64(r.built.Near), float64(r.built.Far)
	out := make([]float64, len(img.Pix)/4)
	for i := range out {
		px := img.Pix[4*i : 4*i+3 : 4*i+3]
		d := int(px[0])<<16 | int(px[1])<<8 | int(px[2])
		out[i] = math.Inf(1)
		if d < 1<<24-1 {
			out[i] = near + float64(d)/(1<<24-1)*(far-near)
		}
	}
	return out
}

// DepthReference rasterises on the CPU, z-buffered, the opaque triangles
// of set's chunks (each copy in view on a wrapping map) as cam sees them
// at w×h, projected from the camera's eye and axes and its field of view
// (internal/raster), with screen positions snapped to subpixelBits, and
// the building details of a chunk only within project.DetailDistance, as
// the renderer draws them. Its depth is the view distance the GPU's depth
// passes store. Terrain is drawn grey, the other opaque layers in colours
// of their own.
func DepthReference(set *chunk.Set, cam *project.Camera, w, h, subpixelBits int) *raster.Canvas {
	c := raster.NewCanvas(w, h, color.RGBA{})
	c.SubpixelBits = subpixelBits
	rc := referenceCamera(cam, w, h)
	for _, shift := range referenceShifts(set, &rc) {
		for ch := range set.Chunks {
			for l := range mesh.LayerCount {
				m := &set.Chunks[ch].Layers[l]
				if l.Opaque() && (l != mesh.BuildingDetails || nearestDepth(&rc, m, shift) <= project.DetailDistance) {
					drawMesh(c, &rc, m, shift, layerColor(l))
				}
			}
		}
	}
	return c
}

// nearestDepth is the smallest depth in front of cam of the corners of
// m's bounds moved shift east: the renderer leaves building details out
// beyond project.DetailDistance by it.
func nearestDepth(cam *raster.Camera, m *mesh.Mesh, shift float32) float64 {
	lo, hi, ok := m.Bounds()
	if !ok {
		return math.Inf(1)
	}
	near := math.Inf(1)
	for corner := range 8 {
		near = min(near, cam.View(boxCorner(lo, hi, corner, shift))[2])
	}
	return near
}

// boxCorner is corner k (0..7: bit a set takes hi on axis a) of the box
// lo..hi moved shift east.
func boxCorner(lo, hi vec3.T, k int, shift float32) vec3.T {
	p := lo
	for a := range 3 {
		if k&(1<<a) != 0 {
			p[a] = hi[a]
		}
	}
	p[0] += shift
	return p
}

// referenceCamera is cam as a raster camera for a w×h view.
func referenceCamera(cam *project.Camera, w, h int) raster.Camera {
	eye, right, up, fwd := cam.Basis()
	return raster.Camera{Eye: eye, Right: right, Up: up, Forward: fwd,
		Focal: float64(h) / 2 / math.Tan(project.FieldOfView*math.Pi/360), CX: float64(w) / 2, CY: float64(h) / 2,
		Near: project.NearClip}
}

// referenceShifts are the east-west shifts at which set's map is drawn:
// 0 on a flat map; on a wrapping one every whole number of map widths
// (up to 16 each way) at which some of the map may be in front of cam.
func referenceShifts(set *chunk.Set, cam *raster.Camera) []float32 {
	top := set.Grid.Topology()
	if !top.Wrapping {
		return []float32{0}
	}
	var lo, hi vec3.T
	for i := range set.Chunks {
		for l := range set.Chunks[i].Layers {
			if a, b, ok := set.Chunks[i].Layers[l].Bounds(); ok {
				for k := range 3 {
					lo[k], hi[k] = min(lo[k], a[k]), max(hi[k], b[k])
				}
			}
		}
	}
	var out []float32
	for k := -16; k <= 16; k++ {
		shift := float32(k) * top.WrapSize()
		left, right, front := true, true, false
		for corner := range 8 {
			v := cam.View(boxCorner(lo, hi, corner, shift))
			if v[2] < cam.Near {
				left, right = false, false // a box through the near plane: keep it
				continue
			}
			front = true
			x, _ := cam.Screen(v)
			left = left && x < 0
			right = right && x > 2*cam.CX
		}
		if front && !left && !right {
			out = append(out, shift)
		}
	}
	return out
}

// drawMesh draws m's triangles moved shift east, in colour col.
func drawMesh(c *raster.Canvas, cam *raster.Camera, m *mesh.Mesh, shift float32, col vec4.T) {
	if m.Overflowed() { // the renderer leaves these out
		return
	}
	for k := 0; k+2 < len(m.Indices); k += 3 {
		var t [3]vec3.T
		for j := range 3 {
			t[j] = m.Positions[m.Indices[k+j]]
			t[j][0] += shift
		}
		c.Triangle(cam, t, func([3]float32) vec4.T { return col })
	}
}

// layerColor is the reference's colour for layer l.
func layerColor(l mesh.Layer) vec4.T {
	switch l {
	case mesh.Terrain:
		return vec4.T{0.5, 0.5, 0.5, 1}
	case mesh.Walls:
		return vec4.T{0.8, 0.65, 0.35, 1}
	case mesh.Features:
		return vec4.T{0.2, 0.9, 0.2, 1}
	}
	return vec4.T{0.2, 0.2, 0.9, 1}
}

// compareDepth counts the pixels where the depth r's last Draw stored
// differs from ref's, and the covered ones its colour pass left at the
// background; when diff is not nil it also marks them there, in red and
// in yellow, for looking at.
func compareDepth(r *Renderer, ref *raster.Canvas, diff *image.RGBA) DepthCheck {
	gpu := r.storedDepth()
	colour := readImage(r.color)
	bg := background()
	// The depth passes store 24 bits of the view distance between Near
	// and Far, from 1/w interpolated in float32: a few steps of the one
	// and a small part of the other.
	step := float64(r.built.Far-r.built.Near) / (1<<24 - 1)
	far := float64(r.built.Far)
	var differ, covered, unlit int
	for i, want := range ref.Depth {
		got := gpu[i]
		tol := 4*step + 1e-4*want
		if !math.IsInf(want, 1) {
			covered++
			if math.IsInf(got, 1) && want >= far-tol {
				got = far // the deepest point in view stores what the clear does
			}
		}
		bad := math.IsInf(got, 1) != math.IsInf(want, 1) || !math.IsInf(want, 1) && math.Abs(got-want) > tol
		dark := !math.IsInf(got, 1) && [3]uint8(colour.Pix[4*i:4*i+3]) == [3]uint8{bg.R, bg.G, bg.B}
		if bad {
			differ++
		}
		if dark {
			unlit++
		}
		if diff != nil {
			copy(diff.Pix[4*i:4*i+4], ref.Img.Pix[4*i:4*i+4])
			switch {
			case bad:
				copy(diff.Pix[4*i:4*i+3], []uint8{255, 0, 0})
			case dark:
				copy(diff.Pix[4*i:4*i+3], []uint8{255, 255, 0})
			}
		}
	}
	n := float64(len(ref.Depth))
	return DepthCheck{Differ: float64(differ) / n, Covered: float64(covered) / n, Unlit: float64(unlit) / max(float64(covered), 1)}
}
