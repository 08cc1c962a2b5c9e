package vision

import (
	"math/rand/v2"
	"slices"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

var testNoise = noise.New(1)

func newGrid(t testing.TB, w, h int, wrapping bool) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: w, Height: h, Wrapping: wrapping}, testNoise)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// rel returns the cell at cube offset (dx, dz) from cell i.
func rel(t testing.TB, g *hexmap.Grid, i, dx, dz int) int {
	t.Helper()
	c := g.Topology().Coordinates(i)
	n, ok := g.Topology().Index(hexmap.Coordinates{X: c.X + dx, Z: c.Z + dz})
	if !ok {
		t.Fatalf("(%d, %d) from cell %d is off the map", dx, dz, i)
	}
	return n
}

// ring returns the cells on the map exactly r steps from cell i, by
// cube offsets.
func ring(t testing.TB, g *hexmap.Grid, i, r int) []int {
	var out []int
	c := g.Topology().Coordinates(i)
	for dx := -r; dx <= r; dx++ {
		for dz := -r; dz <= r; dz++ {
			if (abs(int32(dx))+abs(int32(dz))+abs(int32(dx+dz)))/2 != int32(r) {
				continue
			}
			if n, ok := g.Topology().Index(hexmap.Coordinates{X: c.X + dx, Z: c.Z + dz}); ok {
				out = append(out, n)
			}
		}
	}
	return out
}

func sees(g *hexmap.Grid, from, rng int) []int {
	var out []int
	for _, c := range NewSight(g).Cells(from, rng, nil) {
		out = append(out, int(c))
	}
	return slices.Sorted(slices.Values(out))
}

func cellsOf(t testing.TB, g *hexmap.Grid, from int, offsets [][2]int) []int {
	var out []int
	for _, o := range offsets {
		out = append(out, rel(t, g, from, o[0], o[1]))
	}
	return slices.Sorted(slices.Values(out))
}

// disk is every cell within r of cell i (cube offsets).
func disk(t testing.TB, g *hexmap.Grid, i, r int) []int {
	var out []int
	for k := 0; k <= r; k++ {
		out = append(out, ring(t, g, i, k)...)
	}
	return slices.Sorted(slices.Values(out))
}

