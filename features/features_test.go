package features

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/mesh"
)

// hashMax is the top of the hash values' range [0, hashMax).
const hashMax = 0.999

// combo is one painting of urban, farm and plant levels.
type combo struct{ u, f, p int }

// tally counts features over many spots of one combo. Spots whose hash
// comes from the same hash-grid cell are perfectly correlated, so the
// tally also keeps the group sizes to bound the variance.
type tally struct {
	spots  int
	groups map[[2]int]int
	any    int
	kinds  [3]int
	sizes  [3][3]int
	varA   int
}

// proportionOK reports whether count/spots is within 4 standard
// deviations of p. With groups of k perfectly correlated spots the
// variance of the mean is p(1-p) Σk² / N², the worst case for
// correlation inside a group; a correct implementation falls outside 4σ
// with probability below 1e-4 per check (and the fixed seed makes the
// outcome repeatable).
func (t *tally) proportionOK(count int, p float64) (bool, string) {
	var sumSq float64
	for _, k := range t.groups {
		sumSq += float64(k * k)
	}
	n := float64(t.spots)
	sigma := math.Sqrt(p*(1-p)*sumSq) / n
	got := float64(count) / n
	return math.Abs(got-p) <= 4*sigma+1e-9, fmt.Sprintf("got %.4f want %.4f ± %.4f (4σ, N=%d)", got, p, 4*sigma, t.spots)
}

// pickProb is the chance that a kind at level picks some collection.
func pickProb(level int) float64 {
	th := geom.FeatureThresholds(level)
	return float64(th[2]) / hashMax
}

// winProb is the chance that kind k wins: its hash picks a collection and
// no other kind picks one with a lower hash. Integrated numerically over
// k's hash x: Π over the others of P(not (h_j < t_j and h_j < x)).
func winProb(levels [3]int, k int) float64 {
	var t [3]float64
	for j := range t {
		t[j] = float64(geom.FeatureThresholds(levels[j])[2])
	}
	const steps = 20000
	sum := 0.0
	for s := range steps {
		x := (float64(s) + 0.5) / steps * t[k]
		p := 1.0
		for j := range t {
			if j != k {
				p *= 1 - math.Min(t[j], x)/hashMax
			}
		}
		sum += p
	}
	return sum * t[k] / steps / hashMax
}

// TestFeatureDensity paints stripes of a 55×65 map (which fits in the
// 1024-unit hash grid without wrapping, so stripes never share hash
// values) with every level combination and compares the share of spots
// holding a feature, the kind that wins, the collection sizes and the
// variant split with the threshold model.
func TestFeatureDensity(t *testing.T) {
	combos := []combo{{0, 0, 0}}
	for l := 1; l <= 3; l++ {
		combos = append(combos, combo{l, 0, 0}, combo{0, l, 0}, combo{0, 0, l}, combo{l, l, l})
	}
	// Unequal levels tell "lowest hash wins" from any other tie-break.
	combos = append(combos, combo{3, 2, 1}, combo{1, 3, 2}, combo{2, 1, 3})
	const w, h = 55, 65
	g := newGrid(t, w, h, 11)
	rows := h / len(combos)
	tallies := make([]tally, len(combos))
	for i := range g.Topology().CellCount() {
		ci := (i / w) / rows
		if ci >= len(combos) {
			ci = len(combos) - 1
		}
		c := combos[ci]
		g.SetUrbanLevel(i, c.u)
		g.SetFarmLevel(i, c.f)
		g.SetPlantLevel(i, c.p)
	}
	for i := range g.Topology().CellCount() {
		ci := min((i/w)/rows, len(combos)-1)
		tl := &tallies[ci]
		if tl.groups == nil {
			tl.groups = map[[2]int]int{}
		}
		// No rivers, roads, water or specials: seven spots per cell.
		spots := []hexmapSpot{{geom.CellPosition(g, i)}}
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			spots = append(spots, hexmapSpot{specSpot(g, i, d)})
		}
		for _, s := range spots {
			tl.spots++
			tl.groups[hashCell(s.p[0], s.p[2])]++
		}
		for _, f := range appendCellFeatures(nil, g, i) {
			tl.any++
			tl.kinds[f.kind]++
			tl.sizes[f.kind][f.size]++
			if f.variant == 0 {
				tl.varA++
			}
		}
	}
	for ci, c := range combos {
		tl := &tallies[ci]
		levels := [3]int{c.u, c.f, c.p}
		pAny := 1 - (1-pickProb(c.u))*(1-pickProb(c.f))*(1-pickProb(c.p))
		check := func(what string, count int, p float64) {
			if ok, msg := tl.proportionOK(count, p); !ok {
				t.Errorf("levels %v, %s: %s", levels, what, msg)
			}
		}
		check("spots with a feature", tl.any, pAny)
		for k := range 3 {
			check(fmt.Sprintf("kind %d wins", k), tl.kinds[k], winProb(levels, k))
		}
		if tl.any > 0 {
			check("variant 0", tl.varA, 0.5/hashMax*pAny) // d < 0.5, independent of a, b, c
		}
		// With one kind painted, the collection follows the threshold bands.
		for k, l := range levels {
			if l == 0 || levels[(k+1)%3] != 0 || levels[(k+2)%3] != 0 {
				continue
			}
			th := geom.FeatureThresholds(l)
			lo := float32(0)
			for s := range 3 {
				check(fmt.Sprintf("kind %d size %d", k, s), tl.sizes[k][s], float64(th[s]-lo)/hashMax)
				lo = max(lo, th[s])
			}
		}
	}
}

