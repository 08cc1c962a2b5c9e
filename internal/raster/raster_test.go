package raster

import (
	"image/color"
	"math"
	"testing"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// Two triangles sharing a diagonal, wound either way, cover every pixel
// of their rectangle exactly once, and the weights at each centre sum to
// one and give back the centre.
func TestFillSharedEdgeOnce(t *testing.T) {
	const w, h = 37, 23
	for _, flip := range []bool{false, true} {
		count := make([]int, w*h)
		tris := [][3][2]float64{{{0, 0}, {0, h}, {w, 0}}, {{w, 0}, {0, h}, {w, h}}}
		for _, tri := range tris {
			if flip {
				tri[1], tri[2] = tri[2], tri[1]
			}
			x := [3]float64{tri[0][0], tri[1][0], tri[2][0]}
			y := [3]float64{tri[0][1], tri[1][1], tri[2][1]}
			Fill(w, h, x, y, func(i int, b [3]float64) {
				count[i]++
				cx := b[0]*x[0] + b[1]*x[1] + b[2]*x[2]
				cy := b[0]*y[0] + b[1]*y[1] + b[2]*y[2]
				if math.Abs(b[0]+b[1]+b[2]-1) > 1e-12 || math.Abs(cx-float64(i%w)-0.5) > 1e-9 || math.Abs(cy-float64(i/w)-0.5) > 1e-9 {
					t.Fatalf("pixel %d: weights %v point at (%v, %v)", i, b, cx, cy)
				}
			})
		}
		for i, n := range count {
			if n != 1 {
				t.Fatalf("flip %v: pixel %d covered %d times", flip, i, n)
			}
		}
	}
}

// A hand-worked triangle: the right triangle with legs 4 along x and y
// from the origin holds the centres (x+0.5, y+0.5) with x+y+1 < 4, and
// those on its hypotenuse x+y+1 = 4 only where it is a top or left edge
// (it is neither: it faces down-right).
func TestFillHandWorked(t *testing.T) {
	got := map[int]bool{}
	Fill(8, 8, [3]float64{0, 4, 0}, [3]float64{0, 0, 4}, func(i int, _ [3]float64) { got[i] = true })
	want := map[int]bool{}
	for y := range 8 {
		for x := range 8 {
			if x+y+1 < 4 {
				want[x+y*8] = true
			}
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d pixels, want %d", len(got), len(want))
	}
	for i := range want {
		if !got[i] {
			t.Fatalf("pixel %d missing", i)
		}
	}
}

// A perspective view of a receding plane: every covered pixel's weights
// give a world point on the plane that projects back onto the pixel's
// centre, at the depth stored for it.
func TestPerspectiveCorrect(t *testing.T) {
	const w, h = 64, 48
	cam := LookAt(vec3.T{0, 0, 0}, 30, 30, 20, 60, w, h)
	c := NewCanvas(w, h, color.RGBA{})
	quad := [4]vec3.T{{-20, 0, -20}, {20, 0, -20}, {-20, 0, 20}, {20, 0, 20}}
	drawn := 0
	for _, tri := range [2][3]vec3.T{{quad[0], quad[2], quad[1]}, {quad[1], quad[2], quad[3]}} {
		c.Triangle(&cam, tri, func(b [3]float32) vec4.T {
			var p vec3.T
			for k := range 3 {
				for j := range 3 {
					p[j] += b[k] * tri[k][j]
				}
			}
			v := cam.View(p)
			x, y := cam.Screen(v)
			i := int(x) + int(y)*w
			if math.Abs(x-math.Floor(x)-0.5) > 1e-3 || math.Abs(y-math.Floor(y)-0.5) > 1e-3 {
				t.Fatalf("weights %v give %v, which projects to (%v, %v), off a pixel centre", b, p, x, y)
			}
			if math.Abs(float64(p[1])) > 1e-4 {
				t.Fatalf("weights %v give %v, off the plane", b, p)
			}
			drawn++
			return vec4.T{float32(v[2]), float32(i), 0, 1}
		})
	}
	if drawn < w*h/4 {
		t.Fatalf("only %d fragments", drawn)
	}
	// The stored depth is the camera depth of the ray's hit on y = 0.
	for i, z := range c.Depth {
		if math.IsInf(z, 1) {
			continue
		}
		px, py := float64(i%w)+0.5, float64(i/w)+0.5
		dx, dy := (px-cam.CX)/cam.Focal, -(py-cam.CY)/cam.Focal
		var dir vec3.T
		for k := range 3 {
			dir[k] = cam.Forward[k] + cam.Right[k]*float32(dx) + cam.Up[k]*float32(dy)
		}
		depth := -float64(cam.Eye[1]) / float64(dir[1]) // along dir, whose forward part is 1
		if math.Abs(depth-z) > 1e-3*depth {
			t.Fatalf("pixel %d: depth %v, the ray hits the plane at %v", i, z, depth)
		}
	}
}

// The nearest opaque triangle wins whatever the order; a translucent one
// behind it stays hidden, in front it blends by its alpha.
func TestDepthTestAndBlend(t *testing.T) {
	cam := Camera{Forward: vec3.T{0, 0, 1}, Right: vec3.T{1, 0, 0}, Up: vec3.T{0, 1, 0}, Focal: 1, CX: 0, CY: 8, Ortho: true}
	quad := func(z float32) [2][3]vec3.T {
		return [2][3]vec3.T{{{0, 0, z}, {16, 0, z}, {0, 8, z}}, {{16, 0, z}, {16, 8, z}, {0, 8, z}}}
	}
	c := NewCanvas(16, 8, color.RGBA{})
	draw := func(z float32, col vec4.T) {
		for _, tri := range quad(z) {
			c.Triangle(&cam, tri, func([3]float32) vec4.T { return col })
		}
	}
	draw(10, vec4.T{1, 0, 0, 1})
	draw(5, vec4.T{0, 1, 0, 1})
	draw(20, vec4.T{0, 0, 1, 1})
	if got := c.Img.RGBAAt(3, 3); got != (color.RGBA{0, 255, 0, 255}) {
		t.Fatalf("pixel shows %v, want the nearest (green)", got)
	}
	if c.Depth[3+3*16] != 5 {
		t.Fatalf("depth %v, want 5", c.Depth[3+3*16])
	}
	draw(6, vec4.T{1, 1, 1, 0.5})
	if got := c.Img.RGBAAt(3, 3); got != (color.RGBA{0, 255, 0, 255}) {
		t.Fatalf("translucent quad behind shows: %v", got)
	}
	draw(4, vec4.T{1, 1, 1, 0.5})
	if got := c.Img.RGBAAt(3, 3); got != (color.RGBA{128, 255, 128, 255}) {
		t.Fatalf("translucent quad in front: %v, want half white over green", got)
	}
	if c.Depth[3+3*16] != 5 {
		t.Fatalf("a translucent fragment wrote depth %v", c.Depth[3+3*16])
	}
}

// A triangle through the near plane is cut there: what is drawn lies in
// front of it, and the cut keeps the weights of the original triangle.
func TestNearClip(t *testing.T) {
	const w, h = 40, 40
	cam := Camera{Forward: vec3.T{0, 0, 1}, Right: vec3.T{1, 0, 0}, Up: vec3.T{0, 1, 0}, Focal: 20, CX: 20, CY: 20, Near: 1}
	tri := [3]vec3.T{{-1, -1, -2}, {1, -1, 4}, {0, 1, 4}}
	c := NewCanvas(w, h, color.RGBA{})
	n := 0
	c.Triangle(&cam, tri, func(b [3]float32) vec4.T {
		z := b[0]*tri[0][2] + b[1]*tri[1][2] + b[2]*tri[2][2]
		if z < 1-1e-4 || b[0] < -1e-6 || b[1] < -1e-6 || b[2] < -1e-6 {
			t.Fatalf("fragment at weights %v, depth %v: behind the near plane or off the triangle", b, z)
		}
		n++
		return vec4.T{1, 1, 1, 1}
	})
	if n == 0 {
		t.Fatal("nothing drawn")
	}
	for i, z := range c.Depth {
		if !math.IsInf(z, 1) && z < 1-1e-9 {
			t.Fatalf("pixel %d at depth %v, nearer than the near plane", i, z)
		}
	}
}

// LookAt looks at its target from the given distance: the target is at
// the view's centre, a point above it higher up the screen, one to the
// east to the right when the camera faces north.
func TestLookAt(t *testing.T) {
	target := vec3.T{10, 2, 30}
	cam := LookAt(target, 50, 40, 0, 60, 200, 100)
	v := cam.View(target)
	if x, y := cam.Screen(v); math.Abs(x-100) > 1e-3 || math.Abs(y-50) > 1e-3 || math.Abs(v[2]-50) > 1e-3 {
		t.Fatalf("target at (%v, %v), depth %v", x, y, v[2])
	}
	_, yUp := cam.Screen(cam.View(vec3.T{10, 12, 30}))
	xEast, _ := cam.Screen(cam.View(vec3.T{20, 2, 30}))
	if yUp >= 50 || xEast <= 100 {
		t.Fatalf("above the target at y %v, east of it at x %v", yUp, xEast)
	}
}
