package mapgen

import (
	"fmt"
	"hexsandbox/hexmap"
	"math/rand/v2"
)

// The showcase's seeded land: the relief around the vignette, its seas,
// islands and lakes, and the rivers that drain it.

const (
	blendWidth = 4 // cells over which the land beyond fades into the vignette's edge
	seaDepth   = -1.5
)

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

func clampUnit(v float64) float64 { return max(0, min(1, v)) }

// relief holds the noise fields the seeded land is made of.
type relief struct {
	broad, hills, ranges, rangeMask, coast, isles valueNoise
	maskLo, maskHi                                float64 // range of rangeMask over the map
	massifs                                       [][2]float64
	massifRadius                                  float64
}

func (s *showcase) newRelief() relief {
	w, h := s.g.Topology().Width, s.g.Topology().Height
	r := relief{
		broad:     newValueNoise(s.rng, w, h, 9),
		hills:     newValueNoise(s.rng, w, h, 3.5),
		ranges:    newValueNoise(s.rng, w, h, 8),
		rangeMask: newValueNoise(s.rng, w, h, 11),
		coast:     newValueNoise(s.rng, w, h, 6),
		isles:     newValueNoise(s.rng, w, h, 2.5),
		maskLo:    1,
	}
	// The mask is measured against its own range on this map so that
	// every map gets its mountains, however the dice fell.
	for z := range h {
		for x := range w {
			m := r.rangeMask.at(x, z)
			r.maskLo, r.maskHi = min(r.maskLo, m), max(r.maskHi, m)
		}
	}
	r.massifs, r.massifRadius = s.massifs(), float64(min(w, h))/8+2
	return r
}

// massifs picks the centres of a few mountain ranges beyond the
// vignette and the western sea, so the noise alone does not decide
// whether a map has mountains.
func (s *showcase) massifs() [][2]float64 {
	w, h := s.g.Topology().Width, s.g.Topology().Height
	want := 1 + s.g.Topology().CellCount()/1000
	var out [][2]float64
	for try := 0; try < want*30 && len(out) < want; try++ {
		x, z := s.rng.IntN(w), s.rng.IntN(h)
		if d, _ := s.vignetteEdge(x, z); d < 3 || x < w/5 {
			continue
		}
		out = append(out, [2]float64{float64(x), float64(z)})
	}
	return out
}

// massifMask is 1 at a massif's centre and fades to 0 at its radius.
func (r relief) massifMask(x, z int) float64 {
	m := 0.0
	for _, c := range r.massifs {
		dx, dz := float64(x)-c[0], float64(z)-c[1]
		m = max(m, 1-(dx*dx+dz*dz)/(r.massifRadius*r.massifRadius))
	}
	return m
}

// shapeLand raises the seeded land: rolling hills from two noise scales,
// mountain ranges along the ridges of a third where a mask or one of the
// massifs allows, and a
// sea pulled in along the west side, parts of the other map edges and
// the bay west of the vignette. Near the vignette the land fades into
// its edge so the designed relief continues outwards.
func (s *showcase) shapeLand() error {
	r := s.newRelief()
	for i := range s.g.Cells() {
		if s.nearVignette(i, 0) {
			continue
		}
		x, z := i%s.g.Topology().Width, i/s.g.Topology().Width
		h := s.landHeight(r, x, z)
		if d, edge := s.vignetteEdge(x, z); d <= blendWidth {
			// The vignette's sea only needs to reach a little way out.
			width := blendWidth
			if edge < 0 {
				width = blendWidth / 2
			}
			t := clampUnit(float64(d) / float64(width+1))
			h = edge*(1-t) + h*t
		}
		if h < 0.5 {
			s.setSea(i)
			continue
		}
		s.g.SetElevation(i, clamp(int(h+0.5), 1, peakElevation))
	}
	return nil
}

// landHeight is the seeded elevation at (x, z) before rounding; below
// 0.5 is sea.
func (s *showcase) landHeight(r relief, x, z int) float64 {
	land := 0.6*r.broad.at(x, z) + 0.4*r.hills.at(x, z)
	h := 1 + (land-0.3)*7.5
	ridge := 1 - 2*abs64(r.ranges.at(x, z)-0.5)
	m := (r.rangeMask.at(x, z) - r.maskLo) / max(r.maskHi-r.maskLo, 0.01)
	mask := max(clampUnit((m-0.4)*3), r.massifMask(x, z))
	h += (1 + 3.5*ridge*ridge) * mask
	if h > 4.5 { // squash the heights so that only the ridges top out in snow
		h = 4.5 + (h-4.5)*0.6
	}
	pull := s.seaPull(r, x, z)
	// Where the sea pulls, fine bumps of their own rise out of it: islands.
	isle := seaDepth + 4*clampUnit((r.isles.at(x, z)-0.62)*4)
	return h*(1-pull) + isle*pull
}