type hexmapSpot struct{ p [3]float32 }

// hashCell is the hash-grid cell a world point samples (scale 0.25,
// 256 cells, wrapping).
func hashCell(x, z float32) [2]int {
	wrap := func(v float32) int {
		i := int(v*0.25) % 256
		if i < 0 {
			i += 256
		}
		return i
	}
	return [2]int{wrap(x), wrap(z)}
}

// TestFeatureSpots checks every feature of a busy random map against the
// placement rules: nothing on underwater cells, only the special on
// special cells, and every other feature at the perturbed position of an
// allowed spot (a direction with neither road nor river through its edge,
// or the centre of a cell with neither), at most one per spot.
func TestFeatureSpots(t *testing.T) {
	g := randomMap(t, 30, 30, 5)
	noise := g.Noise()
	var specials, features, blockedDirs int
	for i := range g.Topology().CellCount() {
		cell := g.Cell(i)
		fs := appendCellFeatures(nil, g, i)
		switch {
		case cell.IsUnderwater():
			if len(fs) != 0 {
				t.Fatalf("cell %d is underwater but has %d features", i, len(fs))
			}
			continue
		case cell.IsSpecial():
			if len(fs) != 1 || fs[0].kind != special || fs[0].size != int(cell.SpecialIndex)-1 {
				t.Fatalf("special cell %d (index %d) has features %+v", i, cell.SpecialIndex, fs)
			}
			if !near3(fs[0].pos, geom.FlatPerturber(noise).Perturb(geom.CellPosition(g, i)), 1e-4) {
				t.Fatalf("special of cell %d not at the perturbed centre", i)
			}
			if want := 360 * geom.SampleHash(noise, geom.CellPosition(g, i)).E; fs[0].angle != want {
				t.Fatalf("special of cell %d turned %v°, hash e at the centre says %v°", i, fs[0].angle, want)
			}
			specials++
			continue
		}
		// Spots as the brief states them, perturbed, with their rotation
		// from hash e sampled at the unperturbed spot.
		var allowed, blocked [][3]float32
		var angles []float32
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			spot := specSpot(g, i, d)
			if cell.HasRoadThroughEdge(d) || cell.HasRiverThroughEdge(d) {
				blocked = append(blocked, geom.FlatPerturber(noise).Perturb(spot))
				blockedDirs++
			} else {
				allowed = append(allowed, geom.FlatPerturber(noise).Perturb(spot))
				angles = append(angles, 360*geom.SampleHash(noise, spot).E)
			}
		}
		centre := geom.FlatPerturber(noise).Perturb(geom.CellPosition(g, i))
		if cell.HasRiver() || cell.HasRoads() {
			blocked = append(blocked, centre)
		} else {
			allowed = append(allowed, centre)
			angles = append(angles, 360*geom.SampleHash(noise, geom.CellPosition(g, i)).E)
		}
		used := make([]bool, len(allowed))
		for _, f := range fs {
			if f.kind == special {
				t.Fatalf("cell %d is not special but has a special feature", i)
			}
			for _, b := range blocked {
				if near3(f.pos, b, 1e-4) {
					t.Fatalf("cell %d has a feature at a blocked spot %v", i, b)
				}
			}
			found := false
			for k, a := range allowed {
				if !used[k] && near3(f.pos, a, 1e-4) {
					used[k], found = true, true
					if f.angle != angles[k] {
						t.Fatalf("cell %d: feature turned %v°, hash e at its spot says %v°", i, f.angle, angles[k])
					}
					break
				}
			}
			if !found {
				t.Fatalf("cell %d: feature at %v is at no free allowed spot", i, f.pos)
			}
			features++
		}
	}
	if specials == 0 || features < 500 || blockedDirs < 100 {
		t.Fatalf("map too thin to test: %d specials, %d features, %d blocked directions", specials, features, blockedDirs)
	}
}

