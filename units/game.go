package units

import (
	"errors"
	"math"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/nav"
)

// Why a move is refused, for errors.Is and the status line.
var (
	ErrNotInTurn  = errors.New("it is not that side's turn")
	ErrNoPath     = errors.New("no way there")
	ErrNoMoves    = errors.New("not enough moves left this turn to take a step")
	ErrTravelling = errors.New("a unit is still moving")
	ErrNoUnit     = errors.New("no such unit")
)

// Pose is where a unit is drawn: a world position on the ground and the
// heading it faces, in degrees clockwise from +Z.
type Pose struct {
	X, Y, Z float32
	Heading float32
}

// Game is play on one map: it moves units along paths, one at a time,
// keeps the grid's record of every unit's cell and moves left current,
// and passes the turn from side to side.
type Game struct {
	grid   *hexmap.Grid
	finder *nav.Finder
	ground Ground
	travel *travel

	// OnStep, when set, is called each time a travelling unit passes
	// from one cell into the next, after the grid moved it: vision and
	// occupancy follow the unit cell by cell.
	OnStep func(unit, from, to int)
}

// travel is one unit on its way.
type travel struct {
	unit     int
	path     []int // the cells, the start first
	at       int   // position in path of the cell the grid has it on
	curve    Curve
	from, to float32 // heading before and after the turn to face the way
	turn     float64 // seconds of turning
	elapsed  float64
}

// NewGame plays on g, searching with finder (which must search g) and
// standing units on ground (nil: on the cells' heights).
func NewGame(g *hexmap.Grid, finder *nav.Finder, ground Ground) *Game {
	return &Game{grid: g, finder: finder, ground: ground}
}

// Grid is the map played on.
func (gm *Game) Grid() *hexmap.Grid { return gm.grid }

// Query is the search question for unit k: its cell, its speed and what
// it has spent of this turn; other units block the way, and so do the
// cells its side has not explored (Catlike's IsValidDestination).
func (gm *Game) Query(k int) nav.Query {
	u := gm.grid.Units()[k]
	return nav.Query{From: gm.grid.UnitCell(k), Speed: hexmap.UnitSpeed, Spent: hexmap.UnitSpeed - int(u.MovesLeft), Units: true, Side: int(u.Side)}
}

// Plan returns the path unit k would take to cell dest, with the turn in
// which it reaches each cell (nav.Path.Turn). The path belongs to the
// finder until its next search.
func (gm *Game) Plan(k, dest int) (nav.Path, bool) {
	if k < 0 || k >= len(gm.grid.Units()) {
		return nav.Path{}, false
	}
	q := gm.Query(k)
	q.To = dest
	return gm.finder.FindPath(q)
}

// Reachable returns the cells unit k can reach this turn (the finder's,
// valid until its next search).
func (gm *Game) Reachable(k int) []int {
	if k < 0 || k >= len(gm.grid.Units()) {
		return nil
	}
	return gm.finder.Reachable(gm.Query(k))
}

// Move sends unit k towards cell dest: along the path Plan finds, as far
// as it gets this turn. Its moves left drop by what the part it travels
// costs, at once; it stands on each cell of the way in turn as it goes.
func (gm *Game) Move(k, dest int) error {
	switch {
	case gm.travel != nil:
		return ErrTravelling
	case k < 0 || k >= len(gm.grid.Units()):
		return ErrNoUnit
	case int(gm.grid.Units()[k].Side) != gm.grid.SideInTurn():
		return ErrNotInTurn
	}
	p, ok := gm.Plan(k, dest)
	if !ok {
		return ErrNoPath
	}
	// The cells reached this turn: distance up to the turn's end.
	end := (nav.Turn(p.Distances[0], p.Speed) + 1) * p.Speed
	n := 1
	for n < len(p.Cells) && p.Distances[n] <= end {
		n++
	}
	if n < 2 {
		return ErrNoMoves
	}
	u := gm.grid.Units()[k]
	u.MovesLeft = int16(end - p.Distances[n-1])
	if err := gm.grid.PutUnit(k, u); err != nil {
		return err
	}
	t := &travel{unit: k, path: append([]int(nil), p.Cells[:n]...)}
	t.curve = NewCurve(gm.grid, t.path, gm.ground)
	_, _, t.to = t.curve.At(0)
	t.from = u.Orientation
	t.turn = math.Abs(float64(angleTo(t.from, t.to))) / RotationSpeed
	gm.travel = t
	return nil
}

// angleTo is the signed turn from heading a to heading b, the short way
// round, in -180..180 degrees.
func angleTo(a, b float32) float32 {
	d := math.Mod(float64(b-a), 360)
	if d > 180 {
		d -= 360
	} else if d < -180 {
		d += 360
	}
	return float32(d)
}

// Travelling returns the unit on its way, if one is.
func (gm *Game) Travelling() (int, bool) {
	if gm.travel == nil {
		return 0, false
	}
	return gm.travel.unit, true
}

