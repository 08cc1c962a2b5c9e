package units

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/nav"
)

// hillyMap has rolling hills (flats, slopes with terraces, no cliffs
// along most ways), rivers, roads on most edges (bridges where roads
// cross rivers), walls, a lake, on a flat or wrapping topology.
func hillyMap(t testing.TB, seed uint64, wrapping bool) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: 20, Height: 15, Wrapping: wrapping}, noise.New(int64(seed)))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 11))
	g.Batch(hexmap.EditRules, func() {
		for i := range g.Topology().CellCount() {
			x, z := g.Topology().Offset(i)
			e := 2 + 1.4*math.Sin(float64(x)*0.7+float64(seed)) + 1.2*math.Cos(float64(z)*0.6)
			g.SetElevation(i, int(math.Round(e)))
			g.SetTerrainType(i, uint8(rng.IntN(int(hexmap.TerrainTypeCount))))
			g.SetPlantLevel(i, rng.IntN(3)*rng.IntN(2))
		}
	})
	for i := 0; i < g.Topology().CellCount(); i += 41 {
		g.SetWaterLevel(i, int(g.Cell(i).Elevation)+1)
	}
	for range 25 {
		i := rng.IntN(g.Topology().CellCount())
		for range 5 {
			d := hexmap.Direction(rng.IntN(6))
			if g.SetOutgoingRiver(i, d) == nil {
				i, _ = g.Topology().Neighbor(i, d)
			}
		}
	}
	for i := range g.Topology().CellCount() {
		if rng.IntN(3) > 0 {
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				g.AddRoad(i, d)
			}
		}
	}
	return g
}

// world is a map with its chunks, their surface, a finder and a game.
type world struct {
	g    *hexmap.Grid
	set  *chunk.Set
	surf *chunk.Surface
	game *Game
}

// newWorld plays on g with every side having explored all of it: these
// tests are about travel, and unexplored cells would block the way (the
// map's border, never explorable, still does).
func newWorld(t testing.TB, g *hexmap.Grid) *world {
	t.Helper()
	all := make([]uint8, g.Topology().CellCount())
	for i := range all {
		all[i] = 1<<hexmap.MaxSides - 1
	}
	if err := g.SetExploration(all); err != nil {
		t.Fatal(err)
	}
	set := chunk.NewSet(g)
	surf := chunk.NewSurface(set)
	return &world{g: g, set: set, surf: surf, game: NewGame(g, nav.NewFinder(g), surf)}
}

// frame is the time step of the travel tests: an eighth of a 60 Hz frame,
// so that the chord of a step's arc is its length to within 0.1% even on
// the tightest turns of a track.
const frame = 1.0 / 480

// run plays the travel out step by step and returns the poses.
func (w *world) run(t *testing.T, k int) []Pose {
	t.Helper()
	var poses []Pose
	for range 480 * 120 {
		poses = append(poses, w.game.Pose(k))
		if _, moving := w.game.Travelling(); !moving {
			return poses
		}
		w.game.Update(frame)
	}
	t.Fatal("the travel never ended")
	return nil
}

// Along random paths on hilly maps, flat and wrapping: the unit turns on
// the spot at 180°/s, then moves continuously at 4 cells per second along
// the track, standing on the ground as the meshes have it (checked
// against every triangle of the map), and ends on its destination.
func TestTravel(t *testing.T) {
	travels := 0
	for m := range 4 {
		w := newWorld(t, hillyMap(t, uint64(m), m%2 == 1))
		rng := rand.New(rand.NewPCG(uint64(m), 5))
		for range 6 {
			from, to := rng.IntN(w.g.Topology().CellCount()), rng.IntN(w.g.Topology().CellCount())
			w.g.SetUnits(nil)
			if w.g.AddUnit(New(w.g, from, 1)) != nil {
				continue
			}
			p, ok := w.game.Plan(0, to)
			if !ok || len(p.Cells) < 3 {
				continue
			}
			want := p.Cells[len(p.Cells)-1]
			for k := range p.Cells {
				if p.Turn(k) > 0 {
					want = p.Cells[k-1]
					break
				}
			}
			if err := w.game.Move(0, to); err != nil {
				t.Fatal(err)
			}
			checkPoses(t, w, w.run(t, 0))
			if got := w.g.UnitCell(0); got != want {
				t.Fatalf("map %d: the unit stands on %d, want %d (the end of this turn's part)", m, got, want)
			}
			travels++
		}
	}
	if travels < 10 {
		t.Fatalf("only %d travels tried", travels)
	}
}

