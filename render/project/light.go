package project

import (
	"math"

	"github.com/ungerik/go3d/vec3"
)

// Lighting is the sun (a directional light) plus a soft ambient term. The
// shaders compute it per fragment (shaders/common.kage, light); Shade is
// the same sum on the CPU.
type Lighting struct {
	Dir     vec3.T // unit vector towards the sun
	Ambient float32
	Diffuse float32
}

// The sun's place relative to the view: from the upper left of the
// screen, as cartographers light relief (a raised shape then reads as
// raised: bright on its far, upper side, dark towards the viewer), a
// little more from the top than from the left so that the whole far side
// of a hill is lit, and SunElevation degrees above the horizon.
const (
	SunAzimuth   = 120.0 // degrees from the screen's right, counterclockwise
	SunElevation = 40.0
)

// Sun returns the lighting for a camera turned rotation degrees: the sun
// turns with the camera, so that relief reads the same from every angle.
func Sun(rotation float64) Lighting {
	az, el := SunAzimuth*math.Pi/180, SunElevation*math.Pi/180
	// In the camera's ground frame: x to the screen's right, z up the
	// screen (away from the viewer).
	x, z := math.Cos(az)*math.Cos(el), math.Sin(az)*math.Cos(el)
	s, c := math.Sincos(rotation * math.Pi / 180)
	dir := vec3.T{float32(x*c + z*s), float32(math.Sin(el)), float32(-x*s + z*c)}
	return Lighting{Dir: dir, Ambient: 0.4, Diffuse: 0.75}
}

// DefaultLighting is the sun of an unrotated camera.
func DefaultLighting() Lighting { return Sun(0) }

// Shade returns the light factor for normal n in full sun (shadow 1) or
// in shadow (0): the ambient term, a little less on steep faces, which
// see less sky, plus the sun's diffuse light. shaders/common.kage's light
// is the same sum.
func (l *Lighting) Shade(n vec3.T, shadow float32) float32 {
	d := n[0]*l.Dir[0] + n[1]*l.Dir[1] + n[2]*l.Dir[2]
	return l.Ambient*(0.85+0.15*n[1]) + l.Diffuse*max(d, 0)*shadow
}
