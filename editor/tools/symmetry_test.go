package tools

import (
	"math"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

func gridOf(t *testing.T, w, h int, wrapping bool) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: w, Height: h, Wrapping: wrapping}, noise.New(1))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// images returns the offset coordinates of cell (x, z)'s images.
func images(t *testing.T, g *hexmap.Grid, s Symmetry, x, z int) [][2]int {
	t.Helper()
	var out [][2]int
	for _, im := range s.Images(g.Topology(), g.Topology().Coordinates(index(t, g, x, z))) {
		ox, oz := g.Topology().Offset(im.Cell)
		out = append(out, [2]int{ox, oz})
	}
	return out
}

// On a flat 20×15 map the mirror line runs between columns 9 and 10 of
// the even rows (19 r from the west, r the inner radius), which is
// through the middle of column 9 of the odd rows (shifted half a cell
// east): (x, even) ↔ (19−x), (x, odd) ↔ (18−x), and column 19 of an odd
// row has no partner. Worked out by hand from the cell centres.
func TestMirrorByHand(t *testing.T) {
	g := gridOf(t, 20, 15, false)
	for _, c := range []struct {
		x, z int
		want [][2]int
	}{
		{3, 2, [][2]int{{3, 2}, {16, 2}}},
		{0, 4, [][2]int{{0, 4}, {19, 4}}},
		{3, 3, [][2]int{{3, 3}, {15, 3}}},
		{9, 3, [][2]int{{9, 3}, {9, 3}}}, // on the line: its own image
		{19, 3, [][2]int{{19, 3}}},
	} {
		got := images(t, g, SymmetryMirror, c.x, c.z)
		if len(got) != len(c.want) || got[0] != c.want[0] || (len(got) > 1 && got[1] != c.want[1]) {
			t.Errorf("mirror of (%d, %d): %v, want %v", c.x, c.z, got, c.want)
		}
	}
}

// On a map of even height the half turn is exact over the whole
// rectangle: (x, z) ↔ (W−1−x, H−1−z), worked out from the axial form.
func TestHalfTurnCoversAnEvenMap(t *testing.T) {
	g := gridOf(t, 20, 30, false)
	for i := range g.Topology().CellCount() {
		x, z := g.Topology().Offset(i)
		got := images(t, g, Symmetry2, x, z)
		if len(got) != 2 || got[1] != [2]int{19 - x, 29 - z} {
			t.Fatalf("half turn of (%d, %d): %v, want (%d, %d)", x, z, got, 19-x, 29-z)
		}
	}
}

// The 6-fold centre of a 20×15 map is the cell (9, 7); its six
// neighbours are each other's images.
func TestSixFoldTurnsTheRing(t *testing.T) {
	g := gridOf(t, 20, 15, false)
	centre := index(t, g, 9, 7)
	if got := images(t, g, Symmetry6, 9, 7); len(got) != 6 || got[1] != [2]int{9, 7} {
		t.Fatalf("centre's images %v: want itself six times", got)
	}
	ne, _ := g.Topology().Neighbor(centre, hexmap.NE)
	ims := Symmetry6.Images(g.Topology(), g.Topology().Coordinates(ne))
	for k, im := range ims {
		want, _ := g.Topology().Neighbor(centre, hexmap.Direction(k))
		if im.Cell != want || im.T.Dir(hexmap.NE) != hexmap.Direction(k) {
			t.Errorf("image %d of the NE neighbour: cell %d, NE→%v; want the %v neighbour %d", k, im.Cell, im.T.Dir(hexmap.NE), hexmap.Direction(k), want)
		}
	}
}

