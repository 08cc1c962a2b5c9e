package project

import (
	"math"

	"hexsandbox/hexmap"
)

// Ground is where the ray through pixel (sx, sy) meets the ground plane
// y = 0, and false when it never does (at or above the horizon).
func (v *View) Ground(sx, sy float64) (x, z float64, ok bool) {
	o, d := v.Ray(sx, sy)
	if d[1] > -1e-4 {
		return 0, 0, false
	}
	t := -o[1] / d[1]
	return float64(o[0] + d[0]*t), float64(o[2] + d[2]*t), true
}

// ZoomAt changes the zoom by dz and moves the centre so that the ground
// point under pixel (sx, sy) of a width×height view stays under it, as
// strategy games zoom towards the cursor. A pixel above the horizon
// zooms about the centre.
func (c *Camera) ZoomAt(dz, sx, sy float64, width, height int) {
	c.keepUnder(sx, sy, width, height, func() { c.Zoom += dz })
}

// ScaleAt zooms so that the map looks s times as large (the camera s
// times as near, as far as the zoom's range allows), keeping the ground
// point under pixel (sx, sy) under it: a pinch spreading the fingers
// to s times their distance.
func (c *Camera) ScaleAt(s, sx, sy float64, width, height int) {
	if !(s > 0) || math.IsInf(s, 0) {
		return
	}
	c.keepUnder(sx, sy, width, height, func() { c.Zoom = c.zoomFor(c.Distance() / s) })
}

// RotateAt turns the camera by deg degrees (clockwise seen from above)
// about the ground point under pixel (sx, sy).
func (c *Camera) RotateAt(deg, sx, sy float64, width, height int) {
	c.keepUnder(sx, sy, width, height, func() { c.Rotation += deg })
}

// zoomFor is the zoom at which the stick is d long (Distance inverted).
func (c *Camera) zoomFor(d float64) float64 {
	if d > -StickMinZoom {
		return -OverviewDoubling * math.Log2(d/-StickMinZoom)
	}
	return (-d - StickMinZoom) / (StickMaxZoom - StickMinZoom)
}

// keepUnder makes change to the camera, clamps it, and moves the centre
// so that the ground point under pixel (sx, sy) of a width×height view
// stays under it (a pixel above the horizon: about the centre).
func (c *Camera) keepUnder(sx, sy float64, width, height int, change func()) {
	v := c.View(width, height)
	x0, z0, ok := v.Ground(sx, sy)
	change()
	c.Clamp()
	if !ok {
		return
	}
	v = c.View(width, height)
	if x1, z1, ok := v.Ground(sx, sy); ok {
		c.X += x0 - x1
		c.Z += z0 - z1
		c.Clamp()
	}
}

// KeepOnMap keeps the map filling most of a width×height view: along
// each of the world's axes the ground shown past the map's edge on one
// side of the centre is at most half the ground shown on that side, so
// the view is at most a quarter empty along an axis (and the map is
// seen whole when it is smaller than the view). On a wrapping map east
// and west are not bounded.
func (c *Camera) KeepOnMap(width, height int) {
	c.Clamp()
	v := c.View(width, height)
	// back and ahead are how far the ground the view shows reaches from
	// the centre towards -X, -Z and +X, +Z.
	var back, ahead [2]float64
	w, h := float64(width), float64(height)
	for _, p := range [8][2]float64{{0, 0}, {w / 2, 0}, {w, 0}, {w, h / 2}, {w, h}, {w / 2, h}, {0, h}, {0, h / 2}} {
		x, z, ok := v.Ground(p[0], p[1])
		if !ok {
			continue
		}
		for k, d := range [2]float64{x - c.X, z - c.Z} {
			back[k], ahead[k] = max(back[k], -d), max(ahead[k], d)
		}
	}
	if c.Wrap == 0 {
		c.X = keepAxis(c.X, back[0], ahead[0], -hexmap.InnerRadius, c.MaxX+hexmap.InnerRadius)
	}
	c.Z = keepAxis(c.Z, back[1], ahead[1], -hexmap.OuterRadius, c.MaxZ+hexmap.OuterRadius)
	c.Clamp()
}

// keepAxis bounds centre x of a view reaching back below it and ahead
// above it on a map from lo to hi: at least half of each reach over the
// map or, when the view is larger than that allows, the map wholly in
// view.
func keepAxis(x, back, ahead, lo, hi float64) float64 {
	a, b := lo+back/2, hi-ahead/2
	if a > b {
		a, b = hi-ahead, lo+back
	}
	return clamp(x, a, b)
}
