package project

import (
	"math"
	"testing"

	"hexsandbox/hexmap"
)

// ScaleAt(2) halves the stick: at zoom 0.5 from 147.5 (halfway between
// 250 and 45) to 73.75, zoom (250 − 73.75) / 205; in the overview at
// zoom −1 (250·2⁴ = 4000) to 2000, zoom −0.25·log2(8) = −0.75.
func TestScaleAtHalvesTheDistance(t *testing.T) {
	top := hexmap.Topology{Width: 80, Height: 60}
	for _, c := range []struct{ zoom, want float64 }{{0.5, (250 - 73.75) / 205}, {-1, -0.75}} {
		cam := NewCamera(top)
		cam.MinZoom, cam.Zoom = -2, c.zoom
		cam.ScaleAt(2, 490, 387, 980, 774)
		if math.Abs(cam.Zoom-c.want) > 1e-9 {
			t.Errorf("from zoom %g: zoom %g, want %g", c.zoom, cam.Zoom, c.want)
		}
	}
}

// ScaleAt and RotateAt keep the ground point under the fingers' pixel
// where it was (within a hundredth of a unit).
func TestScaleAndRotateKeepThePointUnderThePixel(t *testing.T) {
	top := hexmap.Topology{Width: 80, Height: 60}
	const w, h = 980, 774
	const sx, sy = 300.0, 500.0
	for _, move := range []func(c *Camera){
		func(c *Camera) { c.ScaleAt(1.5, sx, sy, w, h) },
		func(c *Camera) { c.ScaleAt(0.7, sx, sy, w, h) },
		func(c *Camera) { c.RotateAt(30, sx, sy, w, h) },
	} {
		cam := NewCamera(top)
		v := cam.View(w, h)
		x0, z0, _ := v.Ground(sx, sy)
		move(&cam)
		v = cam.View(w, h)
		x1, z1, ok := v.Ground(sx, sy)
		if !ok || math.Hypot(x1-x0, z1-z0) > 0.01 {
			t.Errorf("ground under the pixel moved from (%g, %g) to (%g, %g)", x0, z0, x1, z1)
		}
	}
}
