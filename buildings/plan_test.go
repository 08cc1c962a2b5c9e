package buildings

import (
	"math"
	"reflect"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/mesh"
)

// testGround is a hash grid of 4×4 cells (as Catlike's, scale 0.25) from
// a seeded mixer, and a gentle perturbation (or none).
type testGround struct {
	seed    uint64
	perturb bool
}

func (g testGround) Hash(x, z float32) [5]float32 {
	ix, iz := int64(math.Floor(float64(x)*0.25)), int64(math.Floor(float64(z)*0.25))
	s := g.seed ^ uint64(ix)*0x9E3779B97F4A7C15 ^ uint64(iz)*0xC2B2AE3D27D4EB4F
	var h [5]float32
	for k := range h {
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		z ^= z >> 31
		h[k] = float32(z>>40) / (1 << 24) * 0.999
	}
	return h
}

func (g testGround) Perturb(x, z float32) (float32, float32) {
	if !g.perturb {
		return x, z
	}
	return x + 0.8*float32(math.Sin(float64(z)*0.05)), z + 0.8*float32(math.Cos(float64(x)*0.04))
}

// Catlike's metrics, written out here (the test's own copy): the solid
// hexagon has corner radius 8; corner 0 is north, then clockwise.
func testCorner(i int) [2]float32 {
	a := math.Pi/2 - float64(i%6)*math.Pi/3
	return [2]float32{float32(8 * math.Cos(a)), float32(8 * math.Sin(a))}
}

// testCell is a cell at (x, z) of the given level with roads through the
// edges in mask (bit d = direction d, NE = 0), as Catlike lays them: a
// road through edge d covers (centre, mL, V2, V4, mR) with mL and mR half
// way to the corners; elsewhere the centre triangle reaches a quarter
// of the way, or half way beside a road.
func testCell(x, z float32, level int, mask int) Cell {
	c := Cell{Center: vec3.T{x, 3, z}, Level: level, Roads: mask != 0}
	for i := range 6 {
		c.Solid[i] = testCorner(i)
	}
	if mask == 0 {
		return c
	}
	has := func(d int) bool { return mask&(1<<((d+6)%6)) != 0 }
	w := func(p [2]float32, f float32) [2]float32 { return [2]float32{x + p[0]*f, z + p[1]*f} }
	for d := range 6 {
		c1, c2 := testCorner(d), testCorner(d+1)
		il, ir := float32(0.25), float32(0.25)
		if has(d) || has(d-1) {
			il = 0.5
		}
		if has(d) || has(d+1) {
			ir = 0.5
		}
		o := [2]float32{x, z}
		if has(d) {
			v2 := [2]float32{c1[0] + (c2[0]-c1[0])*0.25, c1[1] + (c2[1]-c1[1])*0.25}
			v4 := [2]float32{c1[0] + (c2[0]-c1[0])*0.75, c1[1] + (c2[1]-c1[1])*0.75}
			c.Cuts = append(c.Cuts, Cut{Kind: Road, N: 5, P: [6][2]float32{o, w(c1, il), w(v2, 1), w(v4, 1), w(c2, ir)}})
		} else {
			c.Cuts = append(c.Cuts, Cut{Kind: Road, N: 3, P: [6][2]float32{o, w(c1, il), w(c2, ir)}})
		}
	}
	return c
}

// testCells are cells of every level, with and without roads, at many
// places (so many hash values).
func testCells() []Cell {
	var cells []Cell
	masks := []int{0, 1, 9, 5, 21, 63, 3, 11, 0, 0}
	for i := range 120 {
		x, z := float32(i%12)*17.32, float32(i/12)*15
		cells = append(cells, testCell(x, z, 1+i%3, masks[i%len(masks)]))
	}
	return cells
}

// looseSpots gives a cell without roads Catlike's seven spots, all
// urban (size classes by the spot), at a few angles.
func looseSpots(c *Cell) {
	if c.Roads {
		return
	}
	spots := []Spot{{X: c.Center[0], Z: c.Center[2], Size: 0, Angle: 15}}
	for d := range 6 {
		a, b := testCorner(d), testCorner(d+1)
		spots = append(spots, Spot{X: c.Center[0] + (a[0]+b[0])/3, Z: c.Center[2] + (a[1]+b[1])/3, Size: d % 3, Angle: float32(d) * 47})
	}
	c.Spots = spots
}

