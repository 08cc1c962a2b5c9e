package game

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"
)

// hillyGrid is a w×h map with some relief, water, woods, towns' urban
// levels, walls, farms and roads, drawn from seed.
func hillyGrid(t testing.TB, w, h int, seed uint64) *hexmap.Grid {
	g := flatGrid(t, w, h)
	rnd := rand.New(rand.NewPCG(seed, 9))
	for i := range g.Topology().CellCount() {
		g.SetElevation(i, rnd.IntN(3))
		switch rnd.IntN(12) {
		case 0:
			g.SetWaterLevel(i, 3)
		case 1:
			g.SetPlantLevel(i, 1+rnd.IntN(3))
		case 2:
			g.SetFarmLevel(i, 1)
		case 3:
			g.SetUrbanLevel(i, 1+rnd.IntN(3))
		case 4:
			g.SetWalled(i, true)
		case 5:
			_ = g.AddRoad(i, hexmap.Direction(rnd.IntN(6)))
		}
	}
	return g
}

// dryCells returns n distinct land cells of g, drawn from rnd.
func dryCells(g *hexmap.Grid, rnd *rand.Rand, n int) []Cell {
	var out []Cell
	used := make([]bool, g.Topology().CellCount())
	for len(out) < n {
		i := rnd.IntN(g.Topology().CellCount())
		if used[i] || g.Cell(i).IsUnderwater() {
			continue
		}
		used[i] = true
		x, z := g.Topology().Offset(i)
		out = append(out, Cell{x, z})
	}
	return out
}

// randomScenario places sides 1..sides, each with a town and units of
// every type, on land cells drawn from seed.
func randomScenario(g *hexmap.Grid, sides, perSide int, seed uint64) Scenario {
	rnd := rand.New(rand.NewPCG(seed, 3))
	types := []string{"scout", "spearman", "archer", "horseman", "catapult"}
	cells := dryCells(g, rnd, sides*(perSide+1)+2)
	sc := Scenario{Seed: seed}
	for s := 1; s <= sides; s++ {
		sc.Sides = append(sc.Sides, SideSpec{Side: s, Team: s})
		sc.Towns = append(sc.Towns, TownSpec{Name: "T", Cell: cells[0], Owner: s})
		cells = cells[1:]
		for k := range perSide {
			sc.Units = append(sc.Units, UnitSpec{Type: types[k%5], Side: s, Cell: cells[0]})
			cells = cells[1:]
		}
	}
	sc.Towns = append(sc.Towns, TownSpec{Name: "Free", Cell: cells[0]})
	return sc
}

// randomCommand picks a command for the side in turn: mostly a move or
// an attack by one of its units to somewhere near, sometimes a
// production change, an undo or an end; resignation is rare.
func randomCommand(m *Match, rnd *rand.Rand) Command {
	var own []int
	for id := 1; id <= len(m.st.Units); id++ {
		if u := m.st.Units[id-1]; u.HP > 0 && u.Side == m.SideInTurn() {
			own = append(own, id)
		}
	}
	roll := rnd.IntN(100)
	switch {
	case roll < 8 || len(own) == 0:
		return Command{Cmd: "end"}
	case roll < 11:
		return Command{Cmd: "undo"}
	case roll < 13:
		return Command{Cmd: "produce", Town: 1 + rnd.IntN(len(m.st.Towns)), Type: m.rules.Types[rnd.IntN(len(m.rules.Types))].Name}
	case roll == 13 && rnd.IntN(20) == 0:
		return Command{Cmd: "resign"}
	}
	id := own[rnd.IntN(len(own))]
	x, z := m.grid.Topology().Offset(m.st.Units[id-1].Cell)
	c := Cell{x + rnd.IntN(9) - 4, z + rnd.IntN(9) - 4}
	if roll < 60 {
		return Command{Cmd: "move", Unit: id, To: &c}
	}
	return Command{Cmd: "attack", Unit: id, At: &c}
}

