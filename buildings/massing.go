package buildings

import (
	"math"

	"github.com/ungerik/go3d/vec4"
)

// Massing (seed 001): a lot's footprint rises floor by floor, the ground
// floor taller; above SetbackHeight the footprint is inset (a tower on a
// podium, with a roof terrace in the ring between); the top is flat or
// pitched.
const (
	// SetbackHeight is the threshold: floors starting above it stand on
	// the inset footprint.
	SetbackHeight = 2.9
	minTowerShare = 0.3  // of the podium's area, or there is no tower
	foundation    = 0.35 // walls reach this far below the ground
	pitch         = 0.75 // roof rise per unit of half-span
	slender       = 2.6  // the most a building's height may be its thickness times
	sideGap       = 0.3  // a detached house keeps this from each neighbouring lot
	// minSetbackThickness is the thinnest footprint that sets back.
	minSetbackThickness = 2.0
)

// Floors returns the floor count range of an urban level: 1-2 for a
// village, 2-4 for a town, 3 up to 6-8 for a city (the cell's hash picks
// its cap among 6, 7 and 8).
func Floors(level int) (lo, hi int) {
	switch level {
	case 1:
		return 1, 2
	case 2:
		return 2, 4
	case 3:
		return 3, 8
	}
	return 0, 0
}

// WallTop is the height of the top of a wall of n floors.
func WallTop(n int) float64 { return GroundFloorHeight + float64(n-1)*FloorHeight }

type roofKind uint8

const (
	roofFlat roofKind = iota
	roofGable
	roofHip
)

// building is a planned building mass, local to its cell.
type building struct {
	lot
	floors  int
	podium  float64   // top of the lower walls (the whole wall without a tower)
	top     float64   // top of the tower's walls
	thick   float64   // the footprint's thickness
	cover   []float64 // per edge: up to where a neighbour hides the wall
	tower   []pt      // the setback footprint, nil without one
	towerR  insetResult
	setBack bool
	roof    roofKind
	gable   int     // with roofGable: the first short edge (the ridge joins it to the opposite one)
	rise    float64 // pitched roof height above the wall top
	walls   vec4.T
	roofC   vec4.T
	seed    float32
	style   int
	door    int // bay of the door on the first front wall, from the hash
	box     bool
}

// covered is how high a neighbour hides the wall over edge k (below the
// ground where none does).
func (m *building) covered(k int) float64 {
	if k < len(m.cover) {
		return m.cover[k]
	}
	return -foundation
}

// wallTop is the top of the highest walls.
func (m *building) wallTop() float64 { return m.top }

// Colours, RGB in [0, 1].
var (
	plasters = [...]vec4.T{
		{0.9, 0.86, 0.76, 1}, {0.93, 0.9, 0.84, 1}, {0.86, 0.74, 0.55, 1}, {0.88, 0.78, 0.7, 1},
		{0.8, 0.82, 0.8, 1}, {0.87, 0.82, 0.62, 1},
	}
	bricks = [...]vec4.T{{0.66, 0.38, 0.28, 1}, {0.58, 0.33, 0.26, 1}, {0.72, 0.5, 0.36, 1}}
	stones = [...]vec4.T{{0.72, 0.69, 0.63, 1}, {0.62, 0.61, 0.6, 1}, {0.78, 0.74, 0.66, 1}}
	tiles  = [...]vec4.T{{0.64, 0.27, 0.18, 1}, {0.55, 0.22, 0.16, 1}, {0.36, 0.36, 0.4, 1}, {0.7, 0.38, 0.24, 1}}
	flats  = [...]vec4.T{{0.48, 0.46, 0.44, 1}, {0.58, 0.55, 0.5, 1}, {0.42, 0.41, 0.42, 1}, {0.5, 0.42, 0.36, 1}}
)

// mass plans the building on lot l of cell c into m (reusing its
// storage); it reports false where the lot stays empty.
func (b *Builder) mass(m *building, c *Cell, l lot, capFloors int) bool {
	*m = building{lot: l, cover: m.cover[:0], tower: m.tower[:0], towerR: insetResult{edges: m.towerR.edges[:0]}}
	h := l.hash
	if !l.hashed {
		h = hashAt(c, b.ground, centroid(l.poly))
	}
	dice := newDice(h, l.salt)
	occupancy := [...]float64{0, 0.55, 0.88, 1}[c.Level]
	if !c.Roads {
		occupancy = 1 // the hash grid already chose the spot for a building
	}
	if dice.next() >= occupancy {
		return false
	}
	// Village houses stand apart, town houses now and then; city blocks
	// are built wall to wall.
	if gap := [...]float64{0, 1, 0.3, 0}[c.Level]; c.Roads && dice.next() < gap {
		b.detach(m)
	}
	m.floors = floorCount(c.Level, capFloors, dice.next())
	if l.corner && c.Level == 3 {
		m.floors = min(m.floors+1, capFloors)
	}
	// No taller than slender times the lot is thick (nor below the
	// level's lowest).
	lo, _ := Floors(c.Level)
	m.thick = thickness(m.poly)
	for m.floors > lo && WallTop(m.floors) > slender*m.thick {
		m.floors--
	}
	m.seed = float32(dice.next())
	m.style = int(dice.next() * 4)
	m.door = int(dice.next() * 16)
	m.walls, m.roofC = colours(c.Level, m.floors, &dice)
	m.top = WallTop(m.floors)
	m.podium = m.top
	pitched := dice.next() < [...]float64{0, 1, 0.7, 0.45}[c.Level] && m.floors <= 4
	m.roof = roofFlat
	if pitched {
		switch {
		case !convex(m.poly):
			m.roof = roofFlat // no ridge fits a concave lot
		case len(m.poly) == 4:
			m.roof, m.gable = roofGable, gableEdge(m.poly)
		default:
			m.roof = roofHip
		}
		m.rise = min(max(pitch*halfSpan(m.poly, m.roof, m.gable), 0.35), 1.3)
	}
	if m.roof == roofFlat {
		m.roofC = flats[int(dice.next()*float64(len(flats)))]
		m.box = dice.next() < 0.15
		if m.top > SetbackHeight {
			b.setback(m, dice.next())
		}
	}
	return true
}