func abs64(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// seaPull is 1 where the sea must be and fades to 0 inland: along the
// west edge, on stretches of the other edges, and in the bay that joins
// the vignette's western sea to the open sea.
func (s *showcase) seaPull(r relief, x, z int) float64 {
	w, h := s.g.Topology().Width, s.g.Topology().Height
	coast := r.coast.at(x, z)
	west := clampUnit(1.5 - float64(x)/(0.04*float64(w)+3*coast))
	edge := min(x, z, w-1-x, h-1-z)
	rim := clampUnit(1-float64(edge)/3) * clampUnit((coast-0.45)*3)
	bay := 0.0
	if x < s.ox {
		mid := float64(s.oz) + vignetteHeight/2
		half := 1.5 + 4*coast
		bay = clampUnit((half - abs64(float64(z)-mid)) / 2)
	}
	return max(west, rim, bay)
}

// vignetteEdge returns the distance from (x, z) to the vignette's
// rectangle and the height of the nearest vignette cell (sea as a depth).
func (s *showcase) vignetteEdge(x, z int) (int, float64) {
	vx := clamp(x-s.ox, 0, vignetteWidth-1)
	vz := clamp(z-s.oz, 0, vignetteHeight-1)
	d := max(abs(x-s.ox-vx), abs(z-s.oz-vz))
	ch := vignetteRelief()[vignetteHeight-1-vz][vx]
	if ch >= '0' && ch <= '9' {
		return d, float64(ch - '0')
	}
	return d, seaDepth
}

// raiseIslands lifts a few small islands out of open sea, so that every
// map has some whatever its noise made of the coast.
func (s *showcase) raiseIslands() error {
	want := 1 + s.g.Topology().CellCount()/1500
	for try := 0; try < want*40 && want > 0; try++ {
		i := s.rng.IntN(s.g.Topology().CellCount())
		if !s.isOpenSea(i) {
			continue
		}
		s.g.SetElevation(i, 1+s.rng.IntN(2))
		for _, j := range s.disk(i, 1)[1:] {
			if s.rng.IntN(2) == 0 {
				s.g.SetElevation(j, 1)
			}
		}
		want--
	}
	return nil
}

// isOpenSea reports whether the sea around cell i is wide enough for an
// island that stays cut off from other land.
func (s *showcase) isOpenSea(i int) bool {
	if s.nearVignette(i, 3) {
		return false
	}
	area := s.disk(i, 2)
	if len(area) != 19 {
		return false
	}
	for _, j := range area {
		if c := s.cell(j); !c.IsUnderwater() || c.WaterLevel != seaLevel {
			return false
		}
	}
	return true
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
				return fmt.Errorf("showcase: bad relief character %q", ch)
			}
		}
	}
	return nil
}

// carveLakes sinks a few seeded lakes into the land outside the vignette.
func (s *showcase) carveLakes() error {
	want := max(s.g.Topology().CellCount()/300, 1)
	for try := 0; try < want*20 && want > 0; try++ {
		i := s.rng.IntN(s.g.Topology().CellCount())
		if s.canHoldLake(i) {
			s.carveLake(i)
			s.lakes = append(s.lakes, i)
			want--
		}
	}
	return nil
}

