package project

import (
	"math"

	"github.com/ungerik/go3d/mat4"
	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// View is a camera seen through a viewport: the clip matrix and what
// picking needs. Clip x and y are in -w..w (y up); clip w is the distance
// along the view direction, which is all the depth passes need, so the
// matrix's z row merely repeats w.
type View struct {
	M             mat4.T // world to clip, go3d column-major
	Width, Height float32
	Eye           vec3.T
	Right, Up     vec3.T
	Forward       vec3.T
	TanHalfFov    float32
	Aspect        float32
}

// View returns the camera's view for a viewport of width × height pixels.
func (c *Camera) View(width, height int) View {
	eye, right, up, fwd := c.Basis()
	t := float32(math.Tan(FieldOfView * math.Pi / 360))
	a := float32(width) / float32(max(height, 1))
	v := View{Width: float32(width), Height: float32(height), Eye: eye, Right: right, Up: up, Forward: fwd, TanHalfFov: t, Aspect: a}
	rows := [4]vec4.T{
		row(right, eye, 1/(t*a)),
		row(up, eye, 1/t),
		row(fwd, eye, 1),
		row(fwd, eye, 1),
	}
	for r := range 4 {
		for col := range 4 {
			v.M[col][r] = rows[r][col]
		}
	}
	return v
}

// row is the matrix row that measures axis·(p - eye) × s.
func row(axis, eye vec3.T, s float32) vec4.T {
	return vec4.T{axis[0] * s, axis[1] * s, axis[2] * s, -vec3.Dot(&axis, &eye) * s}
}

// Clip returns p's clip coordinates x, y and w.
func (v *View) Clip(p vec3.T) (x, y, w float32) {
	m := &v.M
	x = m[0][0]*p[0] + m[1][0]*p[1] + m[2][0]*p[2] + m[3][0]
	y = m[0][1]*p[0] + m[1][1]*p[1] + m[2][1]*p[2] + m[3][1]
	w = m[0][3]*p[0] + m[1][3]*p[1] + m[2][3]*p[2] + m[3][3]
	return x, y, w
}

// Screen maps clip coordinates (w > 0) to pixels, y down.
func (v *View) Screen(x, y, w float32) (sx, sy float32) {
	return (x/w*0.5 + 0.5) * v.Width, (0.5 - y/w*0.5) * v.Height
}

// Ray returns the world-space ray from the eye through pixel (sx, sy).
func (v *View) Ray(sx, sy float64) (origin, dir vec3.T) {
	nx := float32(sx/float64(v.Width))*2 - 1
	ny := 1 - float32(sy/float64(v.Height))*2
	for k := range 3 {
		dir[k] = v.Forward[k] + v.Right[k]*nx*v.TanHalfFov*v.Aspect + v.Up[k]*ny*v.TanHalfFov
	}
	return v.Eye, dir
}

// Equal reports whether two views draw the same image.
func (v *View) Equal(o *View) bool { return v.M == o.M && v.Width == o.Width && v.Height == o.Height }
