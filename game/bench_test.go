package game

import (
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/internal/testutil"
	"hexsandbox/mapgen"
)

// generatedGrid is an 80×60 map made by the map generator with its
// default settings (no roads: the cheapest step is 5).
func generatedGrid(tb testing.TB) *hexmap.Grid {
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: 80, Height: 60}, 1208905299)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// scriptedMatch plays rounds rounds of a 4-side match on map g (80×60)
// with a plain scripted player: each unit attacks an enemy within two
// cells if the rules let it, else walks to a cell drawn within six; then
// the side ends its turn. It returns the match and its saved form.
func scriptedMatch(tb testing.TB, g *hexmap.Grid, rounds int) (*Match, Saved) {
	sc := randomScenario(g, 4, 10, 11)
	sc.Victory.Rounds = rounds
	m := start(tb, g, sc)
	rnd := rand.New(rand.NewPCG(11, 12))
	for over, _ := m.Over(); !over; over, _ = m.Over() {
		side := m.SideInTurn()
		for id := 1; id <= len(m.st.Units); id++ {
			if u := m.st.Units[id-1]; u.HP == 0 || u.Side != side {
				continue
			}
			if !m.attackNear(id) {
				x, z := m.grid.Topology().Offset(m.st.Units[id-1].Cell)
				_, _ = m.Apply(Command{Cmd: "move", Unit: id, To: &Cell{x + rnd.IntN(13) - 6, z + rnd.IntN(13) - 6}})
			}
		}
		if over, _ := m.Over(); !over {
			do(tb, m, Command{Cmd: "end"})
		}
	}
	return m, m.Save(false)
}

// attackNear has unit id attack the first enemy within two cells that
// the rules let it, reporting whether it did.
func (m *Match) attackNear(id int) bool {
	u := m.st.Units[id-1]
	found := false
	m.grid.Topology().Within(u.Cell, 2, func(n int) {
		if found || m.occupant[n] == 0 {
			return
		}
		c := m.offset(n)
		if _, err := m.Apply(Command{Cmd: "attack", Unit: id, At: &c}); err == nil {
			found = true
		}
	})
	return found
}

// TestScriptedMatchPlays checks that the benchmark's match is a real
// one: 200 rounds ended by score, with fights and production, replaying
// to the same hash.
func TestScriptedMatchPlays(t *testing.T) {
	m, s := scriptedMatch(t, generatedGrid(t), 200)
	moves, attacks := 0, 0
	for _, c := range s.Log {
		switch c.Cmd {
		case "move":
			moves++
		case "attack":
			attacks++
		}
	}
	if over, _ := m.Over(); !over || m.Round() != 200 || moves < 3000 || attacks < 100 || len(m.st.Units) <= 40 {
		t.Errorf("round %d, %d moves, %d attacks, %d units ever", m.Round(), moves, attacks, len(m.st.Units))
	}
	r, err := Resume(m.grid, s)
	if err != nil || r.Hash() != m.Hash() {
		t.Errorf("replay: %v, hash %s vs %s", err, r.Hash(), m.Hash())
	}
}

// BenchmarkReplay200Rounds replays the scripted 200-round match of 4
// sides on a generated 80×60 map from its start (the match's tables
// built included).
func BenchmarkReplay200Rounds(b *testing.B) { benchReplay(b, generatedGrid(b)) }

// BenchmarkReplay200RoundsRoads is the same on the varied test map,
// whose road fragments everywhere make the cheapest step 1, so the
// path search's bound is weak.
func BenchmarkReplay200RoundsRoads(b *testing.B) { benchReplay(b, hillyGrid(b, 80, 60, 11)) }

func benchReplay(b *testing.B, g *hexmap.Grid) {
	m, s := scriptedMatch(b, g, 200)
	testutil.CPULoop(b, func() {
		if _, err := Resume(m.grid, s); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkMove is a move command of four flat steps (20 of a
// spearman's 24) on an 80×60 map with plants about, its path search
// included; the unit walks back and forth, its moves given back between
// runs.
func BenchmarkMove(b *testing.B) {
	g := flatGrid(b, 80, 60)
	for i := 0; i < g.Topology().CellCount(); i += 7 {
		g.SetPlantLevel(i, 1)
	}
	benchMoves(b, g, []Cell{{44, 30}, {40, 30}})
}

// BenchmarkMoveFar is a move command towards a cell 30 columns off on
// the varied 80×60 map: the whole least-cost way is searched, and the
// unit goes as far as its moves allow, back and forth.
func BenchmarkMoveFar(b *testing.B) {
	benchMoves(b, hillyGrid(b, 80, 60, 11), []Cell{{70, 30}, {10, 30}})
}

// benchMoves moves a spearman from (40,30) to each of ends in turn, its
// moves given back before each; the cells it uses are made dry and
// unwalled.
func benchMoves(b *testing.B, g *hexmap.Grid, ends []Cell) {
	for _, c := range append([]Cell{{40, 30}, {79, 59}}, ends...) {
		g.SetWaterLevel(at(g, c[0], c[1]), 0)
		g.SetWalled(at(g, c[0], c[1]), false)
	}
	m := start(b, g, Scenario{Sides: []SideSpec{{1, 1, "", "", 0}, {2, 2, "", "", 0}}, Units: []UnitSpec{us("spearman", 1, 40, 30, 0), us("spearman", 2, 79, 59, 0)}})
	k := 0
	testutil.CPULoop(b, func() {
		m.st.Units[0].Moves = 24
		m.st.Undo, m.log = m.st.Undo[:0], m.log[:0]
		c := ends[k%2]
		if _, err := m.Apply(Command{Cmd: "move", Unit: 1, To: &c}); err != nil {
			b.Fatal(err)
		}
		k++
	})
}

// BenchmarkAttack is a melee attack between two spearmen, health and
// moves restored between runs.
func BenchmarkAttack(b *testing.B) {
	m := start(b, flatGrid(b, 80, 60), two(us("spearman", 1, 40, 30, 0), us("spearman", 2, 41, 30, 0)))
	cmd := attackCmd(1, 41, 30)
	testutil.CPULoop(b, func() {
		m.st.Units[0].HP, m.st.Units[1].HP, m.st.Units[0].Moves = 100, 100, 24
		m.log = m.log[:0]
		if _, err := m.Apply(cmd); err != nil {
			b.Fatal(err)
		}
	})
}
