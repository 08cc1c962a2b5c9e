package hexmap

import (
	"math"
	"testing"
)

func TestOffsetRoundTrip(t *testing.T) {
	for z := -9; z <= 9; z++ {
		for x := -9; x <= 9; x++ {
			c := FromOffset(x, z)
			if gx, gz := c.Offset(); gx != x || gz != z {
				t.Fatalf("FromOffset(%d, %d).Offset() = (%d, %d)", x, z, gx, gz)
			}
			if c.X+c.Y()+c.Z != 0 {
				t.Fatalf("cube coordinates %v: X+Y+Z = %d, want 0", c, c.X+c.Y()+c.Z)
			}
		}
	}
}

// Offset rows are shifted half a cell: row 1 starts half a cell east of row 0,
// so the cube X of its first cell is 0 and of row 2's first cell is -1.
func TestOffsetRowsShift(t *testing.T) {
	cases := []struct{ x, z, cx int }{{0, 0, 0}, {0, 1, 0}, {0, 2, -1}, {3, 3, 2}, {0, -1, 1}, {0, -2, 1}}
	for _, c := range cases {
		if got := FromOffset(c.x, c.z); got.X != c.cx || got.Z != c.z {
			t.Errorf("FromOffset(%d, %d) = %v, want X=%d Z=%d", c.x, c.z, got, c.cx, c.z)
		}
	}
}

// Each neighbour's centre lies one cell width away in the direction's
// angle: NE is 30° east of north, then every 60° clockwise.
func TestNeighborsGeometry(t *testing.T) {
	for _, o := range [][2]int{{3, 4}, {3, 5}, {0, 0}, {-2, -3}} {
		c := FromOffset(o[0], o[1])
		cx, cz := c.Center()
		for d := NE; d <= NW; d++ {
			n := c.Step(d)
			if back := n.Step(d.Opposite()); back != c {
				t.Fatalf("%v step %v then back = %v", c, d, back)
			}
			if c.DistanceTo(n) != 1 {
				t.Fatalf("distance to neighbour %v = %d", d, c.DistanceTo(n))
			}
			nx, nz := n.Center()
			angle := float64(d)*60 + 30
			wantX := cx + float32(2*InnerRadius*math.Sin(angle*math.Pi/180))
			wantZ := cz + float32(2*InnerRadius*math.Cos(angle*math.Pi/180))
			if abs32(nx-wantX) > 1e-3 || abs32(nz-wantZ) > 1e-3 {
				t.Fatalf("neighbour %v of %v at (%v, %v), want (%v, %v)", d, o, nx, nz, wantX, wantZ)
			}
		}
	}
}

// DistanceTo must equal the breadth-first step count over Step.
func TestDistanceMatchesBFS(t *testing.T) {
	start := FromOffset(2, 3)
	dist := map[Coordinates]int{start: 0}
	queue := []Coordinates{start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if dist[c] == 6 {
			continue
		}
		for d := NE; d <= NW; d++ {
			n := c.Step(d)
			if _, seen := dist[n]; !seen {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		}
	}
	if len(dist) != 1+3*6*7 {
		t.Fatalf("BFS reached %d cells within 6 steps, want %d", len(dist), 1+3*6*7)
	}
	for c, want := range dist {
		if got := start.DistanceTo(c); got != want || c.DistanceTo(start) != want {
			t.Fatalf("DistanceTo(%v) = %d, BFS says %d", c, got, want)
		}
	}
}

func TestFromPositionCentres(t *testing.T) {
	for z := -3; z < 15; z++ {
		for x := -3; x < 20; x++ {
			cx, cz := cellCenter(x, z)
			if got := (Topology{}).FromPosition(cx, cz); got != FromOffset(x, z) {
				t.Fatalf("FromPosition(centre of (%d, %d)) = %v, want %v", x, z, got, FromOffset(x, z))
			}
		}
	}
}

func TestCellUnderOffMap(t *testing.T) {
	g := mustGrid(t, 10, 10)
	if _, ok := g.Topology().CellUnder(-30, 0); ok {
		t.Error("point west of the map found a cell")
	}
	x, z := cellCenter(7, 8)
	if i, ok := g.Topology().CellUnder(x, z); !ok || i != 7+8*10 {
		t.Errorf("CellUnder(centre of (7, 8)) = %d, %v", i, ok)
	}
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

func mustGrid(t testing.TB, w, h int) *Grid {
	t.Helper()
	g, err := NewGridOf(Topology{Width: w, Height: h}, sharedTestNoise)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustGridOf(t testing.TB, top Topology) *Grid {
	t.Helper()
	g, err := NewGridOf(top, sharedTestNoise)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
