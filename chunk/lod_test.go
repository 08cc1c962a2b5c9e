package chunk

import (
	"fmt"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// cellSamples are points of cell i's hexagon as the full-detail
// geometry draws it: its centre, and its corners and edge middles both
// where they lie and perturbed, which is where the terrain's edges end
// up. (Perturbation moves points by up to CellPerturbStrength.)
func cellSamples(g *hexmap.Grid, i int) []vec3.T {
	cx, cz := g.Topology().CellCenter(i)
	c := vec3.T{cx, 0, cz}
	pts := []vec3.T{c}
	p := geom.PerturberOf(g)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		a, b := geom.FirstCorner(d), geom.SecondCorner(d)
		for _, o := range []vec3.T{a, vec.Lerp(a, b, 0.5), vec.Lerp(a, b, 0.25)} {
			q := vec3.T{c[0] + o[0]*0.999, 0, c[2] + o[2]*0.999}
			pts = append(pts, q, p.Perturb(q))
		}
	}
	return pts
}

// coverAt returns the height of m's first triangle whose XZ shadow holds
// p (edges included), or false: a vertical line through p meets m.
func coverAt(m *mesh.Mesh, p vec3.T) (float32, bool) {
	for t := 0; t+2 < len(m.Indices); t += 3 {
		a, b, c := m.Positions[m.Indices[t]], m.Positions[m.Indices[t+1]], m.Positions[m.Indices[t+2]]
		d := (b[0]-a[0])*(c[2]-a[2]) - (c[0]-a[0])*(b[2]-a[2])
		if d == 0 {
			continue
		}
		u := ((p[0]-a[0])*(c[2]-a[2]) - (c[0]-a[0])*(p[2]-a[2])) / d
		v := ((b[0]-a[0])*(p[2]-a[2]) - (p[0]-a[0])*(b[2]-a[2])) / d
		const eps = -1e-4
		if u >= eps && v >= eps && u+v <= 1-eps {
			return a[1] + (b[1]-a[1])*u + (c[1]-a[1])*v, true
		}
	}
	return 0, false
}

// Each chunk's levels of detail cover each of its cells, with the
// perturbed edges, so chunks drawn at any mix of levels leave no holes;
// the fine lattice stands at each cell's top at its centre, between the
// lowest and highest top of the cells round a point elsewhere, and faces
// up; no lattice triangle is missing or drawn twice within a chunk.
func TestLODCoversCells(t *testing.T) {
	for _, top := range []hexmap.Topology{{Width: 20, Height: 15}, {Width: 20, Height: 15, Wrapping: true}} {
		t.Run(fmt.Sprint("wrapping=", top.Wrapping), func(t *testing.T) {
			g := testGridOf(t, top, 3)
			var l LOD
			for ch := range geom.ChunkCount(g.Topology()) {
				TriangulateLOD(g, ch, &l)
				checkLOD(t, g, ch, &l)
			}
		})
	}
}

func checkLOD(t *testing.T, g *hexmap.Grid, ch int, l *LOD) {
	t.Helper()
	lo, hi := float32(1e9), float32(-1e9)
	for i := range g.Topology().CellCount() {
		lo, hi = min(lo, CellTop(g, i)), max(hi, CellTop(g, i))
	}
	for i := range g.Topology().CellCount() {
		if geom.ChunkOf(g.Topology(), i) != ch {
			continue
		}
		for k, p := range cellSamples(g, i) {
			y, ok := coverAt(&l.Fine, p)
			if !ok {
				t.Fatalf("chunk %d: the fine LOD leaves a hole at %v (cell %d)", ch, p, i)
			}
			if d := y - CellTop(g, i); k == 0 && (d > 1e-4 || d < -1e-4) {
				t.Fatalf("chunk %d: the fine LOD stands at %g at cell %d's centre, its top is %g", ch, y, i, CellTop(g, i))
			}
			if y < lo-1e-3 || y > hi+1e-3 {
				t.Fatalf("chunk %d: the fine LOD at %g outside the tops %g..%g", ch, y, lo, hi)
			}
			if _, ok := coverAt(&l.Coarse, p); !ok {
				t.Fatalf("chunk %d: the coarse LOD leaves a hole at %v (cell %d)", ch, p, i)
			}
		}
	}
	seen := map[[3]uint16]bool{}
	for _, m := range []*mesh.Mesh{&l.Fine, &l.Coarse} {
		for t2 := 0; t2+2 < len(m.Indices); t2 += 3 {
			tri := [3]uint16{m.Indices[t2], m.Indices[t2+1], m.Indices[t2+2]}
			a, b, c := m.Positions[tri[0]], m.Positions[tri[1]], m.Positions[tri[2]]
			u, v := vec3.Sub(&b, &a), vec3.Sub(&c, &a)
			if n := vec3.Cross(&u, &v); n[1] <= 0 {
				t.Fatalf("chunk %d: triangle %v faces down", ch, tri)
			}
			if m == &l.Fine {
				if seen[tri] {
					t.Fatalf("chunk %d: triangle %v twice", ch, tri)
				}
				seen[tri] = true
			}
		}
	}
	// A chunk of 25 cells touches 2 lattice triangles per cell and the
	// ones along its border: 50 + 2·5 + 2·5 + ... within 50..90.
	if n := l.Fine.TriangleCount(); n < 50 || n > 90 {
		t.Fatalf("chunk %d: %d fine triangles", ch, n)
	}
}
