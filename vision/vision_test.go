package vision

import (
	"math/rand/v2"
	"slices"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/nav"
	"hexsandbox/units"
)

// recount is every side's visibility counts worked out from scratch:
// each unit adds one to every cell the cell-by-cell rule says it sees.
func recount(g *hexmap.Grid) [hexmap.MaxSides][]uint16 {
	var c [hexmap.MaxSides][]uint16
	for s := range c {
		c[s] = make([]uint16, g.Topology().CellCount())
	}
	for k, u := range g.Units() {
		for _, i := range oracleSees(g, g.UnitCell(k), Range) {
			c[u.Side-1][i]++
		}
	}
	return c
}

// checkCounts compares v's counts with a recount, and checks that every
// cell a side sees is explored by it and that exploration only grew
// since before.
func checkCounts(t *testing.T, v *Vision, before []uint8, what string) {
	t.Helper()
	g := v.Grid()
	want := recount(g)
	for s := range want {
		for i, n := range want[s] {
			if got := v.Count(s+1, i); got != int(n) {
				t.Fatalf("%s: side %d cell %d count %d, a recount gives %d", what, s+1, i, got, n)
			}
			if v.Visible(s+1, i) != (n > 0 && g.Topology().Explorable(i)) {
				t.Fatalf("%s: side %d cell %d visible %v with count %d", what, s+1, i, v.Visible(s+1, i), n)
			}
			if v.Visible(s+1, i) && !g.Explored(i, s+1) {
				t.Fatalf("%s: side %d sees cell %d but has not explored it", what, s+1, i)
			}
		}
	}
	for i, m := range before {
		if g.Exploration()[i]&m != m {
			t.Fatalf("%s: cell %d lost exploration %#b → %#b", what, i, m, g.Exploration()[i])
		}
	}
}

// freeDry picks a random dry cell without a unit.
func freeDry(g *hexmap.Grid, rng *rand.Rand) (int, bool) {
	for range 100 {
		i := rng.IntN(g.Topology().CellCount())
		if !g.Occupied(i) && !g.Cell(i).IsUnderwater() {
			return i, true
		}
	}
	return 0, false
}

// The counts always equal a recount from scratch, whatever happens:
// units placed, removed, stepping to a neighbour (Step) or jumping
// (Sync), terrain raised and lowered and flooded under them, on flat and
// wrapping maps.
func TestCountsMatchRecount(t *testing.T) {
	for m, wrapping := range []bool{false, true, false, true} {
		g := newGrid(t, 20, 15, wrapping)
		rng := rand.New(rand.NewPCG(uint64(m), 11))
		randomTerrain(g, rng)
		for range 25 {
			if i, ok := freeDry(g, rng); ok {
				g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(i), Side: uint8(1 + rng.IntN(hexmap.MaxSides)), MovesLeft: hexmap.UnitSpeed})
			}
		}
		v := New(g)
		checkCounts(t, v, nil, "start")
		for op := range 400 {
			before := slices.Clone(g.Exploration())
			what := ""
			switch r := rng.IntN(10); {
			case r < 5 && len(g.Units()) > 0: // a step to a neighbour, as a travelling unit takes it
				k := rng.IntN(len(g.Units()))
				from := g.UnitCell(k)
				to, ok := g.Topology().Neighbor(from, hexmap.Direction(rng.IntN(6)))
				u := g.Units()[k]
				u.Location = g.Topology().Coordinates(to)
				if !ok || g.PutUnit(k, u) != nil {
					continue
				}
				v.Step(from, to)
				what = "step"
			case r < 6 && len(g.Units()) > 0: // a jump, seen by Sync
				k := rng.IntN(len(g.Units()))
				to, ok := freeDry(g, rng)
				u := g.Units()[k]
				u.Location = g.Topology().Coordinates(to)
				if !ok || g.PutUnit(k, u) != nil {
					continue
				}
				v.Sync()
				what = "jump"
			case r < 7:
				if i, ok := freeDry(g, rng); ok {
					g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(i), Side: uint8(1 + rng.IntN(hexmap.MaxSides)), MovesLeft: hexmap.UnitSpeed})
				}
				if len(g.Units()) > 0 && rng.IntN(2) == 0 {
					g.RemoveUnit(g.UnitCell(rng.IntN(len(g.Units()))))
				}
				v.Sync()
				what = "placement"
			case r < 9: // terrain under and around units; water may drown one
				i := rng.IntN(g.Topology().CellCount())
				if len(g.Units()) > 0 && rng.IntN(2) == 0 {
					i = g.UnitCell(rng.IntN(len(g.Units())))
				}
				if rng.IntN(3) == 0 {
					g.SetWaterLevel(i, rng.IntN(6))
				} else {
					g.SetElevation(i, rng.IntN(7)-1)
				}
				v.Sync()
				what = "edit"
			default: // a batch of edits
				g.Batch(hexmap.EditRules, func() {
					for range 20 {
						g.SetElevation(rng.IntN(g.Topology().CellCount()), rng.IntN(5))
					}
				})
				v.Sync()
				what = "batch"
			}
			checkCounts(t, v, before, what)
			_ = op
		}
		v.Close()
	}
}

// A unit's move reveals the cells along its way: travelling with the
// game's step hook, it explores what it saw from every cell it passed,
// though from where it stops it no longer sees all of it, even when one
// frame takes it the whole way.
func TestMoveRevealsAlongTheWay(t *testing.T) {
	g := newGrid(t, 30, 15, false)
	top := g.Topology()
	start, _ := top.IndexOffset(5, 7)
	end, _ := top.IndexOffset(15, 7)
	// A road, so the way is made in one turn, which side 2 has explored
	// (unexplored cells are no way through).
	for x := 5; x <= 15; x++ {
		i, _ := top.IndexOffset(x, 7)
		g.AddRoad(i, hexmap.E)
		g.Explore(i, 2)
	}
	if err := g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(start), Side: 2, MovesLeft: hexmap.UnitSpeed}); err != nil {
		t.Fatal(err)
	}
	g.SetSideInTurn(2)
	v := New(g)
	game := units.NewGame(g, nav.NewFinder(g), nil)
	game.OnStep = func(_, from, to int) { v.Step(from, to) }
	// Cells seen only from the cells in between: farther than 3 from
	// both ends of the way (flat, so sight is the disk of 3).
	var between []int
	for i := range g.Topology().CellCount() {
		ds, de := top.Distance(i, start), top.Distance(i, end)
		if ds > Range && de > Range && top.Explorable(i) && !g.Explored(i, 2) {
			for x := 6; x <= 14; x++ {
				if c, _ := top.IndexOffset(x, 7); top.Distance(i, c) <= Range {
					between = append(between, i)
					break
				}
			}
		}
	}
	if len(between) == 0 {
		t.Fatal("no cell is seen only along the way")
	}
	for _, i := range between {
		if g.Explored(i, 2) {
			t.Fatalf("cell %d explored before the move", i)
		}
	}
	if err := game.Move(0, end); err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		game.Update(5) // a frame long enough for the whole way
		if _, moving := game.Travelling(); !moving {
			break
		}
	}
	if g.UnitCell(0) != end {
		t.Fatalf("the unit stopped on %d, want %d", g.UnitCell(0), end)
	}
	for _, i := range between {
		if !g.Explored(i, 2) || v.Visible(2, i) {
			t.Errorf("cell %d along the way: explored %v, visible %v; want explored, not visible", i, g.Explored(i, 2), v.Visible(2, i))
		}
		if g.Explored(i, 1) {
			t.Errorf("cell %d: side 1 explored it too", i)
		}
	}
	checkCounts(t, v, nil, "after the move")
}
