package game

import (
	"fmt"
	"slices"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// TestTurnRuleEachSpeed: on flat land every step costs 5, so a unit of
// speed s gets s/5 steps and keeps s mod 5: scout and horseman (36) 7
// steps, 1 left; spearman and archer (24) 4 steps, 4 left; catapult
// (18) 3 steps, 3 left. A move beyond reach stops there.
func TestTurnRuleEachSpeed(t *testing.T) {
	for _, c := range []struct {
		typ          string
		steps, moves int
	}{{"scout", 7, 1}, {"spearman", 4, 4}, {"archer", 4, 4}, {"horseman", 7, 1}, {"catapult", 3, 3}} {
		m := start(t, flatGrid(t, 30, 10), two(us(c.typ, 1, 2, 5, 0), us("scout", 2, 28, 8, 0)))
		ev := do(t, m, moveCmd(1, 27, 5))
		p := find(t, ev, "moved").Path
		if len(p) != c.steps+1 || p[len(p)-1] != (Cell{2 + c.steps, 5}) || m.st.Units[0].Moves != c.moves {
			t.Errorf("%s: path %v, %d moves left; want %d steps east, %d left", c.typ, p, m.st.Units[0].Moves, c.steps, c.moves)
		}
		// The moves left pay for no further flat step this turn.
		refused(t, m, moveCmd(1, 27, 5), ErrNoMoves)
		// Next turn the unit has its whole speed again.
		do(t, m, endCmd())
		do(t, m, endCmd())
		if m.st.Units[0].Moves != m.unitType(&m.st.Units[0]).Moves {
			t.Errorf("%s: %d moves at its next turn", c.typ, m.st.Units[0].Moves)
		}
	}
}

// TestRoadsAndSlopes: a road step costs 1 (24 of them for a spearman);
// a slope step 10, which 4 moves left cannot pay.
func TestRoadsAndSlopes(t *testing.T) {
	g := flatGrid(t, 30, 10)
	for x := 1; x < 29; x++ {
		if err := g.AddRoad(at(g, x, 5), hexmap.E); err != nil {
			t.Fatal(err)
		}
	}
	m := start(t, g, two(us("spearman", 1, 1, 5, 0), us("scout", 2, 28, 8, 0)))
	p := find(t, do(t, m, moveCmd(1, 28, 5)), "moved").Path
	if len(p) != 25 || m.st.Units[0].Moves != 0 {
		t.Errorf("road: %d steps, %d left; want 24, 0", len(p)-1, m.st.Units[0].Moves)
	}
	g = flatGrid(t, 30, 10)
	for x := 7; x < 30; x++ {
		for z := range 10 {
			g.SetElevation(at(g, x, z), 1)
		}
	}
	// Flat steps to (6,5) cost 20; the step up onto (7,5) costs 10 > 4.
	m = start(t, g, two(us("spearman", 1, 2, 5, 0), us("scout", 2, 28, 8, 0)))
	p = find(t, do(t, m, moveCmd(1, 9, 5)), "moved").Path
	if p[len(p)-1] != (Cell{6, 5}) || m.st.Units[0].Moves != 4 {
		t.Errorf("slope: stopped at %v with %d left; want [6 5] with 4", p[len(p)-1], m.st.Units[0].Moves)
	}
}

// TestUnitsBlock: own units are passed through, never stopped on; other
// sides' units are gone round.
func TestUnitsBlock(t *testing.T) {
	m := start(t, flatGrid(t, 30, 10), two(us("spearman", 1, 2, 5, 0), us("spearman", 1, 4, 5, 0), us("scout", 2, 28, 8, 0)))
	p := find(t, do(t, m, moveCmd(1, 6, 5)), "moved").Path
	if len(p) != 5 || p[2] != (Cell{4, 5}) {
		t.Errorf("through an own unit: %v", p)
	}
	// Beyond reach, the cell where the moves run out holds a unit: stop
	// one short, at (5,5) with 24 − 15 = 9 left.
	m = start(t, flatGrid(t, 30, 10), two(us("spearman", 1, 2, 5, 0), us("spearman", 1, 6, 5, 0), us("scout", 2, 28, 8, 0)))
	p = find(t, do(t, m, moveCmd(1, 20, 5)), "moved").Path
	if p[len(p)-1] != (Cell{5, 5}) || m.st.Units[0].Moves != 9 {
		t.Errorf("stopping before an own unit: %v, %d left", p, m.st.Units[0].Moves)
	}
	m = start(t, flatGrid(t, 30, 10), two(us("spearman", 1, 2, 5, 0), us("spearman", 2, 4, 5, 0)))
	p = find(t, do(t, m, moveCmd(1, 6, 5)), "moved").Path
	for _, c := range p {
		if c == (Cell{4, 5}) {
			t.Errorf("walked through an enemy: %v", p)
		}
	}
	if len(p) != 5 || p[len(p)-1] == (Cell{6, 5}) {
		t.Errorf("round an enemy: %v; want four steps of the five-step detour", p)
	}
	refused(t, m, moveCmd(2, 5, 5), ErrNotYours)
	refused(t, m, moveCmd(1, 4, 5), ErrOccupied)
	refused(t, m, moveCmd(1, 99, 5), ErrOffMap)
	refused(t, m, moveCmd(7, 1, 1), ErrNoSuchUnit)
	refused(t, m, Command{Cmd: "fly"}, ErrBadCommand)
	g := flatGrid(t, 30, 10)
	g.SetWaterLevel(at(g, 12, 5), 1)
	m = start(t, g, two(us("spearman", 1, 2, 5, 0), us("spearman", 2, 20, 5, 0)))
	refused(t, m, moveCmd(1, 12, 5), ErrNoPath)
}

// TestHealing: units that rested heal 10, 20 in a town of their side, at
// most to 100, from their side's second turn; units that moved or
// attacked do not.
func TestHealing(t *testing.T) {
	sc := two(us("spearman", 1, 2, 5, 50), us("spearman", 1, 4, 5, 50), us("spearman", 1, 6, 5, 95),
		us("spearman", 1, 8, 2, 50), us("spearman", 2, 20, 5, 50))
	sc.Towns = []TownSpec{{Name: "Home", Cell: Cell{4, 5}, Owner: 1}}
	m := start(t, flatGrid(t, 30, 10), sc)
	if m.st.Units[0].HP != 50 {
		t.Fatal("healed at the first turn")
	}
	do(t, m, moveCmd(4, 8, 3)) // unit 4 moves in turn 1
	do(t, m, endCmd())
	ev := do(t, m, endCmd()) // side 1's second turn
	want := map[int]int{1: 60, 2: 70, 3: 100}
	for _, e := range ev {
		if e.Ev == "healed" {
			if want[e.Unit] != e.HP {
				t.Errorf("unit %d healed to %d", e.Unit, e.HP)
			}
			delete(want, e.Unit)
		}
	}
	if len(want) != 0 || unitHP(m, 4) != 50 || unitHP(m, 1) != 60 {
		t.Errorf("not healed: %v; unit 4 (moved) at %d", want, unitHP(m, 4))
	}
	// Side 2's unit heals at side 2's second turn.
	if ev = do(t, m, endCmd()); find(t, ev, "healed").Unit != 5 || unitHP(m, 5) != 60 {
		t.Errorf("side 2's unit: %+v", ev)
	}
}

// TestProduction: a town adds 2 + urban + farmed neighbours each turn
// of its owner, the first included, and builds when the stock reaches
// the cost, on its cell or its first free land neighbour from NE inside
// the border.
func TestProduction(t *testing.T) {
	g := flatGrid(t, 30, 10)
	town := at(g, 10, 5)
	g.SetUrbanLevel(town, 3)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		nb, _ := g.Topology().Neighbor(town, d)
		g.SetFarmLevel(nb, 1)
	}
	sc := two(us("scout", 2, 25, 5, 0))
	sc.Towns = []TownSpec{{Name: "Ash", Cell: Cell{10, 5}, Owner: 1}}
	m := start(t, g, sc) // turn 1: 2 + 3 + 6 = 11
	if s := m.st.Towns[0].Stock; s != 11 {
		t.Fatalf("stock %d after the first turn's start, want 11", s)
	}
	do(t, m, endCmd())
	do(t, m, endCmd()) // 22
	do(t, m, endCmd())
	ev := do(t, m, endCmd()) // 33 ≥ 25: a spearman, 8 left
	p := find(t, ev, "produced")
	if p.Town != 1 || p.Unit != 2 || p.Type != "spearman" || *p.Cell != (Cell{10, 5}) || m.st.Towns[0].Stock != 8 {
		t.Errorf("produced %+v, stock %d; want unit 2, a spearman on [10,5], 8 left", p, m.st.Towns[0].Stock)
	}

	// At the boundary: 23 + 2 = 25 builds, leaving 0; 22 + 2 = 24 waits.
	for _, c := range []struct{ stock, after int }{{23, 0}, {22, 24}} {
		sc := two(us("scout", 2, 25, 5, 0), us("scout", 1, 2, 2, 0))
		sc.Towns = []TownSpec{{Name: "Elm", Cell: Cell{10, 5}, Owner: 1, Stock: c.stock}}
		m, ev, err := NewMatch(flatGrid(t, 30, 10), sc)
		if err != nil {
			t.Fatal(err)
		}
		if m.st.Towns[0].Stock != c.after || has(ev, "produced") != (c.after == 0) {
			t.Errorf("stock %d: %d after, events %+v", c.stock, m.st.Towns[0].Stock, ev)
		}
	}

	// Town cell taken and NE under water: the unit appears east.
	g = flatGrid(t, 30, 10)
	ne, _ := g.Topology().Neighbor(at(g, 10, 5), hexmap.NE)
	e, _ := g.Topology().Neighbor(at(g, 10, 5), hexmap.E)
	g.SetWaterLevel(ne, 1)
	sc = two(us("scout", 2, 25, 5, 0), us("scout", 1, 10, 5, 0))
	sc.Towns = []TownSpec{{Name: "Oak", Cell: Cell{10, 5}, Owner: 1, Stock: 23}}
	m, ev, _ = NewMatch(g, sc)
	if p := find(t, ev, "produced"); p.Cell == nil || *p.Cell != m.offset(e) {
		t.Errorf("produced at %v, want the east neighbour %v", p.Cell, m.offset(e))
	}

	// Town cell taken beside the border: the unit appears on the first
	// neighbour inside it, never on the border, where nobody could see it.
	g = flatGrid(t, 30, 10)
	rim := at(g, 10, 8)
	inside := -1
	for d := hexmap.NE; d <= hexmap.NW && inside < 0; d++ {
		if nb, _ := g.Topology().Neighbor(rim, d); g.Topology().Explorable(nb) {
			inside = nb
		}
	}
	if nb, _ := g.Topology().Neighbor(rim, hexmap.NE); g.Topology().Explorable(nb) {
		t.Fatal("the test wants the NE neighbour of [10,8] on the border")
	}
	sc = two(us("scout", 2, 25, 5, 0), us("scout", 1, 10, 8, 0))
	sc.Towns = []TownSpec{{Name: "Fir", Cell: Cell{10, 8}, Owner: 1, Stock: 23}}
	m, ev, _ = NewMatch(g, sc)
	if p := find(t, ev, "produced"); p.Cell == nil || *p.Cell != m.offset(inside) {
		t.Errorf("produced at %v, want the first neighbour inside the border %v", p.Cell, m.offset(inside))
	}

	// Every cell round taken: it waits, stock kept (23 + 2).
	units := []UnitSpec{us("scout", 2, 25, 5, 0), us("scout", 1, 10, 5, 0)}
	g = flatGrid(t, 30, 10)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		nb, _ := g.Topology().Neighbor(at(g, 10, 5), d)
		x, z := g.Topology().Offset(nb)
		units = append(units, us("scout", 1, x, z, 0))
	}
	sc = two(units...)
	sc.Towns = []TownSpec{{Name: "Yew", Cell: Cell{10, 5}, Owner: 1, Stock: 23}}
	m, ev, _ = NewMatch(g, sc)
	if has(ev, "produced") || m.st.Towns[0].Stock != 25 {
		t.Errorf("surrounded town: events %+v, stock %d", ev, m.st.Towns[0].Stock)
	}

	// Production change: another type from the next build on.
	do(t, m, Command{Cmd: "produce", Town: 1, Type: "archer"})
	if m.st.Towns[0].Builds != 2 {
		t.Error("produce did not change what the town builds")
	}
	refused(t, m, Command{Cmd: "produce", Town: 1, Type: "dragon"}, ErrUnknownType)
	refused(t, m, Command{Cmd: "produce", Town: 2, Type: "archer"}, ErrNoSuchTown)
}