// checkInvariants fails unless one unit stands on a cell, none under
// water, each live unit has 1..100 hp, owners and sides are playing
// sides, and the sight counts equal a recount.
func checkInvariants(t testing.TB, m *Match) {
	t.Helper()
	count := make([]int, m.grid.Topology().CellCount())
	for id := 1; id <= len(m.st.Units); id++ {
		u := m.st.Units[id-1]
		if u.HP == 0 {
			continue
		}
		count[u.Cell]++
		switch {
		case u.HP < 1 || u.HP > MaxHP:
			t.Fatalf("unit %d has %d hp", id, u.HP)
		case m.grid.Cell(u.Cell).IsUnderwater():
			t.Fatalf("unit %d under water", id)
		case indexOf(m.st.Sides, u.Side) < 0 || !m.st.Sides[indexOf(m.st.Sides, u.Side)].Alive:
			t.Fatalf("unit %d of side %d, which is not playing", id, u.Side)
		case int(m.occupant[u.Cell]) != id:
			t.Fatalf("unit %d not recorded on its cell", id)
		}
	}
	for i, c := range count {
		if c > 1 || (c == 0 && m.occupant[i] != 0) {
			t.Fatalf("cell %d holds %d units (occupant %d)", i, c, m.occupant[i])
		}
	}
	for k, tw := range m.st.Towns {
		if tw.Owner != 0 && indexOf(m.st.Sides, tw.Owner) < 0 {
			t.Fatalf("town %d owned by side %d", k+1, tw.Owner)
		}
	}
	seen := m.seen
	m.rebuildSight()
	for team := range seen {
		for i := range seen[team] {
			if seen[team][i] != m.seen[team][i] {
				t.Fatalf("team %d's sight of cell %d: %d kept, %d recounted", team, i, seen[team][i], m.seen[team][i])
			}
		}
	}
}

// playRandom applies n random commands, refusals skipped, checking the
// invariants after each.
func playRandom(t testing.TB, m *Match, rnd *rand.Rand, n int) {
	for range n {
		if over, _ := m.Over(); over {
			return
		}
		_, _ = m.Apply(randomCommand(m, rnd))
		checkInvariants(t, m)
	}
}

// TestReplaySameHash plays random matches and replays their logs: from
// the start, from a snapshot taken halfway, and through JSON; each
// replay ends in the same state hash as the match played.
func TestReplaySameHash(t *testing.T) {
	for seed := range uint64(6) {
		g := hillyGrid(t, 20, 15, seed)
		m := start(t, g, randomScenario(g, 2+int(seed%3), 5, seed))
		rnd := rand.New(rand.NewPCG(seed, 77))
		playRandom(t, m, rnd, 300)
		half := m.Save(true)
		playRandom(t, m, rnd, 300)
		checkInvariants(t, m)
		full := m.Save(false)
		withSnap := full
		withSnap.Snapshot = half.Snapshot
		b, err := json.Marshal(withSnap)
		if err != nil {
			t.Fatal(err)
		}
		var back Saved
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		for name, s := range map[string]Saved{"log": full, "snapshot": withSnap, "json": back} {
			r, err := Resume(g, s)
			if err != nil {
				t.Fatalf("seed %d, %s: %v", seed, name, err)
			}
			if r.Hash() != m.Hash() || len(r.Log()) != len(m.Log()) {
				t.Errorf("seed %d, %s: replayed hash %s, played %s", seed, name, r.Hash(), m.Hash())
			}
		}
		if over, _ := m.Over(); !over && len(m.Log()) < 100 {
			t.Errorf("seed %d: only %d commands accepted of 600", seed, len(m.Log()))
		}
	}
}

// TestSnapshotChecked: a snapshot whose state was altered is refused.
func TestSnapshotChecked(t *testing.T) {
	g := hillyGrid(t, 20, 15, 1)
	m := start(t, g, randomScenario(g, 2, 5, 1))
	playRandom(t, m, rand.New(rand.NewPCG(1, 1)), 100)
	s := m.Save(true)
	var st map[string]any
	_ = json.Unmarshal(s.Snapshot.State, &st)
	for _, field := range []string{"round", "rng", "turn"} {
		alt := map[string]any{}
		for k, v := range st {
			alt[k] = v
		}
		alt[field] = 1e6
		b, _ := json.Marshal(alt)
		bad := s
		bad.Snapshot = &Snapshot{At: s.Snapshot.At, Hash: s.Snapshot.Hash, State: b}
		if _, err := Resume(g, bad); err == nil {
			t.Errorf("a snapshot with %s altered was accepted", field)
		}
	}
	bad := s
	bad.Version = 99
	if _, err := Resume(g, bad); err == nil {
		t.Error("version 99 accepted")
	}
}

// TestRefusalsChangeNothing: over many random commands, each refused one
// leaves the hash and the log as they were.
func TestRefusalsChangeNothing(t *testing.T) {
	g := hillyGrid(t, 20, 15, 4)
	m := start(t, g, randomScenario(g, 3, 5, 4))
	rnd := rand.New(rand.NewPCG(4, 4))
	refusals := 0
	for range 1000 {
		if over, _ := m.Over(); over {
			break
		}
		before, n := m.Hash(), len(m.Log())
		if _, err := m.Apply(randomCommand(m, rnd)); err != nil {
			refusals++
			if m.Hash() != before || len(m.Log()) != n {
				t.Fatalf("refused (%v) but changed", err)
			}
		}
	}
	if refusals == 0 {
		t.Error("no command was refused")
	}
}
