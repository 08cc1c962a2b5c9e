package water

import (
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// Open-water bridges and corners end exactly on the neighbours' own water
// edges, also across chunk borders, and together leave no gap between
// neighbouring water cells.
func TestOpenWaterWatertight(t *testing.T) {
	g := testMap(t, 12345)
	pairs, borders, corners := 0, 0, 0
	for a := range g.Topology().CellCount() {
		if !g.Cell(a).IsUnderwater() {
			continue
		}
		ma := triangulateOne(g, a)
		for d := hexmap.NE; d <= hexmap.SE; d++ {
			b, ok := g.Topology().Neighbor(a, d)
			if !ok || !g.Cell(b).IsUnderwater() {
				continue
			}
			mb := triangulateOne(g, b)
			for _, p := range waterEdge(g, b, d.Opposite(), geom.WaterSurfaceY(g.Cell(a))) {
				if !hasExact(ma.Water, p) || !hasExact(mb.Water, p) {
					t.Fatalf("%v-%v: water edge point %v not shared", g.Topology().Coordinates(a), g.Topology().Coordinates(b), p)
				}
			}
			pa, pb := pCentre(g, a), pCentre(g, b)
			if !coveredBy(vec.Lerp(pa, pb, 0.5), ma, mb) {
				t.Fatalf("gap between water cells %v and %v", g.Topology().Coordinates(a), g.Topology().Coordinates(b))
			}
			pairs++
			if geom.ChunkOf(g.Topology(), a) != geom.ChunkOf(g.Topology(), b) {
				borders++
			}
			c, ok := g.Topology().Neighbor(a, d.Next())
			if d > hexmap.E || !ok || !g.Cell(c).IsUnderwater() {
				continue
			}
			mc := triangulateOne(g, c)
			mid := vec.Lerp(vec.Lerp(pa, pb, 0.5), pCentre(g, c), 1.0/3)
			if !coveredBy(mid, ma, mb, mc) {
				t.Fatalf("gap in water corner %v %v %v", g.Topology().Coordinates(a), g.Topology().Coordinates(b), g.Topology().Coordinates(c))
			}
			corners++
		}
	}
	if pairs == 0 || borders == 0 || corners == 0 {
		t.Fatalf("test map too dry: %d pairs, %d across chunk borders, %d corners", pairs, borders, corners)
	}
}

// waterEdge is the two perturbed water corners of cell b's edge d at y.
func waterEdge(g *hexmap.Grid, b int, d hexmap.Direction, y float32) [2]vec3.T {
	x, z := centre(g, b)
	c := vec3.T{x, y, z}
	return [2]vec3.T{
		geom.FlatPerturber(g.Noise()).Perturb(vec.Add(c, geom.FirstWaterCorner(d))),
		geom.FlatPerturber(g.Noise()).Perturb(vec.Add(c, geom.SecondWaterCorner(d))),
	}
}

func hasExact(m *mesh.Mesh, p vec3.T) bool {
	for _, q := range m.Positions {
		if q == p {
			return true
		}
	}
	return false
}

func pCentre(g *hexmap.Grid, i int) vec3.T {
	x, z := centre(g, i)
	return geom.FlatPerturber(g.Noise()).Perturb(vec3.T{x, 0, z})
}

func coveredBy(p vec3.T, ms ...Meshes) bool {
	for _, m := range ms {
		if _, ok := coverY(m.Water, p[0], p[2]); ok {
			return true
		}
	}
	return false
}