// TestCapture: a unit that takes towns entering a town not of its side
// takes it, stock and production kept; a scout does not; passing
// through counts; losing the last town and unit eliminates.
func TestCapture(t *testing.T) {
	sc := two(us("spearman", 1, 5, 5, 0), us("scout", 1, 5, 3, 0), us("spearman", 2, 25, 5, 0))
	sc.Towns = []TownSpec{{Name: "Ash", Cell: Cell{6, 5}, Owner: 2, Builds: "archer", Stock: 7},
		{Name: "Elm", Cell: Cell{6, 3}}, {Name: "Oak", Cell: Cell{7, 5}}}
	m := start(t, flatGrid(t, 30, 10), sc)
	ev := do(t, m, moveCmd(2, 6, 3)) // the scout: nothing taken
	if has(ev, "taken") || m.st.Towns[1].Owner != 0 {
		t.Error("a scout took a town")
	}
	ev = do(t, m, moveCmd(1, 8, 5)) // through Ash and Oak
	var taken []int
	for _, e := range ev {
		if e.Ev == "taken" {
			taken = append(taken, e.Town)
			if *e.Side != 1 {
				t.Errorf("taken by side %d", *e.Side)
			}
		}
	}
	if len(taken) != 2 || taken[0] != 1 || taken[1] != 3 {
		t.Errorf("taken %v, want towns 1 then 3", taken)
	}
	if tw := m.st.Towns[0]; tw.Owner != 1 || tw.Stock != 7 || tw.Builds != 2 {
		t.Errorf("Ash after capture: %+v", tw)
	}
	refused(t, m, Command{Cmd: "undo"}, ErrNoUndo) // a capture cannot be taken back

	// Side 2 holds only a town: taking it eliminates side 2 and side 1
	// wins by conquest.
	sc = two(us("spearman", 1, 5, 5, 0))
	sc.Towns = []TownSpec{{Name: "Ash", Cell: Cell{6, 5}, Owner: 2}}
	m = start(t, flatGrid(t, 30, 10), sc)
	ev = do(t, m, moveCmd(1, 6, 5))
	if *find(t, ev, "eliminated").Side != 2 || find(t, ev, "won").Team != 1 {
		t.Errorf("events %+v", ev)
	}
	refused(t, m, endCmd(), ErrOver)
}

