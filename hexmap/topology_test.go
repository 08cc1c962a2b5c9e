package hexmap

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Neighbours of a 10×5 map, worked out by hand from the offset layout
// (odd rows shifted half a cell east): interior cells, corners, and on a
// wrapping map the cells across the seam.
func TestNeighborHandWorked(t *testing.T) {
	type nb struct {
		x, z int
		d    Direction
		want [2]int // offset of the neighbour; {-1, -1} off the map
	}
	off := [2]int{-1, -1}
	flat := []nb{
		{4, 2, NE, [2]int{4, 3}}, {4, 2, E, [2]int{5, 2}}, {4, 2, SE, [2]int{4, 1}},
		{4, 2, SW, [2]int{3, 1}}, {4, 2, W, [2]int{3, 2}}, {4, 2, NW, [2]int{3, 3}},
		{4, 1, NE, [2]int{5, 2}}, {4, 1, SE, [2]int{5, 0}}, {4, 1, SW, [2]int{4, 0}}, {4, 1, NW, [2]int{4, 2}},
		{0, 0, W, off}, {0, 0, SW, off}, {0, 0, NW, off}, {0, 0, NE, [2]int{0, 1}},
		{9, 1, E, off}, {9, 1, NE, off}, {9, 1, SE, off}, {9, 1, NW, [2]int{9, 2}},
		{9, 4, NE, off}, {0, 2, NW, off},
	}
	wrap := []nb{
		{0, 0, W, [2]int{9, 0}}, {0, 0, NW, [2]int{9, 1}}, {0, 0, SW, off},
		{9, 1, E, [2]int{0, 1}}, {9, 1, NE, [2]int{0, 2}}, {9, 1, SE, [2]int{0, 0}},
		{0, 2, NW, [2]int{9, 3}}, {0, 2, SW, [2]int{9, 1}}, {9, 2, E, [2]int{0, 2}},
		{9, 4, NE, off}, {4, 2, NE, [2]int{4, 3}},
	}
	for _, tc := range []struct {
		top   Topology
		cases []nb
	}{{Topology{10, 5, false}, flat}, {Topology{10, 5, true}, wrap}} {
		for _, c := range tc.cases {
			n, ok := tc.top.Neighbor(c.x+c.z*10, c.d)
			got := off
			if ok {
				got = [2]int{n % 10, n / 10}
			}
			if got != c.want {
				t.Errorf("wrapping %v: neighbour of (%d, %d) in %v is %v, want %v", tc.top.Wrapping, c.x, c.z, c.d, got, c.want)
			}
		}
	}
}

// Neighbourhood is symmetric: stepping d and back through the opposite
// returns, everywhere, on both kinds of map.
func TestNeighborSymmetric(t *testing.T) {
	for _, top := range []Topology{{10, 5, false}, {10, 5, true}, {5, 10, true}} {
		for i := range top.CellCount() {
			for d := NE; d <= NW; d++ {
				n, ok := top.Neighbor(i, d)
				if !ok {
					continue
				}
				if back, ok := top.Neighbor(n, d.Opposite()); !ok || back != i {
					t.Fatalf("%+v: %d → %v → %d → back %d", top, i, d, n, back)
				}
				if dir, ok := top.DirectionTo(i, n); !ok || dir != d {
					t.Fatalf("%+v: DirectionTo(%d, %d) = %v, want %v", top, i, n, dir, d)
				}
			}
		}
	}
}

// Distances by hand: along a row, across rows, and the short way round a
// wrapping map.
func TestDistanceHandWorked(t *testing.T) {
	cases := []struct {
		wrap           bool
		x1, z1, x2, z2 int
		want           int
	}{
		{false, 0, 0, 9, 0, 9},
		{true, 0, 0, 9, 0, 1},
		{true, 0, 0, 5, 0, 5},
		{true, 1, 0, 8, 0, 3},
		{false, 0, 0, 0, 4, 4},
		{false, 0, 0, 9, 4, 11}, // 4 rows up moves 2 columns east for free
		{true, 0, 0, 9, 4, 4},   // round the seam: west 1 column, up 4 rows
		{true, 9, 1, 0, 2, 1},   // NE across the seam from an odd row
		{true, 9, 2, 0, 3, 2},   // from an even row NE stays in column 9
		{true, 0, 1, 9, 1, 1},
	}
	for _, c := range cases {
		top := Topology{10, 5, c.wrap}
		got := top.DistanceTo(FromOffset(c.x1, c.z1), FromOffset(c.x2, c.z2))
		if got != c.want {
			t.Errorf("wrapping %v: distance (%d,%d)-(%d,%d) = %d, want %d", c.wrap, c.x1, c.z1, c.x2, c.z2, got, c.want)
		}
	}
}

