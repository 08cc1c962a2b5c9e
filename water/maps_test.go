package water

import (
	"math"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// Offsets of the small test map's notable cells (column, row).
var (
	seaInflowCell  = [2]int{5, 4} // sea cell a river flows into
	lakeInflowCell = [2]int{10, 6}
	lakeOutCell    = [2]int{9, 4}                // lake cell a river flows out of
	lakeInnerCells = [2][2]int{{10, 4}, {10, 5}} // a river joins them
)

func at(g *hexmap.Grid, x, z int) int { return x + z*g.Topology().Width }

// flow sets a river from cell (x1, z1) into its neighbour (x2, z2).
func flow(t testing.TB, g *hexmap.Grid, x1, z1, x2, z2 int) {
	t.Helper()
	from, to := at(g, x1, z1), at(g, x2, z2)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if n, ok := g.Topology().Neighbor(from, d); ok && n == to {
			if g.SetOutgoingRiver(from, d) != nil {
				t.Fatalf("river (%d,%d)->(%d,%d) refused", x1, z1, x2, z2)
			}
			return
		}
	}
	t.Fatalf("(%d,%d) and (%d,%d) are not neighbours", x1, z1, x2, z2)
}

// testMap is a 15×10 map (3×2 chunks): a sea over columns 0..5 (crossing
// the chunk border between columns 4 and 5) with a low coastal strip, and
// a lake across the chunk corner at (10, 5). A river runs into the lake,
// another leaves it and reaches the sea, and one runs between two lake
// cells.
func testMap(t testing.TB, seed int64) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(15, 10, seed)
	if err != nil {
		t.Fatal(err)
	}
	for z := range g.Topology().Height {
		for x := range g.Topology().Width {
			i := at(g, x, z)
			switch {
			case x <= 5:
				g.SetElevation(i, 0)
				g.SetWaterLevel(i, 1)
			case x == 6:
				g.SetElevation(i, 1)
			default:
				g.SetElevation(i, 2)
			}
		}
	}
	for _, c := range [][2]int{{9, 4}, {10, 4}, {9, 5}, {10, 5}, {10, 6}} {
		g.SetElevation(at(g, c[0], c[1]), 1)
		g.SetWaterLevel(at(g, c[0], c[1]), 2)
	}
	g.SetElevation(at(g, 12, 7), 3)
	flow(t, g, 12, 7, 11, 7)
	flow(t, g, 11, 7, 10, 7)
	flow(t, g, 10, 7, 10, 6) // into the lake
	flow(t, g, 10, 4, 10, 5) // between lake cells
	flow(t, g, 9, 4, 8, 4)   // out of the lake
	flow(t, g, 8, 4, 7, 4)
	flow(t, g, 7, 4, 6, 4)
	flow(t, g, 6, 4, 5, 4) // into the sea
	return g
}

// benchMap is an 80×60 map with hills, a sea at level 2, three lakes
// with outflows, and rivers running downhill until they reach water.
func benchMap(t testing.TB) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(80, 60, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Topology().CellCount() {
		x, z := float64(i%80), float64(i/80)
		h := 2 + 2*math.Sin(x*0.15) + 2*math.Cos(z*0.2) + math.Sin((x+z)*0.4)
		g.SetElevation(i, int(math.Round(min(max(h, 0), 6))))
		g.SetWaterLevel(i, 2)
	}
	for _, lake := range [][2]int{{44, 32}, {14, 42}, {60, 8}} {
		lakeAt(g, lake[0], lake[1])
	}
	for s := range 40 {
		river(g, (s*1237+91)%g.Topology().CellCount())
	}
	return g
}