// TestEliminationAndConquest: killing a side's last unit eliminates it;
// with teams, the match ends when one team is left; a side that loses
// its last unit in its own turn passes the turn on.
func TestEliminationAndConquest(t *testing.T) {
	sc := Scenario{Sides: []SideSpec{{1, 1, "", "", 0}, {2, 1, "", "", 0}, {3, 3, "", "", 0}},
		Units: []UnitSpec{us("horseman", 1, 5, 5, 0), us("scout", 3, 6, 5, 1), us("scout", 2, 20, 5, 0)}}
	m := start(t, flatGrid(t, 30, 10), sc)
	ev := do(t, m, attackCmd(1, 6, 5))
	if !has(ev, "destroyed") || *find(t, ev, "eliminated").Side != 3 || find(t, ev, "won").Team != 1 {
		t.Errorf("events %+v", ev)
	}
	// Side 1 of three attacks with its only unit (1 hp) and dies: side
	// 1 is eliminated and side 2's turn begins.
	sc = Scenario{Sides: []SideSpec{{1, 1, "", "", 0}, {2, 2, "", "", 0}, {3, 3, "", "", 0}},
		Units: []UnitSpec{us("scout", 1, 5, 5, 1), us("spearman", 2, 6, 5, 0), us("scout", 3, 20, 5, 0)}}
	m = start(t, flatGrid(t, 30, 10), sc)
	ev = do(t, m, attackCmd(1, 6, 5))
	if e := find(t, ev, "turn"); *find(t, ev, "eliminated").Side != 1 || *e.Side != 2 || e.Round != 1 || has(ev, "won") {
		t.Errorf("events %+v", ev)
	}
	do(t, m, endCmd())
	if e := find(t, do(t, m, endCmd()), "turn"); *e.Side != 2 || e.Round != 2 {
		t.Errorf("the round after: side %d round %d, want side 2 round 2", *e.Side, e.Round)
	}
}

