// Package raster is the project's one CPU rasteriser: a z-buffer that
// draws world triangles through a camera of its own, with near-plane
// clipping and perspective-correct interpolation. It is the independent
// reference the renderer's depth checks compare the GPU with (the desktop
// tests and the browser build's check, which is why it is not a test
// package), and the software renderer of the geometry packages' preview
// tests. The product never draws with it.
//
// Fill is the scan conversion alone, for callers that have screen
// triangles already (the render/project tests rasterise the batches the
// builder made with it).
package raster

import (
	"image"
	"image/color"
	"math"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// Fill calls plot for every pixel of a w × h image (index x + y·w) whose
// centre lies inside the screen triangle (x[k], y[k]) (pixels, y down,
// either winding), with the centre's barycentric weights b. A centre on
// an edge belongs to the triangle on the edge's top or left side only, so
// triangles that share an edge cover each pixel once.
func Fill(w, h int, x, y [3]float64, plot func(i int, b [3]float64)) {
	area := (x[1]-x[0])*(y[2]-y[0]) - (x[2]-x[0])*(y[1]-y[0])
	if area == 0 || math.IsNaN(area) {
		return
	}
	order := [3]int{0, 1, 2}
	if area < 0 { // make the winding positive so the edge tests agree
		x[1], x[2], y[1], y[2] = x[2], x[1], y[2], y[1]
		order[1], order[2] = 2, 1
		area = -area
	}
	x0 := max(0, int(math.Floor(min(x[0], x[1], x[2]))))
	x1 := min(w-1, int(math.Ceil(max(x[0], x[1], x[2]))))
	y0 := max(0, int(math.Floor(min(y[0], y[1], y[2]))))
	y1 := min(h-1, int(math.Ceil(max(y[0], y[1], y[2]))))
	for py := y0; py <= y1; py++ {
		cy := float64(py) + 0.5
		for px := x0; px <= x1; px++ {
			cx := float64(px) + 0.5
			var b [3]float64
			inside := true
			for k := range 3 {
				a, c := (k+1)%3, (k+2)%3
				e := (x[c]-x[a])*(cy-y[a]) - (y[c]-y[a])*(cx-x[a])
				if e < 0 || (e == 0 && !topLeft(x[a], y[a], x[c], y[c])) {
					inside = false
					break
				}
				b[order[k]] = e / area
			}
			if inside {
				plot(px+py*w, b)
			}
		}
	}
}

// topLeft reports whether edge a→c (positive winding, y down) is a top or
// left edge, which owns the pixel centres lying exactly on it.
func topLeft(ax, ay, cx, cy float64) bool {
	return (ay == cy && cx < ax) || cy < ay
}

// Camera maps world points into its own space (x right, y up, z the
// depth along the view direction) and onto the screen.
type Camera struct {
	Eye, Right, Up, Forward vec3.T
	// Focal is the scale from camera space to pixels: at depth 1 for a
	// perspective camera, everywhere for an orthographic one.
	Focal float64
	// CX, CY is the screen point straight ahead (the view's centre).
	CX, CY float64
	// Ortho makes the projection parallel; else it is a perspective one
	// that draws nothing nearer than Near.
	Ortho bool
	Near  float64
}

// LookAt is a perspective camera for a w × h view that looks at target
// from distance away, pitched down by pitch and turned clockwise (seen
// from above) by yaw, both in degrees, with a vertical field of view of
// fov degrees (left-handed, Y up, like Unity and the map camera).
func LookAt(target vec3.T, distance, pitch, yaw, fov float64, w, h int) Camera {
	sp, cp := math.Sincos(pitch * math.Pi / 180)
	sy, cy := math.Sincos(yaw * math.Pi / 180)
	rot := func(x, y, z float64) vec3.T {
		return vec3.T{float32(x*cy + z*sy), float32(y), float32(-x*sy + z*cy)}
	}
	fwd := rot(0, -sp, cp)
	eye := vec3.T{target[0] - fwd[0]*float32(distance), target[1] - fwd[1]*float32(distance), target[2] - fwd[2]*float32(distance)}
	return Camera{Eye: eye, Right: rot(1, 0, 0), Up: rot(0, cp, sp), Forward: fwd,
		Focal: float64(h) / 2 / math.Tan(fov*math.Pi/360), CX: float64(w) / 2, CY: float64(h) / 2, Near: 0.1}
}

// View returns p in camera space.
func (c *Camera) View(p vec3.T) [3]float64 {
	d := [3]float64{float64(p[0] - c.Eye[0]), float64(p[1] - c.Eye[1]), float64(p[2] - c.Eye[2])}
	dot := func(a vec3.T) float64 { return d[0]*float64(a[0]) + d[1]*float64(a[1]) + d[2]*float64(a[2]) }
	return [3]float64{dot(c.Right), dot(c.Up), dot(c.Forward)}
}

// Screen maps camera-space point v (in front of the near plane of a
// perspective camera) to pixels, y down.
func (c *Camera) Screen(v [3]float64) (x, y float64) {
	s := c.Focal
	if !c.Ortho {
		s /= v[2]
	}
	return c.CX + v[0]*s, c.CY - v[1]*s
}

// Canvas is a colour image with a depth buffer.
type Canvas struct {
	W, H int
	Img  *image.RGBA
	// Depth holds the camera-space depth of the nearest opaque fragment
	// per pixel, +Inf where there is none; nil draws in painter's order.
	Depth []float64
	// Bias is how far behind the stored depth a translucent fragment
	// still shows (coplanar water and roads over land).
	Bias float64
	// SubpixelBits snaps screen positions to 1/2^bits of a pixel, as a
	// GPU with that sub-pixel precision does (0: no snapping).
	SubpixelBits int
}

// NewCanvas returns a w × h canvas filled with bg and with an empty depth
// buffer.
func NewCanvas(w, h int, bg color.RGBA) *Canvas {
	c := &Canvas{W: w, H: h, Img: image.NewRGBA(image.Rect(0, 0, w, h)), Depth: make([]float64, w*h)}
	for i := range c.Depth {
		c.Depth[i] = math.Inf(1)
		copy(c.Img.Pix[4*i:], []byte{bg.R, bg.G, bg.B, 255})
	}
	return c
}

// Covered reports whether an opaque fragment was drawn at pixel i.
func (c *Canvas) Covered(i int) bool { return !math.IsInf(c.Depth[i], 1) }

// Triangle draws world triangle p through cam. shade gives the colour
// (red, green, blue, alpha in 0..1, alpha not premultiplied) at the
// point with barycentric weights b of p, perspective-correct. Where the
// depth test passes, an opaque colour (alpha 1) replaces the pixel and
// its depth, a translucent one blends over it.
func (c *Canvas) Triangle(cam *Camera, p [3]vec3.T, shade func(b [3]float32) vec4.T) {
	var poly [4]vertex
	n := clipNear(cam, p, &poly)
	for k := 1; k+1 < n; k++ {
		c.fan(cam, [3]*vertex{&poly[0], &poly[k], &poly[k+1]}, shade)
	}
}

// vertex is a clipped triangle's corner: in camera space, with its
// barycentric weights in the original triangle.
type vertex struct {
	v [3]float64
	b [3]float64
}

// clipNear cuts triangle p, in cam's space, to the part in front of the
// near plane (all of it for an orthographic camera) and returns its
// 0, 3 or 4 corners.
func clipNear(cam *Camera, p [3]vec3.T, out *[4]vertex) int {
	var in [3]vertex
	for k := range 3 {
		in[k] = vertex{v: cam.View(p[k])}
		in[k].b[k] = 1
	}
	if cam.Ortho {
		copy(out[:], in[:])
		return 3
	}
	n := 0
	for k := range 3 {
		a, b := &in[k], &in[(k+1)%3]
		if a.v[2] >= cam.Near {
			out[n] = *a
			n++
		}
		if (a.v[2] >= cam.Near) != (b.v[2] >= cam.Near) {
			t := (cam.Near - a.v[2]) / (b.v[2] - a.v[2])
			for j := range 3 {
				out[n].v[j] = a.v[j] + (b.v[j]-a.v[j])*t
				out[n].b[j] = a.b[j] + (b.b[j]-a.b[j])*t
			}
			out[n].v[2] = cam.Near
			n++
		}
	}
	return n
}

// fan rasterises one clipped triangle.
func (c *Canvas) fan(cam *Camera, t [3]*vertex, shade func(b [3]float32) vec4.T) {
	var sx, sy, iz [3]float64
	for k, v := range t {
		sx[k], sy[k] = cam.Screen(v.v)
		if bits := c.SubpixelBits; bits > 0 {
			steps := float64(int(1) << bits)
			sx[k], sy[k] = math.Round(sx[k]*steps)/steps, math.Round(sy[k]*steps)/steps
		}
		iz[k] = 1
		if !cam.Ortho {
			iz[k] = 1 / v.v[2]
		}
	}
	Fill(c.W, c.H, sx, sy, func(i int, s [3]float64) {
		// Perspective-correct weights: screen weights over depth.
		q := s[0]*iz[0] + s[1]*iz[1] + s[2]*iz[2]
		var z float64
		if cam.Ortho {
			z = s[0]*t[0].v[2] + s[1]*t[1].v[2] + s[2]*t[2].v[2]
		} else {
			z = 1 / q
		}
		var b [3]float32
		for k := range 3 {
			w := s[k] * iz[k] / q
			for j := range 3 {
				b[j] += float32(w * t[k].b[j])
			}
		}
		c.plot(i, z, shade(b))
	})
}

// plot draws one fragment at depth z.
func (c *Canvas) plot(i int, z float64, col vec4.T) {
	opaque := col[3] >= 1
	if c.Depth != nil {
		limit := c.Depth[i]
		if !opaque {
			limit += c.Bias
		}
		if !(z < limit) {
			return
		}
		if opaque {
			c.Depth[i] = z
		}
	}
	a := min(max(col[3], 0), 1)
	px := c.Img.Pix[4*i : 4*i+3 : 4*i+3]
	for k := range 3 {
		v := float32(px[k])/255*(1-a) + min(max(col[k], 0), 1)*a
		px[k] = uint8(v*255 + 0.5)
	}
}
