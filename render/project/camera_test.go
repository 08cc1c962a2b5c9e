package project

import (
	"math"
	"testing"

	"hexsandbox/hexmap"

	"github.com/ungerik/go3d/vec3"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func TestCameraStickAndSwivel(t *testing.T) {
	c := Camera{X: 50, Z: 40, MaxX: 100, MaxZ: 100}
	eye, _, _, fwd := c.Basis()
	if !near(float64(eye[1]), -StickMinZoom, 1e-3) || !near(float64(eye[0]), 50, 1e-3) || !near(float64(eye[2]), 40, 1e-3) {
		t.Fatalf("zoom 0: eye %v, want straight above the centre at %v", eye, -StickMinZoom)
	}
	if !near(float64(fwd[1]), -1, 1e-6) {
		t.Fatalf("zoom 0 looks along %v, want straight down", fwd)
	}
	c.Zoom = 1
	eye, _, _, fwd = c.Basis()
	d := math.Sqrt(float64((eye[0]-50)*(eye[0]-50) + eye[1]*eye[1] + (eye[2]-40)*(eye[2]-40)))
	if !near(d, -StickMaxZoom, 1e-3) || !near(float64(fwd[1]), -math.Sqrt2/2, 1e-5) {
		t.Fatalf("zoom 1: distance %v forward %v, want %v at 45 degrees", d, fwd, -StickMaxZoom)
	}
	if eye[2] >= 40 {
		t.Fatalf("zoom 1 unrotated: eye z %v should be south of the centre", eye[2])
	}
}

func TestCameraClampAndMove(t *testing.T) {
	c := Camera{X: 500, Z: -3, Zoom: 7, Rotation: -90, MaxX: 100, MaxZ: 80}
	c.Clamp()
	if c.X != 100 || c.Z != 0 || c.Zoom != 1 || c.Rotation != 270 {
		t.Fatalf("clamped to %+v", c)
	}
	c = Camera{X: 50, Z: 50, MaxX: 100, MaxZ: 100, Rotation: 90}
	c.Move(0, 10) // "up the screen" after a 90° clockwise turn is +X
	if !near(c.X, 60, 1e-9) || !near(c.Z, 50, 1e-9) {
		t.Fatalf("move up at 90°: (%v, %v), want (60, 50)", c.X, c.Z)
	}
	if !(c.MoveSpeed() == MoveSpeedMin) {
		t.Fatalf("speed at zoom 0: %v", c.MoveSpeed())
	}
}

// On a wrapping map the camera pans east and west without end: X wraps
// into 0..Wrap and is never clamped; Z still is.
func TestCameraWraps(t *testing.T) {
	c := Camera{X: 10, Z: 50, MaxX: 100, MaxZ: 100, Wrap: 120, Rotation: 90}
	for range 13 {
		c.Move(0, 10) // east, by 130 in all
	}
	if !near(c.X, 20, 1e-9) || !near(c.Z, 50, 1e-9) {
		t.Fatalf("east past the seam: (%v, %v), want (20, 50)", c.X, c.Z)
	}
	c.Move(0, -30) // back west across the seam
	if !near(c.X, 110, 1e-9) {
		t.Fatalf("west past the seam: X %v, want 110 (beyond MaxX: no clamp)", c.X)
	}
	for _, x := range []float64{-120, -0.5, -1e-20, 120, 1e6} {
		c.X = x
		c.Clamp()
		if c.X < 0 || c.X >= 120 || !near(math.Mod(x-c.X, 120), 0, 1e-6) && !near(math.Abs(math.Mod(x-c.X, 120)), 120, 1e-6) {
			t.Fatalf("X %v wrapped to %v", x, c.X)
		}
	}
}

func TestViewCentreAndAxes(t *testing.T) {
	for _, zoom := range []float64{0, 0.4, 1} {
		for _, rot := range []float64{0, 33, 200} {
			c := Camera{X: 60, Z: 70, Zoom: zoom, Rotation: rot, MaxX: 200, MaxZ: 200}
			v := c.View(800, 600)
			x, y, w := v.Clip(vec3.T{60, 0, 70})
			sx, sy := v.Screen(x, y, w)
			if !near(float64(sx), 400, 1e-2) || !near(float64(sy), 300, 1e-2) {
				t.Fatalf("zoom %v rot %v: centre at (%v, %v)", zoom, rot, sx, sy)
			}
			if !near(float64(w), c.Distance(), 1e-2) {
				t.Fatalf("w at the centre %v, want distance %v", w, c.Distance())
			}
		}
	}
	// Looking straight down unrotated, +X is right and +Z is up the screen.
	c := Camera{X: 60, Z: 70, MaxX: 200, MaxZ: 200}
	v := c.View(800, 600)
	sx, sy := v.Screen(v.Clip(vec3.T{70, 0, 80}))
	if sx <= 400 || sy >= 300 {
		t.Fatalf("(+x, +z) drawn at (%v, %v): want right of and above the centre", sx, sy)
	}
}

func TestRayThroughProjectedPoint(t *testing.T) {
	c := Camera{X: 60, Z: 70, Zoom: 0.7, Rotation: 120, MaxX: 200, MaxZ: 200}
	v := c.View(640, 360)
	p := vec3.T{75, 6, 52}
	sx, sy := v.Screen(v.Clip(p))
	o, d := v.Ray(float64(sx), float64(sy))
	// The ray must pass through p: p - o parallel to d.
	e := vec3.Sub(&p, &o)
	cr := vec3.Cross(&e, &d)
	if cr.Length()/(e.Length()*d.Length()) > 1e-4 {
		t.Fatalf("ray %v from %v misses %v (sine %v)", d, o, p, cr.Length()/(e.Length()*d.Length()))
	}
}

// Dragging by some pixels looking straight down carries the map point
// under the centre by the same pixels.
func TestDragFollowsCursor(t *testing.T) {
	c := Camera{X: 300, Z: 300, Rotation: 70, MaxX: 1000, MaxZ: 1000}
	p := vec3.T{300, 0, 300}
	c.Drag(40, -25, 600)
	v := c.View(800, 600)
	sx, sy := v.Screen(v.Clip(p))
	if !near(float64(sx), 440, 0.05) || !near(float64(sy), 275, 0.05) {
		t.Fatalf("after dragging (40, -25) the old centre is at (%v, %v), want (440, 275)", sx, sy)
	}
}

// The overview continues the zoom below 0: looking straight down, the
// distance doubling every OverviewDoubling, continuous at 0; Fit frames
// the whole map: at FitZoom every corner of the map (cells' outer edges)
// projects into the view, and a little closer one no longer does, for
// wide and tall views and a turned camera; Clamp keeps the zoom above
// MinZoom.
func TestOverviewFitsTheMap(t *testing.T) {
	top := hexmap.Topology{Width: 320, Height: 320}
	c := NewCamera(top)
	c.Zoom = 0
	d0 := c.Distance()
	c.Zoom = -1e-9
	if !near(c.Distance(), d0, 1e-4) || c.Pitch() != SwivelMinZoom {
		t.Fatalf("overview starts at distance %v pitch %v, zoom 0 is at %v", c.Distance(), c.Pitch(), d0)
	}
	c.Zoom = -OverviewDoubling
	if !near(c.Distance(), 2*d0, 1e-6) {
		t.Fatalf("distance %v at zoom %v, want %v", c.Distance(), c.Zoom, 2*d0)
	}
	maxX, maxZ := top.Extent()
	corners := []vec3.T{
		{-hexmap.InnerRadius, 0, -hexmap.OuterRadius}, {float32(maxX) + hexmap.InnerRadius, 0, -hexmap.OuterRadius},
		{-hexmap.InnerRadius, 0, float32(maxZ) + hexmap.OuterRadius}, {float32(maxX) + hexmap.InnerRadius, 0, float32(maxZ) + hexmap.OuterRadius},
	}
	inView := func(c *Camera, w, h int) bool {
		v := c.View(w, h)
		for _, p := range corners {
			x, y, cw := v.Clip(p)
			if cw <= 0 || x > cw || x < -cw || y > cw || y < -cw {
				return false
			}
		}
		return true
	}
	for _, tc := range []struct {
		w, h int
		rot  float64
	}{{1280, 720, 0}, {600, 900, 0}, {1280, 720, 40}} {
		c := NewCamera(top)
		c.X, c.Z, c.Rotation = 123, 456, tc.rot
		c.Fit(float64(tc.w) / float64(tc.h))
		if c.Zoom >= 0 || c.Zoom != c.MinZoom || !inView(&c, tc.w, tc.h) {
			t.Fatalf("%dx%d turned %v: fit at zoom %v (min %v) does not show the whole map", tc.w, tc.h, tc.rot, c.Zoom, c.MinZoom)
		}
		c.Zoom += 0.03
		if inView(&c, tc.w, tc.h) {
			t.Fatalf("%dx%d turned %v: a little closer than the fit still shows the whole map: the fit is not tight", tc.w, tc.h, tc.rot)
		}
		c.Zoom = c.MinZoom - 1
		c.Clamp()
		if c.Zoom != c.MinZoom {
			t.Fatalf("Clamp let the zoom go to %v, below %v", c.Zoom, c.MinZoom)
		}
	}
	small := NewCamera(hexmap.Topology{Width: 20, Height: 15})
	small.Fit(16.0 / 9)
	if small.Zoom != 0 || small.MinZoom != 0 {
		t.Fatalf("a 20×15 map fits at zoom 0, but Fit went to %v (min %v)", small.Zoom, small.MinZoom)
	}
}