// Update advances the travelling unit by dt seconds: turning first, then
// along the track, moving it on the grid at each edge it crosses.
func (gm *Game) Update(dt float64) {
	t := gm.travel
	if t == nil {
		return
	}
	t.elapsed += dt
	s := gm.distance()
	for gm.travel != nil && t.at < min(t.curve.CellAt(s), len(t.path)-1) {
		_, _, h := t.curve.At(s)
		gm.step(t.at+1, h)
	}
	if gm.travel != nil && s >= t.curve.Length() {
		gm.arrive()
	}
}

// distance is how far along the track the travelling unit is.
func (gm *Game) distance() float32 {
	t := gm.travel
	return float32(max(0, t.elapsed-t.turn) * UnitsPerSecond)
}

// step moves the travelling unit onto the at-th cell of its path.
func (gm *Game) step(at int, heading float32) {
	t := gm.travel
	g := gm.grid
	u := g.Units()[t.unit]
	from := t.path[t.at]
	u.Location = g.Topology().Coordinates(t.path[at])
	u.Orientation = heading
	// The path was free when planned and nothing else moves meanwhile;
	// a refusal (an edit in between) stops the unit where it is.
	if err := g.PutUnit(t.unit, u); err != nil {
		gm.travel = nil
		return
	}
	t.at = at
	if gm.OnStep != nil {
		gm.OnStep(t.unit, from, t.path[at])
	}
}

// arrive ends the travel, the unit facing the way it came in.
func (gm *Game) arrive() {
	t := gm.travel
	_, _, heading := t.curve.At(t.curve.Length())
	for t.at < len(t.path)-1 && gm.travel != nil {
		gm.step(t.at+1, heading)
	}
	if gm.travel == nil {
		return
	}
	u := gm.grid.Units()[t.unit]
	u.Orientation = heading
	gm.grid.PutUnit(t.unit, u)
	gm.travel = nil
}

// Finish ends the travel at once, the unit at its destination.
func (gm *Game) Finish() {
	if gm.travel != nil {
		gm.arrive()
	}
}

// EndTurn finishes any travel and passes play to the next side that has
// units (or simply the next side when none has), whose units get their
// whole turn's moves back. It returns the side now in turn.
func (gm *Game) EndTurn() int {
	gm.Finish()
	g := gm.grid
	cur := g.SideInTurn()
	next := cur%hexmap.MaxSides + 1
	for k := 1; k <= hexmap.MaxSides; k++ {
		s := (cur+k-1)%hexmap.MaxSides + 1
		if gm.hasUnits(s) {
			next = s
			break
		}
	}
	g.SetSideInTurn(next)
	for k, u := range g.Units() {
		if int(u.Side) == next && u.MovesLeft != hexmap.UnitSpeed {
			u.MovesLeft = hexmap.UnitSpeed
			g.PutUnit(k, u)
		}
	}
	return next
}

func (gm *Game) hasUnits(side int) bool {
	for _, u := range gm.grid.Units() {
		if int(u.Side) == side {
			return true
		}
	}
	return false
}

// Pose returns where unit k is drawn: on its way when it travels, else
// standing on its cell facing its orientation.
func (gm *Game) Pose(k int) Pose {
	if t := gm.travel; t != nil && t.unit == k {
		return gm.travelPose()
	}
	u := gm.grid.Units()[k]
	p := CellPoint(gm.grid, gm.grid.UnitCell(k))
	return Pose{X: p[0], Y: gm.height(p, gm.grid.UnitCell(k)), Z: p[1], Heading: u.Orientation}
}

// travelPose is the travelling unit's pose: turning on the spot at
// RotationSpeed, then moving along the track facing along it.
func (gm *Game) travelPose() Pose {
	t := gm.travel
	if t.elapsed < t.turn {
		p := t.curve.pts[0]
		f := float32(t.elapsed / t.turn)
		return Pose{X: p[0], Y: gm.height(p, t.path[0]), Z: p[1], Heading: t.from + angleTo(t.from, t.to)*f}
	}
	s := gm.distance()
	x, z, h := t.curve.At(s)
	y := gm.height(vec2{x, z}, t.path[t.at])
	if t.curve.OnDeck(s) && gm.ground != nil {
		if d, ok := gm.ground.DeckAt(x, z); ok {
			y = max(y, d)
		}
	}
	return Pose{X: x, Y: y, Z: z, Heading: h}
}

// height is the ground's height at p, or cell's own height where the
// ground has none (no ground given). Standing, a unit is never on a
// bridge: only one crossing by it is.
func (gm *Game) height(p vec2, cell int) float32 {
	if gm.ground != nil {
		if y, ok := gm.ground.HeightAt(p[0], p[1]); ok {
			return y
		}
	}
	return geom.CellPosition(gm.grid, cell)[1]
}