// checkPoses checks a travel's poses frame by frame.
func checkPoses(t *testing.T, w *world, poses []Pose) {
	t.Helper()
	perFrame := float32(UnitsPerSecond * frame)
	turning := true
	wrap := w.g.Topology().WrapSize()
	for k := 1; k < len(poses); k++ {
		a, b := poses[k-1], poses[k]
		dx := b.X - a.X
		if w.g.Topology().Wrapping {
			// Standing, a unit is drawn in its cell's own copy of the
			// world; travelling, in its start's: compare across copies.
			dx -= wrap * float32(math.Round(float64(dx/wrap)))
		}
		step := float32(math.Hypot(float64(dx), float64(b.Z-a.Z)))
		dh := math.Abs(float64(angleTo(a.Heading, b.Heading)))
		if turning && step == 0 {
			if dh > RotationSpeed*frame+1e-3 {
				t.Fatalf("frame %d: turned %v° on the spot in one frame", k, dh)
			}
			continue
		}
		first := turning
		turning = false
		// Constant speed: every whole step moves the same distance along
		// the track, within 1%; the first moving step may start late (the
		// turn ends in it), the last end early (the arrival).
		if step > perFrame*1.01 || (!first && k < len(poses)-1 && step < perFrame*0.99) {
			t.Fatalf("frame %d: moved %v, want %v", k, step, perFrame)
		}
		// On the ground (or on a bridge's deck): the surface's index at
		// every step, every triangle of the map (slow) at every 32nd.
		ground, ok := w.surf.HeightAt(b.X, b.Z)
		deck, dok := w.surf.DeckAt(b.X, b.Z)
		if k%32 == 0 {
			ground, ok = chunk.MeshHeight(w.set, b.X, b.Z, true)
			deck, dok = chunk.MeshHeight(w.set, b.X, b.Z, false)
		}
		onGround := ok && math.Abs(float64(b.Y-ground)) < 1e-3
		onDeck := dok && deck > ground && math.Abs(float64(b.Y-deck)) < 1e-3
		if !onGround && !onDeck {
			t.Fatalf("frame %d: at height %v, the ground is at %v (%v), a deck at %v (%v)", k, b.Y, ground, ok, deck, dok)
		}
	}
}

// The track is continuous: sampled every 0.05 units, the position moves
// by no more than that and the ground under it never jumps (the one
// step is onto a bridge's deck, 0.2 above the road).
func TestTrackContinuous(t *testing.T) {
	for m := range 4 {
		w := newWorld(t, hillyMap(t, uint64(10+m), m%2 == 0))
		f := nav.NewFinder(w.g)
		rng := rand.New(rand.NewPCG(uint64(m), 9))
		for range 8 {
			p, ok := f.FindPath(nav.Query{From: rng.IntN(w.g.Topology().CellCount()), To: rng.IntN(w.g.Topology().CellCount()), Speed: 24})
			if !ok || len(p.Cells) < 2 {
				continue
			}
			c := NewCurve(w.g, p.Cells, w.surf)
			const ds = 0.05
			height := func(s float32) (x, y, z float32) {
				x, z, _ = c.At(s)
				y, ok := w.surf.HeightAt(x, z)
				if !ok {
					t.Fatalf("no ground at (%v, %v)", x, z)
				}
				if d, ok := w.surf.DeckAt(x, z); ok && c.OnDeck(s) {
					y = max(y, d)
				}
				return x, y, z
			}
			px, py, pz := height(0)
			for s := float32(ds); s <= c.Length(); s += ds {
				x, y, z := height(s)
				if d := math.Hypot(float64(x-px), float64(z-pz)); d > ds*1.005 {
					t.Fatalf("the track jumps %v at s = %v", d, s)
				}
				if math.Abs(float64(y-py)) > 0.25 {
					t.Fatalf("the ground jumps from %v to %v at s = %v (cells %v)", py, y, s, p.Cells)
				}
				px, pz, py = x, z, y
			}
		}
	}
}

