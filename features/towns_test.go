package features_test

import (
	"bytes"
	"math"
	"reflect"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/buildings"
	"hexsandbox/chunk"
	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/mapgen"
	"hexsandbox/mesh"
	"hexsandbox/saves"
)

// townTestMaps are the maps the town tests build on: the town map (a
// village, a town on a river, a walled city), the river-and-road map
// with mixed urban levels and walls, and the showcase's hills, coasts
// and cliffs with every land cell at some urban level.
func townTestMaps(t *testing.T) map[string]*hexmap.Grid {
	rr := features.RiverRoadMapForTest(t)
	for i := range rr.Topology().CellCount() {
		rr.SetUrbanLevel(i, 1+i%3)
		rr.SetPlantLevel(i, (i/4)%3)
		rr.SetWalled(i, (i/3)%2 == 0)
	}
	sc, err := mapgen.Showcase(40, 30, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range sc.Topology().CellCount() {
		if sc.Cell(i).SpecialIndex == 0 {
			sc.SetUrbanLevel(i, 1+(i/7)%3)
		}
	}
	return map[string]*hexmap.Grid{"town map": features.TownMapForTest(t), "rivers and roads": rr, "showcase": sc,
		"town map across a wrapping seam": wrappedTownMap(t)}
}

// wrappedTownMap is the town map on a wrapping topology, its columns
// turned so that the walled city stands across the seam.
func wrappedTownMap(t *testing.T) *hexmap.Grid {
	g := features.TownMapForTest(t)
	w, h := g.Topology().Width, g.Topology().Height
	cells := make([]hexmap.Cell, len(g.Cells()))
	for i, c := range g.Cells() {
		x, z := i%w, i/w
		cells[(x+10)%w+z*w] = c
	}
	wrapped, _, err := hexmap.FromCells(hexmap.Topology{Width: w, Height: h, Wrapping: true}, g.Noise(), cells)
	if err != nil {
		t.Fatal(err)
	}
	return wrapped
}

// triIndex finds the triangles of some layers (on the ground plane) near
// a point.
type triIndex struct {
	cells map[[2]int][][3][2]float64
}

const triIndexCell = 4

func newTriIndex(s *chunk.Set, layers ...mesh.Layer) *triIndex {
	ix := &triIndex{cells: map[[2]int][][3][2]float64{}}
	for ch := range s.Chunks {
		for _, l := range layers {
			m := &s.Chunks[ch].Layers[l]
			for t := 0; t+2 < len(m.Indices); t += 3 {
				var tri [3][2]float64
				lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
				for k := range 3 {
					p := m.Positions[m.Indices[t+k]]
					tri[k] = [2]float64{float64(p[0]), float64(p[2])}
					for a := range 2 {
						lo[a], hi[a] = math.Min(lo[a], tri[k][a]), math.Max(hi[a], tri[k][a])
					}
				}
				for x := int(math.Floor(lo[0] / triIndexCell)); x <= int(math.Floor(hi[0]/triIndexCell)); x++ {
					for z := int(math.Floor(lo[1] / triIndexCell)); z <= int(math.Floor(hi[1]/triIndexCell)); z++ {
						ix.cells[[2]int{x, z}] = append(ix.cells[[2]int{x, z}], tri)
					}
				}
			}
		}
	}
	return ix
}

// overlapping returns a triangle that shares interior with polygon p.
func (ix *triIndex) overlapping(p [][2]float64) ([3][2]float64, bool) {
	lo, hi := p[0], p[0]
	for _, q := range p {
		for a := range 2 {
			lo[a], hi[a] = math.Min(lo[a], q[a]), math.Max(hi[a], q[a])
		}
	}
	for x := int(math.Floor(lo[0] / triIndexCell)); x <= int(math.Floor(hi[0]/triIndexCell)); x++ {
		for z := int(math.Floor(lo[1] / triIndexCell)); z <= int(math.Floor(hi[1]/triIndexCell)); z++ {
			for _, tri := range ix.cells[[2]int{x, z}] {
				if polygonsOverlap(p, tri[:]) {
					return tri, true
				}
			}
		}
	}
	return [3][2]float64{}, false
}

// polygonsOverlap reports whether polygons a and b share interior (an
// edge of one properly crosses one of the other, or a corner of one is
// strictly inside the other). Degenerate triangles (walls' vertical
// faces seen from above) count through their edges.
func polygonsOverlap(a, b [][2]float64) bool {
	for i := range a {
		for j := range b {
			if properCross(a[i], a[(i+1)%len(a)], b[j], b[(j+1)%len(b)]) {
				return true
			}
		}
	}
	return strictlyInside(b, a[0]) || strictlyInside(a, b[0])
}

func orient(p, q, r [2]float64) float64 {
	return (q[0]-p[0])*(r[1]-p[1]) - (q[1]-p[1])*(r[0]-p[0])
}

func properCross(a, b, c, d [2]float64) bool {
	return orient(a, b, c)*orient(a, b, d) < 0 && orient(c, d, a)*orient(c, d, b) < 0
}

// strictlyInside reports whether q lies inside polygon p (either
// orientation), more than 1e-9 from its edges.
func strictlyInside(p [][2]float64, q [2]float64) bool {
	in := false
	for i, a := range p {
		b := p[(i+1)%len(p)]
		if math.Abs(orient(a, b, q)) < 1e-9*(1+math.Hypot(b[0]-a[0], b[1]-a[1])) {
			if math.Min(a[0], b[0])-1e-9 <= q[0] && q[0] <= math.Max(a[0], b[0])+1e-9 &&
				math.Min(a[1], b[1])-1e-9 <= q[1] && q[1] <= math.Max(a[1], b[1])+1e-9 {
				return false
			}
		}
		if (a[1] > q[1]) != (b[1] > q[1]) && q[0] < a[0]+(q[1]-a[1])/(b[1]-a[1])*(b[0]-a[0]) {
			in = !in
		}
	}
	return in
}

// solidArea is cell i's solid hexagon as the terrain draws it: its edge
// vertices, perturbed, in order.
func solidArea(g *hexmap.Grid, i int) [][2]float64 {
	c := geom.CellPosition(g, i)
	perturber := geom.PerturberOf(g) // blends across a wrapping map's seam
	var out [][2]float64
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		e := geom.NewEdgeVertices(vec3.T{c[0] + geom.FirstSolidCorner(d)[0], 0, c[2] + geom.FirstSolidCorner(d)[2]},
			vec3.T{c[0] + geom.SecondSolidCorner(d)[0], 0, c[2] + geom.SecondSolidCorner(d)[2]})
		for _, v := range []vec3.T{e.V1, e.V2, e.V3, e.V4} {
			p := perturber.Perturb(v)
			out = append(out, [2]float64{float64(p[0]), float64(p[2])})
		}
	}
	return out
}