// TestRoundLimit: after the last side's turn of round N the highest
// score wins (10 a town, cost/10 a unit); equal scores draw.
func TestRoundLimit(t *testing.T) {
	// Side 1: a town (10) and a spearman (2) = 12; side 2: a horseman
	// (4) and a scout (1) = 5.
	sc := two(us("spearman", 1, 5, 5, 0), us("horseman", 2, 20, 5, 0), us("scout", 2, 22, 5, 0))
	sc.Towns = []TownSpec{{Name: "Ash", Cell: Cell{2, 2}, Owner: 1}}
	sc.Victory.Rounds = 2
	m := start(t, flatGrid(t, 30, 10), sc)
	for range 3 {
		if ev := do(t, m, endCmd()); has(ev, "won") || has(ev, "draw") {
			t.Fatal("ended before round 2's last turn")
		}
	}
	ev := do(t, m, endCmd())
	if w := find(t, ev, "won"); w.Team != 1 || w.Score != 12 || has(ev, "turn") {
		t.Errorf("events %+v, want team 1 winning with 12", ev)
	}
	sc = two(us("spearman", 1, 5, 5, 0), us("spearman", 2, 20, 5, 0))
	sc.Victory.Rounds = 1
	m = start(t, flatGrid(t, 30, 10), sc)
	do(t, m, endCmd())
	if ev := do(t, m, endCmd()); !has(ev, "draw") {
		t.Errorf("equal scores: %+v", ev)
	}
	if over, team := m.Over(); !over || team != 0 {
		t.Error("a draw is not over")
	}
}