// On both kinds of map DistanceTo is the length of the shortest chain of
// neighbours, found by breadth-first search over Neighbor.
func TestDistanceMatchesNeighborBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, top := range []Topology{{15, 10, false}, {15, 10, true}, {5, 10, true}} {
		for range 20 {
			from := rng.IntN(top.CellCount())
			dist := make([]int, top.CellCount())
			for i := range dist {
				dist[i] = -1
			}
			dist[from] = 0
			queue := []int{from}
			for len(queue) > 0 {
				i := queue[0]
				queue = queue[1:]
				top.Neighbors(i, func(_ Direction, n int) {
					if dist[n] < 0 {
						dist[n] = dist[i] + 1
						queue = append(queue, n)
					}
				})
			}
			for i, d := range dist {
				if got := top.Distance(from, i); got != d {
					t.Fatalf("%+v: distance %d→%d = %d, BFS %d", top, from, i, got, d)
				}
			}
		}
	}
}

// A neighbour across the seam is shifted by one map width so that it lies
// next to the cell, as any neighbour does: one cell width from its centre.
func TestNeighborShiftPlacesNeighbourAdjacent(t *testing.T) {
	for _, top := range []Topology{{10, 5, true}, {10, 5, false}} {
		for i := range top.CellCount() {
			x, z := top.CellCenter(i)
			top.Neighbors(i, func(d Direction, n int) {
				nx, nz := top.CellCenter(n)
				nx += top.NeighborShift(i, n)
				dx, dz := nx-x, nz-z
				if dist := dx*dx + dz*dz; abs32(dist-4*InnerRadius*InnerRadius) > 0.01 {
					t.Fatalf("%+v: neighbour %v of %d is %v away", top, d, i, dist)
				}
			})
		}
	}
}

// CellUnder finds the cell in any copy of a wrapping map, and WrapX folds
// positions back onto the map.
func TestCellUnderWraps(t *testing.T) {
	top := Topology{10, 5, true}
	x, z := cellCenter(3, 2)
	for _, k := range []float32{-2, -1, 0, 1, 3} {
		i, ok := top.CellUnder(x+k*top.WrapSize(), z)
		if !ok || i != 3+2*10 {
			t.Errorf("copy %v: CellUnder = %d, %v", k, i, ok)
		}
		if w := top.WrapX(x + k*top.WrapSize()); abs32(w-x) > 1e-3 {
			t.Errorf("copy %v: WrapX = %v, want %v", k, w, x)
		}
	}
	if _, ok := (Topology{10, 5, false}).CellUnder(x+top.WrapSize(), z); ok {
		t.Error("a flat map found a cell east of its last column")
	}
}

func TestExplorable(t *testing.T) {
	flat, wrap := Topology{10, 5, false}, Topology{10, 5, true}
	cases := []struct {
		x, z       int
		flat, wrap bool
	}{{0, 2, false, true}, {9, 2, false, true}, {4, 0, false, false}, {4, 4, false, false}, {4, 2, true, true}, {1, 1, true, true}}
	for _, c := range cases {
		if got := flat.Explorable(c.x + c.z*10); got != c.flat {
			t.Errorf("flat (%d, %d): explorable %v", c.x, c.z, got)
		}
		if got := wrap.Explorable(c.x + c.z*10); got != c.wrap {
			t.Errorf("wrapping (%d, %d): explorable %v", c.x, c.z, got)
		}
	}
}

