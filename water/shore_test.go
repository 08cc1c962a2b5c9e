package water

import (
	"math"
	"reflect"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// Shore and estuary vertices with v = 0 lie on the water hexagon's edge of
// an underwater cell; those with v = 1 on the solid edge of a land cell.
func TestShoreVMeetsWaterAndLand(t *testing.T) {
	for _, seed := range seeds {
		g := testMap(t, seed)
		m := triangulateAll(g)
		water, land := edgePoints(g, true), edgePoints(g, false)
		for _, lm := range []*mesh.Mesh{m.Shore, m.Estuaries} {
			if len(lm.UV) != lm.VertexCount() {
				t.Fatalf("UV count %d for %d vertices", len(lm.UV), lm.VertexCount())
			}
			counts := [2]int{}
			for k, p := range lm.Positions {
				var want []vec3.T
				switch v := lm.UV[k][1]; v {
				case 0:
					want = water
				case 1:
					want = land
				default:
					t.Fatalf("shore v = %v, want 0 or 1", v)
				}
				if !near(want, p) {
					t.Fatalf("seed %d: vertex %v with v=%v is not on a %s edge", seed, p, lm.UV[k][1], [2]string{"water", "land"}[int(lm.UV[k][1])])
				}
				counts[int(lm.UV[k][1])]++
			}
			if counts[0] == 0 || counts[1] == 0 {
				t.Fatalf("shore sides: %v", counts)
			}
		}
	}
}

// edgePoints are the perturbed edge points of every underwater cell's
// water hexagon at its surface (water), or of every land cell's solid
// hexagon edges that face water, at that water's surface (land).
func edgePoints(g *hexmap.Grid, water bool) []vec3.T {
	var out []vec3.T
	for i := range g.Topology().CellCount() {
		c := g.Cell(i)
		if c.IsUnderwater() != water {
			continue
		}
		x, z := centre(g, i)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			y, a, b := geom.WaterSurfaceY(c), geom.FirstWaterCorner(d), geom.SecondWaterCorner(d)
			if !water {
				n, ok := g.Topology().Neighbor(i, d)
				if !ok || !g.Cell(n).IsUnderwater() {
					continue
				}
				y, a, b = geom.WaterSurfaceY(g.Cell(n)), geom.FirstSolidCorner(d), geom.SecondSolidCorner(d)
			}
			ctr := vec3.T{x, y, z}
			e := geom.NewEdgeVertices(vec.Add(ctr, a), vec.Add(ctr, b))
			for _, p := range []vec3.T{e.V1, e.V2, e.V3, e.V4, e.V5} {
				out = append(out, geom.FlatPerturber(g.Noise()).Perturb(p))
			}
		}
	}
	return out
}

func near(set []vec3.T, p vec3.T) bool {
	for _, q := range set {
		if dist2(p, q) < 1e-6 {
			return true
		}
	}
	return false
}

// Estuaries appear on exactly the shore edges a river crosses: five
// triangles each (quad, triangle, quad) with both UV sets, close to that
// edge, and the plain shore strip gives way to two side triangles.
func TestEstuariesWhereRiversCrossShore(t *testing.T) {
	g := testMap(t, 7)
	seen := 0
	for i := range g.Topology().CellCount() {
		c := g.Cell(i)
		if !c.IsUnderwater() {
			continue
		}
		m := triangulateOne(g, i)
		var edges []hexmap.Direction
		shoreEdges, corners := 0, 0
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			n, ok := g.Topology().Neighbor(i, d)
			if !ok || g.Cell(n).IsUnderwater() {
				continue
			}
			shoreEdges++
			if _, ok := g.Topology().Neighbor(i, d.Next()); ok {
				corners++
			}
			if c.HasRiverThroughEdge(d) {
				edges = append(edges, d)
			}
		}
		if got, want := m.Estuaries.TriangleCount(), 5*len(edges); got != want {
			t.Fatalf("cell %v: %d estuary triangles, want %d", g.Topology().Coordinates(i), got, want)
		}
		est := m.Estuaries
		if len(est.UV) != est.VertexCount() || len(est.UV2) != est.VertexCount() {
			t.Fatalf("cell %v: estuary UV %d, UV2 %d for %d vertices", g.Topology().Coordinates(i), len(est.UV), len(est.UV2), est.VertexCount())
		}
		// Each plain shore edge has 8 triangles, each estuary edge 2 side
		// triangles, each corner 1.
		wantShore := 8*(shoreEdges-len(edges)) + 2*len(edges) + corners
		if got := m.Shore.TriangleCount(); got != wantShore {
			t.Fatalf("cell %v: %d shore triangles, want %d", g.Topology().Coordinates(i), got, wantShore)
		}
		for k, d := range edges {
			checkNearEdge(t, g, i, d, est.Positions[11*k:11*k+11])
			seen++
		}
	}
	if seen != 3 {
		t.Fatalf("%d estuaries on the test map, want 3 (sea inflow, lake inflow, lake outflow)", seen)
	}
	// A river between two underwater cells makes no estuary.
	for _, c := range lakeInnerCells {
		i := at(g, c[0], c[1])
		if !g.Cell(i).HasRiver() {
			t.Fatalf("test map: no river in lake cell %v", c)
		}
		if n := triangulateOne(g, i).Estuaries.VertexCount(); n != 0 {
			t.Fatalf("lake cell %v with an underwater river has %d estuary vertices", c, n)
		}
	}
}

