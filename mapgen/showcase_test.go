package mapgen

import (
	"fmt"
	"hexsandbox/hexmap"
	"slices"
	"testing"
)

// TestShowcaseHasEveryFeature checks the editor's three map sizes: the
// showcase must hold every feature on each of them.
func TestShowcaseHasEveryFeature(t *testing.T) {
	for _, size := range [][2]int{{20, 15}, {40, 30}, {80, 60}} {
		for _, seed := range []int64{1, 20261129} {
			t.Run(fmt.Sprintf("%dx%d/seed%d", size[0], size[1], seed), func(t *testing.T) {
				g, err := Showcase(size[0], size[1], seed)
				if err != nil {
					t.Fatal(err)
				}
				checkShowcase(t, g)
			})
		}
	}
}

func checkShowcase(t *testing.T, g *hexmap.Grid) {
	t.Helper()
	s := survey(g)
	n := g.Topology().CellCount()
	atLeast := func(what string, got, want int) {
		t.Helper()
		if got < want {
			t.Errorf("%s: %d, want at least %d", what, got, want)
		}
	}
	atLeast("terraced slope edges between dry cells", s.slopes, n/10)
	atLeast("cliff edges between dry cells", s.cliffs, 5)
	atLeast("underwater cells", s.underwater, n/10)
	atLeast("dry cells", s.dry, n/2)
	atLeast("lake cells (water above sea level)", s.lake, 3)
	atLeast("rivers", s.rivers, 2)
	atLeast("springs (dry river sources)", s.springs, 2)
	atLeast("estuaries", s.estuaries, 1)
	atLeast("waterfalls into water", s.waterfalls, 1)
	atLeast("rivers out of a lake", s.lakeOutflows, 1)
	atLeast("straight river cells", s.bends[3], 3)
	atLeast("sharp river turns (zig-zags)", s.bends[1], 2)
	atLeast("gentle river curves", s.bends[2], 2)
	atLeast("bridges over straight rivers", s.straightBridges, 1)
	atLeast("bridges on the outside of river curves", s.curveBridges, 1)
	atLeast("walled cells next to unwalled dry land", s.wallEdges, 6)
	atLeast("road gates through a wall", s.gates, 1)
	for level := 1; level <= hexmap.MaxLevel; level++ {
		atLeast(fmt.Sprintf("urban level %d cells", level), s.urban[level], 1)
		atLeast(fmt.Sprintf("farm level %d cells", level), s.farm[level], 1)
		atLeast(fmt.Sprintf("plant level %d cells", level), s.plant[level], 1)
		atLeast(fmt.Sprintf("special %d cells", level), s.special[level], 1)
	}
	for tt := range hexmap.TerrainTypeCount {
		atLeast(fmt.Sprintf("terrain type %d cells", tt), s.terrain[tt], 1)
	}
	if s.minElevation < 0 || s.maxElevation > 6 {
		t.Errorf("elevations span %d..%d, want within the editor's 0..6", s.minElevation, s.maxElevation)
	}
	for _, problem := range s.problems {
		t.Error(problem)
	}
}

// showcaseSurvey counts the features of a map, by the definitions the
// renderer uses to draw them.
type showcaseSurvey struct {
	slopes, cliffs, underwater, dry, lake       int
	rivers, springs, estuaries, waterfalls      int
	lakeOutflows, straightBridges, curveBridges int
	wallEdges, gates                            int
	bends                                       [4]int // by the turn between in and out: 1 sharp, 2 gentle, 3 straight
	urban, farm, plant, special                 [hexmap.MaxLevel + 1]int
	terrain                                     [hexmap.TerrainTypeCount]int
	minElevation, maxElevation                  int
	problems                                    []string
}

func survey(g *hexmap.Grid) showcaseSurvey {
	s := showcaseSurvey{minElevation: 1 << 30, maxElevation: -1 << 30}
	for i, c := range g.Cells() {
		s.surveyCell(g, i, c)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			if n, ok := g.Topology().Neighbor(i, d); ok {
				s.surveyEdge(g, i, d, c, g.Cell(n))
			}
		}
	}
	return s
}

