package chunk

import (
	"math"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// xzIndex buckets the triangles of some meshes by their XZ bounding boxes
// so that tests can ask which triangles lie over a point.
type xzIndex struct {
	tris    [][3]vec3.T
	buckets map[[2]int][]int
}

const bucketSize = 4

func newXZIndex(meshes ...*mesh.Mesh) *xzIndex {
	x := &xzIndex{buckets: map[[2]int][]int{}}
	for _, m := range meshes {
		for k := 0; k+2 < len(m.Indices); k += 3 {
			t := [3]vec3.T{m.Positions[m.Indices[k]], m.Positions[m.Indices[k+1]], m.Positions[m.Indices[k+2]]}
			id := len(x.tris)
			x.tris = append(x.tris, t)
			lo0, hi0 := bucketOf(min(t[0][0], t[1][0], t[2][0])), bucketOf(max(t[0][0], t[1][0], t[2][0]))
			lo1, hi1 := bucketOf(min(t[0][2], t[1][2], t[2][2])), bucketOf(max(t[0][2], t[1][2], t[2][2]))
			for bx := lo0; bx <= hi0; bx++ {
				for bz := lo1; bz <= hi1; bz++ {
					x.buckets[[2]int{bx, bz}] = append(x.buckets[[2]int{bx, bz}], id)
				}
			}
		}
	}
	return x
}

func bucketOf(v float32) int { return int(math.Floor(float64(v) / bucketSize)) }

// coversWrapped is covers with X taken modulo wrap (0: a flat map): the
// point or one of its copies a map width east or west is covered.
func (x *xzIndex) coversWrapped(px, pz, wrap float32) bool {
	return x.covers(px, pz) || (wrap != 0 && (x.covers(px+wrap, pz) || x.covers(px-wrap, pz)))
}

// covers reports whether some triangle's XZ projection holds (px, pz).
func (x *xzIndex) covers(px, pz float32) bool {
	for _, id := range x.buckets[[2]int{bucketOf(px), bucketOf(pz)}] {
		if inTriangleXZ(x.tris[id], px, pz) {
			return true
		}
	}
	return false
}

// inTriangleXZ tests a point against a triangle projected on XZ, with a
// little tolerance so points on shared edges count.
func inTriangleXZ(t [3]vec3.T, px, pz float32) bool {
	ax, az := float64(t[0][0]), float64(t[0][2])
	bx, bz := float64(t[1][0]), float64(t[1][2])
	cx, cz := float64(t[2][0]), float64(t[2][2])
	x, z := float64(px), float64(pz)
	d := (bz-cz)*(ax-cx) + (cx-bx)*(az-cz)
	if math.Abs(d) < 1e-9 {
		return false
	}
	l1 := ((bz-cz)*(x-cx) + (cx-bx)*(z-cz)) / d
	l2 := ((cz-az)*(x-cx) + (ax-cx)*(z-cz)) / d
	l3 := 1 - l1 - l2
	const eps = -1e-5
	return l1 >= eps && l2 >= eps && l3 >= eps
}

// vertexSet finds mesh vertices near a point.
type vertexSet struct {
	buckets map[[2]int][]vec3.T
}

func newVertexSet(meshes ...*mesh.Mesh) *vertexSet {
	s := &vertexSet{buckets: map[[2]int][]vec3.T{}}
	for _, m := range meshes {
		for _, p := range m.Positions {
			k := [2]int{bucketOf(p[0]), bucketOf(p[2])}
			s.buckets[k] = append(s.buckets[k], p)
		}
	}
	return s
}

// has reports whether a vertex lies within tol of p in 3D.
func (s *vertexSet) has(p vec3.T, tol float32) bool {
	for bx := bucketOf(p[0] - tol); bx <= bucketOf(p[0]+tol); bx++ {
		for bz := bucketOf(p[2] - tol); bz <= bucketOf(p[2]+tol); bz++ {
			for _, q := range s.buckets[[2]int{bx, bz}] {
				if dist(p, q) <= tol {
					return true
				}
			}
		}
	}
	return false
}

// near returns the vertices within the XZ box around p.
func (s *vertexSet) near(p vec3.T, r float32) []vec3.T {
	var out []vec3.T
	for bx := bucketOf(p[0] - r); bx <= bucketOf(p[0]+r); bx++ {
		for bz := bucketOf(p[2] - r); bz <= bucketOf(p[2]+r); bz++ {
			out = append(out, s.buckets[[2]int{bx, bz}]...)
		}
	}
	return out
}

func dist(a, b vec3.T) float32 { return vec.Length(vec.Sub(a, b)) }

// mix is the weighted sum of points (weights summing to 1).
func mix(ps []vec3.T, ws ...float32) vec3.T {
	var out vec3.T
	for k, p := range ps {
		for c := range 3 {
			out[c] += p[c] * ws[k]
		}
	}
	return out
}

// layerMeshes collects one layer of every chunk, or of the listed chunks.
func layerMeshes(s *Set, l mesh.Layer, chunks ...int) []*mesh.Mesh {
	if len(chunks) == 0 {
		for ch := range s.Chunks {
			chunks = append(chunks, ch)
		}
	}
	var out []*mesh.Mesh
	for _, ch := range chunks {
		out = append(out, &s.Chunks[ch].Layers[l])
	}
	return out
}

// solidEdge is a cell's solid edge towards d, unperturbed, with the
// heights a neighbour must meet: the cell's height, and the stream bed in
// the middle when a river crosses.
func solidEdge(g *hexmap.Grid, i int, d hexmap.Direction) geom.EdgeVertices {
	c := geom.CellPosition(g, i)
	e := geom.NewEdgeVertices(vec.Add(c, geom.FirstSolidCorner(d)), vec.Add(c, geom.SecondSolidCorner(d)))
	if g.Cell(i).HasRiverThroughEdge(d) {
		e.V3[1] = geom.StreamBedY(g.Cell(i))
	}
	return e
}

func edgePoints(e geom.EdgeVertices) []vec3.T { return []vec3.T{e.V1, e.V2, e.V3, e.V4, e.V5} }

// shifted returns the points moved east by dx.
func shifted(dx float32, ps ...vec3.T) []vec3.T {
	out := make([]vec3.T, len(ps))
	for k, p := range ps {
		out[k] = vec3.T{p[0] + dx, p[1], p[2]}
	}
	return out
}

func perturbAll(g *hexmap.Grid, ps ...vec3.T) []vec3.T {
	out := make([]vec3.T, len(ps))
	for k, p := range ps {
		out[k] = geom.PerturberOf(g).Perturb(p)
	}
	return out
}