// eachTownCell calls f for every town cell of g with what BuildTowns
// hands package buildings for it (from its chunk's recorded cuts), a
// builder to use, and the chunk as triangulated.
func eachTownCell(g *hexmap.Grid, f func(i int, tc *buildings.Cell, gr buildings.Ground, b *buildings.Builder, c *chunk.Chunk)) {
	var c chunk.Chunk
	var b buildings.Builder
	for ch := range geom.ChunkCount(g.Topology()) {
		chunk.Triangulate(g, ch, &c)
		for _, i := range geom.ChunkCells(g.Topology(), ch) {
			if features.HasTown(g.Cell(i)) {
				tc, gr := features.TownCellForTest(g, i, c.Plan.Cuts)
				f(i, &tc, gr, &b, &c)
			}
		}
	}
}

// townPlans calls f with the planned buildings of every town cell of g.
func townPlans(g *hexmap.Grid, f func(i int, plan []buildings.Building)) {
	eachTownCell(g, func(i int, tc *buildings.Cell, gr buildings.Ground, b *buildings.Builder, _ *chunk.Chunk) {
		f(i, b.Plan(tc, gr))
	})
}

// TestLotsInsideSolidAreaOffRoadsRiversWalls checks every building's
// footprint against the map as triangulated: inside its cell's solid
// area as the terrain draws it (perturbed), and overlapping no triangle
// of the road, river, wall or bridge layers.
func TestLotsInsideSolidAreaOffRoadsRiversWalls(t *testing.T) {
	for name, g := range townTestMaps(t) {
		s := chunk.NewSetWorkers(g, 1)
		obstacles := newTriIndex(s, mesh.Roads, mesh.Rivers, mesh.Walls, mesh.Bridges)
		checked, cells := 0, 0
		townPlans(g, func(i int, plan []buildings.Building) {
			cells++
			solid := solidArea(g, i)
			for _, b := range plan {
				fp := make([][2]float64, len(b.Footprint))
				for k, q := range b.Footprint {
					fp[k] = [2]float64{float64(q[0]), float64(q[1])}
					if !strictlyInside(solid, fp[k]) {
						t.Fatalf("%s, cell %d: footprint corner %v outside the solid area", name, i, fp[k])
					}
				}
				if tri, ok := obstacles.overlapping(fp); ok {
					t.Fatalf("%s, cell %d: footprint %v overlaps road, river, wall or bridge triangle %v", name, i, fp, tri)
				}
				checked++
			}
		})
		t.Logf("%s: %d buildings in %d town cells", name, checked, cells)
		if checked < 3*cells {
			t.Errorf("%s: only %d buildings in %d town cells", name, checked, cells)
		}
	}
}

