package features

import "github.com/ungerik/go3d/vec3"

// xyz is a point for the hot wall arithmetic. go3d's vec3.T is an array,
// which the Go compiler keeps in memory and copies through the stack on
// every call; a three-field struct lives in registers. The operations
// are vec3's and hexmap's, written out in the same order, so the results
// are the same to the bit (TestBuildMatchesReference).
type xyz struct{ x, y, z float32 }

func xyzOf(v vec3.T) xyz { return xyz{v[0], v[1], v[2]} }

func (p xyz) vec() vec3.T { return vec3.T{p.x, p.y, p.z} }

func (p xyz) plus(q xyz) xyz      { return xyz{p.x + q.x, p.y + q.y, p.z + q.z} }
func (p xyz) minus(q xyz) xyz     { return xyz{p.x - q.x, p.y - q.y, p.z - q.z} }
func (p xyz) times(f float32) xyz { return xyz{p.x * f, p.y * f, p.z * f} }
func (p xyz) withY(y float32) xyz { p.y = y; return p }