// The track passes through every cell of the path in order: each point
// lies in the hexagon of the cell CellAt names, or of a neighbour on the
// path (perturbation moves the drawn edges a few units).
func TestTrackFollowsCells(t *testing.T) {
	g := hillyMap(t, 3, true)
	f := nav.NewFinder(g)
	top := g.Topology()
	rng := rand.New(rand.NewPCG(3, 3))
	for range 20 {
		p, ok := f.FindPath(nav.Query{From: rng.IntN(g.Topology().CellCount()), To: rng.IntN(g.Topology().CellCount()), Speed: 24})
		if !ok || len(p.Cells) < 2 {
			continue
		}
		c := NewCurve(g, p.Cells, nil)
		last := 0
		for s := float32(0); s <= c.Length(); s += 0.5 {
			k := c.CellAt(s)
			if k < last || k > last+1 {
				t.Fatalf("CellAt went from %d to %d", last, k)
			}
			last = k
			x, z, _ := c.At(s)
			under, ok := top.CellUnder(x, z)
			if !ok {
				t.Fatalf("the track leaves the map at (%v, %v)", x, z)
			}
			near := false
			for j := max(0, k-1); j <= min(len(p.Cells)-1, k+1); j++ {
				near = near || p.Cells[j] == under
			}
			if !near {
				t.Fatalf("at s = %v the track is over cell %d, not near path cell %d of %v", s, under, k, p.Cells)
			}
		}
		if last != len(p.Cells)-1 {
			t.Fatalf("the track ends in cell %d of %d", last, len(p.Cells))
		}
	}
}

// Across a bridge the unit walks on the deck, well above the river.
func TestTravelOverBridge(t *testing.T) {
	g, _ := hexmap.NewGrid(20, 15, 3)
	top := g.Topology()
	for i := range g.Topology().CellCount() {
		g.SetElevation(i, 2)
	}
	// A straight river flowing east along row 7 and a straight road
	// crossing it north-west to south-east through (10, 7).
	for x := 4; x < 16; x++ {
		i, _ := top.IndexOffset(x, 7)
		if err := g.SetOutgoingRiver(i, hexmap.E); err != nil {
			t.Fatal(err)
		}
	}
	cross, _ := top.IndexOffset(10, 7)
	road := []int{cross}
	for _, d := range []hexmap.Direction{hexmap.NW, hexmap.SE} {
		i := cross
		for range 3 {
			n, _ := g.Topology().Neighbor(i, d)
			if err := g.AddRoad(i, d); err != nil {
				t.Fatal(err)
			}
			i = n
			if d == hexmap.NW {
				road = append([]int{n}, road...)
			} else {
				road = append(road, n)
			}
		}
	}
	w := newWorld(t, g)
	if _, _, ok := w.surf.BridgeEnds(cross); !ok {
		t.Fatal("no bridge where the road crosses the river")
	}
	if err := g.AddUnit(New(g, road[0], 1)); err != nil {
		t.Fatal(err)
	}
	p, ok := w.game.Plan(0, road[len(road)-1])
	if !ok {
		t.Fatal("no path")
	}
	for k, c := range p.Cells {
		if c != road[k] {
			t.Fatalf("the path %v leaves the road %v", p.Cells, road)
		}
	}
	if err := w.game.Move(0, road[len(road)-1]); err != nil {
		t.Fatal(err)
	}
	poses := w.run(t, 0)
	checkPoses(t, w, poses)
	river := geom.RiverSurfaceY(g.Cell(cross))
	centre := geom.CellPosition(g, cross)
	lowest := float32(math.Inf(1))
	for _, ps := range poses {
		if math.Hypot(float64(ps.X-centre[0]), float64(ps.Z-centre[2])) < 3 {
			lowest = min(lowest, ps.Y)
		}
	}
	if math.IsInf(float64(lowest), 1) || lowest < river+1 {
		t.Fatalf("over the river the unit is at %v, the river surface at %v", lowest, river)
	}
}