// TestTownsStayWhileEditingElsewhere edits the town map (a road, an
// urban level, a wall, a river elsewhere) and checks that every town
// cell not next to an edit keeps exactly its buildings, and that the
// building layers of the chunks no edit touched come out the same when
// the whole map is built again.
func TestTownsStayWhileEditingElsewhere(t *testing.T) {
	g := features.TownMapForTest(t)
	before := map[int][]buildings.Building{}
	townPlans(g, func(i int, plan []buildings.Building) { before[i] = plan })
	old := chunk.NewSetWorkers(g, 1)
	top := g.Topology()
	at := func(x, z int) int { i, _ := top.IndexOffset(x, z); return i }
	edited := []int{at(16, 9), at(14, 11), at(25, 9), at(6, 10)}
	if err := g.AddRoad(edited[0], hexmap.NE); err != nil {
		t.Fatal(err)
	}
	g.SetUrbanLevel(edited[1], 3)
	g.SetWalled(edited[2], false)
	g.SetPlantLevel(edited[3], 3)
	near := func(i int) bool {
		for _, e := range edited {
			if top.Distance(i, e) <= 1 {
				return true
			}
		}
		return false
	}
	kept := 0
	townPlans(g, func(i int, plan []buildings.Building) {
		if near(i) {
			return
		}
		if !reflect.DeepEqual(plan, before[i]) {
			t.Fatalf("cell %d, away from every edit, has other buildings", i)
		}
		kept += len(plan)
	})
	if kept < 200 {
		t.Fatalf("only %d buildings compared", kept)
	}
	fresh := chunk.NewSetWorkers(g, 1)
	touched := map[int]bool{}
	for _, e := range edited {
		touched[geom.ChunkOf(g.Topology(), e)] = true
		top.Neighbors(e, func(_ hexmap.Direction, n int) { touched[geom.ChunkOf(g.Topology(), n)] = true })
	}
	for ch := range fresh.Chunks {
		if touched[ch] {
			continue
		}
		for _, l := range []mesh.Layer{mesh.Buildings, mesh.BuildingDetails} {
			if !reflect.DeepEqual(fresh.Chunks[ch].Layers[l], old.Chunks[ch].Layers[l]) {
				t.Fatalf("chunk %d, untouched, has another %s layer", ch, l.Name())
			}
		}
	}
}

// TestSameMapSameTowns: a map saved and read back (a second grid with
// its own noise from the same seed) builds the same building layers, on
// one worker and on all; a map with another seed builds other ones.
func TestSameMapSameTowns(t *testing.T) {
	g := features.TownMapForTest(t)
	var buf bytes.Buffer
	if err := saves.Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	g2, _, err := saves.ReadBytes(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	a, b := chunk.NewSetWorkers(g, 1), chunk.NewSet(g2)
	n := 0
	for ch := range a.Chunks {
		for _, l := range []mesh.Layer{mesh.Buildings, mesh.BuildingDetails} {
			if !reflect.DeepEqual(a.Chunks[ch].Layers[l], b.Chunks[ch].Layers[l]) {
				t.Fatalf("chunk %d: %s differ between two builds of the same map", ch, l.Name())
			}
			n += a.Chunks[ch].Layers[l].TriangleCount()
		}
	}
	if n == 0 {
		t.Fatal("no buildings")
	}
	other, _, err := hexmap.FromCells(g.Topology(), noise.New(8), g.Cells())
	if err != nil {
		t.Fatal(err)
	}
	c := chunk.NewSetWorkers(other, 1)
	same := true
	for ch := range a.Chunks {
		same = same && reflect.DeepEqual(a.Chunks[ch].Layers[mesh.Buildings], c.Chunks[ch].Layers[mesh.Buildings])
	}
	if same {
		t.Fatal("another seed built the same towns")
	}
}

// TestTownTriangleBudget builds every town cell of the test maps and of
// a city with streets on half its edges and checks each cell's
// triangles (masses and details) against buildings.MaxCellTriangles.
func TestTownTriangleBudget(t *testing.T) {
	maps := townTestMaps(t)
	city, err := hexmap.NewGrid(40, 30, 4)
	if err != nil {
		t.Fatal(err)
	}
	for i := range city.Topology().CellCount() {
		city.SetUrbanLevel(i, 3)
		for d := hexmap.NE; d <= hexmap.SE; d++ {
			if (i+int(d))%2 == 0 {
				city.AddRoad(i, d)
			}
		}
	}
	maps["city with streets"] = city
	for name, g := range maps {
		most, sum, cells := 0, 0, 0
		eachTownCell(g, func(i int, tc *buildings.Cell, gr buildings.Ground, b *buildings.Builder, c *chunk.Chunk) {
			var m, d mesh.Mesh
			n := b.Add(tc, gr, buildings.Meshes{Massing: &m, Detail: &d})
			if n > buildings.MaxCellTriangles {
				t.Fatalf("%s, cell %d (level %d): %d triangles", name, i, tc.Level, n)
			}
			most, sum, cells = max(most, n), sum+n, cells+1
			for _, l := range []mesh.Layer{mesh.Buildings, mesh.BuildingDetails} {
				if c.Layers[l].Overflowed() {
					t.Fatalf("%s, chunk %d: %s layer past the uint16 limit", name, geom.ChunkOf(g.Topology(), i), l.Name())
				}
			}
		})
		t.Logf("%s: %d town cells, %.0f triangles each on average, %d at most", name, cells, float64(sum)/float64(cells), most)
	}
}