func (s *showcaseSurvey) problem(format string, args ...any) {
	if len(s.problems) < 10 {
		s.problems = append(s.problems, fmt.Sprintf(format, args...))
	}
}

func (s *showcaseSurvey) surveyCell(g *hexmap.Grid, i int, c hexmap.Cell) {
	s.minElevation = min(s.minElevation, int(c.Elevation))
	s.maxElevation = max(s.maxElevation, int(c.Elevation))
	s.terrain[c.TerrainType]++
	s.urban[c.UrbanLevel]++
	s.farm[c.FarmLevel]++
	s.plant[c.PlantLevel]++
	s.special[c.SpecialIndex]++
	if c.IsUnderwater() {
		s.underwater++
		if c.WaterLevel > 1 {
			s.lake++
		}
	} else {
		s.dry++
	}
	if c.IsSpecial() && (c.IsUnderwater() || c.HasRiver()) {
		s.problem("special %d at %v is underwater or on a river", c.SpecialIndex, g.Topology().Coordinates(i))
	}
	if c.HasIncomingRiver() && !c.HasOutgoingRiver() && !c.IsUnderwater() {
		s.problem("river ends on dry land at %v instead of reaching water", g.Topology().Coordinates(i))
	}
	if c.HasOutgoingRiver() && !c.HasIncomingRiver() {
		s.rivers++
		if !c.IsUnderwater() {
			s.springs++
		}
	}
	if c.HasIncomingRiver() && c.HasOutgoingRiver() {
		turn := int(c.IncomingRiver-c.OutgoingRiver+6) % 6
		s.bends[min(turn, 6-turn)]++
		s.surveyBridges(c)
	}
}

// surveyBridges counts Catlike's bridge conditions: a straight river with
// roads on both sides, and a curve whose road runs from the inside of the
// bend to the middle of its outside.
func (s *showcaseSurvey) surveyBridges(c hexmap.Cell) {
	in, out := c.IncomingRiver, c.OutgoingRiver
	switch {
	case in == out.Opposite():
		left := c.HasRoadThroughEdge(in.Next()) || c.HasRoadThroughEdge(in.Next2())
		right := c.HasRoadThroughEdge(in.Previous()) || c.HasRoadThroughEdge(in.Previous2())
		if left && right {
			s.straightBridges++
		}
	case in == out.Next2() || in == out.Previous2():
		// The inside of the bend is the edge between in and out.
		inside := in.Previous()
		if out == in.Next2() {
			inside = in.Next()
		}
		if c.HasRoadThroughEdge(inside) && c.HasRoadThroughEdge(inside.Opposite()) {
			s.curveBridges++
		}
	}
}

func (s *showcaseSurvey) surveyEdge(g *hexmap.Grid, i int, d hexmap.Direction, c, n hexmap.Cell) {
	if !c.IsUnderwater() && !n.IsUnderwater() && d <= hexmap.SE {
		switch hexmap.EdgeTypeOf(int(c.Elevation), int(n.Elevation)) {
		case hexmap.Slope:
			s.slopes++
		case hexmap.Cliff:
			s.cliffs++
		}
	}
	if c.OutgoingRiver == d {
		s.surveyRiverEdge(g, i, d, c, n)
	}
	if c.HasRoadThroughEdge(d) {
		s.surveyRoadEdge(g, i, d, c, n)
	}
	if c.Walled && !n.Walled && !c.IsUnderwater() && !n.IsUnderwater() &&
		hexmap.EdgeTypeOf(int(c.Elevation), int(n.Elevation)) != hexmap.Cliff {
		s.wallEdges++
		if c.HasRoadThroughEdge(d) {
			s.gates++
		}
	}
}

