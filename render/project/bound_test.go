package project

import (
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"
)

// After KeepOnMap, however far the camera was sent, at least half of a
// grid of the view's pixels that see the ground see the map's rectangle
// (counted pixel by pixel, not from the reaches KeepOnMap measures), for
// cameras at every zoom and rotation over a map larger than the view.
func TestKeepOnMapKeepsMostOfTheViewOnTheMap(t *testing.T) {
	top := hexmap.Topology{Width: 80, Height: 60}
	const w, h = 980, 774
	r := rand.New(rand.NewPCG(1, 2))
	for k := range 400 {
		c := NewCamera(top)
		c.Zoom = r.Float64()*1.2 - 0.2
		c.Rotation = r.Float64() * 360
		c.X = r.Float64()*3*c.MaxX - c.MaxX
		c.Z = r.Float64()*3*c.MaxZ - c.MaxZ
		c.KeepOnMap(w, h)
		v := c.View(w, h)
		var seen, on int
		for sy := 0.5; sy < h; sy += h / 24 {
			for sx := 0.5; sx < w; sx += w / 24 {
				x, z, ok := v.Ground(sx, sy)
				if !ok {
					continue
				}
				seen++
				if x >= -hexmap.InnerRadius && x <= c.MaxX+hexmap.InnerRadius && z >= -hexmap.OuterRadius && z <= c.MaxZ+hexmap.OuterRadius {
					on++
				}
			}
		}
		if seen == 0 || 2*on < seen {
			t.Fatalf("camera %d %+v: %d of %d ground pixels on the map", k, c, on, seen)
		}
	}
}

// On a wrapping map KeepOnMap leaves east-west alone.
func TestKeepOnMapWrapsEastWest(t *testing.T) {
	c := NewCamera(hexmap.Topology{Width: 80, Height: 60, Wrapping: true})
	c.X = 3
	c.KeepOnMap(980, 774)
	if c.X != 3 {
		t.Fatalf("a wrapping map's camera moved from x 3 to %v", c.X)
	}
}

// ZoomAt keeps the ground point under the pixel where it was, and moves
// the centre towards it when zooming in.
func TestZoomAtKeepsThePointUnderThePixel(t *testing.T) {
	c := NewCamera(hexmap.Topology{Width: 80, Height: 60})
	c.Zoom = 0.3
	const w, h = 980, 774
	v := c.View(w, h)
	x0, z0, _ := v.Ground(100, 600)
	cx, cz := c.X, c.Z
	c.ZoomAt(0.4, 100, 600, w, h)
	v = c.View(w, h)
	x1, z1, _ := v.Ground(100, 600)
	if !near(x0, x1, 1e-2) || !near(z0, z1, 1e-2) {
		t.Fatalf("the point under the pixel moved from (%v, %v) to (%v, %v)", x0, z0, x1, z1)
	}
	if (x0-cx)*(c.X-cx)+(z0-cz)*(c.Z-cz) <= 0 {
		t.Fatalf("zooming in towards (%v, %v) moved the centre from (%v, %v) to (%v, %v)", x0, z0, cx, cz, c.X, c.Z)
	}
}
