package mapgen

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"hexsandbox/hexmap"
)

// body is a group of cells joined through neighbours that are all land
// or all water, found by a flood fill written here.
type body struct {
	cells       int
	touchesEdge bool // holds a cell in the first or last row, or on a flat map column
}

// bodies returns the land (water false) or water (true) bodies of g,
// largest first.
func bodies(g *hexmap.Grid, water bool) []body {
	top := g.Topology()
	seen := make([]bool, g.Topology().CellCount())
	var out []body
	for start := range g.Topology().CellCount() {
		if seen[start] || g.Cell(start).IsUnderwater() != water {
			continue
		}
		seen[start] = true
		queue := []int{start}
		b := body{}
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			b.cells++
			x, z := top.Offset(i)
			if z == 0 || z == top.Height-1 || (!top.Wrapping && (x == 0 || x == top.Width-1)) {
				b.touchesEdge = true
			}
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				if n, ok := g.Topology().Neighbor(i, d); ok && !seen[n] && g.Cell(n).IsUnderwater() == water {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b body) int { return b.cells - a.cells })
	return out
}

// seeds320 is how many seeds TestWorldTypes tries at 320×320: a few by
// default, as each map takes a third of a second; -seeds320 50 for the
// full run: go test -run 'WorldTypes' ./mapgen -args -seeds320 50.
var seeds320 = flag.Int("seeds320", 1, "seeds per world type and wrapping TestWorldTypes tries at 320×320")

// startSeeds is how many seeds TestPlaceStarts tries per world type at
// 40×30 and 80×60: ten by default, 50 in `make worlds`.
var startSeeds = flag.Int("seeds", 10, "seeds per world type and wrapping TestPlaceStarts tries at 40×30 and 80×60")

// largeWorlds keeps the 320×320 maps TestWorldTypes and TestPlaceStarts
// share, as each takes most of a second to generate.
var largeWorlds = map[string]*hexmap.Grid{}

// world generates the map of world type w, or for a large one returns a
// copy of the one generated before.
func world(t *testing.T, w WorldType, top hexmap.Topology, seed int64) *hexmap.Grid {
	t.Helper()
	key := fmt.Sprint(w, top, seed)
	if g, ok := largeWorlds[key]; ok {
		return g.Clone()
	}
	g, _, err := w.Generator().GenerateMapWithNoise(top, sharedNoise(seed))
	if err != nil {
		t.Fatalf("%s %+v seed %d: %v", w, top, seed, err)
	}
	if top.CellCount() >= 320*320 && seed <= 2 { // the default runs' few, not a long run's all
		largeWorlds[key] = g.Clone()
	}
	return g
}

// worldSurvey is what TestWorldTypes measures of a map.
type worldSurvey struct {
	landPct     float64 // land cells in percent of all cells
	masses      []int   // land masses in percent of the land, largest first
	water       []body  // water bodies, largest first
	cells, land int
}

func surveyWorld(g *hexmap.Grid) worldSurvey {
	s := worldSurvey{cells: g.Topology().CellCount(), water: bodies(g, true)}
	lb := bodies(g, false)
	for _, b := range lb {
		s.land += b.cells
	}
	for _, b := range lb {
		s.masses = append(s.masses, 100*b.cells/max(1, s.land))
	}
	s.landPct = 100 * float64(s.land) / float64(s.cells)
	return s
}

// massesOver counts the land masses holding at least pct percent of the land.
func (s worldSurvey) massesOver(pct int) int {
	n := 0
	for _, m := range s.masses {
		if m >= pct {
			n++
		}
	}
	return n
}