// surveyRiverEdge checks a river link and classifies where it meets water:
// an estuary where a dry cell's river flows into water, a waterfall where
// it drops two or more steps from the river surface to the water surface,
// an outflow where it leaves a lake at the lake's level.
func (s *showcaseSurvey) surveyRiverEdge(g *hexmap.Grid, i int, d hexmap.Direction, c, n hexmap.Cell) {
	if n.IncomingRiver != d.Opposite() || !c.IsValidRiverDestination(n) {
		s.problem("river from %v towards %s is broken or flows uphill", g.Topology().Coordinates(i), d)
	}
	switch {
	case !c.IsUnderwater() && n.IsUnderwater():
		s.estuaries++
		if int(c.Elevation)-int(n.WaterLevel) >= 2 {
			s.waterfalls++
		}
	case c.IsUnderwater() && !n.IsUnderwater() && n.Elevation == c.WaterLevel:
		s.lakeOutflows++
	}
}

func (s *showcaseSurvey) surveyRoadEdge(g *hexmap.Grid, i int, d hexmap.Direction, c, n hexmap.Cell) {
	if !n.HasRoadThroughEdge(d.Opposite()) || c.HasRiverThroughEdge(d) ||
		hexmap.EdgeTypeOf(int(c.Elevation), int(n.Elevation)) == hexmap.Cliff || c.IsSpecial() {
		s.problem("road from %v towards %s breaks the road rules", g.Topology().Coordinates(i), d)
	}
}

// TestShowcaseLandBeyondVignetteIsRich checks the seeded land around the
// vignette on the editor's larger sizes: it must hold the same kinds of
// features as the vignette, in quantity, not empty grass.
func TestShowcaseLandBeyondVignetteIsRich(t *testing.T) {
	for _, size := range [][2]int{{40, 30}, {80, 60}} {
		for _, seed := range []int64{1, 20261129} {
			t.Run(fmt.Sprintf("%dx%d/seed%d", size[0], size[1], seed), func(t *testing.T) {
				g, err := Showcase(size[0], size[1], seed)
				if err != nil {
					t.Fatal(err)
				}
				checkBeyondVignette(t, g)
			})
		}
	}
}

// beyondSurvey counts what lies outside the vignette's rectangle.
type beyondSurvey struct {
	cells, dry, plants, dense, farms, walled, villages int
	lake, sea, high, peaks, springs, roads, islands    int
}

func surveyBeyond(g *hexmap.Grid) beyondSurvey {
	ox, oz := vignetteOrigin(g.Topology().Width, g.Topology().Height)
	var s beyondSurvey
	for i, c := range g.Cells() {
		x, z := i%g.Topology().Width, i/g.Topology().Width
		if x >= ox && x < ox+vignetteWidth && z >= oz && z < oz+vignetteHeight {
			continue
		}
		s.cells++
		switch {
		case c.IsUnderwater() && c.WaterLevel > seaLevel:
			s.lake++
		case c.IsUnderwater():
			s.sea++
		default:
			s.dry++
		}
		s.count(c)
	}
	s.islands = countIslands(g)
	return s
}

func (s *beyondSurvey) count(c hexmap.Cell) {
	if c.PlantLevel > 0 {
		s.plants++
	}
	if c.PlantLevel == hexmap.MaxLevel {
		s.dense++
	}
	if c.FarmLevel > 0 {
		s.farms++
	}
	if c.Walled {
		s.walled++
	}
	if c.UrbanLevel > 0 && !c.Walled {
		s.villages++
	}
	if c.Elevation >= 5 && !c.IsUnderwater() {
		s.high++
	}
	if c.Elevation >= peakElevation {
		s.peaks++
	}
	if c.HasOutgoingRiver() && !c.HasIncomingRiver() {
		s.springs++
	}
	if c.HasRoads() {
		s.roads++
	}
}

// countIslands counts groups of dry cells, joined through neighbours, of
// at most 40 cells: land cut off by water from the mainland.
func countIslands(g *hexmap.Grid) int {
	seen := make([]bool, g.Topology().CellCount())
	islands := 0
	for start := range g.Topology().CellCount() {
		if seen[start] || g.Cell(start).IsUnderwater() {
			continue
		}
		seen[start] = true
		group := []int{start}
		for k := 0; k < len(group); k++ {
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				if n, ok := g.Topology().Neighbor(group[k], d); ok && !seen[n] && !g.Cell(n).IsUnderwater() {
					seen[n] = true
					group = append(group, n)
				}
			}
		}
		if len(group) <= 40 {
			islands++
		}
	}
	return islands
}

