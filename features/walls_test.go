package features

import (
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// wallTops collects, in XZ, the upward-facing wall triangles (wall tops,
// not towers) of every chunk, so probes can ask whether a wall stands
// over a point.
type wallTops struct{ tris [][3][2]float32 }

func newWallTops(chunks []chunkMeshes) *wallTops {
	w := &wallTops{}
	for _, c := range chunks {
		m := &c.walls
		for k := 0; k+2 < len(m.Indices); k += 3 {
			a, b, cc := m.Indices[k], m.Indices[k+1], m.Indices[k+2]
			if m.Colors[a] != wallStone || m.Normals[a][1] < 0.3 {
				continue
			}
			var t [3][2]float32
			for j, v := range [3]uint16{a, b, cc} {
				t[j] = [2]float32{m.Positions[v][0], m.Positions[v][2]}
			}
			w.tris = append(w.tris, t)
		}
	}
	return w
}

func (w *wallTops) covers(p vec3.T) bool {
	for _, t := range w.tris {
		if inTriangle(p[0], p[2], t) {
			return true
		}
	}
	return false
}

func inTriangle(x, z float32, t [3][2]float32) bool {
	s := func(a, b [2]float32) float32 { return (b[0]-a[0])*(z-a[1]) - (b[1]-a[1])*(x-a[0]) }
	d1, d2, d3 := s(t[0], t[1]), s(t[1], t[2]), s(t[2], t[0])
	neg := d1 < 0 || d2 < 0 || d3 < 0
	pos := d1 > 0 || d2 > 0 || d3 > 0
	return !(neg && pos)
}

// wallRule is the rule for a wall between neighbours, stated on its own:
// exactly one walled, neither underwater, no cliff between them.
func wallRule(a, b hexmap.Cell) bool {
	de := int(a.Elevation) - int(b.Elevation)
	return a.Walled != b.Walled && !a.IsUnderwater() && !b.IsUnderwater() && de >= -1 && de <= 1
}

// midXZ is the XZ middle of perturbed points, where WallLerp puts a wall.
func midXZ(n *noise.Noise, ps ...vec3.T) vec3.T {
	var s vec3.T
	for _, p := range ps {
		s = vec.Add(s, geom.FlatPerturber(n).Perturb(p))
	}
	return vec.Scale(s, 1/float32(len(ps)))
}

// TestWallEdges probes every connection of a busy random map: the first
// quarter of the edge is walled exactly when the rule says so, and the
// middle is open where a river or road passes.
func TestWallEdges(t *testing.T) {
	g := randomMap(t, 30, 30, 21)
	tops := newWallTops(buildAll(g))
	noise := g.Noise()
	var walled, gaps, open int
	for i := range g.Topology().CellCount() {
		cell := g.Cell(i)
		c := geom.CellPosition(g, i)
		for d := hexmap.NE; d <= hexmap.SE; d++ {
			n, ok := g.Topology().Neighbor(i, d)
			if !ok {
				continue
			}
			e := geom.NewEdgeVertices(vec.Add(c, geom.FirstSolidCorner(d)), vec.Add(c, geom.SecondSolidCorner(d)))
			b := geom.Bridge(d)
			first := midXZ(noise, e.V1, e.V2, vec.Add(e.V1, b), vec.Add(e.V2, b))
			middle := midXZ(noise, e.V2, e.V3, vec.Add(e.V2, b), vec.Add(e.V3, b))
			want := wallRule(cell, g.Cell(n))
			if got := tops.covers(first); got != want {
				t.Fatalf("cell %d %v: wall %v, rule says %v (walled %v/%v, water %v/%v, elevation %d/%d)",
					i, d, got, want, cell.Walled, g.Cell(n).Walled, cell.IsUnderwater(), g.Cell(n).IsUnderwater(),
					cell.Elevation, g.Cell(n).Elevation)
			}
			if !want {
				open++
				continue
			}
			walled++
			gap := cell.HasRiverThroughEdge(d) || cell.HasRoadThroughEdge(d)
			if gap {
				gaps++
			}
			if tops.covers(middle) == gap {
				t.Fatalf("cell %d %v: gap %v but middle covered %v", i, d, gap, !gap)
			}
		}
	}
	if walled < 100 || gaps < 10 || open < 100 {
		t.Fatalf("map too thin: %d walled, %d gapped, %d open edges", walled, gaps, open)
	}
}

// corner is a three-cell corner, clockwise, with its unperturbed points.
type corner struct {
	cells [3]int
	pts   [3]vec3.T
}

func corners(g *hexmap.Grid) []corner {
	var out []corner
	for i := range g.Topology().CellCount() {
		c := geom.CellPosition(g, i)
		for d := hexmap.NE; d <= hexmap.E; d++ {
			n, ok1 := g.Topology().Neighbor(i, d)
			nn, ok2 := g.Topology().Neighbor(i, d.Next())
			if !ok1 || !ok2 {
				continue
			}
			p := vec.Add(c, geom.SecondSolidCorner(d))
			out = append(out, corner{[3]int{i, n, nn}, [3]vec3.T{p, vec.Add(p, geom.Bridge(d)), vec.Add(p, geom.Bridge(d.Next()))}})
		}
	}
	return out
}

// pivot returns the position in the corner of the cell whose walled
// state differs from the other two, or -1.
func (c corner) pivot(g *hexmap.Grid) int {
	w := [3]bool{}
	for k, i := range c.cells {
		w[k] = g.Cell(i).Walled
	}
	for k := range 3 {
		if w[k] != w[(k+1)%3] && w[k] != w[(k+2)%3] {
			return k
		}
	}
	return -1
}

// TestWallCornersAndTowers checks each corner of a random map: a bent
// wall piece where both edges at the odd cell hold a wall, nothing where
// no cell is odd, and towers exactly at the full corners whose two other
// cells are level and whose hash e is below the threshold.
func TestWallCornersAndTowers(t *testing.T) {
	g := randomMap(t, 30, 30, 23)
	chunks := buildAll(g)
	tops := newWallTops(chunks)
	noise := g.Noise()
	var wantTowers []vec3.T
	var full, plain int
	for _, c := range corners(g) {
		k := c.pivot(g)
		if k < 0 {
			centroid := midXZ(noise, c.pts[0], c.pts[1], c.pts[2])
			if tops.covers(centroid) {
				t.Fatalf("corner %v has no odd cell but a wall", c.cells)
			}
			plain++
			continue
		}
		l, r := (k+1)%3, (k+2)%3
		pc, lc, rc := g.Cell(c.cells[k]), g.Cell(c.cells[l]), g.Cell(c.cells[r])
		isFull := !pc.IsUnderwater() && wallRule(pc, lc) && wallRule(pc, rc)
		probe := midXZ(noise, c.pts[k], c.pts[k], c.pts[l], c.pts[r])
		if isFull != tops.covers(probe) {
			// A wedge may reach over the probe when only one side holds a wall.
			if isFull || pc.IsUnderwater() || (wallRule(pc, lc) == wallRule(pc, rc)) {
				t.Fatalf("corner %v pivot %d: full %v, covered %v", c.cells, k, isFull, !isFull)
			}
		}
		if !isFull {
			continue
		}
		full++
		h := geom.SampleHash(noise, vec.Scale(vec.Add(vec.Add(c.pts[0], c.pts[1]), c.pts[2]), 1.0/3))
		if lc.Elevation == rc.Elevation && h.E < geom.WallTowerThreshold {
			wantTowers = append(wantTowers, probe)
		}
	}
	got := towerCentres(t, chunks)
	if len(got) != len(wantTowers) {
		t.Fatalf("%d towers, want %d", len(got), len(wantTowers))
	}
	for _, w := range wantTowers {
		found := false
		for _, p := range got {
			found = found || nearXZ(p, w, 1e-3)
		}
		if !found {
			t.Fatalf("no tower at %v", w)
		}
	}
	if full < 50 || plain < 50 || len(wantTowers) < 10 {
		t.Fatalf("map too thin: %d full corners, %d plain, %d towers", full, plain, len(wantTowers))
	}
}

// towerCentres finds the towers in the wall meshes by their colour: each
// is a run of vertices whose first box's XZ middle is the tower's spot.
func towerCentres(t *testing.T, chunks []chunkMeshes) []vec3.T {
	var out []vec3.T
	per := 0
	for _, p := range wallTower {
		if p.shape != box {
			t.Fatal("tower model changed: update towerCentres")
		}
		per += boxVertices
	}
	for _, c := range chunks {
		m := &c.walls
		for v := 0; v < len(m.Positions); {
			if m.Colors[v] != towerStone {
				v++
				continue
			}
			if v+per > len(m.Positions) {
				t.Fatal("truncated tower")
			}
			var s vec3.T
			for _, p := range m.Positions[v : v+boxVertices] {
				s = vec.Add(s, p)
			}
			out = append(out, vec.Scale(s, 1.0/boxVertices))
			v += per
		}
	}
	return out
}

// TestWallWedgeAndCap: at a corner whose pivot has a wall on one side
// only, because the other side is a cliff, the wall runs as a wedge up to
// the cliff's top corner when the cliff rises, and ends in a plain cap
// when it falls.
func TestWallWedgeAndCap(t *testing.T) {
	for _, tc := range []struct {
		name              string
		pivot, left, righ int
		wedge             bool
	}{
		{"cliff up", 0, 1, 3, true},
		{"cliff down", 2, 1, -1, false},
	} {
		g := newGrid(t, 10, 10, 8)
		i := 4 + 4*10
		n, _ := g.Topology().Neighbor(i, hexmap.NE)
		nn, _ := g.Topology().Neighbor(i, hexmap.E)
		g.SetElevation(i, tc.pivot)
		g.SetElevation(n, tc.left)
		g.SetElevation(nn, tc.righ)
		g.SetWalled(i, true)
		var walls mesh.Mesh
		for ch := range geom.ChunkCount(g.Topology()) {
			Build(g, ch, chunkPlan(g, ch), nil, &walls, nil)
		}
		r := geom.FlatPerturber(g.Noise()).Perturb(vec.Add(vec.Add(geom.CellPosition(g, i), geom.SecondSolidCorner(hexmap.NE)), geom.Bridge(hexmap.E)))
		reaches := false
		for _, p := range walls.Positions {
			reaches = reaches || nearXZ(p, r, 1e-3)
		}
		if reaches != tc.wedge {
			t.Errorf("%s: wall reaches the cliff corner %v, want %v", tc.name, reaches, tc.wedge)
		}
	}
}

// TestNoWallsWithoutWalledCells: walls appear only through the walled flag.
func TestNoWallsWithoutWalledCells(t *testing.T) {
	g := randomMap(t, 20, 15, 3)
	for i := range g.Topology().CellCount() {
		g.SetWalled(i, false)
	}
	for ch, c := range buildAll(g) {
		if c.walls.VertexCount() != 0 {
			t.Fatalf("chunk %d has %d wall vertices without walled cells", ch, c.walls.VertexCount())
		}
	}
}

// TestWallNormals: every wall triangle's normal agrees with its winding,
// so lighting and face culling see the same front.
func TestWallNormals(t *testing.T) {
	g := randomMap(t, 20, 15, 17)
	count := 0
	for _, c := range buildAll(g) {
		m := &c.walls
		for k := 0; k < len(m.Indices); k += 3 {
			a, b, cc := m.Positions[m.Indices[k]], m.Positions[m.Indices[k+1]], m.Positions[m.Indices[k+2]]
			w := vec.Cross(vec.Sub(b, a), vec.Sub(cc, a))
			if w.Length() < 1e-4 {
				continue // a sliver where a wall meets itself at a corner
			}
			if n := m.Normals[m.Indices[k]]; vec.Dot(vec.Scale(w, 1/w.Length()), n) < 0.5 {
				t.Fatalf("wall triangle %d: normal %v against winding %v", k/3, n, w)
			}
			count++
		}
	}
	if count < 1000 {
		t.Fatalf("only %d wall triangles", count)
	}
}
