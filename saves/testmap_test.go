package saves

import (
	"math/rand/v2"
	"slices"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

// testMap builds a typical edited map of w×h cells deterministically from
// seed, through the editor's edit methods: smoothed random heights under a
// sea level, terrain by height, rivers running downhill, roads, walled
// towns and painted patches of urban, farm and plant levels.
func testMap(t testing.TB, w, h int, seed uint64) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: w, Height: h}, testNoise(int64(seed)))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	paintHeights(g, rng)
	for range g.Topology().CellCount() / 150 {
		traceRiver(g, rng.IntN(g.Topology().CellCount()), 30)
	}
	for range g.Topology().CellCount() / 100 {
		walkRoad(g, rng, rng.IntN(g.Topology().CellCount()), 12)
	}
	for range g.Topology().CellCount() / 60 {
		paintPatch(g, rng)
	}
	for range g.Topology().CellCount() / 500 {
		g.SetSpecialIndex(rng.IntN(g.Topology().CellCount()), 1+rng.IntN(3))
	}
	for range g.Topology().CellCount() / 400 {
		i := rng.IntN(g.Topology().CellCount())
		// Underwater and taken cells refuse a unit; the others take it.
		g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(i), Orientation: rng.Float32() * 360,
			Side: uint8(1 + rng.IntN(hexmap.MaxSides)), MovesLeft: int16(rng.IntN(hexmap.UnitSpeed + 1))})
	}
	g.SetSideInTurn(1 + rng.IntN(hexmap.MaxSides))
	// What the sides explored: a patch each, overlapping.
	for side := 1; side <= hexmap.MaxSides; side++ {
		g.Topology().Within(rng.IntN(g.Topology().CellCount()), 2+rng.IntN(4), func(n int) { g.Explore(n, side) })
	}
	return g
}

// withWrapping returns g laid out on a topology with wrapping set as
// asked: the same cells and units (a flat map's links are valid on a
// wrapping one too).
func withWrapping(t testing.TB, g *hexmap.Grid, wrapping bool) *hexmap.Grid {
	t.Helper()
	top := g.Topology()
	top.Wrapping = wrapping
	w, _, err := hexmap.FromCells(top, g.Noise(), g.Cells())
	if err != nil {
		t.Fatal(err)
	}
	copyUnits(t, w, g)
	return w
}

// copyUnits gives dst the units, the side in turn and the exploration
// of src.
func copyUnits(t testing.TB, dst, src *hexmap.Grid) {
	t.Helper()
	if err := dst.SetUnits(src.Units()); err != nil {
		t.Fatal(err)
	}
	dst.SetSideInTurn(src.SideInTurn())
	if err := dst.SetExploration(src.Exploration()); err != nil {
		t.Fatal(err)
	}
}

// asCatlike makes g's units and exploration what a Catlike file holds:
// side 1, a full turn's moves, side 1 in turn, only side 1's exploration.
func asCatlike(t testing.TB, g *hexmap.Grid) {
	t.Helper()
	units := slices.Clone(g.Units())
	for k := range units {
		units[k].Side, units[k].MovesLeft = 1, hexmap.UnitSpeed
	}
	if err := g.SetUnits(units); err != nil {
		t.Fatal(err)
	}
	g.SetSideInTurn(1)
	explored := slices.Clone(g.Exploration())
	for i := range explored {
		explored[i] &= 1
	}
	if err := g.SetExploration(explored); err != nil {
		t.Fatal(err)
	}
}

// testNoise stands in for the map noise: building real noise for every
// test map would dominate the tests' time, and no reader looks into it.
func testNoise(seed int64) *noise.Noise { return sharedNoise(seed) }

// paintHeights sets smoothed random elevations 0..6 with water at 2.
func paintHeights(g *hexmap.Grid, rng *rand.Rand) {
	w, h := g.Topology().Width, g.Topology().Height
	field := make([]float64, w*h)
	for i := range field {
		field[i] = rng.Float64()
	}
	for range 6 {
		field = blur(field, w, h)
	}
	lo, hi := field[0], field[0]
	for _, v := range field {
		lo, hi = min(lo, v), max(hi, v)
	}
	for i, v := range field {
		e := int((v - lo) / (hi - lo + 1e-9) * 7)
		g.SetElevation(i, e)
		g.SetWaterLevel(i, 2)
		g.SetTerrainType(i, uint8(min(e*5/7, 4)))
	}
}

func blur(f []float64, w, h int) []float64 {
	out := make([]float64, len(f))
	for z := range h {
		for x := range w {
			sum, n := 0.0, 0
			for dz := -2; dz <= 2; dz++ {
				for dx := -2; dx <= 2; dx++ {
					if xx, zz := x+dx, z+dz; xx >= 0 && xx < w && zz >= 0 && zz < h {
						sum += f[xx+zz*w]
						n++
					}
				}
			}
			out[x+z*w] = sum / float64(n)
		}
	}
	return out
}

// traceRiver lets a river flow from cell i to its lowest neighbour until
// it reaches water or cannot go on.
func traceRiver(g *hexmap.Grid, i, steps int) {
	for range steps {
		c := g.Cell(i)
		if c.IsUnderwater() || c.HasOutgoingRiver() {
			return
		}
		best, bestDir := -1, hexmap.NoDirection
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			n, ok := g.Topology().Neighbor(i, d)
			if !ok || d == c.IncomingRiver || g.Cell(n).HasRiver() {
				continue
			}
			if best < 0 || g.Cell(n).Elevation < g.Cell(best).Elevation {
				best, bestDir = n, d
			}
		}
		if best < 0 || g.SetOutgoingRiver(i, bestDir) != nil {
			return
		}
		i = best
	}
}

func walkRoad(g *hexmap.Grid, rng *rand.Rand, i, steps int) {
	d := hexmap.Direction(rng.IntN(6))
	for range steps {
		if rng.IntN(3) == 0 {
			d = hexmap.Direction((int(d) + 5 + rng.IntN(3)) % 6)
		}
		n, ok := g.Topology().Neighbor(i, d)
		if !ok || g.Cell(n).IsUnderwater() || g.AddRoad(i, d) != nil {
			return
		}
		i = n
	}
}

// paintPatch paints one brush stroke: a kind of feature at one level over
// a small round area, walled when it is a town.
func paintPatch(g *hexmap.Grid, rng *rand.Rand) {
	centre := g.Topology().Coordinates(rng.IntN(g.Topology().CellCount()))
	radius, level, kind := 1+rng.IntN(3), 1+rng.IntN(3), rng.IntN(3)
	for dz := -radius; dz <= radius; dz++ {
		for dx := -radius; dx <= radius; dx++ {
			c := hexmap.Coordinates{X: centre.X + dx, Z: centre.Z + dz}
			i, ok := g.Topology().Index(c)
			if !ok || centre.DistanceTo(c) > radius || g.Cell(i).IsUnderwater() {
				continue
			}
			switch kind {
			case 0:
				g.SetUrbanLevel(i, level)
				g.SetWalled(i, level == 3)
			case 1:
				g.SetFarmLevel(i, level)
			default:
				g.SetPlantLevel(i, level)
			}
		}
	}
}
