package water

import (
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// hasNear reports whether m has a vertex within 1e-3 of p.
func hasNear(m *mesh.Mesh, p vec3.T) bool {
	for _, q := range m.Positions {
		if dist2(p, q) <= 1e-6 {
			return true
		}
	}
	return false
}

// On a wrapping map the water of the last column joins the water and the
// land of the first: open-water bridges and corners across the seam end
// on the neighbours' own water edges a map width west of where the owner
// puts them, and a shore facing across the seam reaches the land's solid
// edge there. Points are perturbed at the cell's own place, so the test
// fails unless the noise matches across the seam.
func TestWaterAcrossSeam(t *testing.T) {
	top := hexmap.Topology{Width: 10, Height: 10, Wrapping: true}
	g, err := hexmap.NewGridOf(top, noise.New(3))
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Topology().CellCount() {
		g.SetWaterLevel(i, 1)
		if x, z := top.Offset(i); x == 9 && z%3 == 0 {
			g.SetElevation(i, 2) // land in the last column, facing the first
		}
	}
	p := geom.PerturberOf(g)
	bridges, shores := 0, 0
	for a := range g.Topology().CellCount() {
		ma := triangulateOne(g, a)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			b, ok := g.Topology().Neighbor(a, d)
			shift := top.NeighborShift(a, b)
			if !ok || shift == 0 {
				continue
			}
			bx, bz := top.CellCenter(b)
			own := vec3.T{bx, geom.WaterSurfaceY(g.Cell(a)), bz}
			switch {
			case !g.Cell(a).IsUnderwater():
			case g.Cell(b).IsUnderwater() && d <= hexmap.SE:
				for _, c := range []vec3.T{geom.FirstWaterCorner(d.Opposite()), geom.SecondWaterCorner(d.Opposite())} {
					q := p.Perturb(vec.Add(own, c))
					if !hasNear(triangulateOne(g, b).Water, q) || !hasNear(ma.Water, vec3.T{q[0] + shift, q[1], q[2]}) {
						t.Fatalf("%v-%v: water edge point %v not shared across the seam", g.Topology().Coordinates(a), g.Topology().Coordinates(b), q)
					}
				}
				mid := vec.Lerp(pCentreOf(p, top, a), vec3.T{pCentreOf(p, top, b)[0] + shift, 0, pCentreOf(p, top, b)[2]}, 0.5)
				if _, ok := coverY(ma.Water, mid[0], mid[2]); !ok {
					t.Fatalf("gap in the water between %v and %v across the seam", g.Topology().Coordinates(a), g.Topology().Coordinates(b))
				}
				bridges++
			case !g.Cell(b).IsUnderwater():
				for _, c := range []vec3.T{geom.FirstSolidCorner(d.Opposite()), geom.SecondSolidCorner(d.Opposite())} {
					q := p.Perturb(vec.Add(own, c))
					if !hasNear(ma.Shore, vec3.T{q[0] + shift, q[1], q[2]}) {
						t.Fatalf("%v: shore towards %v misses the land's corner %v", g.Topology().Coordinates(a), g.Topology().Coordinates(b), q)
					}
				}
				shores++
			}
		}
	}
	if bridges < 10 || shores < 4 {
		t.Fatalf("only %d water bridges and %d shores across the seam", bridges, shores)
	}
}

func pCentreOf(p geom.Perturber, top hexmap.Topology, i int) vec3.T {
	x, z := top.CellCenter(i)
	return p.Perturb(vec3.T{x, 0, z})
}