// The vision rules on hand-made terrain around a viewer in the middle of
// a flat map, each case worked out by hand from Catlike's rules.
func TestSightHandWorked(t *testing.T) {
	type terrain func(g *hexmap.Grid, v int)
	elevate := func(e int, cells func(g *hexmap.Grid, v int) []int) terrain {
		return func(g *hexmap.Grid, v int) {
			for _, c := range cells(g, v) {
				g.SetElevation(c, e)
			}
		}
	}
	ringOf := func(r int) func(g *hexmap.Grid, v int) []int {
		return func(g *hexmap.Grid, v int) []int { return ring(t, g, v, r) }
	}
	cases := []struct {
		name  string
		setup terrain
		want  func(g *hexmap.Grid, v int) []int
	}{
		{"flat: the disk of radius 3, 1+6+12+18 cells", func(*hexmap.Grid, int) {},
			func(g *hexmap.Grid, v int) []int { return disk(t, g, v, 3) }},
		{"a hill of 2 under the viewer extends its range to 5: 91 cells",
			func(g *hexmap.Grid, v int) { g.SetElevation(v, 2) },
			func(g *hexmap.Grid, v int) []int { return disk(t, g, v, 5) }},
		{"a plateau: all at 2 sees as far as all at 0",
			func(g *hexmap.Grid, v int) {
				for i := range g.Topology().CellCount() {
					g.SetElevation(i, 2)
				}
			},
			func(g *hexmap.Grid, v int) []int { return disk(t, g, v, 3) }},
		{"a ridge of 2 two steps out hides itself and all behind it: 7 cells", elevate(2, ringOf(2)),
			func(g *hexmap.Grid, v int) []int { return disk(t, g, v, 1) }},
		{"a ridge of 1 two steps out hides nothing (2+1 and 3+0 are within 3)", elevate(1, ringOf(2)),
			func(g *hexmap.Grid, v int) []int { return disk(t, g, v, 3) }},
		{"a gap two steps east in a ridge of 2 shows the 3 cells behind it",
			func(g *hexmap.Grid, v int) {
				elevate(2, ringOf(2))(g, v)
				g.SetElevation(rel(t, g, v, 2, 0), 0)
			},
			func(g *hexmap.Grid, v int) []int {
				return append(disk(t, g, v, 1), cellsOf(t, g, v, [][2]int{{2, 0}, {3, 0}, {3, -1}, {2, 1}})...)
			}},
		{"cliffs of 3 all round but east: no seeing round corners, 10 cells",
			func(g *hexmap.Grid, v int) {
				elevate(3, ringOf(1))(g, v)
				g.SetElevation(rel(t, g, v, 1, 0), 0)
			},
			func(g *hexmap.Grid, v int) []int {
				return cellsOf(t, g, v, [][2]int{{0, 0}, {1, 0}, {2, 0}, {2, -1}, {1, 1}, {3, 0}, {3, -1}, {2, 1}, {3, -2}, {1, 2}})
			}},
		{"a hill of 1 at the edge of sight is not seen (3+1 > 3)",
			func(g *hexmap.Grid, v int) { g.SetElevation(rel(t, g, v, 3, 0), 1) },
			func(g *hexmap.Grid, v int) []int {
				return slices.DeleteFunc(disk(t, g, v, 3), func(c int) bool { return c == rel(t, g, v, 3, 0) })
			}},
		{"water counts at its surface: a lake of level 1 over a bed of -2 at the edge is not seen",
			func(g *hexmap.Grid, v int) {
				c := rel(t, g, v, 3, 0)
				g.SetElevation(c, -2)
				g.SetWaterLevel(c, 1)
			},
			func(g *hexmap.Grid, v int) []int {
				return slices.DeleteFunc(disk(t, g, v, 3), func(c int) bool { return c == rel(t, g, v, 3, 0) })
			}},
		{"a dry hollow of -2 at the edge is seen",
			func(g *hexmap.Grid, v int) {
				c := rel(t, g, v, 3, 0)
				g.SetWaterLevel(c, -2)
				g.SetElevation(c, -2)
			},
			func(g *hexmap.Grid, v int) []int { return disk(t, g, v, 3) }},
		{"a viewer over a lake of level 2 sees from its surface: range 5",
			func(g *hexmap.Grid, v int) { g.SetWaterLevel(v, 2) },
			func(g *hexmap.Grid, v int) []int { return disk(t, g, v, 5) }},
	}
	for _, tc := range cases {
		g := newGrid(t, 20, 15, false)
		v, _ := g.Topology().IndexOffset(10, 7)
		tc.setup(g, v)
		got, want := sees(g, v, Range), slices.Sorted(slices.Values(tc.want(g, v)))
		if !slices.Equal(got, want) {
			t.Errorf("%s: sees %d cells %v, want %d %v", tc.name, len(got), got, len(want), want)
		}
	}
}

// The border: the first and last rows and columns of a flat map are
// never entered; a viewer on one still sees its own cell (the counts
// include it; Vision.Visible does not).
func TestSightBorder(t *testing.T) {
	g := newGrid(t, 20, 15, false)
	top := g.Topology()
	v, _ := top.IndexOffset(1, 1)
	got := sees(g, v, Range)
	// By hand: rows 1..4 of the disk with x ≥ 1 hold 4, 4, 3 and 3 cells.
	if len(got) != 14 {
		t.Errorf("from (1, 1) sees %d cells %v, want 14", len(got), got)
	}
	want := slices.DeleteFunc(disk(t, g, v, 3), func(c int) bool { return !top.Explorable(c) })
	if !slices.Equal(got, want) {
		t.Errorf("from (1, 1) sees %v, want the disk without the border %v", got, want)
	}
	edge, _ := top.IndexOffset(0, 7)
	got = sees(g, edge, Range)
	want = slices.DeleteFunc(disk(t, g, edge, 3), func(c int) bool { return !top.Explorable(c) && c != edge })
	if !slices.Equal(got, want) {
		t.Errorf("from the border cell (0, 7) sees %v, want %v", got, want)
	}
}