// canHoldLake wants dry land below the peaks, well inside the map, away
// from other water.
func (s *showcase) canHoldLake(i int) bool {
	if e := s.cell(i).Elevation; s.nearVignette(i, 3) || e < 2 || e > 5 {
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
	for _, j := range s.disk(i, 2)[1:] {
		if s.distance(i, j) == 1 && s.rng.IntN(4) > 0 || s.rng.IntN(5) == 0 {
			lake = append(lake, j)
		}
	}
	for _, j := range lake {
		s.g.SetElevation(j, level-1)
		s.g.SetWaterLevel(j, level)
	}
	for _, j := range s.disk(i, 3) {
		if !s.cell(j).IsUnderwater() && int(s.cell(j).Elevation) < level {
			s.g.SetElevation(j, level)
		}
	}
}

func (s *showcase) addVignetteRivers() error {
	for _, r := range vignetteRivers() {
		if err := s.addRiver(s.cells(r)); err != nil {
			return err
		}
	}
	return nil
}

// traceRivers lets seeded rivers run from lakes and springs in the hills
// down to the sea or a lake, always on a course that reaches water.
func (s *showcase) traceRivers() error {
	s.lakeOutflows()
	want := s.g.Topology().CellCount() / 150
	dist := s.waterDistance(false)
	for try := 0; try < want*12 && want > 0; try++ {
		i := s.rng.IntN(s.g.Topology().CellCount())
		if !s.isSpring(i) || dist[i] < 4 || dist[i] == unreachable {
			continue
		}
		path := s.riverCourse(i, dist)
		if path == nil {
			// Rivers added since the distances were measured block the
			// way: measure again.
			dist = s.waterDistance(false)
			if dist[i] < 4 || dist[i] == unreachable {
				continue
			}
			path = s.riverCourse(i, dist)
		}
		if err := s.addRiver(path); err != nil {
			return err
		}
		want--
	}
	return nil
}

// lakeOutflows lets a river leave some seeded lakes over a shore cell
// at the lake's level, when that river can reach the sea.
func (s *showcase) lakeOutflows() {
	dist := s.waterDistance(true)
	for _, centre := range s.lakes {
		if s.rng.IntN(3) == 0 {
			continue
		}
		level := int(s.cell(centre).WaterLevel)
		path := s.outflow(centre, level, dist)
		if path == nil {
			dist = s.waterDistance(true)
			path = s.outflow(centre, level, dist)
		}
		if path != nil {
			_ = s.addRiver(path)
		}
	}
}

// outflow finds a course out of the lake around centre, or nil.
func (s *showcase) outflow(centre, level int, dist []int) []int {
	for _, i := range s.disk(centre, 2) {
		if c := s.cell(i); !c.IsUnderwater() || c.HasRiver() {
			continue
		}
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			n, ok := s.g.Topology().Neighbor(i, d)
			if ok && dist[n] >= 3 && dist[n] < unreachable && int(s.cell(n).Elevation) == level {
				if course := s.riverCourse(n, dist); course != nil {
					return append([]int{i}, course...)
				}
			}
		}
	}
	return nil
}

func (s *showcase) isSpring(i int) bool {
	c := s.cell(i)
	return !s.nearVignette(i, 1) && !c.IsUnderwater() && !c.HasRiver() && c.Elevation >= 3
}

const unreachable = 1 << 30

// waterDistance returns, for each cell, the length of the shortest river
// course from it to water that no river uses yet, through cells outside
// the vignette without rivers; unreachable where there is none. With
// seaOnly, lakes do not count as destinations.
func (s *showcase) waterDistance(seaOnly bool) []int {
	dist := make([]int, s.g.Topology().CellCount())
	var queue []int
	for i, c := range s.g.Cells() {
		dist[i] = unreachable
		if c.IsUnderwater() && !c.HasRiver() && (!seaOnly || isSea(c)) && !s.nearVignette(i, 0) {
			dist[i] = 0
			queue = append(queue, i)
		}
	}
	for k := 0; k < len(queue); k++ {
		n := queue[k]
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			c, ok := s.g.Topology().Neighbor(n, d)
			if !ok || dist[c] != unreachable || s.nearVignette(c, 0) {
				continue
			}
			if cc := s.cell(c); cc.IsUnderwater() || cc.HasRiver() || !cc.IsValidRiverDestination(s.cell(n)) {
				continue
			}
			dist[c] = dist[n] + 1
			queue = append(queue, c)
		}
	}
	return dist
}

// riverCourse follows the distance field down to water from cell i,
// preferring the lowest of the cells that bring it closer, so rivers
// keep to valleys. It returns nil when rivers laid since the field was
// measured block the way.
func (s *showcase) riverCourse(i int, dist []int) []int {
	path := []int{i}
	for dist[i] > 0 {
		best, bestScore := -1, 0
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			n, ok := s.g.Topology().Neighbor(i, d)
			if !ok || dist[n] != dist[i]-1 || s.cell(n).HasRiver() || !s.cell(i).IsValidRiverDestination(s.cell(n)) {
				continue
			}
			score := 4*int(s.cell(n).Elevation) + s.rng.IntN(5)
			if best < 0 || score < bestScore {
				best, bestScore = n, score
			}
		}
		if best < 0 {
			return nil
		}
		path = append(path, best)
		i = best
	}
	return path
}