// TestFloorsFollowLevels plans many cells of each level and checks each
// building's floor count against the level's range, that the ranges are
// used (a village has one- and two-floor houses, a city reaches six or
// more), and that the meshes rise no higher than the floors allow.
func TestFloorsFollowLevels(t *testing.T) {
	var b Builder
	seen := [4]map[int]int{{}, {}, {}, {}}
	g := testGround{seed: 3, perturb: true}
	for _, c := range testCells() {
		looseSpots(&c)
		for _, bl := range b.Plan(&c, g) {
			lo, hi := Floors(c.Level)
			if bl.Floors < lo || bl.Floors > hi {
				t.Fatalf("level %d building with %d floors, want %d..%d", c.Level, bl.Floors, lo, hi)
			}
			seen[c.Level][bl.Floors]++
			if top := GroundFloorHeight + float64(bl.Floors-1)*FloorHeight; float64(bl.Height) < top-1e-6 {
				t.Fatalf("%d floors but %v high", bl.Floors, bl.Height)
			}
		}
		var m mesh.Mesh
		b.Add(&c, g, Meshes{Massing: &m})
		_, hi := Floors(c.Level)
		limit := float32(GroundFloorHeight + float64(hi-1)*FloorHeight + 1.3)
		for _, p := range m.Positions {
			if p[1]-c.Center[1] > limit+1e-4 {
				t.Fatalf("level %d mesh reaches %v above the ground, more than %d floors and a roof", c.Level, p[1]-c.Center[1], hi)
			}
		}
	}
	if seen[1][1] == 0 || seen[1][2] == 0 {
		t.Errorf("villages: floors %v, want both 1 and 2", seen[1])
	}
	for f := 2; f <= 4; f++ {
		if seen[2][f] == 0 {
			t.Errorf("towns: floors %v, want each of 2..4", seen[2])
		}
	}
	if seen[3][6]+seen[3][7]+seen[3][8] == 0 || seen[3][3] == 0 {
		t.Errorf("cities: floors %v, want 3 up to 6-8", seen[3])
	}
	if GroundFloorHeight <= FloorHeight {
		t.Errorf("ground floor %v not taller than the others (%v)", GroundFloorHeight, FloorHeight)
	}
}

// TestLotsOffCutsAndInsideCell checks every planned footprint (no
// perturbation, so the test's own geometry applies) against the test's
// solid hexagon and road pieces: inside the hexagon, no edge crossing a
// road's, no corner inside a road or road corner inside the footprint,
// and every corner at least 0.4 from the road (room for the pavement).
func TestLotsOffCutsAndInsideCell(t *testing.T) {
	var b Builder
	g := testGround{seed: 9}
	checked := 0
	for _, c := range testCells() {
		looseSpots(&c)
		var hex []pt
		for i := range 6 {
			q := c.Solid[i]
			hex = append(hex, pt{float64(q[0] + c.Center[0]), float64(q[1] + c.Center[2])})
		}
		var roads [][]pt
		for _, k := range c.Cuts {
			var p []pt
			for i := range int(k.N) {
				p = append(p, pt{float64(k.P[i][0]), float64(k.P[i][1])})
			}
			roads = append(roads, p)
		}
		for _, bl := range b.Plan(&c, g) {
			var fp []pt
			for _, q := range bl.Footprint {
				fp = append(fp, pt{float64(q[0]), float64(q[1])})
			}
			for _, q := range fp {
				if winding(hex, q) == 0 {
					t.Fatalf("cell at %v: footprint corner %v outside the solid hexagon", c.Center, q)
				}
			}
			for _, r := range roads {
				if overlapTest(fp, r) {
					t.Fatalf("cell at %v: footprint %v overlaps road %v", c.Center, fp, r)
				}
				for _, q := range fp {
					for j := range r {
						if d := segDistTest(q, r[j], r[(j+1)%len(r)]); d < 0.4 {
							t.Fatalf("cell at %v: footprint corner %v only %v from a road", c.Center, q, d)
						}
					}
				}
			}
			checked++
		}
	}
	if checked < 500 {
		t.Fatalf("only %d buildings checked", checked)
	}
}

// overlapTest reports whether polygons a and b share interior: an edge
// of one crosses an edge of the other, or a corner of one lies inside
// the other.
func overlapTest(a, b []pt) bool {
	for i := range a {
		for j := range b {
			if properCross(a[i], a[(i+1)%len(a)], b[j], b[(j+1)%len(b)]) {
				return true
			}
		}
	}
	return winding(b, a[0]) != 0 || winding(a, b[0]) != 0
}

func properCross(a, b, c, d pt) bool {
	return orient(a, b, c)*orient(a, b, d) < 0 && orient(c, d, a)*orient(c, d, b) < 0
}

// TestSameCellSameBuildings: a cell built by a fresh builder and by one
// that built other cells first (its caches warm) gives the same meshes,
// and so does building it twice.
func TestSameCellSameBuildings(t *testing.T) {
	g := testGround{seed: 5, perturb: true}
	cells := testCells()
	build := func(b *Builder, c Cell) [2]mesh.Mesh {
		looseSpots(&c)
		var m, d mesh.Mesh
		b.Add(&c, g, Meshes{Massing: &m, Detail: &d})
		return [2]mesh.Mesh{m, d}
	}
	var warm Builder
	for _, c := range cells {
		build(&warm, c)
	}
	for i, c := range cells {
		var cold Builder
		a, b := build(&cold, c), build(&warm, c)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("cell %d: a warm builder built a different town", i)
		}
		if len(a[0].Positions) == 0 {
			t.Fatalf("cell %d: no buildings", i)
		}
	}
	// A different hash grid changes the towns.
	var b1, b2 Builder
	c := cells[5]
	m1 := build(&b1, c)
	g = testGround{seed: 6, perturb: true}
	if reflect.DeepEqual(m1, build(&b2, c)) {
		t.Fatal("another hash grid built the same town")
	}
}

