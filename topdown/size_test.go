package topdown

import (
	"testing"

	"hexsandbox/hexmap"
)

// Hand-worked picture sizes: a 10×5 map is 10.5 cells wide (odd rows half
// a cell east) and 4 × 1.5 + 2 = 8 outer radii, 80 world units, tall; at
// 10 pixels per 17.3205-unit cell that is 105 × 46.19 pixels, at 12
// pixels 126 × 55.43.
func TestPictureSizeHandWorked(t *testing.T) {
	top := hexmap.Topology{Width: 10, Height: 5}
	for _, c := range []struct{ px, w, h int }{{10, 105, 47}, {12, 126, 56}} {
		if w, h := PictureSize(top, c.px); w != c.w || h != c.h {
			t.Errorf("PictureSize at %d px = %d×%d, want %d×%d", c.px, w, h, c.w, c.h)
		}
	}
}
