package main

import (
	"bufio"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/vec"

	"github.com/ungerik/go3d/vec3"
)

// seamTestGrid is a 10×10 map on topology top whose columns rise and fall
// around the cylinder in slopes only (elevation 0 1 2 3 2 1 0 1 2 1, so
// no cliff even across the seam: Catlike's cliff corners leave T-joints
// anywhere), with a lake in the southern half, a river from the last
// column across the seam into it and a road across the seam on land.
func seamTestGrid(t *testing.T, top hexmap.Topology) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(top, noise.New(6))
	if err != nil {
		t.Fatal(err)
	}
	profile := [10]int{0, 1, 2, 3, 2, 1, 0, 1, 2, 1}
	for i := range g.Topology().CellCount() {
		x, z := top.Offset(i)
		g.SetElevation(i, profile[x])
		g.SetTerrainType(i, uint8((x+z)%5))
		if z < 5 {
			g.SetWaterLevel(i, 1)
		}
	}
	if top.Wrapping {
		row := 4 * 10
		if err := errors.Join(g.SetOutgoingRiver(row+8, hexmap.E), g.SetOutgoingRiver(row+9, hexmap.E)); err != nil {
			t.Fatalf("river across the seam refused: %v", err)
		}
		for x := 8; x < 11; x++ {
			if err := g.AddRoad(7*10+x%10, hexmap.E); err != nil {
				t.Fatalf("road from column %d refused: %v", x%10, err)
			}
		}
	}
	return g
}

// objTerrain reads the vertices and triangles of the OBJ object named
// terrain.
func objTerrain(t *testing.T, path string) (pos []vec3.T, tris [][3]int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	object := ""
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "o":
			object = fields[1]
		case "v":
			pos = append(pos, parse3(t, fields))
		case "f":
			if object != "terrain" {
				continue
			}
			var tri [3]int
			for k, ref := range fields[1:4] {
				n, err := strconv.Atoi(strings.SplitN(ref, "/", 2)[0])
				if err != nil {
					t.Fatalf("bad face %v", fields)
				}
				tri[k] = n - 1
			}
			tris = append(tris, tri)
		}
	}
	return pos, tris
}

// welder gives points within tol of each other one id.
type welder struct {
	tol  float32
	grid map[[3]int64][]int
	pts  []vec3.T
}

func (w *welder) id(p vec3.T) int {
	key := func(p vec3.T, d [3]int64) [3]int64 {
		var k [3]int64
		for c := range 3 {
			k[c] = int64(math.Floor(float64(p[c]/(10*w.tol)))) + d[c]
		}
		return k
	}
	for dx := int64(-1); dx <= 1; dx++ {
		for dy := int64(-1); dy <= 1; dy++ {
			for dz := int64(-1); dz <= 1; dz++ {
				for _, id := range w.grid[key(p, [3]int64{dx, dy, dz})] {
					q := w.pts[id]
					if d := vec.Sub(p, q); max(d[0], -d[0], d[1], -d[1], d[2], -d[2]) <= w.tol {
						return id
					}
				}
			}
		}
	}
	id := len(w.pts)
	w.pts = append(w.pts, p)
	k := key(p, [3]int64{})
	w.grid[k] = append(w.grid[k], id)
	return id
}

// openEdgesNearSeam exports g, lays the terrain out twice, the second copy
// a map width east, welds the vertices the two copies share, and returns
// the triangle edges used only once between the copies (where the seam
// of a wrapping map lies) away from the north and south borders.
func openEdgesNearSeam(t *testing.T, g *hexmap.Grid) (open, edges int) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "map.obj")
	if _, _, err := exportGrid(g, out); err != nil {
		t.Fatal(err)
	}
	pos, tris := objTerrain(t, out)
	w := &welder{tol: 1e-3, grid: map[[3]int64][]int{}}
	wrap := g.Topology().WrapSize()
	count := map[[2]int]int{}
	for copy := range 2 {
		for _, tri := range tris {
			var ids [3]int
			for k, v := range tri {
				p := pos[v]
				p[0] += float32(copy) * wrap
				ids[k] = w.id(p)
			}
			for k := range 3 {
				a, b := ids[k], ids[(k+1)%3]
				if a == b {
					continue
				}
				count[[2]int{min(a, b), max(a, b)}]++
			}
		}
	}
	zMax := float32(g.Topology().Height-1) * 1.5 * hexmap.OuterRadius
	for e, n := range count {
		a, b := w.pts[e[0]], w.pts[e[1]]
		band := math.Abs(float64(a[0]-wrap)) < 2*hexmap.InnerDiameter && math.Abs(float64(b[0]-wrap)) < 2*hexmap.InnerDiameter
		inside := min(a[2], b[2]) > 6 && max(a[2], b[2]) < zMax-6
		if !band || !inside {
			continue
		}
		edges++
		if n == 1 {
			open++
		}
	}
	return open, edges
}

// The OBJ of a wrapping map holds the geometry across the seam: tiled by
// the map's width its terrain is closed there, every edge shared by two
// triangles. The same map laid out flat leaves its east and west borders
// open, which shows that the check sees a missing seam.
func TestExportWrappingSeamClosed(t *testing.T) {
	open, edges := openEdgesNearSeam(t, seamTestGrid(t, hexmap.Topology{Width: 10, Height: 10, Wrapping: true}))
	if edges < 500 || open != 0 {
		t.Errorf("wrapping map tiled by its width: %d of %d edges near the seam open, want 0", open, edges)
	}
	open, _ = openEdgesNearSeam(t, seamTestGrid(t, hexmap.Topology{Width: 10, Height: 10}))
	if open < 20 {
		t.Errorf("flat map tiled by its width: only %d edges near the seam open", open)
	}
}
