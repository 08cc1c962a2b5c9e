package mapgen

import (
	"fmt"
	"hexsandbox/hexmap"
	"math/rand/v2"
)

// The showcase is the editor's default map. Its heart is a hand-designed
// 20×15 vignette (the size of Catlike's default map) that holds every
// feature of the Hex Map tutorials at least once; larger maps place the
// vignette in their middle and grow seeded land around it with the same
// kinds of features (showcase_land.go, showcase_settle.go). Everything is
// made through the Grid edit methods, so the map obeys the editor's
// rules, and every edit that could be refused is checked.

const (
	vignetteWidth  = 20
	vignetteHeight = 15

	seaLevel      = 1 // water level of the sea; its floor is 0
	lakeLevel     = 3 // water level of the vignette's lake; its floor is 2
	peakElevation = 6 // the editor's elevation slider tops out here
)

// spot is a cell of the vignette in offset coordinates, row 0 south.
type spot struct{ x, z int }

// vignetteRelief is the vignette's elevation map, north (row 14) first as
// the default camera sees it. Odd rows sit half a cell east. Digits are
// elevations, '~' is sea and 'L' is the lake. The lake sits in a bowl of
// 3s with a 5-cliff east of it (the waterfall); the south is a plateau of
// 3s that ends in sea cliffs; the walled town stands on the plain of 2s.
func vignetteRelief() [vignetteHeight]string {
	return [...]string{
		"~~~11223333444566554", // 14
		"~~~11223333334566654", // 13
		"~~~11122333LL3556544", // 12
		"~~~11122333LLL555443", // 11
		"~~~111222223L3444433", // 10
		"~~~11112222333344433", // 9
		"~~~11112222233445433", // 8
		"~~~11122222233455433", // 7
		"~~~11122222233456433", // 6
		"~~~11222222233444433", // 5
		"~~~22222222233444433", // 4
		"~~~33333333333444433", // 3
		"~~~33333333333444333", // 2
		"~~~33333333334443333", // 1
		"~~~33333333333443333", // 0
	}
}

// vignetteRivers are the vignette's rivers as cell paths, upstream first.
func vignetteRivers() [][]spot {
	return [][]spot{
		// From a spring on the snowy peak, a bend, then over the cliff
		// into the lake: a waterfall.
		{{16, 13}, {16, 12}, {15, 11}, {14, 11}, {13, 11}},
		// Out of the lake at its water level, meandering in gentle curves
		// over the plain, into the sea through an estuary.
		{{11, 11}, {10, 11}, {10, 10}, {9, 10}, {8, 9}, {7, 9}, {6, 9}, {6, 8},
			{5, 8}, {4, 8}, {3, 8}, {2, 8}},
		// From a spring in the south-east hills, zig-zagging in sharp turns,
		// then straight west along the plateau and off the sea cliff.
		{{15, 3}, {14, 3}, {13, 3}, {13, 2}, {12, 3}, {12, 2}, {11, 3}, {11, 2},
			{10, 2}, {9, 2}, {8, 2}, {7, 2}, {6, 2}, {5, 2}, {4, 2}, {3, 2}, {2, 2}},
	}
}

// vignetteRoads link the villages to the walled town. The northern road
// crosses the lake river where it runs straight, the southern one crosses
// the plateau river on the outside of a curve: both get bridges, and both
// pass through the town wall (gates).
func vignetteRoads() [][]spot {
	return [][]spot{
		{{4, 11}, {5, 11}, {6, 11}, {7, 10}, {8, 10}, {7, 9}, {7, 8}, {8, 8}, {8, 7}, {9, 6}},
		{{9, 6}, {9, 5}, {9, 4}, {9, 3}, {10, 3}, {11, 2}, {11, 1}},
	}
}

// vignetteTown is the centre of the walled town on the plain.
func vignetteTown() spot { return spot{9, 6} }

// settlement is a village cell and its urban level.
type settlement struct {
	at    spot
	urban int
}