// lakeAt makes a lake of radius 2 around (x, z): the disk at elevation 4
// flooded to 5, inside a rim at elevation 5, with a river leaving it
// eastwards over the rim.
func lakeAt(g *hexmap.Grid, x, z int) {
	c := hexmap.FromOffset(x, z)
	for i := range g.Topology().CellCount() {
		switch g.Topology().Coordinates(i).DistanceTo(c) {
		case 0, 1, 2:
			g.SetElevation(i, 4)
			g.SetWaterLevel(i, 5)
		case 3:
			g.SetElevation(i, 5)
		}
	}
	i, _ := g.Topology().Index(c.Step(hexmap.E).Step(hexmap.E))
	if g.SetOutgoingRiver(i, hexmap.E) == nil {
		n, _ := g.Topology().Neighbor(i, hexmap.E)
		river(g, n)
	}
}

// river runs from cell i to its lowest valid neighbour until it reaches
// water or can go no further.
func river(g *hexmap.Grid, i int) {
	for range 30 {
		c := g.Cell(i)
		if c.IsUnderwater() || c.HasOutgoingRiver() {
			return
		}
		best, bestD := -1, hexmap.NoDirection
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			n, ok := g.Topology().Neighbor(i, d)
			if !ok || c.HasIncomingRiver() && c.IncomingRiver == d || !c.IsValidRiverDestination(g.Cell(n)) {
				continue
			}
			if best < 0 || g.Cell(n).Elevation < g.Cell(best).Elevation {
				best, bestD = n, d
			}
		}
		if best < 0 || g.SetOutgoingRiver(i, bestD) != nil {
			return
		}
		i = best
	}
}

// layers are fresh meshes for the three water layers.
func layers() Meshes {
	return Meshes{Water: &mesh.Mesh{}, Shore: &mesh.Mesh{}, Estuaries: &mesh.Mesh{}}
}

// triangulateAll puts the water of every cell of g into one set of meshes.
func triangulateAll(g *hexmap.Grid) Meshes {
	m := layers()
	for i := range g.Topology().CellCount() {
		TriangulateCell(g, i, m)
	}
	return m
}

// triangulateOne returns the water of cell i alone.
func triangulateOne(g *hexmap.Grid, i int) Meshes {
	m := layers()
	TriangulateCell(g, i, m)
	return m
}

func (m Meshes) all() []*mesh.Mesh { return []*mesh.Mesh{m.Water, m.Shore, m.Estuaries} }

// triangle returns the positions of triangle k of m.
func triangle(m *mesh.Mesh, k int) [3]vec3.T {
	ix := m.Indices[3*k : 3*k+3]
	return [3]vec3.T{m.Positions[ix[0]], m.Positions[ix[1]], m.Positions[ix[2]]}
}

// coverY reports whether the XZ projection of a triangle of m holds
// (x, z), and the triangle's height there.
func coverY(m *mesh.Mesh, x, z float32) (float32, bool) {
	for k := range m.TriangleCount() {
		if y, ok := inTriangle(triangle(m, k), x, z); ok {
			return y, true
		}
	}
	return 0, false
}

// inTriangle tests (x, z) against triangle t in XZ, with barycentric
// coordinates, and interpolates its Y.
func inTriangle(t [3]vec3.T, x, z float32) (float32, bool) {
	ax, az := float64(t[0][0]), float64(t[0][2])
	bx, bz := float64(t[1][0]), float64(t[1][2])
	cx, cz := float64(t[2][0]), float64(t[2][2])
	det := (bz-cz)*(ax-cx) + (cx-bx)*(az-cz)
	if det == 0 {
		return 0, false
	}
	px, pz := float64(x), float64(z)
	l1 := ((bz-cz)*(px-cx) + (cx-bx)*(pz-cz)) / det
	l2 := ((cz-az)*(px-cx) + (ax-cx)*(pz-cz)) / det
	l3 := 1 - l1 - l2
	const eps = -1e-9
	if l1 < eps || l2 < eps || l3 < eps {
		return 0, false
	}
	return float32(l1*float64(t[0][1]) + l2*float64(t[1][1]) + l3*float64(t[2][1])), true
}

// centre is the unperturbed XZ centre of cell i.
func centre(g *hexmap.Grid, i int) (float32, float32) { return g.Topology().Coordinates(i).Center() }

func dist2(a, b vec3.T) float32 { d := vec.Sub(a, b); return vec.Dot(d, d) }