// TestRoadBlocksSpots adds one road to a plain cell: exactly the features
// at that direction's spot and at the centre disappear.
func TestRoadBlocksSpots(t *testing.T) {
	g := newGrid(t, 10, 10, 3)
	for i := range g.Topology().CellCount() {
		g.SetUrbanLevel(i, 3)
		g.SetFarmLevel(i, 3)
		g.SetPlantLevel(i, 3)
	}
	i := 4 + 4*10
	before := appendCellFeatures(nil, g, i)
	if g.AddRoad(i, hexmap.E) != nil {
		t.Fatal("road refused")
	}
	after := appendCellFeatures(nil, g, i)
	gone := [][3]float32{geom.FlatPerturber(g.Noise()).Perturb(specSpot(g, i, hexmap.E)), geom.FlatPerturber(g.Noise()).Perturb(geom.CellPosition(g, i))}
	var want []feature
	removed := 0
	for _, f := range before {
		if near3(f.pos, gone[0], 1e-4) || near3(f.pos, gone[1], 1e-4) {
			removed++
			continue
		}
		want = append(want, f)
	}
	if removed == 0 {
		t.Fatal("levels 3 gave no feature at the road spot or centre; pick another cell")
	}
	if !reflect.DeepEqual(after, want) {
		t.Fatalf("after the road: %+v\nwant %+v", after, want)
	}
}

// TestBuildDeterministic builds two maps from the same seed and edits and
// expects identical meshes, and a different seed to change them.
func TestBuildDeterministic(t *testing.T) {
	a := buildAll(randomMap(t, 20, 15, 9))
	b := buildAll(randomMap(t, 20, 15, 9))
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same map and seed built different meshes")
	}
	g := randomMap(t, 20, 15, 9)
	other, _, _ := hexmap.FromCells(g.Topology(), noise.New(10), g.Cells())
	if reflect.DeepEqual(a, buildAll(other)) {
		t.Fatal("a different seed built the same meshes")
	}
}

// TestFeaturesIgnoreNeighbours edits every neighbour of a cell and checks
// that its features stay put: they depend on the cell and the hash only.
func TestFeaturesIgnoreNeighbours(t *testing.T) {
	g := randomMap(t, 20, 15, 4)
	i := 7 + 7*20
	g.SetSpecialIndex(i, 0)
	g.SetWaterLevel(i, 0)
	before := appendCellFeatures(nil, g, i)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		n, _ := g.Topology().Neighbor(i, d)
		g.SetWalled(n, !g.Cell(n).Walled)
		g.SetUrbanLevel(n, 3-int(g.Cell(n).UrbanLevel))
		g.SetTerrainType(n, 3)
	}
	if after := appendCellFeatures(nil, g, i); !reflect.DeepEqual(before, after) {
		t.Fatalf("neighbour edits moved features:\n%+v\n%+v", before, after)
	}
}

