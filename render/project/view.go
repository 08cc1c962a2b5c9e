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

// Moved returns the view of geometry moved dx east: drawing a mesh through
// it shows the mesh dx east of where its vertices lie, so one copy of a
// wrapping map's chunk can be drawn at several places without touching
// its vertices, whose own coordinates the shaders still see.
func (v View) Moved(dx float32) View {
	for r := range 4 {
		v.M[3][r] += v.M[0][r] * dx
	}
	v.Eye[0] -= dx
	return v
}

// maxCopies bounds how many copies of a wrapping map one view draws.
const maxCopies = 16

// Copies appends to dst the east-west shifts k·wrap (k whole, wrap > 0)
// at which box b moved by them may be in view, from west to east; with
// wrap 0 (a flat map) just 0. It solves Visible for the shift: for each
// frustum plane the box is wholly outside only beyond one value of it.
func (v *View) Copies(b Box, wrap float32, dst []float32) []float32 {
	if wrap <= 0 {
		return append(dst, 0)
	}
	if !b.Valid {
		return dst
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	m := &v.M
	row := func(r int) [4]float64 {
		return [4]float64{float64(m[0][r]), float64(m[1][r]), float64(m[2][r]), float64(m[3][r])}
	}
	x, y, w := row(0), row(1), row(3)
	planes := [5][4]float64{}
	for k := range 4 {
		planes[0][k] = w[k] - x[k]
		planes[1][k] = w[k] + x[k]
		planes[2][k] = w[k] - y[k]
		planes[3][k] = w[k] + y[k]
		planes[4][k] = w[k]
	}
	planes[4][3] -= NearClip
	for _, p := range planes {
		top := p[3] // the plane's largest value over the box's corners
		for k := range 3 {
			top += max(p[k]*float64(b.Lo[k]), p[k]*float64(b.Hi[k]))
		}
		switch {
		case p[0] > 0:
			lo = max(lo, -top/p[0])
		case p[0] < 0:
			hi = min(hi, -top/p[0])
		case top < 0:
			return dst
		}
	}
	// Rounding may put a copy on the wrong side of a plane: take one more
	// each way; Visible decides for each chunk.
	k0, k1 := math.Ceil(lo/float64(wrap))-1, math.Floor(hi/float64(wrap))+1
	k0, k1 = max(k0, -maxCopies), min(k1, maxCopies)
	for k := k0; k <= k1; k++ {
		dst = append(dst, float32(k)*wrap)
	}
	return dst
}
