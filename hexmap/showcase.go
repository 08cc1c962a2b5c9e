package hexmap

import "math/rand/v2"

// The showcase is the editor's default map. Its heart is a hand-designed
// 20×15 vignette (the size of Catlike's default map) that holds every
// feature of the Hex Map tutorials at least once; larger maps place the
// vignette on their west coast and grow seeded land around it with the
// same kinds of features. Everything is made through the Grid edit
// methods, so the map obeys the editor's rules, and every edit that could
// be refused is checked.

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
	g      *Grid
	rng    *rand.Rand
	ox, oz int // vignette origin; oz is even so the rows keep their parity
}

// Showcase builds the showcase map of the given size (a whole number of
// chunks, at least 20×15) deterministically from seed: terraced hills and
// cliffs, a sea along the west side and lakes, rivers with springs, bends,
// waterfalls, estuaries and a lake outflow, towns (one walled) linked by
// roads with bridges, farms, forests, the three specials and all five
// terrain types. Elevations stay within 0..6, the editor's range.
func Showcase(width, height int, seed int64) (*Grid, error) {
	if err := ValidateSize(width, height); err != nil {
		return nil, err
	}
	if width < vignetteWidth || height < vignetteHeight {
		return nil, errorf("showcase map %d×%d: smaller than %d×%d", width, height, vignetteWidth, vignetteHeight)
	}
	g, err := NewGrid(width, height, seed)
	if err != nil {
		return nil, err
	}
	s := &showcase{g: g, rng: rand.New(rand.NewPCG(uint64(seed), 0x5ca1ab1e))}
	// Larger maps get a wider sea west of the vignette.
	s.ox = (width - vignetteWidth) / 10
	s.oz = 2 * s.rng.IntN((height-vignetteHeight)/2+1)
	steps := []func() error{
		s.shapeLand, s.drawVignette, s.carveLakes,
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

// at returns the index of a vignette cell.
func (s *showcase) at(p spot) int { return (s.ox + p.x) + (s.oz+p.z)*s.g.width }

// nearVignette reports whether cell i lies within margin cells of the
// vignette's rectangle; seeded features keep off it so they cannot break
// the designed ones.
func (s *showcase) nearVignette(i, margin int) bool {
	x, z := i%s.g.width, i/s.g.width
	return x >= s.ox-margin && x < s.ox+vignetteWidth+margin &&
		z >= s.oz-margin && z < s.oz+vignetteHeight+margin
}

func (s *showcase) cell(i int) Cell { return s.g.cells[i] }

// disk returns the cells within radius steps of cell i, i first.
func (s *showcase) disk(i, radius int) []int {
	out := []int{i}
	c := s.g.Coordinates(i)
	for dz := -radius; dz <= radius; dz++ {
		for dx := max(-radius, -radius-dz); dx <= min(radius, radius-dz); dx++ {
			if dx == 0 && dz == 0 {
				continue
			}
			if j, ok := s.g.Index(Coordinates{c.X + dx, c.Z + dz}); ok {
				out = append(out, j)
			}
		}
	}
	return out
}

func (s *showcase) distance(a, b int) int {
	return s.g.Coordinates(a).DistanceTo(s.g.Coordinates(b))
}

// directionTo returns the direction from cell a to its neighbour b.
func (s *showcase) directionTo(a, b int) (Direction, bool) {
	for d := NE; d <= NW; d++ {
		if n, ok := s.g.Neighbor(a, d); ok && n == b {
			return d, true
		}
	}
	return NoDirection, false
}

// valueNoise is smooth seeded noise on a lattice sized to the map, so
// large maps never repeat (unlike the tileable perturbation table).
type valueNoise struct {
	w    int
	size float64
	v    []float64
}

func newValueNoise(rng *rand.Rand, width, height int, size float64) valueNoise {
	w, h := int(float64(width)/size)+2, int(float64(height)/size)+2
	n := valueNoise{w: w, size: size, v: make([]float64, w*h)}
	for i := range n.v {
		n.v[i] = rng.Float64()
	}
	return n
}

// at samples the noise at cell (x, z), in [0, 1).
func (n valueNoise) at(x, z int) float64 {
	fx, fz := float64(x)/n.size, float64(z)/n.size
	x0, z0 := int(fx), int(fz)
	tx, tz := smoothStep(fx-float64(x0)), smoothStep(fz-float64(z0))
	a, b := n.v[x0+z0*n.w], n.v[x0+1+z0*n.w]
	c, d := n.v[x0+(z0+1)*n.w], n.v[x0+1+(z0+1)*n.w]
	top, bottom := a+(b-a)*tx, c+(d-c)*tx
	return top + (bottom-top)*tz
}

func smoothStep(t float64) float64 { return t * t * (3 - 2*t) }

// shapeLand lays the sea along the west side and rolling seeded hills
// everywhere outside the vignette.
func (s *showcase) shapeLand() error {
	w, h := s.g.width, s.g.height
	coast := newValueNoise(s.rng, h, 1, 7)
	broad := newValueNoise(s.rng, w, h, 9)
	fine := newValueNoise(s.rng, w, h, 3.5)
	for i := range s.g.cells {
		if s.nearVignette(i, 0) {
			continue
		}
		x, z := i%w, i/w
		shore := s.coastline(coast, z)
		if x < shore {
			s.setSea(i)
			continue
		}
		f := fine.at(x, z)
		e := 1 + int((0.7*broad.at(x, z)+0.3*f-0.3)/0.6*float64(peakElevation))
		// Land rises from the beach, at a varying pace, so most of the
		// coast is low and sandy.
		rise := 1 + int(float64(x-shore)*(0.4+f))
		s.g.SetElevation(i, clamp(min(e, rise), 1, peakElevation))
	}
	return nil
}

// coastline is the first land column of row z: it meets the vignette's
// shore beside it and wanders further out to sea away from it.
func (s *showcase) coastline(coast valueNoise, z int) int {
	away := max(s.oz-z, z-(s.oz+vignetteHeight-1), 0)
	taper := min(float64(away)/6, 1)
	return s.ox + 3 + int(taper*coast.at(z, 0)*float64(s.g.width)/6)
}

func (s *showcase) setSea(i int) {
	s.g.SetElevation(i, 0)
	s.g.SetWaterLevel(i, seaLevel)
}

// drawVignette stamps the designed relief.
func (s *showcase) drawVignette() error {
	for row, line := range vignetteRelief() {
		z := vignetteHeight - 1 - row
		for x, ch := range line {
			i := s.at(spot{x, z})
			switch {
			case ch == '~':
				s.setSea(i)
			case ch == 'L':
				s.g.SetElevation(i, lakeLevel-1)
				s.g.SetWaterLevel(i, lakeLevel)
			case ch >= '0' && ch <= '9':
				s.g.SetElevation(i, int(ch-'0'))
			default:
				return errorf("showcase: bad relief character %q", ch)
			}
		}
	}
	return nil
}

// carveLakes sinks a few seeded lakes into the hills outside the vignette.
func (s *showcase) carveLakes() error {
	want := len(s.g.cells) / 900
	for try := 0; try < want*8 && want > 0; try++ {
		i := s.rng.IntN(len(s.g.cells))
		if s.canHoldLake(i) {
			s.carveLake(i)
			want--
		}
	}
	return nil
}

// canHoldLake wants dry land well inside the map, away from other water.
func (s *showcase) canHoldLake(i int) bool {
	if s.nearVignette(i, 3) || s.cell(i).Elevation < 2 {
		return false
	}
	area := s.disk(i, 3)
	if len(area) != 37 {
		return false
	}
	for _, j := range area {
		if s.cell(j).IsUnderwater() {
			return false
		}
	}
	return true
}

// carveLake lowers the centre and some neighbours one step below the
// water level and raises the shore to it, so the water stays in.
func (s *showcase) carveLake(i int) {
	level := int(s.cell(i).Elevation)
	lake := []int{i}
	for _, j := range s.disk(i, 1)[1:] {
		if s.rng.IntN(3) > 0 {
			lake = append(lake, j)
		}
	}
	for _, j := range lake {
		s.g.SetElevation(j, level-1)
		s.g.SetWaterLevel(j, level)
	}
	for _, j := range s.disk(i, 2) {
		if !s.cell(j).IsUnderwater() && int(s.cell(j).Elevation) < level {
			s.g.SetElevation(j, level)
		}
	}
}

// addRiver makes a river flow along path, each cell into the next.
func (s *showcase) addRiver(path []int) error {
	for k := 0; k+1 < len(path); k++ {
		d, ok := s.directionTo(path[k], path[k+1])
		if !ok {
			return errorf("showcase: river cells %v and %v are not neighbours", s.g.Coordinates(path[k]), s.g.Coordinates(path[k+1]))
		}
		if !s.g.SetOutgoingRiver(path[k], d) {
			return errorf("showcase: river from %v towards %v refused", s.g.Coordinates(path[k]), d)
		}
	}
	return nil
}

// addRoad builds a road along path.
func (s *showcase) addRoad(path []int) error {
	for k := 0; k+1 < len(path); k++ {
		d, ok := s.directionTo(path[k], path[k+1])
		if !ok {
			return errorf("showcase: road cells %v and %v are not neighbours", s.g.Coordinates(path[k]), s.g.Coordinates(path[k+1]))
		}
		if !s.g.AddRoad(path[k], d) {
			return errorf("showcase: road from %v towards %v refused", s.g.Coordinates(path[k]), d)
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

func (s *showcase) addVignetteRivers() error {
	for _, r := range vignetteRivers() {
		if err := s.addRiver(s.cells(r)); err != nil {
			return err
		}
	}
	return nil
}

// traceRivers lets seeded rivers run downhill from springs in the hills
// outside the vignette until they reach water or level ground.
func (s *showcase) traceRivers() error {
	want := len(s.g.cells) / 400
	for try := 0; try < want*10 && want > 0; try++ {
		i := s.rng.IntN(len(s.g.cells))
		if !s.isSpring(i) {
			continue
		}
		if path := s.downhill(i); len(path) >= 4 {
			if err := s.addRiver(path); err != nil {
				return err
			}
			want--
		}
	}
	return nil
}

func (s *showcase) isSpring(i int) bool {
	c := s.cell(i)
	return !s.nearVignette(i, 1) && !c.IsUnderwater() && !c.HasRiver() && c.Elevation >= 3
}

// downhill follows the lowest free neighbour, preferring to keep its
// course, and stops in water or where it cannot go on.
func (s *showcase) downhill(i int) []int {
	path := []int{i}
	seen := map[int]bool{i: true}
	course := NoDirection
	for len(path) < 48 && !s.cell(i).IsUnderwater() {
		next, d := s.nextRiverCell(i, course, seen)
		if next < 0 {
			break
		}
		path = append(path, next)
		seen[next] = true
		i, course = next, d
	}
	return path
}

func (s *showcase) nextRiverCell(i int, course Direction, seen map[int]bool) (int, Direction) {
	best, bestDir, bestScore := -1, NoDirection, 0
	for d := NE; d <= NW; d++ {
		n, ok := s.g.Neighbor(i, d)
		if !ok || seen[n] || s.nearVignette(n, 0) || s.cell(n).HasRiver() ||
			!s.cell(i).IsValidRiverDestination(s.cell(n)) {
			continue
		}
		score := 8*int(s.cell(n).Elevation) + s.rng.IntN(6)
		if course != NoDirection && d != course {
			score += 3
		}
		if d >= SW { // on level ground, drift west towards the sea
			score -= 2
		}
		if best < 0 || score < bestScore {
			best, bestDir, bestScore = n, d, score
		}
	}
	return best, bestDir
}

func (s *showcase) placeVignetteSpecials() error {
	for k, p := range vignetteSpecials() {
		i := s.at(p)
		s.g.SetSpecialIndex(i, k+1)
		if int(s.cell(i).SpecialIndex) != k+1 {
			return errorf("showcase: special %d refused at %v", k+1, s.g.Coordinates(i))
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

// spreadTowns founds seeded towns outside the vignette, every third one
// walled, each linked by road to its nearest earlier neighbour.
func (s *showcase) spreadTowns() error {
	want := len(s.g.cells) / 500
	var towns []int
	for try := 0; try < want*20 && len(towns) < want; try++ {
		i := s.rng.IntN(len(s.g.cells))
		if !s.canHoldTown(i, towns) {
			continue
		}
		s.buildTown(i, len(towns)%3 == 0)
		if err := s.linkTown(i, towns); err != nil {
			return err
		}
		towns = append(towns, i)
	}
	for _, t := range towns {
		s.sowFarms(t, 2, 3, 2+s.rng.IntN(2))
	}
	return nil
}

// canHoldTown wants seven flat dry cells without rivers, away from the
// vignette and other towns.
func (s *showcase) canHoldTown(i int, towns []int) bool {
	if s.nearVignette(i, 3) {
		return false
	}
	for _, t := range towns {
		if s.distance(i, t) < 6 {
			return false
		}
	}
	area := s.disk(i, 1)
	if len(area) != 7 || s.cell(i).Elevation > 4 {
		return false
	}
	for _, j := range area {
		c := s.cell(j)
		if c.IsUnderwater() || c.HasRiver() || c.IsSpecial() || c.Elevation != s.cell(i).Elevation {
			return false
		}
	}
	return true
}

// linkTown builds a road from town i to the nearest earlier town that a
// short road can reach.
func (s *showcase) linkTown(i int, towns []int) error {
	nearest := -1
	for _, t := range towns {
		if nearest < 0 || s.distance(i, t) < s.distance(i, nearest) {
			nearest = t
		}
	}
	if nearest < 0 {
		return nil
	}
	if path := s.roadPath(i, nearest, 30); path != nil {
		return s.addRoad(path)
	}
	return nil
}

// roadPath finds the shortest road from a to b of at most limit steps,
// or nil. It only takes edges the edit rules allow.
func (s *showcase) roadPath(a, b, limit int) []int {
	from := map[int]int{a: a}
	frontier := []int{a}
	for step := 0; step < limit && len(frontier) > 0; step++ {
		var next []int
		for _, c := range frontier {
			for d := NE; d <= NW; d++ {
				n, ok := s.g.Neighbor(c, d)
				if !ok || !s.roadMayCross(c, d, n) {
					continue
				}
				if _, done := from[n]; done {
					continue
				}
				from[n] = c
				if n == b {
					return unwind(from, a, b)
				}
				next = append(next, n)
			}
		}
		frontier = next
	}
	return nil
}

func (s *showcase) roadMayCross(c int, d Direction, n int) bool {
	cc, nc := s.cell(c), s.cell(n)
	return !nc.IsUnderwater() && !cc.HasRiverThroughEdge(d) && !cc.IsSpecial() && !nc.IsSpecial() &&
		s.g.ElevationDifference(c, d) <= 1 && !s.nearVignette(n, 0)
}

func unwind(from map[int]int, a, b int) []int {
	path := []int{b}
	for c := b; c != a; {
		c = from[c]
		path = append(path, c)
	}
	return path
}

// growForests plants the vignette's designed forests and seeded woods on
// the hills elsewhere.
func (s *showcase) growForests() error {
	for _, f := range vignetteForests() {
		centre := s.at(f)
		for _, j := range s.disk(centre, 2) {
			s.plant(j, 3-s.distance(centre, j))
		}
	}
	woods := newValueNoise(s.rng, s.g.width, s.g.height, 4)
	for i := range s.g.cells {
		if s.nearVignette(i, 0) || s.cell(i).Elevation < 3 {
			continue
		}
		v := woods.at(i%s.g.width, i/s.g.width)
		s.plant(i, int((v-0.45)*10))
	}
	return nil
}

// plant sets a plant level on open dry land; settled, farmed and special
// cells keep their features.
func (s *showcase) plant(i, level int) {
	c := s.cell(i)
	if level < 1 || c.IsUnderwater() || c.UrbanLevel > 0 || c.FarmLevel > 0 || c.IsSpecial() || c.Elevation < 3 {
		return
	}
	s.g.SetPlantLevel(i, min(level, MaxLevel))
}

// placeSpecials scatters a few more specials on empty dry land outside
// the vignette.
func (s *showcase) placeSpecials() error {
	want := len(s.g.cells) / 1600
	for try, k := 0, 0; try < want*20 && k < want; try++ {
		i := s.rng.IntN(len(s.g.cells))
		c := s.cell(i)
		if s.nearVignette(i, 0) || c.IsUnderwater() || c.HasRiver() || c.HasRoads() || c.UrbanLevel > 0 || c.Walled {
			continue
		}
		s.g.SetSpecialIndex(i, 1+k%3)
		k++
	}
	return nil
}

// paintTerrain chooses each cell's terrain type from its surroundings:
// sand on sea floors and beaches, mud in lakes and on wet lowland, snow on
// peaks, stone on heights, grass elsewhere.
func (s *showcase) paintTerrain() error {
	for i := range s.g.cells {
		s.g.SetTerrainType(i, s.terrainFor(i))
	}
	return nil
}

func (s *showcase) terrainFor(i int) uint8 {
	c := s.cell(i)
	switch {
	case c.IsUnderwater() && c.WaterLevel > seaLevel:
		return Mud
	case c.IsUnderwater():
		return Sand
	case c.Elevation >= peakElevation:
		return Snow
	case c.Elevation >= 5, c.Elevation == 4 && s.rng.IntN(3) == 0:
		return Stone
	case c.Elevation <= 2 && s.touches(i, isSea):
		return Sand
	case s.touches(i, isLake), c.Elevation <= 2 && c.HasRiver():
		return Mud
	}
	return Grass
}

func isSea(c Cell) bool  { return c.IsUnderwater() && c.WaterLevel <= seaLevel }
func isLake(c Cell) bool { return c.IsUnderwater() && c.WaterLevel > seaLevel }

// touches reports whether any neighbour of cell i satisfies f.
func (s *showcase) touches(i int, f func(Cell) bool) bool {
	for d := NE; d <= NW; d++ {
		if n, ok := s.g.Neighbor(i, d); ok && f(s.cell(n)) {
			return true
		}
	}
	return false
}