// On a wrapping map sight crosses the seam like any edge, ridges there
// block it as anywhere, and only the first and last rows are the border.
func TestSightSeam(t *testing.T) {
	g := newGrid(t, 20, 15, true)
	top := g.Topology()
	v, _ := top.IndexOffset(0, 7)
	got := sees(g, v, Range)
	if len(got) != 37 {
		t.Fatalf("from (0, 7) of a wrapping map sees %d cells, want 37", len(got))
	}
	for _, x := range []int{19, 18, 17} {
		if c, _ := top.IndexOffset(x, 7); !slices.Contains(got, c) {
			t.Errorf("from (0, 7) does not see (%d, 7) across the seam", x)
		}
	}
	for _, c := range ring(t, g, v, 2) {
		g.SetElevation(c, 2)
	}
	g.SetElevation(rel(t, g, v, -2, 0), 0) // a gap two steps west, across the seam
	got = sees(g, v, Range)
	want := append(disk(t, g, v, 1), cellsOf(t, g, v, [][2]int{{-2, 0}, {-3, 0}, {-3, 1}, {-2, -1}})...)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("through a gap across the seam sees %v, want %v", got, want)
	}
	if c, _ := top.IndexOffset(17, 7); !slices.Contains(got, c) {
		t.Error("through the gap, (17, 7) is not seen")
	}
	top.Wrapping = false
	if top.Explorable(v) || !g.Topology().Explorable(v) {
		t.Error("column 0 should be border on a flat map only")
	}
}

// oracleSees is the rule stated cell by cell, an independent second
// implementation: the viewer sees itself; another cell n at hex distance
// h is seen when it is explorable, h plus its view elevation is within
// the range, and a neighbour at distance h-1 is seen. (The search's step
// distance d can never be less than the hex distance, and d ≤ h is
// required, so every step of a way it takes moves one ring outwards.)
func oracleSees(g *hexmap.Grid, from, rng int) []int {
	top := g.Topology()
	limit := rng + g.Cell(from).ViewElevation()
	n := g.Topology().CellCount()
	dist := make([]int, n)
	maxD := 0
	for i := range n {
		dist[i] = top.Distance(from, i)
		maxD = max(maxD, dist[i])
	}
	seen := make([]bool, n)
	seen[from] = true
	for h := 1; h <= maxD; h++ {
		for i := range n {
			if dist[i] != h || !top.Explorable(i) || h+g.Cell(i).ViewElevation() > limit {
				continue
			}
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				if m, ok := top.Neighbor(i, d); ok && dist[m] == h-1 && seen[m] {
					seen[i] = true
					break
				}
			}
		}
	}
	var out []int
	for i, s := range seen {
		if s {
			out = append(out, i)
		}
	}
	return out
}

// randomTerrain paints hills, cliffs, hollows and lakes.
func randomTerrain(g *hexmap.Grid, rng *rand.Rand) {
	g.Batch(hexmap.NoRules, func() {
		for i := range g.Topology().CellCount() {
			g.SetElevation(i, rng.IntN(6)-1)
			if rng.IntN(6) == 0 {
				g.SetWaterLevel(i, rng.IntN(5))
			}
		}
	})
}

// The search agrees with the cell-by-cell rule on random terrain, flat
// and wrapping (a narrow wrapping map too, where ways round meet), for
// several ranges.
func TestSightAgainstOracle(t *testing.T) {
	for m, size := range [][3]int{{20, 15, 0}, {20, 15, 1}, {10, 10, 1}, {5, 10, 1}, {30, 20, 0}} {
		g := newGrid(t, size[0], size[1], size[2] == 1)
		rng := rand.New(rand.NewPCG(uint64(m), 5))
		randomTerrain(g, rng)
		s := NewSight(g)
		for range 60 {
			from, r := rng.IntN(g.Topology().CellCount()), rng.IntN(6)
			var got []int
			for _, c := range s.Cells(from, r, nil) {
				got = append(got, int(c))
			}
			if got[0] != from {
				t.Fatalf("map %d: the list starts with %d, not the viewer %d", m, got[0], from)
			}
			slices.Sort(got)
			if want := oracleSees(g, from, r); !slices.Equal(got, want) {
				t.Fatalf("map %d from %d range %d: sees %v, the rule gives %v", m, from, r, got, want)
			}
		}
	}
}

// hexDistance, the search's own, is the topology's.
func TestHexDistance(t *testing.T) {
	for _, top := range []hexmap.Topology{{Width: 20, Height: 15}, {Width: 20, Height: 15, Wrapping: true}, {Width: 5, Height: 5, Wrapping: true}} {
		wrap := int32(0)
		if top.Wrapping {
			wrap = int32(top.Width)
		}
		for i := range top.CellCount() {
			for j := range top.CellCount() {
				a, b := top.Coordinates(i), top.Coordinates(j)
				if got := hexDistance(int32(a.X), int32(a.Z), int32(b.X), int32(b.Z), wrap); int(got) != top.Distance(i, j) {
					t.Fatalf("%+v: distance %d to %d is %d, topology says %d", top, i, j, got, top.Distance(i, j))
				}
			}
		}
	}
}