// TestUndo: a move that revealed nothing is taken back exactly; one that
// revealed something, an attack, a production change or an end of turn
// stop undo.
func TestUndo(t *testing.T) {
	sc := two(us("spearman", 1, 5, 5, 0), us("spearman", 1, 7, 8, 0), us("spearman", 2, 9, 8, 0), us("spearman", 2, 25, 5, 0),
		us("scout", 2, 4, 5, 0))
	sc.Towns = []TownSpec{{Name: "Ash", Cell: Cell{2, 2}, Owner: 1}}
	m := start(t, flatGrid(t, 30, 10), sc)
	// The scout of side 2 at (4,5) stays in unit 1's sight throughout:
	// seeing it again reveals nothing.
	do(t, m, moveCmd(1, 6, 5)) // east: reveals cells at the edge of sight
	refused(t, m, Command{Cmd: "undo"}, ErrNoUndo)
	before := m.Hash()
	do(t, m, moveCmd(1, 5, 5)) // back: all seen before
	ev := do(t, m, Command{Cmd: "undo"})
	if e := find(t, ev, "moved"); !e.Undone || e.Path[0] != (Cell{5, 5}) || e.Path[1] != (Cell{6, 5}) || m.Hash() != before {
		t.Errorf("undo: %+v; state as before the move back: %v", ev, m.Hash() == before)
	}
	refused(t, m, Command{Cmd: "undo"}, ErrNoUndo)

	for _, stop := range []Command{attackCmd(2, 9, 8), {Cmd: "produce", Town: 1, Type: "scout"}, endCmd()} {
		m := start(t, flatGrid(t, 30, 10), sc)
		do(t, m, moveCmd(1, 6, 5))
		do(t, m, moveCmd(1, 5, 5))
		if stop.Cmd == "attack" {
			do(t, m, moveCmd(2, 8, 7))
			do(t, m, moveCmd(1, 6, 5))
			do(t, m, moveCmd(1, 5, 5))
		}
		do(t, m, stop)
		if stop.Cmd == "end" {
			do(t, m, endCmd()) // side 2 ends too: side 1's turn again
		}
		refused(t, m, Command{Cmd: "undo"}, ErrNoUndo)
	}
}