func checkBeyondVignette(t *testing.T, g *hexmap.Grid) {
	t.Helper()
	s := surveyBeyond(g)
	atLeast := func(what string, got, want int) {
		t.Helper()
		if got < want {
			t.Errorf("beyond the vignette, %s: %d, want at least %d", what, got, want)
		}
	}
	atLeast("dry cells", s.dry, s.cells/2)
	atLeast("sea cells", s.sea, s.cells/20)
	atLeast("lake cells", s.lake, s.cells/100)
	atLeast("forest cells", s.plants, s.dry/4)
	atLeast("dense forest cells", s.dense, s.dry/20)
	atLeast("farm cells", s.farms, s.dry/15)
	atLeast("walled town cells", s.walled, 7)
	atLeast("village cells", s.villages, s.cells/300)
	atLeast("mountain cells (elevation 5+)", s.high, s.dry/40)
	atLeast("snowy peaks (elevation 6)", s.peaks, 1)
	atLeast("river springs", s.springs, s.cells/200)
	atLeast("road cells", s.roads, s.cells/60)
	atLeast("islands", s.islands, 1)
}

// TestShowcaseVignetteTownAtCentre checks that larger maps place the
// vignette in their middle: a walled town lies within 4 cells of the
// map's centre. (What the editor's start camera shows is tested in the
// editor.)
func TestShowcaseVignetteTownAtCentre(t *testing.T) {
	for _, size := range [][2]int{{20, 15}, {40, 30}, {80, 60}} {
		g, err := Showcase(size[0], size[1], 1)
		if err != nil {
			t.Fatal(err)
		}
		x := (float32(size[0]) - 0.5) * hexmap.InnerRadius
		z := (float32(size[1]) - 1) * 0.75 * hexmap.OuterRadius
		centre, ok := g.Topology().CellUnder(x, z)
		if !ok {
			t.Fatalf("%dx%d: no cell under the map centre (%v, %v)", size[0], size[1], x, z)
		}
		near := false
		for i, c := range g.Cells() {
			if c.Walled && g.Topology().Coordinates(i).DistanceTo(g.Topology().Coordinates(centre)) <= 4 {
				near = true
			}
		}
		if !near {
			t.Errorf("%dx%d: the map centre %v is more than 4 cells from a walled town", size[0], size[1], g.Topology().Coordinates(centre))
		}
	}
}

func TestShowcaseIsDeterministic(t *testing.T) {
	a, err := Showcase(40, 30, 99)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Showcase(40, 30, 99)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Equal(b) {
		t.Error("two showcases from the same seed differ")
	}
	c, err := Showcase(40, 30, 100)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(a.Cells(), c.Cells()) {
		t.Error("showcases from different seeds have the same cells")
	}
}

func TestShowcaseLargeMaps(t *testing.T) {
	for _, size := range [][2]int{{160, 120}, {320, 320}} {
		g, err := Showcase(size[0], size[1], 5)
		if err != nil {
			t.Fatalf("%dx%d: %v", size[0], size[1], err)
		}
		s := survey(g)
		if s.rivers < 20 || s.straightBridges+s.curveBridges < 1 || s.lake < 10 {
			t.Errorf("%dx%d: %d rivers, %d bridges, %d lake cells: the land beyond the vignette is empty",
				size[0], size[1], s.rivers, s.straightBridges+s.curveBridges, s.lake)
		}
		for _, p := range s.problems {
			t.Errorf("%dx%d: %s", size[0], size[1], p)
		}
	}
}

func TestShowcaseRejectsBadSizes(t *testing.T) {
	for _, size := range [][2]int{{0, 15}, {21, 15}, {15, 15}, {20, 10}, {-5, 15}, {700, 700}} {
		if _, err := Showcase(size[0], size[1], 1); err == nil {
			t.Errorf("Showcase(%d, %d) = nil error, want one", size[0], size[1])
		}
	}
}

func BenchmarkShowcase80x60(b *testing.B) {
	for b.Loop() {
		if _, err := Showcase(80, 60, 1); err != nil {
			b.Fatal(err)
		}
	}
}