// vignetteVillages are two unwalled villages: one by the northern beach,
// one on the southern plateau across the river from the town.
func vignetteVillages() []settlement {
	return []settlement{
		{spot{4, 11}, 2}, {spot{3, 11}, 1}, {spot{4, 12}, 1},
		{spot{11, 1}, 2}, {spot{10, 1}, 1}, {spot{11, 0}, 1}, {spot{12, 1}, 1},
	}
}

// vignetteForests are forest centres on hills: dense in the middle,
// thinning outwards.
func vignetteForests() []spot { return []spot{{9, 13}, {15, 1}, {17, 9}} }

// vignetteSpecials are a castle on the hill over the town, a ziggurat on
// the coastal plain and megaflora in the south-east forest.
func vignetteSpecials() [3]spot { return [3]spot{{12, 6}, {5, 4}, {17, 2}} }

// showcase carries the state of one Showcase build.
type showcase struct {
	g      *hexmap.Grid
	rng    *rand.Rand
	ox, oz int   // vignette origin; oz is even so the rows keep their parity
	lakes  []int // centres of the seeded lakes
}

// Showcase builds the showcase map of the given size (a whole number of
// chunks, at least 20×15) deterministically from seed: terraced hills,
// mountain ranges with cliffs and snowy peaks, a sea with bays, islands
// and lakes, rivers with springs, bends, waterfalls, estuaries and lake
// outflows, villages and walled towns linked by roads with bridges, farms,
// forests, the three specials and all five terrain types. Elevations stay
// within 0..6, the editor's range.
func Showcase(width, height int, seed int64) (*hexmap.Grid, error) {
	if err := hexmap.ValidateSize(width, height); err != nil {
		return nil, err
	}
	if width < vignetteWidth || height < vignetteHeight {
		return nil, fmt.Errorf("showcase map %d×%d: smaller than %d×%d", width, height, vignetteWidth, vignetteHeight)
	}
	g, err := hexmap.NewGrid(width, height, seed)
	if err != nil {
		return nil, err
	}
	s := &showcase{g: g, rng: rand.New(rand.NewPCG(uint64(seed), 0x5ca1ab1e))}
	s.ox, s.oz = vignetteOrigin(width, height)
	steps := []func() error{
		s.shapeLand, s.drawVignette, s.raiseIslands, s.carveLakes,
		s.addVignetteRivers, s.traceRivers,
		s.placeVignetteSpecials, s.buildVignetteTowns, s.spreadTowns,
		s.growForests, s.placeSpecials, s.paintTerrain,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// vignetteOrigin places the vignette in the middle of the map, its town
// a little south of the centre so that the tilted default camera frames
// town, lake and peak. The row is even so the rows keep their parity.
func vignetteOrigin(width, height int) (ox, oz int) {
	return (width - vignetteWidth) / 2, ((height-vignetteHeight)/2 + 1) &^ 1
}

// at returns the index of a vignette cell.
func (s *showcase) at(p spot) int { return (s.ox + p.x) + (s.oz+p.z)*s.g.Topology().Width }

// nearVignette reports whether cell i lies within margin cells of the
// vignette's rectangle; seeded features keep off it so they cannot break
// the designed ones.
func (s *showcase) nearVignette(i, margin int) bool {
	x, z := i%s.g.Topology().Width, i/s.g.Topology().Width
	return x >= s.ox-margin && x < s.ox+vignetteWidth+margin &&
		z >= s.oz-margin && z < s.oz+vignetteHeight+margin
}

func (s *showcase) cell(i int) hexmap.Cell { return s.g.Cell(i) }

// disk returns the cells within radius steps of cell i, i first.
func (s *showcase) disk(i, radius int) []int {
	out := []int{i}
	s.g.Topology().Within(i, radius, func(n int) {
		if n != i {
			out = append(out, n)
		}
	})
	return out
}

func (s *showcase) distance(a, b int) int { return s.g.Topology().Distance(a, b) }

// directionTo returns the direction from cell a to its neighbour b.
func (s *showcase) directionTo(a, b int) (hexmap.Direction, bool) {
	return s.g.Topology().DirectionTo(a, b)
}

// addRiver makes a river flow along path, each cell into the next.
func (s *showcase) addRiver(path []int) error {
	for k := 0; k+1 < len(path); k++ {
		d, ok := s.directionTo(path[k], path[k+1])
		if !ok {
			return fmt.Errorf("showcase: river cells %v and %v are not neighbours", s.g.Topology().Coordinates(path[k]), s.g.Topology().Coordinates(path[k+1]))
		}
		if err := s.g.SetOutgoingRiver(path[k], d); err != nil {
			return fmt.Errorf("showcase: river from %v towards %v: %w", s.g.Topology().Coordinates(path[k]), d, err)
		}
	}
	return nil
}

// addRoad builds a road along path.
func (s *showcase) addRoad(path []int) error {
	for k := 0; k+1 < len(path); k++ {
		d, ok := s.directionTo(path[k], path[k+1])
		if !ok {
			return fmt.Errorf("showcase: road cells %v and %v are not neighbours", s.g.Topology().Coordinates(path[k]), s.g.Topology().Coordinates(path[k+1]))
		}
		if err := s.g.AddRoad(path[k], d); err != nil {
			return fmt.Errorf("showcase: road from %v towards %v: %w", s.g.Topology().Coordinates(path[k]), d, err)
		}
	}
	return nil
}

func (s *showcase) cells(spots []spot) []int {
	out := make([]int, len(spots))
	for k, p := range spots {
		out[k] = s.at(p)
	}
	return out
}

func (s *showcase) placeVignetteSpecials() error {
	for k, p := range vignetteSpecials() {
		i := s.at(p)
		s.g.SetSpecialIndex(i, k+1)
		if int(s.cell(i).SpecialIndex) != k+1 {
			return fmt.Errorf("showcase: special %d refused at %v", k+1, s.g.Topology().Coordinates(i))
		}
	}
	return nil
}

// buildVignetteTowns raises the walled town and the two villages, links
// them by road and lays farms around them.
func (s *showcase) buildVignetteTowns() error {
	town := s.at(vignetteTown())
	s.buildTown(town, true)
	for _, v := range vignetteVillages() {
		s.g.SetUrbanLevel(s.at(v.at), v.urban)
	}
	for _, r := range vignetteRoads() {
		if err := s.addRoad(s.cells(r)); err != nil {
			return err
		}
	}
	s.sowFarms(town, 2, 4, 3)
	for _, v := range vignetteVillages() {
		if v.urban > 1 {
			s.sowFarms(s.at(v.at), 2, 2, 1)
		}
	}
	return nil
}

// buildTown makes a town of cell i and its neighbours: dense in the
// middle, lower around; walled towns get a wall around all seven cells.
func (s *showcase) buildTown(i int, walled bool) {
	for k, j := range s.disk(i, 1) {
		level := 3
		if k > 0 {
			level = 1 + k%2 + s.rng.IntN(2)
		}
		s.g.SetUrbanLevel(j, level)
		s.g.SetWalled(j, walled)
	}
}

// sowFarms puts farms on the open land from ring inner to ring outer
// around cell i, densest on the inner ring.
func (s *showcase) sowFarms(i, inner, outer, top int) {
	base := s.cell(i).Elevation
	for _, j := range s.disk(i, outer) {
		c, ring := s.cell(j), s.distance(i, j)
		if ring < inner || c.IsUnderwater() || c.UrbanLevel > 0 || c.Walled ||
			c.IsSpecial() || c.Elevation > base+1 || c.FarmLevel > 0 {
			continue
		}
		s.g.SetFarmLevel(j, max(top-(ring-inner), 1))
	}
}