// TestSpecialRemovedByRiver: a river drawn through a special cell clears
// the special (a model rule), and with it the special feature.
func TestSpecialRemovedByRiver(t *testing.T) {
	g := newGrid(t, 10, 10, 2)
	i := 5 + 5*10
	n, _ := g.Topology().Neighbor(i, hexmap.E)
	g.SetSpecialIndex(i, 2)
	g.SetSpecialIndex(n, 3)
	if fs := appendCellFeatures(nil, g, i); len(fs) != 1 || fs[0].kind != special || fs[0].size != 1 {
		t.Fatalf("special 2 gave features %+v", fs)
	}
	if g.SetOutgoingRiver(i, hexmap.E) != nil {
		t.Fatal("river refused")
	}
	for _, c := range []int{i, n} {
		if g.Cell(c).IsSpecial() {
			t.Fatalf("cell %d kept its special under a river", c)
		}
		for _, f := range appendCellFeatures(nil, g, c) {
			if f.kind == special {
				t.Fatalf("cell %d still has a special feature", c)
			}
		}
	}
	g.SetSpecialIndex(i, 1)
	if g.Cell(i).IsSpecial() {
		t.Fatal("a special was placed on a river cell")
	}
}

// TestSpecialUnderwater: a flooded special cell shows nothing.
func TestSpecialUnderwater(t *testing.T) {
	g := newGrid(t, 5, 5, 2)
	g.SetSpecialIndex(12, 1)
	g.SetUrbanLevel(12, 3)
	if len(appendCellFeatures(nil, g, 12)) != 1 {
		t.Fatal("dry special cell should hold exactly its special")
	}
	g.SetWaterLevel(12, 1)
	if fs := appendCellFeatures(nil, g, 12); len(fs) != 0 {
		t.Fatalf("flooded special cell has %+v", fs)
	}
}

// TestFeatureMeshes checks Build's feature layer against the features it
// placed: one model per feature, every vertex coloured with a unit
// normal, and every vertex close to a feature of its chunk (the largest
// model, a special, reaches less than 6.5 units from its origin and 10
// units up).
func TestFeatureMeshes(t *testing.T) {
	g := randomMap(t, 20, 15, 31)
	total := 0
	for ch, c := range buildAll(g) {
		m := &c.feats
		var fs []feature
		for _, i := range geom.ChunkCells(g.Topology(), ch) {
			fs = appendCellFeatures(fs, g, i)
		}
		want := 0
		for _, f := range fs {
			var one mesh.Mesh
			f.add(&one)
			want += one.VertexCount()
		}
		if m.VertexCount() != want || len(m.Colors) != want || len(m.Normals) != want {
			t.Fatalf("chunk %d: %d vertices, %d colours, %d normals; want %d for %d features",
				ch, m.VertexCount(), len(m.Colors), len(m.Normals), want, len(fs))
		}
		for v, p := range m.Positions {
			if l := m.Normals[v].Length(); math.Abs(float64(l)-1) > 1e-3 {
				t.Fatalf("chunk %d vertex %d: normal length %v", ch, v, l)
			}
			ok := false
			for _, f := range fs {
				ok = ok || (nearXZ(p, f.pos, 6.5) && p[1] >= f.pos[1]-1e-3 && p[1] <= f.pos[1]+10.001)
			}
			if !ok {
				t.Fatalf("chunk %d vertex %d at %v is near no feature", ch, v, p)
			}
		}
		total += len(fs)
	}
	if total < 300 {
		t.Fatalf("only %d features on the test map", total)
	}
}

// TestDenseChunkFits fills a map with the heaviest content (every level
// at 3, a walled checkerboard so every edge holds a wall, terraces) and
// checks that each chunk's meshes stay well inside uint16 indices.
func TestDenseChunkFits(t *testing.T) {
	g := newGrid(t, 10, 10, 13)
	for i := range g.Topology().CellCount() {
		x, z := i%10, i/10
		g.SetUrbanLevel(i, 3)
		g.SetFarmLevel(i, 3)
		g.SetPlantLevel(i, 3)
		g.SetElevation(i, (x+z)%2)
		g.SetWalled(i, (x+z)%2 == 0)
	}
	g.SetSpecialIndex(33, 3)
	for ch, c := range buildAll(g) {
		for name, m := range map[string]*mesh.Mesh{"features": &c.feats, "walls": &c.walls} {
			if m.Overflowed() || m.VertexCount() > mesh.MaxVertices/2 {
				t.Errorf("chunk %d %s: %d vertices", ch, name, m.VertexCount())
			}
			if m.VertexCount() == 0 {
				t.Errorf("chunk %d %s: empty", ch, name)
			}
		}
	}
}