// Within on a 10×5 map, by hand: the radius-1 disk of (0, 2) is the cell
// and its six neighbours, on a wrapping map across the seam (column 9),
// on a flat one clipped; a disk wider than a narrow wrapping map holds
// each cell once.
func TestWithinHandWorked(t *testing.T) {
	at := func(x, z int) int { return x + z*10 }
	collect := func(top Topology, i, r int) []int {
		var out []int
		top.Within(i, r, func(n int) { out = append(out, n) })
		return out
	}
	wrap := collect(Topology{10, 5, true}, at(0, 2), 1)
	want := []int{at(9, 1), at(0, 1), at(9, 2), at(0, 2), at(1, 2), at(9, 3), at(0, 3)}
	if !slices.Equal(wrap, want) {
		t.Errorf("wrapping disk of (0, 2): %v, want %v", wrap, want)
	}
	flat := collect(Topology{10, 5, false}, at(0, 2), 1)
	if want := []int{at(0, 1), at(0, 2), at(1, 2), at(0, 3)}; !slices.Equal(flat, want) {
		t.Errorf("flat disk of (0, 2): %v, want %v", flat, want)
	}
	narrow := Topology{5, 5, true}
	all := collect(narrow, 12, 4)
	seen := map[int]bool{}
	for _, n := range all {
		if seen[n] {
			t.Fatalf("radius 4 on a 5 wide map gives cell %d twice: %v", n, all)
		}
		seen[n] = true
		if d := narrow.Distance(12, n); d > 4 {
			t.Fatalf("cell %d is %d steps away, beyond the radius", n, d)
		}
	}
	if len(all) != 25 {
		t.Errorf("radius 4 from the middle of a 5×5 wrapping map reaches %d cells, want all 25", len(all))
	}
}

// A neighbour's centre across the seam lies a map width east of its own
// (from the last column) or west (from the first), and Nearest moves a
// point to the copy within half a width of a reference.
func TestNeighborShiftAndNearest(t *testing.T) {
	top := Topology{10, 5, true}
	placed := func(i int, d Direction) (x, z float32) {
		n, ok := top.Neighbor(i, d)
		if !ok {
			t.Fatalf("cell %d has no neighbour %v", i, d)
		}
		x, z = top.CellCenter(n)
		return x + top.NeighborShift(i, n), z
	}
	x, z := placed(9+1*10, E) // (9, 1) east is (0, 1)
	ox, oz := cellCenter(0, 1)
	if abs32(x-(ox+top.WrapSize())) > 1e-3 || z != oz {
		t.Errorf("east of (9, 1): (%v, %v), want (%v, %v)", x, z, ox+top.WrapSize(), oz)
	}
	x, _ = placed(0+2*10, W) // (0, 2) west is (9, 2)
	if ox, _ := cellCenter(9, 2); abs32(x-(ox-top.WrapSize())) > 1e-3 {
		t.Errorf("west of (0, 2): x %v, want %v", x, ox-top.WrapSize())
	}
	if top.NeighborShift(3, 4) != 0 {
		t.Error("neighbours within the map shifted")
	}
	w := top.WrapSize()
	for _, c := range []struct{ x, ref, want float32 }{{10, 0, 10}, {10, w, 10 + w}, {w - 5, 3, -5}, {5, -w + 1, 5 - w}} {
		if got := top.Nearest(c.x, c.ref); abs32(got-c.want) > 1e-3 {
			t.Errorf("Nearest(%v, %v) = %v, want %v", c.x, c.ref, got, c.want)
		}
	}
	if got := (Topology{10, 5, false}).Nearest(w-5, 3); got != w-5 {
		t.Errorf("a flat map moved x to %v", got)
	}
}

// WithinRows covers the disk row by row from the south, one run a row:
// expanded (modulo the width on a wrapping map) its runs give exactly the
// cells at most radius steps away (Distance, wrapped on a wrapping map),
// each once, on flat and wrapping maps, narrow ones and radii past the
// border included.
func TestWithinRowsIsTheDisk(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 14))
	for _, top := range []Topology{{10, 5, false}, {10, 5, true}, {5, 5, true}, {3, 9, true}, {7, 12, false}, {40, 30, true}} {
		for range 60 {
			i, r := rng.IntN(top.CellCount()), rng.IntN(6)
			var got []int
			lastZ := -1
			top.WithinRows(i, r, func(z, x, n int) {
				if z <= lastZ || n < 1 || n > top.Width {
					t.Fatalf("%+v disk of %d, radius %d: row %d after %d, %d cells", top, i, r, z, lastZ, n)
				}
				lastZ = z
				for k := range n {
					xx := x + k
					if top.Wrapping {
						xx = (xx%top.Width + top.Width) % top.Width
					}
					got = append(got, xx+z*top.Width)
				}
			})
			var want []int
			for n := range top.CellCount() {
				if top.Distance(i, n) <= r {
					want = append(want, n)
				}
			}
			seen := map[int]bool{}
			for _, n := range got {
				if seen[n] {
					t.Fatalf("%+v disk of %d, radius %d: cell %d twice", top, i, r, n)
				}
				seen[n] = true
			}
			slices.Sort(got) // the rows' order was checked above; the cells' set here
			if !slices.Equal(got, want) {
				t.Fatalf("%+v disk of %d, radius %d: %v, want %v", top, i, r, got, want)
			}
		}
	}
}