// TestResign: the side in turn's units go, its towns become neutral, it
// is eliminated.
func TestResign(t *testing.T) {
	sc := two(us("spearman", 1, 5, 5, 0), us("spearman", 2, 20, 5, 0))
	sc.Towns = []TownSpec{{Name: "Ash", Cell: Cell{2, 2}, Owner: 1}}
	m := start(t, flatGrid(t, 30, 10), sc)
	ev := do(t, m, Command{Cmd: "resign"})
	if !has(ev, "destroyed") || *find(t, ev, "taken").Side != 0 || *find(t, ev, "eliminated").Side != 1 || find(t, ev, "won").Team != 2 {
		t.Errorf("events %+v", ev)
	}
	if m.st.Towns[0].Owner != 0 || m.occupant[at(m.grid, 5, 5)] != 0 {
		t.Error("resigned side kept its town or unit")
	}
}

// TestScenarioOfMap: a map's setup, towns and units become the starting
// scenario, in the map's order.
func TestScenarioOfMap(t *testing.T) {
	g := flatGrid(t, 20, 15)
	for _, u := range []hexmap.Unit{{Location: hexmap.FromOffset(3, 4), Side: 2, Type: "archer"}, {Location: hexmap.FromOffset(5, 4), Side: 1}} {
		if err := g.AddUnit(u); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.PlaceTown(hexmap.Town{Location: hexmap.FromOffset(7, 7), Name: "Ash", Owner: 1}); err != nil {
		t.Fatal(err)
	}
	if err := g.SetSetup(scenario.Setup{Seed: 99, Sides: []scenario.Side{{Side: 2, Team: 1, Name: "North", Controller: scenario.Hard, Colour: 3},
		{Side: 1, Team: 1}}, Victory: scenario.Victory{Rounds: 5}}); err != nil {
		t.Fatal(err)
	}
	sc := ScenarioOf(g)
	want := Scenario{Seed: 99, Victory: Victory{Rounds: 5}, Sides: []SideSpec{{1, 1, "", "", 0}, {2, 1, "North", "hard", 3}},
		Towns: []TownSpec{{Name: "Ash", Cell: Cell{7, 7}, Owner: 1}},
		Units: []UnitSpec{{Type: "archer", Side: 2, Cell: Cell{3, 4}, HP: 100}, {Type: "spearman", Side: 1, Cell: Cell{5, 4}, HP: 100}}}
	if a, b := fmt.Sprint(sc), fmt.Sprint(want); a != b {
		t.Errorf("scenario %s, want %s", a, b)
	}
	m := start(t, g, sc)
	if m.SideName(2) != "North" || m.SideName(1) != "" {
		t.Errorf("side names %q and %q, want \"\" and \"North\"", m.SideName(1), m.SideName(2))
	}
	if m.SideColour(1) != 1 || m.SideColour(2) != 3 {
		t.Errorf("side colours %d and %d, want 1 (its own) and 3", m.SideColour(1), m.SideColour(2))
	}
	back := g.Clone()
	if err := sc.PlaceOn(back); err != nil || !slices.Equal(back.Setup().Sides, g.Setup().Sides) {
		t.Errorf("placed back: %v, sides %+v, want %+v", err, back.Setup().Sides, g.Setup().Sides)
	}
	if m.st.Units[0].Side != 2 || m.offset(m.st.Units[1].Cell) != (Cell{5, 4}) || m.SideInTurn() != 1 {
		t.Error("the match does not start from the map's scenario")
	}
}