// detach pulls the building in from its party walls (and a little from
// its back), so that it stands free of its neighbours; a lot too small
// for that keeps its walls where they are.
func (b *Builder) detach(m *building) {
	d := b.work.floats(len(m.poly))
	for k, r := range m.roles {
		d[k] = [...]float64{Front: 0, Back: 0.2, Party: sideGap}[r]
	}
	res, ok := b.ins.inset(m.poly, d)
	if !ok || area(res.poly) < minLotArea || thickness(res.poly) < minLotWidth {
		return
	}
	roles := make([]Role, len(res.poly))
	for i := range roles {
		roles[i] = Back
	}
	for k, e := range res.edges {
		if e.alive {
			roles[e.start] = m.roles[k]
			if roles[e.start] == Party {
				roles[e.start] = Back // it faces a gap now
			}
		}
	}
	m.poly, m.roles = append([]pt(nil), res.poly...), roles
}

// floorCount picks a floor count in the level's range from r in [0, 1),
// a city's up to capFloors.
func floorCount(level, capFloors int, r float64) int {
	lo, hi := Floors(level)
	if level == 3 {
		hi = capFloors
	}
	if level == 1 {
		if r < 0.45 {
			return 2
		}
		return 1
	}
	return lo + min(int(r*float64(hi-lo+1)), hi-lo)
}

// setback insets the footprint for the floors above SetbackHeight, unless
// the inset collapses or leaves too little to stand on: then the walls go
// straight up.
func (b *Builder) setback(m *building, r float64) {
	podiumFloors := 1 // up to the first floor top above the threshold
	for WallTop(podiumFloors) <= SetbackHeight {
		podiumFloors++
	}
	// Only a building thick enough keeps a tower worth the name.
	if podiumFloors >= m.floors || m.thick < minSetbackThickness {
		return
	}
	d := 0.3 + 0.25*r
	res, ok := b.ins.inset(m.poly, uniformIn(b.work.floats(len(m.poly)), d))
	if !ok || area(res.poly) < minTowerShare*area(m.poly) || thickness(res.poly) < minLotWidth*0.75 {
		return
	}
	m.tower = append(m.tower, res.poly...)
	m.towerR = insetResult{poly: m.tower, edges: append(m.towerR.edges, res.edges...)}
	m.podium = WallTop(podiumFloors)
	m.setBack = true
}

func uniformIn(d []float64, v float64) []float64 {
	for i := range d {
		d[i] = v
	}
	return d
}

// colours picks wall and roof colours: plaster in villages, plaster and
// brick in towns, stone and brick in cities.
func colours(level, floors int, d *dice) (walls, roof vec4.T) {
	r := d.next()
	pick := func(s []vec4.T) vec4.T { return s[min(int(d.next()*float64(len(s))), len(s)-1)] }
	switch {
	case level == 1 || (level == 2 && r < 0.6) || (level == 3 && r < 0.25):
		walls = pick(plasters[:])
	case level == 3 && floors >= 4 && r < 0.7:
		walls = pick(stones[:])
	default:
		walls = pick(bricks[:])
	}
	// A little per-building shade, so neighbours of one colour differ.
	s := float32(0.94 + 0.1*d.next())
	walls = vec4.T{min(walls[0]*s, 1), min(walls[1]*s, 1), min(walls[2]*s, 1), 1}
	return walls, pick(tiles[:])
}

// gableEdge is the first of the two opposite edges of quad p that are
// shorter on average: the ridge runs between their midpoints, along the
// quad's longer extent.
func gableEdge(p []pt) int {
	a := dist(p[0], p[1]) + dist(p[2], p[3])
	c := dist(p[1], p[2]) + dist(p[3], p[0])
	if a <= c {
		return 0
	}
	return 1
}

// halfSpan is the horizontal distance from the eaves to the ridge (or
// apex).
func halfSpan(p []pt, roof roofKind, g int) float64 {
	if roof == roofGable {
		m1, m2 := mid(p[g], p[g+1]), mid(p[(g+2)%4], p[(g+3)%4])
		u, ok := m2.sub(m1).unit()
		if !ok {
			return 0.5
		}
		n := u.left()
		s := 0.0
		for _, q := range p {
			s = max(s, math.Abs(q.sub(m1).dot(n)))
		}
		return s
	}
	c := centroid(p)
	s := math.Inf(1)
	for i := range p {
		s = min(s, segDist(c, p[i], p[(i+1)%len(p)]))
	}
	return s
}