// checkNearEdge asserts that an estuary's points lie in the strip between
// cell i and its neighbour in d.
func checkNearEdge(t *testing.T, g *hexmap.Grid, i int, d hexmap.Direction, ps []vec3.T) {
	t.Helper()
	n, _ := g.Topology().Neighbor(i, d)
	ax, az := centre(g, i)
	bx, bz := centre(g, n)
	mx, mz := (ax+bx)/2, (az+bz)/2
	for _, p := range ps {
		dx, dz := p[0]-mx, p[2]-mz
		if math.Hypot(float64(dx), float64(dz)) > hexmap.OuterRadius {
			t.Fatalf("estuary point %v far from edge %v of %v", p, d, g.Topology().Coordinates(i))
		}
	}
}

// A river flowing into water and one flowing out of it get different
// UV2: in every estuary triangle v (the flow) grows towards the water for
// an inflow and towards the land for an outflow.
func TestEstuaryFlowDirection(t *testing.T) {
	g := testMap(t, 7)
	cases := []struct {
		cell     [2]int
		incoming bool
	}{{seaInflowCell, true}, {lakeInflowCell, true}, {lakeOutCell, false}}
	var uv2s [][]float32
	for _, tc := range cases {
		i := at(g, tc.cell[0], tc.cell[1])
		c := g.Cell(i)
		d := c.OutgoingRiver
		if tc.incoming {
			d = c.IncomingRiver
		}
		m := triangulateOne(g, i)
		if m.Estuaries.VertexCount() == 0 {
			t.Fatalf("no estuary at %v", tc.cell)
		}
		for k, grad := range flowTowardsLand(g, i, d, m.Estuaries) {
			if tc.incoming && grad >= 0 || !tc.incoming && grad <= 0 {
				t.Fatalf("cell %v incoming=%v: triangle %d: flow v grows by %v per unit towards land", tc.cell, tc.incoming, k, grad)
			}
		}
		var flat []float32
		for _, uv := range m.Estuaries.UV2 {
			flat = append(flat, uv[0], uv[1])
		}
		uv2s = append(uv2s, flat)
	}
	if reflect.DeepEqual(uv2s[0], uv2s[2]) {
		t.Fatal("incoming and outgoing estuaries have the same UV2")
	}
	if !reflect.DeepEqual(uv2s[0], uv2s[1]) {
		t.Fatal("two incoming estuaries have different UV2")
	}
}

// flowTowardsLand returns, for each estuary triangle, how fast its UV2 v
// grows along the unit axis from cell i to its land neighbour in d.
func flowTowardsLand(g *hexmap.Grid, i int, d hexmap.Direction, m *mesh.Mesh) []float64 {
	n, _ := g.Topology().Neighbor(i, d)
	ax, az := centre(g, i)
	bx, bz := centre(g, n)
	ux, uz := float64(bx-ax), float64(bz-az)
	l := math.Hypot(ux, uz)
	ux, uz = ux/l, uz/l
	var out []float64
	for k := range m.TriangleCount() {
		ix := m.Indices[3*k : 3*k+3]
		p0, p1, p2 := m.Positions[ix[0]], m.Positions[ix[1]], m.Positions[ix[2]]
		v0, v1, v2 := m.UV2[ix[0]][1], m.UV2[ix[1]][1], m.UV2[ix[2]][1]
		// Solve grad·(p1-p0) = v1-v0, grad·(p2-p0) = v2-v0 in XZ.
		x1, z1 := float64(p1[0]-p0[0]), float64(p1[2]-p0[2])
		x2, z2 := float64(p2[0]-p0[0]), float64(p2[2]-p0[2])
		dv1, dv2 := float64(v1-v0), float64(v2-v0)
		det := x1*z2 - x2*z1
		gx, gz := (dv1*z2-dv2*z1)/det, (x1*dv2-x2*dv1)/det
		out = append(out, gx*ux+gz*uz)
	}
	return out
}
