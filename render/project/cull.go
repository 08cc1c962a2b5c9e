package project

import "github.com/ungerik/go3d/vec3"

// Box is an axis-aligned bounding box.
type Box struct {
	Lo, Hi vec3.T
	Valid  bool // false: empty
}

// Extend grows b to hold o.
func (b *Box) Extend(o Box) {
	if !o.Valid {
		return
	}
	if !b.Valid {
		*b = o
		return
	}
	for k := range 3 {
		b.Lo[k] = min(b.Lo[k], o.Lo[k])
		b.Hi[k] = max(b.Hi[k], o.Hi[k])
	}
}

// corners returns the box's eight corners.
func (b *Box) corners() [8]vec3.T {
	var c [8]vec3.T
	for i := range 8 {
		for k := range 3 {
			if i&(1<<k) != 0 {
				c[i][k] = b.Hi[k]
			} else {
				c[i][k] = b.Lo[k]
			}
		}
	}
	return c
}

// Visible reports whether any part of b may be in the view frustum (left,
// right, bottom, top and near planes), and returns the range of view
// distance w its corners span, for a tight depth range.
func (v *View) Visible(b Box) (ok bool, wMin, wMax float32) {
	if !b.Valid {
		return false, 0, 0
	}
	var out [5]int // corners outside each plane
	wMin, wMax = float32(1e30), float32(-1e30)
	for _, p := range b.corners() {
		x, y, w := v.Clip(p)
		wMin, wMax = min(wMin, w), max(wMax, w)
		if x > w {
			out[0]++
		}
		if x < -w {
			out[1]++
		}
		if y > w {
			out[2]++
		}
		if y < -w {
			out[3]++
		}
		if w < NearClip {
			out[4]++
		}
	}
	for _, n := range out {
		if n == 8 {
			return false, wMin, wMax
		}
	}
	return true, wMin, wMax
}

// Inside reports whether all of b lies in the view frustum and beyond the
// near plane: then every triangle in b projects into the view unclipped.
func (v *View) Inside(b Box) bool {
	if !b.Valid {
		return false
	}
	for _, p := range b.corners() {
		x, y, w := v.Clip(p)
		if w < NearClip || x > w || x < -w || y > w || y < -w {
			return false
		}
	}
	return true
}

// Moved returns b moved dx east (a copy of a wrapping map's chunk).
func (b Box) Moved(dx float32) Box {
	b.Lo[0] += dx
	b.Hi[0] += dx
	return b
}