// near reports whether a and b agree to within 1e-4 world units.
func near(a, b float64) bool { return math.Abs(a-b) < 1e-4 }

// near32 is near for float32s.
func near32(a, b float32) bool { return near(float64(a), float64(b)) }

// Hand-worked lattice of a 10×5 map: cells 17.3205 wide (2 × 8.66025),
// rows 15 apart (1.5 × 10); its hexagons span from the west edge of
// row 0's first cell to the east edge of row 1's last (odd rows are half
// a cell east) and from row 0's south tip to row 4's north tip.
func TestLatticeHandWorked(t *testing.T) {
	top := Topology{Width: 10, Height: 5}
	if !near(top.ColumnPitch(), 17.32050808) || top.RowPitch() != 15 {
		t.Fatalf("pitches %v, %v; want 17.3205, 15", top.ColumnPitch(), top.RowPitch())
	}
	if maxX, maxZ := top.Extent(); !near(maxX, 9.5*17.32050808) || maxZ != 60 {
		t.Fatalf("Extent %v, %v; want 164.545, 60", maxX, maxZ)
	}
	for _, c := range []struct {
		margin, x0, z0, x1, z1 float32
	}{
		{0, -8.66025404, -10, 173.2050808, 70},
		{2, -10.66025404, -12, 175.2050808, 72},
	} {
		x0, z0, x1, z1 := top.Bounds(c.margin)
		if !near32(x0, c.x0) || !near32(z0, c.z0) || !near32(x1, c.x1) || !near32(z1, c.z1) {
			t.Fatalf("Bounds(%v) = %v %v %v %v, want %v %v %v %v", c.margin, x0, z0, x1, z1, c.x0, c.z0, c.x1, c.z1)
		}
	}
	// Columns 5..9 of rows 5..9: row 6's cell 5 (centre 86.60) reaches
	// furthest west, row 5's cell 9 (centre 164.54) furthest east.
	x0, z0, x1, z1 := top.BlockBounds(5, 5, 10, 10, 0)
	if !near32(x0, 77.94228636) || z0 != 65 || !near32(x1, 173.2050808) || z1 != 145 {
		t.Fatalf("BlockBounds = %v %v %v %v, want 77.9423 65 173.205 145", x0, z0, x1, z1)
	}
}

// Hand-worked world to axial conversions: offset cell (1, 1) is centred
// at (25.98, 15), axial (1, 1); points either side of the edge x = 0 in
// row 1 fall in axial (0, 1) and (-1, 1), points either side of row 0's
// edge between its first two cells in (0, 0) and (1, 0).
func TestAxialHandWorked(t *testing.T) {
	var top Topology
	if ax, az := top.Axial(1.5*17.32050808, 15); !near(ax, 1) || !near(az, 1) {
		t.Fatalf("Axial(25.98, 15) = %v, %v; want 1, 1", ax, az)
	}
	if x, z := top.AxialPosition(1, 1); !near(x, 25.98076212) || !near(z, 15) {
		t.Fatalf("AxialPosition(1, 1) = %v, %v; want 25.98, 15", x, z)
	}
	if x, z := top.AxialPosition(-0.5, 2); !near(x, 8.66025404) || z != 30 {
		t.Fatalf("AxialPosition(-0.5, 2) = %v, %v; want 8.66, 30", x, z)
	}
	for _, c := range []struct {
		x, z float32
		want Coordinates
	}{
		{0, 0, Coordinates{0, 0}},
		{8.5, 0, Coordinates{0, 0}},
		{8.8, 0, Coordinates{1, 0}},
		{1, 11, Coordinates{0, 1}},
		{-1, 11, Coordinates{-1, 1}},
		{0, 9.5, Coordinates{0, 0}},
	} {
		if got := top.FromPosition(c.x, c.z); got != c.want {
			t.Errorf("FromPosition(%v, %v) = %v, want %v", c.x, c.z, got, c.want)
		}
	}
}