// TestTriangleBudget builds every road layout at every level and checks
// that Add's count is the mesh's and within MaxCellTriangles, and that
// the meshes never pass the uint16 vertex limit however many cells go
// into them.
func TestTriangleBudget(t *testing.T) {
	var b Builder
	g := testGround{seed: 2, perturb: true}
	var m, d mesh.Mesh
	most := 0
	for mask := range 64 {
		for level := 1; level <= 3; level++ {
			c := testCell(float32(mask)*17.32, float32(level)*15, level, mask)
			looseSpots(&c)
			before := m.TriangleCount() + d.TriangleCount()
			n := b.Add(&c, g, Meshes{Massing: &m, Detail: &d})
			if got := m.TriangleCount() + d.TriangleCount() - before; got != n {
				t.Fatalf("roads %06b level %d: Add says %d triangles, meshes grew by %d", mask, level, n, got)
			}
			if n > MaxCellTriangles {
				t.Fatalf("roads %06b level %d: %d triangles", mask, level, n)
			}
			most = max(most, n)
			if m.Overflowed() || d.Overflowed() {
				t.Fatalf("meshes overflowed: %d and %d vertices", m.VertexCount(), d.VertexCount())
			}
		}
	}
	if most < 200 {
		t.Fatalf("the busiest cell has only %d triangles", most)
	}
	t.Logf("busiest cell: %d triangles; %d vertices in all", most, m.VertexCount()+d.VertexCount())
}

// TestBudgetDropsDetailsFirst builds a busy cell with a small budget: it
// stays within it, keeps buildings, and spends it on masses before
// details.
func TestBudgetDropsDetailsFirst(t *testing.T) {
	g := testGround{seed: 2}
	c := testCell(0, 0, 3, 9)
	var full, small Builder
	var fm, fd, sm, sd mesh.Mesh
	all := full.Add(&c, g, Meshes{Massing: &fm, Detail: &fd})
	small.budget = fm.TriangleCount() - 1 // not even every mass fits
	n := small.Add(&c, g, Meshes{Massing: &sm, Detail: &sd})
	if n > small.budget || n == 0 || sd.TriangleCount() != 0 {
		t.Fatalf("budget %d of %d: %d triangles, %d of them details", small.budget, all, n, sd.TriangleCount())
	}
	small.budget = fm.TriangleCount() + 1 // masses and next to no details
	sm.Clear()
	n = small.Add(&c, g, Meshes{Massing: &sm, Detail: &sd})
	if sm.TriangleCount() != fm.TriangleCount() || n > small.budget {
		t.Fatalf("budget %d: %d mass triangles of %d, %d in all", small.budget, sm.TriangleCount(), fm.TriangleCount(), n)
	}
}

// TestWallCodeRoundTrip: every field of a wall code comes back out as it
// went in.
func TestWallCodeRoundTrip(t *testing.T) {
	for _, r := range []Role{Front, Back, Party} {
		for _, shop := range []bool{false, true} {
			for style := range 4 {
				for door := -1; door < MaxDoorBay; door++ {
					s, r2, shop2, style2, door2 := DecodeCode(WallCode(r, shop, style, door))
					if s != SurfaceWall || r2 != r || shop2 != shop || style2 != style || door2 != door {
						t.Fatalf("WallCode(%d, %v, %d, %d) decodes to %d %d %v %d %d", r, shop, style, door, s, r2, shop2, style2, door2)
					}
				}
			}
		}
	}
}

// TestDiscFree: a disc on a building is not free, one far from the cell
// is, and a disc grazing a footprint's corner is not.
func TestDiscFree(t *testing.T) {
	var b Builder
	c := testCell(0, 0, 3, 9)
	plan := b.Plan(&c, testGround{seed: 4})
	if len(plan) == 0 {
		t.Fatal("no buildings")
	}
	fp := plan[0].Footprint
	var cx, cz float32
	for _, q := range fp {
		cx, cz = cx+q[0]/float32(len(fp)), cz+q[1]/float32(len(fp))
	}
	if b.DiscFree(cx, cz, 0.1) {
		t.Fatal("a disc on a building is free")
	}
	if !b.DiscFree(100, 100, 1) {
		t.Fatal("a disc far from the cell is not free")
	}
	// Just outside a corner, away from the footprint's middle.
	dx, dz := fp[0][0]-cx, fp[0][1]-cz
	l := float32(math.Hypot(float64(dx), float64(dz)))
	x, z := fp[0][0]+dx/l*0.3, fp[0][1]+dz/l*0.3
	if b.DiscFree(x, z, 0.5) || !b.DiscFree(x+dx/l*20, z+dz/l*20, 0.5) {
		t.Fatal("a disc grazing a corner is free, or one far past it is not")
	}
}
