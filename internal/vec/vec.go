// Package vec is the project's one set of vector helpers, on go3d's vec3.T
// (the meshes' type) and on XYZ, the same point as a struct for hot loops.
//
// The helpers on vec3.T take and return values. go3d's own functions take
// pointers, which the triangulation's nested expressions (a centre plus a
// scaled corner, a function's result) cannot give without a temporary for
// every operand; use go3d's where the operands are variables already.
//
// XYZ is for arithmetic in hot loops: the Go compiler keeps an array such
// as vec3.T in memory and copies it through the stack at every call, and
// when a vec3.T built from three stores is read back as one wide load the
// CPU stalls; a struct of three fields lives in registers. A face normal
// through XYZ takes a third of the time of the same on vec3.T values
// (BENCHMARKS.md). The formulas of Dot, Cross, Length and Normalize live
// on XYZ only; the vec3.T forms convert.
//
// Length, Normalize and Lerp differ from go3d's in the last bit (go3d has
// a float32 square root, an epsilon shortcut, a·(1-t) + b·t): the meshes
// must stay the same to the bit on every platform, so these are the ones
// to use.
package vec

import (
	"math"

	"github.com/ungerik/go3d/vec3"
)

// Add returns a + b.
func Add(a, b vec3.T) vec3.T { return vec3.T{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// Sub returns a - b.
func Sub(a, b vec3.T) vec3.T { return vec3.T{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

// Scale returns a·f.
func Scale(a vec3.T, f float32) vec3.T { return vec3.T{a[0] * f, a[1] * f, a[2] * f} }

// Lerp interpolates between a and b as a + (b-a)·t: Unity's
// Vector3.LerpUnclamped, which Catlike's Vector3.Lerp calls amount to
// (they pass t in 0..1).
func Lerp(a, b vec3.T, t float32) vec3.T {
	return vec3.T{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

// Dot returns a·b.
func Dot(a, b vec3.T) float32 { return Of(a).Dot(Of(b)) }

// Cross returns a × b.
func Cross(a, b vec3.T) vec3.T { return Of(a).Cross(Of(b)).V() }

// Length returns |a|.
func Length(a vec3.T) float32 { return Of(a).Length() }

// Normalize returns a / |a|, or straight up where a has no direction (see
// XYZ.Normalized).
func Normalize(a vec3.T) vec3.T { return Of(a).Normalized().V() }

// XYZ is a point or direction for arithmetic in hot loops.
type XYZ struct{ X, Y, Z float32 }

// Of returns v as an XYZ.
func Of(v vec3.T) XYZ { return XYZ{v[0], v[1], v[2]} }

// V returns p as a vec3.T.
func (p XYZ) V() vec3.T { return vec3.T{p.X, p.Y, p.Z} }

// At returns *v as an XYZ, reading its three components: Of(*v) copies
// the array through the stack first.
func At(v *vec3.T) XYZ { return XYZ{v[0], v[1], v[2]} }

// Store sets *dst to p, component by component.
func (p XYZ) Store(dst *vec3.T) { dst[0], dst[1], dst[2] = p.X, p.Y, p.Z }

// Plus returns p + q, as Add.
func (p XYZ) Plus(q XYZ) XYZ { return XYZ{p.X + q.X, p.Y + q.Y, p.Z + q.Z} }

// Minus returns p - q, as Sub.
func (p XYZ) Minus(q XYZ) XYZ { return XYZ{p.X - q.X, p.Y - q.Y, p.Z - q.Z} }

// Times returns p·f, as Scale.
func (p XYZ) Times(f float32) XYZ { return XYZ{p.X * f, p.Y * f, p.Z * f} }

// Lerp interpolates between p and q as Lerp does.
func (p XYZ) Lerp(q XYZ, t float32) XYZ {
	return XYZ{p.X + (q.X-p.X)*t, p.Y + (q.Y-p.Y)*t, p.Z + (q.Z-p.Z)*t}
}

// WithY returns p at height y.
func (p XYZ) WithY(y float32) XYZ { p.Y = y; return p }

// Dot returns p·q.
func (p XYZ) Dot(q XYZ) float32 { return p.X*q.X + p.Y*q.Y + p.Z*q.Z }

// Cross returns p × q.
func (p XYZ) Cross(q XYZ) XYZ {
	return XYZ{p.Y*q.Z - p.Z*q.Y, p.Z*q.X - p.X*q.Z, p.X*q.Y - p.Y*q.X}
}

// Length returns |p|, rounded once from the float64 square root.
func (p XYZ) Length() float32 {
	return float32(math.Sqrt(float64(p.X*p.X + p.Y*p.Y + p.Z*p.Z)))
}

// Normalized returns p / |p|, or straight up (0, 1, 0) where p has no
// direction (zero or not a number): the normal a degenerate triangle gets.
func (p XYZ) Normalized() XYZ {
	l := p.Length()
	if !(l > 0) {
		return XYZ{Y: 1}
	}
	return XYZ{p.X / l, p.Y / l, p.Z / l}
}
