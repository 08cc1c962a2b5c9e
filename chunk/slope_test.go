package chunk

import (
	"math"
	"slices"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// bridgeHeights returns the distinct heights (to 1e-3) of the terrain
// vertices of chunk ch that lie on the middle three lines of the bridge
// between near and far (perturbed edge points, far reversed).
func bridgeHeights(s *Set, ch int, near, far []vec3.T) []float32 {
	quad := [4]vec3.T{near[1], near[3], far[3], far[1]}
	var ys []float32
	for _, p := range s.Chunks[ch].Layers[mesh.Terrain].Positions {
		if !inQuadXZ(quad, p, 0.3) {
			continue
		}
		if !slices.ContainsFunc(ys, func(y float32) bool { return math.Abs(float64(y-p[1])) < 1e-3 }) {
			ys = append(ys, p[1])
		}
	}
	slices.Sort(ys)
	return ys
}

// inQuadXZ reports whether p lies in the convex quad a b c d (in order)
// grown by margin.
func inQuadXZ(q [4]vec3.T, p vec3.T, margin float32) bool {
	sign := 0.0
	for k := range 4 {
		a, b := q[k], q[(k+1)%4]
		ex, ez := float64(b[0]-a[0]), float64(b[2]-a[2])
		l := math.Hypot(ex, ez)
		cross := (ex*float64(p[2]-a[2]) - ez*float64(p[0]-a[0])) / l
		if sign == 0 {
			// Orientation from the quad's own winding.
			c := q[(k+2)%4]
			sign = math.Copysign(1, ex*float64(c[2]-a[2])-ez*float64(c[0]-a[0]))
		}
		if cross*sign < -float64(margin) {
			return false
		}
	}
	return true
}

// TestTerraces checks the height profile of every bridge without a river:
// flat bridges and cliffs have just the two (jittered) cell heights,
// slopes TerracesPerSlope terraces between them. Heights are never
// perturbed, so they must be exact.
func TestTerraces(t *testing.T) {
	g := testGrid(t, 20, 15, 5)
	s := NewSet(g)
	seen := map[hexmap.EdgeType]int{}
	for i := range g.Topology().CellCount() {
		for d := hexmap.NE; d <= hexmap.SE; d++ {
			n, ok := g.Topology().Neighbor(i, d)
			if !ok || g.Cell(i).HasRiverThroughEdge(d) {
				continue
			}
			edge := hexmap.EdgeTypeOf(int(g.Cell(i).Elevation), int(g.Cell(n).Elevation))
			near := perturbAll(g, edgePoints(solidEdge(g, i, d))...)
			far := perturbAll(g, edgePoints(solidEdge(g, n, d.Opposite()))...)
			slices.Reverse(far)
			ys := bridgeHeights(s, geom.ChunkOf(g.Topology(), i), near, far)
			y1, y2 := geom.CellPosition(g, i)[1], geom.CellPosition(g, n)[1]
			want := []float32{y1, y2}
			if edge == hexmap.Slope {
				for k := 1; k <= geom.TerracesPerSlope; k++ {
					want = append(want, y1+(y2-y1)*float32(k)/(geom.TerracesPerSlope+1))
				}
			}
			// The terrace rows: distinct vertices along the middle line.
			rows := 2
			if edge == hexmap.Slope {
				rows = geom.TerraceSteps + 1
			}
			if got := lineVertices(s, geom.ChunkOf(g.Topology(), i), near[2], far[2]); got != rows {
				t.Fatalf("cell %d %v (%v): %d vertices along the bridge, want %d", i, d, edge, got, rows)
			}
			seen[edge]++
			slices.Sort(want)
			want = slices.Compact(want)
			if len(ys) != len(want) {
				t.Fatalf("cell %d %v (%v): heights %v, want %v; near %v far %v", i, d, edge, ys, want, near, far)
			}
			for k := range ys {
				if math.Abs(float64(ys[k]-want[k])) > 1e-3 {
					t.Fatalf("cell %d %v (%v): heights %v, want %v", i, d, edge, ys, want)
				}
			}
		}
	}
	if seen[hexmap.Flat] == 0 || seen[hexmap.Slope] == 0 || seen[hexmap.Cliff] == 0 {
		t.Fatalf("test map lacks an edge type: %v", seen)
	}
}

// TestCliffCorners checks the corners where terraces meet a cliff: the
// terraces collapse onto a point that lies on the straight line of the
// perturbed cliff edge, so the cliff face stays flat and meets its bridge
// without a crack.
func TestCliffCorners(t *testing.T) {
	g := testGrid(t, 20, 15, 5)
	s := NewSet(g)
	checked := 0
	for i := range g.Topology().CellCount() {
		for d := hexmap.NE; d <= hexmap.E; d++ {
			n, ok1 := g.Topology().Neighbor(i, d)
			nn, ok2 := g.Topology().Neighbor(i, d.Next())
			if !ok1 || !ok2 {
				continue
			}
			cells := []int{i, n, nn}
			ps := cornerPoints(g, i, n, nn, d)
			types := 0
			for k := range 3 {
				ps[k][1] = geom.CellPosition(g, cells[k])[1]
				types |= 1 << pairEdgeType(g, cells[k], cells[(k+1)%3])
			}
			if types != 1<<hexmap.Slope|1<<hexmap.Cliff && types != 1<<hexmap.Slope|1<<hexmap.Cliff|1<<hexmap.Flat {
				continue
			}
			verts := s.Chunks[geom.ChunkOf(g.Topology(), i)].Layers[mesh.Terrain].Positions
			pp := perturbAll(g, ps...)
			found := false
			for k := range 3 {
				a, b := cells[k], cells[(k+1)%3]
				if pairEdgeType(g, a, b) == hexmap.Cliff &&
					slices.ContainsFunc(verts, func(v vec3.T) bool { return onSegment(v, pp[k], pp[(k+1)%3]) }) {
					found = true
				}
			}
			if !found {
				t.Errorf("corner of cell %d %v: no boundary point on the perturbed cliff lines %v", i, d, pp)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("test map has no terrace-cliff corner")
	}
}

// onSegment reports whether v lies on segment a-b in 3D, away from its ends.
func onSegment(v, a, b vec3.T) bool {
	ab := vec.Sub(b, a)
	u := vec.Dot(vec.Sub(v, a), ab) / vec.Dot(ab, ab)
	if u < 0.01 || u > 0.99 {
		return false
	}
	return dist(v, vec.Add(a, vec.Scale(ab, u))) < 1e-3
}

// lineVertices counts the distinct terrain vertices of chunk ch within
// 0.2 of segment a-b on the XZ plane.
func lineVertices(s *Set, ch int, a, b vec3.T) int {
	var found []vec3.T
	for _, p := range s.Chunks[ch].Layers[mesh.Terrain].Positions {
		if segmentDistanceXZ(p, a, b) < 0.2 && !slices.ContainsFunc(found, func(q vec3.T) bool { return dist(p, q) < 1e-3 }) {
			found = append(found, p)
		}
	}
	return len(found)
}

// pairEdgeType is the model's edge type between cells a and b.
func pairEdgeType(g *hexmap.Grid, a, b int) hexmap.EdgeType {
	return hexmap.EdgeTypeOf(int(g.Cell(a).Elevation), int(g.Cell(b).Elevation))
}
