package ai

import (
	"testing"

	"hexsandbox/game"
	"hexsandbox/hexmap"
)

// flat is a w×h map of dry, flat, featureless land: every step costs 5,
// so a unit of speed 24 walks four cells a turn.
func flat(t testing.TB, w, h int) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(w, h, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func us(typ string, side, x, z, hp int) game.UnitSpec {
	return game.UnitSpec{Type: typ, Side: side, Cell: game.Cell{x, z}, HP: hp}
}

func ts(name string, owner, x, z int) game.TownSpec {
	return game.TownSpec{Name: name, Cell: game.Cell{x, z}, Owner: owner}
}

// newMatch starts a two-sided match on g.
func newMatch(t testing.TB, g *hexmap.Grid, towns []game.TownSpec, units ...game.UnitSpec) *game.Match {
	t.Helper()
	sc := game.Scenario{Seed: 7, Sides: []game.SideSpec{{Side: 1, Team: 1}, {Side: 2, Team: 2}}, Towns: towns, Units: units}
	m, _, err := game.NewMatch(g, sc)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// turn plays the side in turn's turn at level and returns the commands
// the engine carried out; a refused one fails the test.
func turn(t testing.TB, m *game.Match, level Level) []game.Command {
	t.Helper()
	var cmds []game.Command
	refused := PlayTurn(m, ForMatch(m, m.SideInTurn(), level), func(c game.Command, _ []game.Event) {
		cmds = append(cmds, c)
	})
	for _, err := range refused {
		t.Errorf("refused: %v", err)
	}
	return cmds
}

// of is the commands of unit id.
func of(cmds []game.Command, id int) []game.Command {
	var out []game.Command
	for _, c := range cmds {
		if c.Unit == id {
			out = append(out, c)
		}
	}
	return out
}

// unitAt is the live unit id's cell and health as side sees it.
func unitAt(m *game.Match, side, id int) (game.Cell, int, bool) {
	for _, u := range m.View(side).Units {
		if u.ID == id {
			return u.Cell, u.HP, true
		}
	}
	return game.Cell{}, 0, false
}

// distance is the hex distance between two offset cells on g.
func distance(g *hexmap.Grid, a, b game.Cell) int {
	return g.Topology().DistanceTo(hexmap.FromOffset(a[0], a[1]), hexmap.FromOffset(b[0], b[1]))
}
