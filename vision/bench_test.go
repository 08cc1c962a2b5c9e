package vision

import (
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"
)

// benchMap is an 80×60 map of hills and lakes with n units of side 1,
// each with a free dry neighbour to step to, and the vision following it.
func benchMap(b *testing.B, n int) (*hexmap.Grid, *Vision, [][2]int) {
	g := newGrid(b, 80, 60, false)
	rng := rand.New(rand.NewPCG(3, 3))
	randomTerrain(g, rng)
	var moves [][2]int // per unit: its cell and the neighbour it steps to
	for len(moves) < n {
		i, ok := freeDry(g, rng)
		if !ok || !g.Topology().Explorable(i) {
			continue
		}
		to, ok := g.Topology().Neighbor(i, hexmap.Direction(rng.IntN(6)))
		if !ok || g.Occupied(to) || g.Cell(to).IsUnderwater() || reserved(moves, to) || reserved(moves, i) {
			continue
		}
		if g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(i), Side: 1, MovesLeft: hexmap.UnitSpeed}) == nil {
			moves = append(moves, [2]int{i, to})
		}
	}
	return g, New(g), moves
}

func reserved(moves [][2]int, c int) bool {
	for _, m := range moves {
		if m[0] == c || m[1] == c {
			return true
		}
	}
	return false
}

// step moves unit k from one cell of its pair to the other, as a unit on
// its way does: the grid first, then the vision (units.Game.OnStep).
func step(g *hexmap.Grid, v *Vision, k int, m [2]int, back bool) {
	from, to := m[0], m[1]
	if back {
		from, to = to, from
	}
	u := g.Units()[k]
	u.Location = g.Topology().Coordinates(to)
	g.PutUnit(k, u)
	v.Step(from, to)
}

// BenchmarkStep is the vision update of one unit's step: its old vision
// taken away, a search where it now stands, the new vision added (goal:
// under 5 µs).
func BenchmarkStep(b *testing.B) {
	g, v, moves := benchMap(b, 1)
	back := false
	for b.Loop() {
		step(g, v, 0, moves[0], back)
		back = !back
	}
}

// BenchmarkHundredUnitsStep moves all 100 units of a side one cell each
// on an 80×60 map (goal: under 1 ms).
func BenchmarkHundredUnitsStep(b *testing.B) {
	g, v, moves := benchMap(b, 100)
	back := false
	for b.Loop() {
		for k, m := range moves {
			step(g, v, k, m, back)
		}
		back = !back
	}
}

// BenchmarkCellDataUpdate is the cell data's work per frame while the
// 100 units' step fades in and out on an 80×60 map: taking in what
// changed and advancing every fading cell (the renderer then uploads
// Pix; render's BenchmarkCellDataUpload times that).
func BenchmarkCellDataUpdate(b *testing.B) {
	g, v, moves := benchMap(b, 100)
	d := NewCellData(v, 1)
	back := false
	frame := 0
	for b.Loop() {
		if frame%60 == 0 { // a step a second, so something always fades
			for k, m := range moves {
				step(g, v, k, m, back)
			}
			back = !back
		}
		d.Update(1.0 / 60)
		frame++
	}
}