// worldProperties are the measurable promises of each world type, in
// the terms of issue 28.
var worldProperties = map[WorldType]struct {
	landLo, landHi float64
	check          func(s worldSurvey) string // "" or what is wrong
}{
	Continents: {33, 50, func(s worldSurvey) string {
		if n := s.massesOver(5); n < 2 || n > 6 {
			return fmt.Sprintf("%d land masses of 5%% of the land or more, want 2..6 (%v)", n, s.masses)
		}
		return ""
	}},
	Pangaea: {30, 45, func(s worldSurvey) string {
		if s.masses[0] < 80 {
			return fmt.Sprintf("the largest land mass holds %d%% of the land, want 80%% or more", s.masses[0])
		}
		return ""
	}},
	Archipelago: {10, 25, func(s worldSurvey) string {
		if s.masses[0] > 50 {
			return fmt.Sprintf("the largest island holds %d%% of the land, want at most 50%%", s.masses[0])
		}
		if n := s.massesOver(2); n < 5 {
			return fmt.Sprintf("%d islands of 2%% of the land or more, want 5 or more (%v)", n, s.masses)
		}
		return ""
	}},
	InlandSea: {60, 85, func(s worldSurvey) string {
		sea := s.water[0]
		if sea.touchesEdge {
			return "the largest body of water touches the map's edge"
		}
		if 100*sea.cells < 5*s.cells {
			return fmt.Sprintf("the inland sea covers %d of %d cells, want 5%% or more", sea.cells, s.cells)
		}
		return ""
	}},
}

// TestWorldTypes: each world type keeps its promises (land share, land
// masses, the inland sea) on 50 seeds at 40×30 and 80×60 and a few (see
// -seeds320) at 320×320, flat and wrapping.
func TestWorldTypes(t *testing.T) {
	for _, size := range []struct{ w, h, seeds int }{{40, 30, 50}, {80, 60, 50}, {320, 320, *seeds320}} {
		for _, wrap := range []bool{false, true} {
			top := hexmap.Topology{Width: size.w, Height: size.h, Wrapping: wrap}
			for _, w := range WorldTypes() {
				prop := worldProperties[w]
				failed := 0
				for seed := int64(1); seed <= int64(size.seeds); seed++ {
					s := surveyWorld(world(t, w, top, seed))
					problem := prop.check(s)
					if s.landPct < prop.landLo || s.landPct > prop.landHi {
						problem = fmt.Sprintf("%.1f%% land, want %v..%v%%", s.landPct, prop.landLo, prop.landHi)
					}
					if problem != "" && failed < 3 {
						t.Errorf("%s %+v seed %d: %s", w, top, seed, problem)
					}
					if problem != "" {
						failed++
					}
				}
			}
		}
	}
}

// TestParseWorldType: every type reads back from its name in any case;
// another name is an error listing the types.
func TestParseWorldType(t *testing.T) {
	for _, w := range WorldTypes() {
		for _, name := range []string{w.String(), strings.ToUpper(w.String())} {
			if got, err := ParseWorldType(name); err != nil || got != w {
				t.Errorf("%q: %v, %v", name, got, err)
			}
		}
	}
	if _, err := ParseWorldType("moon"); err == nil || !strings.Contains(err.Error(), "inland-sea") {
		t.Errorf("moon: %v", err)
	}
}

// TestScaledTo: worked by hand. 320×320 is 102,400 cells, 21.33 times
// 80×60's 4,800, and 4.62 times its side: chunks of 40..120 cells become
// 853..2560, a border of 5 becomes 23, the precipitation 0.25 becomes
// 0.0541, the cycles 185 and the jitter's step 5. 80×60 keeps all;
// 40×30 (a quarter) quarters the chunks, halves the borders and keeps
// the climate and the jitter.
func TestScaledTo(t *testing.T) {
	s := DefaultSettings()
	s.ChunkSizeMin, s.ChunkSizeMax = 40, 120
	big := hexmap.Topology{Width: 320, Height: 320}
	got := s.ScaledTo(big)
	if got.ChunkSizeMin != 853 || got.ChunkSizeMax != 2560 || got.MapBorderX != 23 || got.RegionBorder != 23 ||
		math.Abs(float64(got.PrecipitationFactor)-0.0541) > 0.0001 || scaledCycles(big) != 185 || scaledJitter(big) != 5 {
		t.Errorf("320×320: %+v, %d cycles, jitter %d", got, scaledCycles(big), scaledJitter(big))
	}
	if got := s.ScaledTo(hexmap.Topology{Width: 80, Height: 60}); got != s {
		t.Errorf("80×60 changed the settings: %+v", got)
	}
	small := hexmap.Topology{Width: 40, Height: 30}
	got = s.ScaledTo(small)
	if got.ChunkSizeMin != 10 || got.ChunkSizeMax != 30 || got.MapBorderX != 3 || got.PrecipitationFactor != s.PrecipitationFactor ||
		scaledCycles(small) != climateCycles || scaledJitter(small) != 1 {
		t.Errorf("40×30: %+v", got)
	}
}