// Moves, turns and the cell-by-cell steps on a flat map where each step
// costs 5: ten cells east is 58 away (see nav's TestTurnsAlongAPath),
// 4 cells this turn (distance 20, 4 moves left), 4 the next, 2 the one
// after. The way runs along row 2 from column 1, off the map's border,
// which is never explored.
func TestMovesAndTurns(t *testing.T) {
	g, _ := hexmap.NewGrid(20, 15, 1)
	w := newWorld(t, g)
	base := 2*20 + 1
	dest := base + 10
	if err := g.AddUnit(New(g, base, 1)); err != nil {
		t.Fatal(err)
	}
	if err := g.AddUnit(New(g, 200, 2)); err != nil {
		t.Fatal(err)
	}
	var steps [][2]int
	w.game.OnStep = func(unit, from, to int) {
		if k, ok := g.UnitAt(to); !ok || k != unit || g.Occupied(from) {
			t.Errorf("step %d → %d: the grid has not moved unit %d", from, to, unit)
		}
		steps = append(steps, [2]int{from, to})
	}
	if err := w.game.Move(1, 201); !errors.Is(err, ErrNotInTurn) {
		t.Fatalf("side 2 moved in side 1's turn: %v", err)
	}
	leg := func(want, movesLeft int) {
		t.Helper()
		steps = steps[:0]
		start := g.UnitCell(0)
		if err := w.game.Move(0, dest); err != nil {
			t.Fatal(err)
		}
		if err := w.game.Move(0, dest); !errors.Is(err, ErrTravelling) {
			t.Fatalf("a second move while travelling: %v", err)
		}
		if u := g.Units()[0]; int(u.MovesLeft) != movesLeft {
			t.Fatalf("moves left %d, want %d", u.MovesLeft, movesLeft)
		}
		w.run(t, 0)
		if g.UnitCell(0) != want {
			t.Fatalf("the unit stands on %d, want %d", g.UnitCell(0), want)
		}
		for k, s := range steps {
			if s[0] != start+k || s[1] != start+k+1 {
				t.Fatalf("steps %v, want one cell east at a time from %d", steps, start)
			}
		}
		if len(steps) != want-start {
			t.Fatalf("%d steps from %d to %d", len(steps), start, want)
		}
	}
	leg(base+4, 4)
	if err := w.game.Move(0, dest); !errors.Is(err, ErrNoMoves) {
		t.Fatalf("4 moves left took a step of 5: %v", err)
	}
	if s := w.game.EndTurn(); s != 2 || g.SideInTurn() != 2 {
		t.Fatalf("end of turn passed to side %d", s)
	}
	if err := w.game.Move(0, dest); !errors.Is(err, ErrNotInTurn) {
		t.Fatalf("side 1 moved in side 2's turn: %v", err)
	}
	if s := w.game.EndTurn(); s != 1 || g.Units()[0].MovesLeft != hexmap.UnitSpeed {
		t.Fatalf("back to side %d with %d moves", s, g.Units()[0].MovesLeft)
	}
	leg(base+8, 4)
	w.game.EndTurn()
	w.game.EndTurn()
	leg(base+10, 14) // 5, 10: 14 left
	if h := g.Units()[0].Orientation; math.Abs(float64(angleTo(h, 90))) > 15 {
		t.Fatalf("after moving east the unit faces %v°", h)
	}
}

// End Turn skips sides without units, and with none at all simply
// counts on.
func TestEndTurnSkipsEmptySides(t *testing.T) {
	g, _ := hexmap.NewGrid(20, 15, 1)
	w := newWorld(t, g)
	if s := w.game.EndTurn(); s != 2 {
		t.Fatalf("no units: side %d after 1", s)
	}
	g.AddUnit(New(g, 5, 4))
	g.AddUnit(New(g, 6, 2))
	for _, want := range []int{4, 2, 4} {
		if s := w.game.EndTurn(); s != want {
			t.Fatalf("side %d, want %d", s, want)
		}
	}
}

// On a wrapping map the track runs on across the seam without a jump,
// over hills as anywhere else, and the unit ends in the first column's
// west neighbours.
func TestTravelAcrossSeam(t *testing.T) {
	g := hillyMap(t, 7, true)
	w := newWorld(t, g)
	top := g.Topology()
	crossed := 0
	for z := 1; z < g.Topology().Height-1 && crossed < 4; z++ {
		from, _ := top.IndexOffset(1, z)
		to, _ := top.IndexOffset(18, z)
		w.g.SetUnits(nil)
		if g.AddUnit(New(g, from, 1)) != nil {
			continue
		}
		p, ok := w.game.Plan(0, to)
		if !ok || p.Turn(len(p.Cells)-1) != 0 {
			continue
		}
		if err := w.game.Move(0, to); err != nil {
			t.Fatal(err)
		}
		poses := w.run(t, 0)
		checkPoses(t, w, poses)
		if g.UnitCell(0) != to {
			t.Fatalf("row %d: the unit stands on %d, want %d", z, g.UnitCell(0), to)
		}
		if end := poses[len(poses)-2]; end.X > 0 {
			t.Fatalf("row %d: the track ends at x = %v: it went the long way instead of west across the seam", z, end.X)
		}
		crossed++
	}
	if crossed < 2 {
		t.Fatalf("only %d rows had a way across the seam this turn", crossed)
	}
}
