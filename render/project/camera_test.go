package project

import (
	"math"
	"testing"

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
