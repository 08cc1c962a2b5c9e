package mapgen

import (
	"fmt"
	"math"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

// generate runs the generator with settings changed by tweak, failing
// the test on an error.
func generate(t testing.TB, top hexmap.Topology, seed int64, tweak func(*Settings)) (*hexmap.Grid, Report) {
	t.Helper()
	s := DefaultSettings()
	if tweak != nil {
		tweak(&s)
	}
	g, rep, err := HexMapGenerator{Settings: s}.GenerateMapWithNoise(top, sharedNoise(seed))
	if err != nil {
		t.Fatalf("seed %d, %+v: %v", seed, top, err)
	}
	return g, rep
}

// sharedNoise keeps one noise per seed for the whole test binary:
// building noise takes longer than generating a map.
var noises = map[int64]*noise.Noise{}

func sharedNoise(seed int64) *noise.Noise {
	if n, ok := noises[seed]; ok {
		return n
	}
	n := noise.New(seed)
	noises[seed] = n
	return n
}

var (
	flat80    = hexmap.Topology{Width: 80, Height: 60}
	wrap80    = hexmap.Topology{Width: 80, Height: 60, Wrapping: true}
	testSeeds = []int64{1, 2, 1208905299}
)

func landShare(g *hexmap.Grid) float64 {
	land := 0
	for _, c := range g.Cells() {
		if !c.IsUnderwater() {
			land++
		}
	}
	return 100 * float64(land) / float64(g.Topology().CellCount())
}

// TestLandShare: the land ends within a few percent of the land
// percentage (erosion and lakes move it a little, as Catlike says).
func TestLandShare(t *testing.T) {
	for _, pct := range []int{20, 35, 50, 70} {
		for _, top := range []hexmap.Topology{flat80, wrap80} {
			for _, seed := range testSeeds {
				g, _ := generate(t, top, seed, func(s *Settings) { s.LandPercentage = pct })
				if got := landShare(g); math.Abs(got-float64(pct)) > 4 {
					t.Errorf("land %d%%, wrap %v, seed %d: %.1f%% of the cells are land", pct, top.Wrapping, seed, got)
				}
			}
		}
	}
}

// TestLandBudgetSpent: without erosion or rivers, the land is exactly
// the budget, the land percentage of the cells rounded.
func TestLandBudgetSpent(t *testing.T) {
	for _, pct := range []int{5, 33, 50, 95} {
		g, rep := generate(t, hexmap.Topology{Width: 40, Height: 30}, 3, func(s *Settings) {
			s.LandPercentage, s.ErosionPercentage, s.RiverPercentage = pct, 0, 0
			s.MapBorderX, s.MapBorderZ = 0, 0
		})
		want := int(math.RoundToEven(float64(1200*pct) / 100))
		land := 0
		for _, c := range g.Cells() {
			if !c.IsUnderwater() {
				land++
			}
		}
		if land != want || rep.LandCells != want {
			t.Errorf("land %d%%: %d land cells (report %d), want %d", pct, land, rep.LandCells, want)
		}
	}
}

// TestNoChunkStartsInTheBorder: chunks start only inside the map border
// and outside the region borders along the lines that split the map.
func TestNoChunkStartsInTheBorder(t *testing.T) {
	for regions := 1; regions <= 4; regions++ {
		for _, top := range []hexmap.Topology{flat80, wrap80} {
			for _, seed := range testSeeds {
				_, rep := generate(t, top, seed, func(s *Settings) {
					s.RegionCount, s.MapBorderX, s.MapBorderZ, s.RegionBorder = regions, 6, 4, 3
				})
				checkChunkStarts(t, top, regions, rep)
			}
		}
	}
}

func checkChunkStarts(t *testing.T, top hexmap.Topology, regions int, rep Report) {
	t.Helper()
	w, h := top.Width, top.Height
	// The east-west border: the map border on a flat map; on a wrapping
	// map the region border, or none when no region lies beside another
	// across the seam.
	borderX := 6
	if top.Wrapping {
		borderX = 3
	}
	vertical := regions == 3 || regions == 4 || regions == 2 && rep.Regions[0].XMax < w/2
	horizontal := regions == 4 || regions == 2 && !vertical
	if top.Wrapping && (regions == 1 || regions == 2 && horizontal) {
		borderX = 0
	}
	if len(rep.ChunkStarts) == 0 {
		t.Fatal("no chunks")
	}
	for _, i := range rep.ChunkStarts {
		x, z := top.Offset(i)
		bad := x < borderX || x >= w-borderX || z < 4 || z >= h-4
		if vertical {
			lines := []int{w / 2}
			if regions == 3 {
				lines = []int{w / 3, w * 2 / 3}
			}
			for _, l := range lines {
				bad = bad || x >= l-3 && x < l+3
			}
		}
		if horizontal {
			bad = bad || z >= h/2-3 && z < h/2+3
		}
		if bad {
			t.Errorf("%d regions, wrap %v: a chunk starts at (%d, %d), in a border", regions, top.Wrapping, x, z)
			return
		}
	}
}

// TestElevationWithinRange: no cell ends above the maximum or below the
// minimum elevation, for several ranges.
func TestElevationWithinRange(t *testing.T) {
	for _, r := range [][2]int{{-2, 8}, {-4, 6}, {0, 10}, {0, 6}} {
		for _, seed := range testSeeds {
			g, _ := generate(t, flat80, seed, func(s *Settings) {
				s.ElevationMinimum, s.ElevationMaximum = r[0], r[1]
				s.LandPercentage, s.HighRiseProbability, s.SinkProbability = 70, 0.8, 0.4
			})
			lo, hi := 1000, -1000
			for _, c := range g.Cells() {
				lo, hi = min(lo, int(c.Elevation)), max(hi, int(c.Elevation))
			}
			if lo < r[0] || hi > r[1] {
				t.Errorf("range %v, seed %d: elevations span %d..%d", r, seed, lo, hi)
			}
			if hi != r[1] {
				t.Errorf("range %v, seed %d: the highest cell is %d; high rises at 70%% land should reach the top", r, seed, hi)
			}
		}
	}
}

// TestRivers: every river flows downhill or level (or out of a lake over
// its rim), and every river's last cell is water (sea or lake) or lies
// beside the lower river that blocked it; there are rivers and lakes.
func TestRivers(t *testing.T) {
	rivers, lakes := 0, 0
	for _, top := range []hexmap.Topology{flat80, wrap80} {
		for _, seed := range testSeeds {
			g, rep := generate(t, top, seed, nil)
			if rep.Rules.Dropped() {
				t.Errorf("seed %d: the edit rules dropped %+v", seed, rep.Rules)
			}
			r, l := checkRivers(t, g)
			rivers += r
			lakes += l
		}
	}
	if rivers < 20 || lakes < 5 {
		t.Errorf("%d rivers and %d lake cells above the water level on 6 maps", rivers, lakes)
	}
}

// checkRivers returns the number of river sources and of lake cells
// above the generator's water level.
func checkRivers(t *testing.T, g *hexmap.Grid) (sources, lakes int) {
	t.Helper()
	top := g.Topology()
	for i, c := range g.Cells() {
		if c.IsUnderwater() && c.WaterLevel > 3 {
			lakes++
		}
		if c.HasOutgoingRiver() && !c.HasIncomingRiver() {
			sources++
		}
		if c.HasOutgoingRiver() {
			n, ok := top.Neighbor(i, c.OutgoingRiver)
			if !ok {
				t.Errorf("river at %v leaves the map", top.Coordinates(i))
				continue
			}
			nc := g.Cell(n)
			downhill := nc.Elevation <= c.Elevation
			overRim := c.IsUnderwater() && c.WaterLevel == nc.Elevation
			if !downhill && !overRim {
				t.Errorf("river from %v (elevation %d, water %d) flows up to %d", top.Coordinates(i), c.Elevation, c.WaterLevel, nc.Elevation)
			}
			continue
		}
		if !c.HasIncomingRiver() || c.IsUnderwater() {
			continue
		}
		blocked := false
		top.Neighbors(i, func(_ hexmap.Direction, n int) {
			nc := g.Cell(n)
			blocked = blocked || nc.HasIncomingRiver() && nc.Elevation <= c.Elevation
		})
		if !blocked {
			t.Errorf("river ends on dry land at %v with no river below it", top.Coordinates(i))
		}
	}
	return sources, lakes
}

// regionLand counts the land in each half (two regions) or quadrant
// (four), and in the strips of width 2×gap along the lines between them.
func regionLand(g *hexmap.Grid, rep Report, gap int) (parts []int, strip, stripCells int) {
	w, h := g.Topology().Width, g.Topology().Height
	vertical := len(rep.Regions) == 4 || rep.Regions[0].XMax < w/2
	horizontal := len(rep.Regions) == 4 || !vertical
	parts = make([]int, len(rep.Regions))
	for i, c := range g.Cells() {
		x, z := i%w, i/w
		inStrip := vertical && x >= w/2-gap && x < w/2+gap || horizontal && z >= h/2-gap && z < h/2+gap
		if inStrip {
			stripCells++
		}
		if c.IsUnderwater() {
			continue
		}
		if inStrip {
			strip++
		}
		k := 0
		if vertical && x >= w/2 {
			k = 1
		}
		if horizontal && z >= h/2 {
			k = k*2 + 1
			if vertical {
				k = map[int]int{1: 3, 3: 2}[k] // quadrants in the order regions are laid out
			}
		}
		parts[k]++
	}
	return parts, strip, stripCells
}

// TestRegionsSplitTheLand: with two or four regions the land falls into
// as many parts of about equal size, and the strips between the regions
// stay mostly water.
func TestRegionsSplitTheLand(t *testing.T) {
	for _, regions := range []int{2, 4} {
		for _, seed := range []int64{1, 2, 3, 4, 1208905299} {
			g, rep := generate(t, flat80, seed, func(s *Settings) { s.RegionCount = regions })
			parts, strip, stripCells := regionLand(g, rep, 2)
			total := 0
			for _, p := range parts {
				total += p
			}
			for k, p := range parts {
				if share := float64(p) / float64(total); math.Abs(share-1/float64(regions)) > 0.1 {
					t.Errorf("%d regions, seed %d: part %d holds %.0f%% of the land", regions, seed, k, 100*share)
				}
			}
			if density := float64(strip) / float64(stripCells); density > 0.15 {
				t.Errorf("%d regions, seed %d: %.0f%% land between the regions", regions, seed, 100*density)
			}
		}
	}
}

// erodibleCells counts the cells with a neighbour two or more steps
// lower.
func erodibleCells(g *hexmap.Grid) int {
	count := 0
	for i, c := range g.Cells() {
		erodible := false
		g.Topology().Neighbors(i, func(_ hexmap.Direction, n int) {
			erodible = erodible || g.Cell(n).Elevation <= c.Elevation-2
		})
		if erodible {
			count++
		}
	}
	return count
}

// TestErosionLeavesItsShare: erosion wears the cliff tops down until
// (100 − erosion)% of their first number remain. The land is the same
// with and without erosion (erosion draws its random numbers after it),
// and rivers are off so that no lake changes a height afterwards.
func TestErosionLeavesItsShare(t *testing.T) {
	for _, top := range []hexmap.Topology{flat80, wrap80} {
		for _, seed := range testSeeds {
			g0, rep0 := generate(t, top, seed, func(s *Settings) { s.ErosionPercentage, s.RiverPercentage = 0, 0 })
			before := erodibleCells(g0)
			if before != rep0.ErodibleBefore || before < 200 {
				t.Fatalf("seed %d: %d erodible cells without erosion, report says %d", seed, before, rep0.ErodibleBefore)
			}
			for _, pct := range []int{25, 50, 75, 100} {
				g, _ := generate(t, top, seed, func(s *Settings) { s.ErosionPercentage, s.RiverPercentage = pct, 0 })
				target := before * (100 - pct) / 100
				// One step removes at most the eroded cell and five
				// neighbours of its target, so it may overshoot by up to 5.
				if got := erodibleCells(g); got > target || got < target-5 {
					t.Errorf("erosion %d%%, seed %d: %d of %d cells erodible, want %d", pct, seed, got, before, target)
				}
			}
		}
	}
}

// TestClimateWithinRange: moisture and temperature stay in 0..1 for
// gentle and extreme settings alike, and vary (the simulation ran).
func TestClimateWithinRange(t *testing.T) {
	tweaks := []func(*Settings){
		nil,
		func(s *Settings) {
			s.EvaporationFactor, s.PrecipitationFactor, s.RunoffFactor, s.SeepageFactor = 1, 1, 1, 1
			s.WindStrength, s.StartingMoisture, s.TemperatureJitter = 10, 1, 1
		},
		func(s *Settings) {
			s.EvaporationFactor, s.PrecipitationFactor, s.RunoffFactor, s.SeepageFactor = 0, 0, 0, 0
			s.LowTemperature, s.HighTemperature, s.Hemisphere = 1, 0, North
		},
	}
	for k, tweak := range tweaks {
		for _, seed := range testSeeds {
			g, rep := generate(t, flat80, seed, tweak)
			lo, hi := float32(1), float32(0)
			for i := range g.Topology().CellCount() {
				m, tt := rep.Moisture[i], rep.Temperature[i]
				if !(m >= 0 && m <= 1 && tt >= 0 && tt <= 1) {
					t.Fatalf("settings %d, seed %d: cell %d moisture %v, temperature %v", k, seed, i, m, tt)
				}
				if !g.Cell(i).IsUnderwater() {
					lo, hi = min(lo, m), max(hi, m)
				}
			}
			if k == 0 && hi-lo < 0.5 {
				t.Errorf("seed %d: land moisture spans only %v..%v", seed, lo, hi)
			}
		}
	}
}

// TestHemispheres: the equator is warm and the poles cold: in the middle
// rows for both hemispheres, at the bottom for the northern hemisphere
// (its pole is at the top) and at the top for the southern.
func TestHemispheres(t *testing.T) {
	for _, hs := range []Hemisphere{Both, North, South} {
		_, rep := generate(t, flat80, 5, func(s *Settings) { s.Hemisphere, s.TemperatureJitter = hs, 0 })
		rows := func(z0, z1 int) float32 {
			sum := float32(0)
			for i := z0 * 80; i < z1*80; i++ {
				sum += rep.Temperature[i]
			}
			return sum / float32((z1-z0)*80)
		}
		bottom, middle, top := rows(0, 5), rows(28, 33), rows(55, 60)
		var ok bool
		switch hs {
		case Both:
			ok = middle > bottom+0.5 && middle > top+0.5
		case North:
			ok = bottom > middle && middle > top && bottom > top+0.6
		case South:
			ok = top > middle && middle > bottom && top > bottom+0.6
		}
		if !ok {
			t.Errorf("hemisphere %d: mean temperatures bottom %.2f, middle %.2f, top %.2f", hs, bottom, middle, top)
		}
	}
}

// TestWrappingLandCrossesTheSeam: on a wrapping map land may start
// anywhere east-west and grows across the seam; on a flat one the border
// keeps the first and last columns water.
func TestWrappingLandCrossesTheSeam(t *testing.T) {
	across, edges := 0, 0
	for _, seed := range []int64{1, 2, 3, 4, 5} {
		gw, _ := generate(t, wrap80, seed, nil)
		gf, _ := generate(t, flat80, seed, nil)
		for z := range 60 {
			if !gw.Cell(z*80).IsUnderwater() && !gw.Cell(z*80+79).IsUnderwater() {
				across++
			}
			if !gf.Cell(z*80).IsUnderwater() || !gf.Cell(z*80+79).IsUnderwater() {
				edges++
			}
		}
	}
	if across < 20 {
		t.Errorf("only %d rows of 5 wrapping maps have land on both sides of the seam", across)
	}
	if edges > 5 {
		t.Errorf("%d rows of 5 flat maps have land in the first or last column", edges)
	}
}

func TestDeterministic(t *testing.T) {
	for _, top := range []hexmap.Topology{flat80, wrap80} {
		a, ra := generate(t, top, 77, nil)
		b, rb := generate(t, top, 77, nil)
		if !a.Equal(b) || fmt.Sprint(ra.Moisture) != fmt.Sprint(rb.Moisture) {
			t.Errorf("wrap %v: the same seed gave two maps", top.Wrapping)
		}
		c, _ := generate(t, top, 78, nil)
		if a.Equal(c) {
			t.Errorf("wrap %v: seeds 77 and 78 gave the same map", top.Wrapping)
		}
	}
}

func TestGenerateRejectsBadInput(t *testing.T) {
	bad := []func(*Settings){
		func(s *Settings) { s.LandPercentage = 96 },
		func(s *Settings) { s.JitterProbability = 0.6 },
		func(s *Settings) { s.WindDirection = hexmap.NoDirection },
		func(s *Settings) { s.ChunkSizeMin, s.ChunkSizeMax = 150, 100 },
		func(s *Settings) { s.TemperatureJitter = float32(math.NaN()) },
	}
	for k, tweak := range bad {
		s := DefaultSettings()
		tweak(&s)
		if _, _, err := (HexMapGenerator{Settings: s}).GenerateMap(flat80, 1); err == nil {
			t.Errorf("bad settings %d accepted", k)
		}
	}
	if _, _, err := (HexMapGenerator{Settings: DefaultSettings()}).GenerateMap(hexmap.Topology{Width: 81, Height: 60}, 1); err == nil {
		t.Error("an 81-wide map accepted")
	}
	if _, _, err := (HexMapGenerator{Settings: DefaultSettings()}).GenerateMap(flat80, -1); err == nil {
		t.Error("seed -1 accepted")
	}
}

// TestTinyMaps: maps smaller than their borders still generate.
func TestTinyMaps(t *testing.T) {
	for regions := 1; regions <= 4; regions++ {
		for _, wrap := range []bool{false, true} {
			top := hexmap.Topology{Width: 5, Height: 5, Wrapping: wrap}
			g, _ := generate(t, top, 9, func(s *Settings) { s.RegionCount, s.MapBorderX, s.MapBorderZ = regions, 10, 10 })
			if g.Topology().CellCount() != 25 {
				t.Fatal("wrong size")
			}
		}
	}
}