// Every image keeps its cell's distance from the symmetry's centre, and
// directions map to the directions between the images of neighbours: the
// transforms are lattice symmetries. Checked in world space, apart from
// the cube arithmetic under test.
func TestImagesAreIsometries(t *testing.T) {
	for _, shape := range [][2]int{{20, 15}, {20, 30}, {25, 20}, {40, 30}} {
		g := gridOf(t, shape[0], shape[1], false)
		top := g.Topology()
		for s := SymmetryMirror; s < symmetryCount; s++ {
			c := s.Centre(top)
			px := (float64(c.x)/6 + float64(c.z)/12) * 2 * hexmap.InnerRadius
			pz := float64(c.z) / 6 * 1.5 * hexmap.OuterRadius
			dist := func(i int) float64 {
				x, z := top.CellCenter(i)
				return math.Hypot(float64(x)-px, float64(z)-pz)
			}
			for i := range g.Topology().CellCount() {
				for _, im := range s.Images(top, g.Topology().Coordinates(i)) {
					if math.Abs(dist(im.Cell)-dist(i)) > 1e-3 {
						t.Fatalf("%v %v: cell %d at %.3f from the centre, its image %d at %.3f", shape, s, i, dist(i), im.Cell, dist(im.Cell))
					}
					for d := hexmap.NE; d <= hexmap.NW; d++ {
						n, ok := g.Topology().Neighbor(i, d)
						if !ok {
							continue
						}
						ni := imageUnder(s, top, n, im.T)
						if m, ok := g.Topology().Neighbor(im.Cell, im.T.Dir(d)); ni >= 0 && (!ok || m != ni) {
							t.Fatalf("%v %v: neighbour %v of %d maps to %d, not to the %v neighbour of its image", shape, s, d, i, ni, im.T.Dir(d))
						}
					}
				}
			}
		}
	}
}

// imageUnder returns cell i's image under transform tr, or -1.
func imageUnder(s Symmetry, top hexmap.Topology, i int, tr Transform) int {
	for _, im := range s.Images(top, top.Coordinates(i)) {
		if im.T == tr {
			return im.Cell
		}
	}
	return -1
}

// On a wrapping map the mirror and the half turn pair every cell with
// one partner (the cylinder is symmetric), and doing either twice gives
// the cell back.
func TestWrappingMirrorAndHalfTurnAreExact(t *testing.T) {
	g := gridOf(t, 20, 15, true)
	top := g.Topology()
	for _, s := range []Symmetry{SymmetryMirror, Symmetry2} {
		for i := range g.Topology().CellCount() {
			ims := s.Images(top, g.Topology().Coordinates(i))
			if len(ims) != 2 {
				t.Fatalf("%v: cell %d has %d images, want 2", s, i, len(ims))
			}
			back := s.Images(top, g.Topology().Coordinates(ims[1].Cell))
			if len(back) != 2 || back[1].Cell != i {
				t.Fatalf("%v: cell %d → %d → %v, want it back", s, i, ims[1].Cell, back)
			}
		}
	}
	// The mirror pairs columns across the seam too: (0, 4) ↔ (19, 4).
	if got := images(t, g, SymmetryMirror, 0, 4); got[1] != [2]int{19, 4} {
		t.Errorf("mirror of (0, 4) on the wrapping map: %v", got[1])
	}
}

// A river drawn with the mirror on is drawn mirrored: east out of (3, 2)
// into (4, 2) gives west out of (16, 2) into (15, 2).
func TestSymmetricRiver(t *testing.T) {
	g := gridOf(t, 20, 15, false)
	s := Settings{River: Yes}
	var tr DragTracker
	for _, x := range []int{3, 4} {
		i := index(t, g, x, 2)
		s.ApplySymmetric(g, i, tr.Step(g, i), SymmetryMirror)
	}
	if got := g.Cell(index(t, g, 3, 2)).OutgoingRiver; got != hexmap.E {
		t.Errorf("river out of (3, 2): %v, want E", got)
	}
	if got := g.Cell(index(t, g, 16, 2)).OutgoingRiver; got != hexmap.W {
		t.Errorf("mirrored river out of (16, 2): %v, want W", got)
	}
	if got := g.Cell(index(t, g, 15, 2)).IncomingRiver; got != hexmap.E {
		t.Errorf("mirrored river into (15, 2) from %v, want E", got)
	}
}

func TestSymmetryCycles(t *testing.T) {
	s := SymmetryOff
	for range symmetryCount {
		s = s.Next()
	}
	if s != SymmetryOff {
		t.Errorf("cycling through every symmetry ends at %v", s)
	}
}
