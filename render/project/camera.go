package project

import (
	"math"

	"hexsandbox/hexmap"

	"github.com/ungerik/go3d/vec3"
)

// Catlike's HexMapCamera settings.
const (
	StickMinZoom  = -250.0 // stick length when zoomed out
	StickMaxZoom  = -45.0  // stick length when zoomed in
	SwivelMinZoom = 90.0   // pitch in degrees when zoomed out (straight down)
	SwivelMaxZoom = 45.0   // pitch when zoomed in
	MoveSpeedMin  = 400.0  // world units per second when zoomed out
	MoveSpeedMax  = 100.0  // when zoomed in
	RotationSpeed = 180.0  // degrees per second
	FieldOfView   = 60.0   // vertical, degrees (Unity's default)
	NearClip      = 1.0    // the near clipping plane's distance
	// OverviewDoubling is how much zoom below 0 (the overview, beyond
	// Catlike's range, still looking straight down) doubles the distance.
	OverviewDoubling = 0.25
)

// Camera is the map camera's state: the point on the map it looks at,
// the zoom that sets stick length and pitch, and the rotation about the
// vertical axis. MaxX and MaxZ bound the centre (the map's extent); on a
// map that wraps east-west Wrap is its width in world units, and X wraps
// into 0..Wrap instead of being clamped, so the camera pans without end
// (Catlike's HexMapCamera.WrapPosition).
//
// Zoom goes on below 0, down to MinZoom, into an overview: still looking
// straight down, the distance doubling every OverviewDoubling, until the
// whole map fits the view (FitZoom), as a strategy game's world view.
type Camera struct {
	X, Z       float64 // centre in world units
	Zoom       float64 // MinZoom (overview) .. 0 (far, looking down) .. 1 (near, 45 degrees)
	Rotation   float64 // degrees, clockwise seen from above as in Unity
	MaxX, MaxZ float64
	Wrap       float64
	MinZoom    float64 // at most 0; Clamp keeps Zoom above it
}

// NewCamera returns a camera over the centre of a map of topology t,
// half zoomed, bounded by the map's extent, and wrapping east-west with
// the map.
func NewCamera(t hexmap.Topology) Camera {
	maxX, maxZ := t.Extent()
	c := Camera{X: maxX / 2, Z: maxZ / 2, Zoom: 0.5, MaxX: maxX, MaxZ: maxZ}
	if t.Wrapping {
		c.Wrap = float64(t.WrapSize())
	}
	c.MinZoom = min(0, c.FitZoom(16.0/9))
	return c
}

// FitZoom is the zoom at which the whole map, turned as the camera is,
// fits a view of the given aspect (width / height) from straight above
// its middle, with a small margin; it may be above 0 for a small map.
func (c *Camera) FitZoom(aspect float64) float64 {
	w := c.MaxX + 2*hexmap.InnerRadius
	h := c.MaxZ + 2*hexmap.OuterRadius
	s, co := math.Sincos(c.Rotation * math.Pi / 180)
	w, h = math.Abs(w*co)+math.Abs(h*s), math.Abs(w*s)+math.Abs(h*co)
	t := math.Tan(FieldOfView * math.Pi / 360)
	d := 1.04 * max(h/2/t, w/2/(t*max(aspect, 1e-3)))
	return -OverviewDoubling * math.Log2(d/-StickMinZoom)
}

// Fit frames the whole map for a view of the given aspect: the camera
// over the map's middle, at FitZoom (or 0 if the map fits closer), and
// MinZoom there.
func (c *Camera) Fit(aspect float64) {
	c.X, c.Z = c.MaxX/2, c.MaxZ/2
	c.MinZoom = min(0, c.FitZoom(aspect))
	c.Zoom = c.MinZoom
	c.Clamp()
}

// Clamp keeps zoom in 0..1, the centre on the map (X in 0..Wrap on a
// wrapping map) and the rotation in 0..360.
func (c *Camera) Clamp() {
	c.Zoom = clamp(c.Zoom, min(c.MinZoom, 0), 1)
	if c.Wrap > 0 && !math.IsNaN(c.X) && !math.IsInf(c.X, 0) {
		c.X = math.Mod(c.X, c.Wrap)
		if c.X < 0 {
			c.X += c.Wrap
		}
		if c.X >= c.Wrap { // a tiny negative X rounded up
			c.X = 0
		}
	} else {
		c.X = clamp(c.X, 0, max(c.MaxX, 0))
	}
	c.Z = clamp(c.Z, 0, max(c.MaxZ, 0))
	c.Rotation = math.Mod(c.Rotation, 360)
	if c.Rotation < 0 {
		c.Rotation += 360
	}
}

// Move shifts the centre by (dx, dz) in the camera's rotated frame (dx
// to the screen's right, dz up the screen) and clamps it.
func (c *Camera) Move(dx, dz float64) {
	s, co := math.Sincos(c.Rotation * math.Pi / 180)
	c.X += dx*co + dz*s
	c.Z += -dx*s + dz*co
	c.Clamp()
}

// Drag pans as if the map were grabbed and moved by (dx, dy) pixels on a
// view height pixels tall: exact at the centre when looking straight down.
func (c *Camera) Drag(dx, dy float64, height int) {
	perPixel := 2 * c.Distance() * math.Tan(FieldOfView*math.Pi/360) / float64(max(height, 1))
	c.Move(-dx*perPixel, dy*perPixel)
}

// MoveSpeed is the pan speed at the current zoom, in units per second:
// in the overview it grows with the distance.
func (c *Camera) MoveSpeed() float64 {
	if c.Zoom < 0 {
		return MoveSpeedMin * c.Distance() / -StickMinZoom
	}
	return lerp(MoveSpeedMin, MoveSpeedMax, c.Zoom)
}

// Distance is the stick length: from the eye to the centre.
func (c *Camera) Distance() float64 {
	if c.Zoom < 0 {
		return -StickMinZoom * math.Exp2(-c.Zoom/OverviewDoubling)
	}
	return -lerp(StickMinZoom, StickMaxZoom, c.Zoom)
}

// Pitch is the swivel angle in degrees below the horizon.
func (c *Camera) Pitch() float64 {
	if c.Zoom < 0 {
		return SwivelMinZoom
	}
	return lerp(SwivelMinZoom, SwivelMaxZoom, c.Zoom)
}

// Basis returns the eye position and the camera's right, up and forward
// axes in world space (Y up, left-handed like Unity).
func (c *Camera) Basis() (eye, right, up, forward vec3.T) {
	th := c.Pitch() * math.Pi / 180
	st, ct := math.Sincos(th)
	sp, cp := math.Sincos(c.Rotation * math.Pi / 180)
	rot := func(x, y, z float64) vec3.T {
		return vec3.T{float32(x*cp + z*sp), float32(y), float32(-x*sp + z*cp)}
	}
	forward = rot(0, -st, ct)
	up = rot(0, ct, st)
	right = rot(1, 0, 0)
	d := c.Distance()
	eye = vec3.T{float32(c.X) - forward[0]*float32(d), -forward[1] * float32(d), float32(c.Z) - forward[2]*float32(d)}
	return eye, right, up, forward
}

func clamp(v, lo, hi float64) float64 {
	if math.IsNaN(v) {
		return lo
	}
	return max(lo, min(hi, v))
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }
