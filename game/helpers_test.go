package game

import (
	"errors"
	"testing"

	"hexsandbox/hexmap"
)

// flatGrid is a w×h map of dry, flat, featureless land: every step costs
// nav.FlatCost (5).
func flatGrid(t testing.TB, w, h int) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(w, h, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// at is the index of offset cell (x, z) on g.
func at(g *hexmap.Grid, x, z int) int { return x + z*g.Topology().Width }

// two is a scenario of sides 1 and 2 on their own teams.
func two(units ...UnitSpec) Scenario {
	return Scenario{Seed: 7, Sides: []SideSpec{{1, 1, "", "", 0}, {2, 2, "", "", 0}}, Units: units}
}

func us(typ string, side, x, z, hp int) UnitSpec {
	return UnitSpec{Type: typ, Side: side, Cell: Cell{x, z}, HP: hp}
}

func start(t testing.TB, g *hexmap.Grid, sc Scenario) *Match {
	t.Helper()
	m, _, err := NewMatch(g, sc)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// do applies cmd, which must be accepted.
func do(t testing.TB, m *Match, cmd Command) []Event {
	t.Helper()
	ev, err := m.Apply(cmd)
	if err != nil {
		t.Fatalf("%+v refused: %v", cmd, err)
	}
	return ev
}

// refused applies cmd, which must be refused with want and change nothing.
func refused(t testing.TB, m *Match, cmd Command, want error) {
	t.Helper()
	before, n := m.Hash(), len(m.Log())
	_, err := m.Apply(cmd)
	if !errors.Is(err, want) {
		t.Fatalf("%+v: error %v, want %v", cmd, err, want)
	}
	if m.Hash() != before || len(m.Log()) != n {
		t.Fatalf("%+v was refused but changed the state", cmd)
	}
}

func moveCmd(id, x, z int) Command   { return Command{Cmd: "move", Unit: id, To: &Cell{x, z}} }
func attackCmd(id, x, z int) Command { return Command{Cmd: "attack", Unit: id, At: &Cell{x, z}} }

func endCmd() Command { return Command{Cmd: "end"} }

// find returns the first event called ev.
func find(t testing.TB, evs []Event, ev string) Event {
	t.Helper()
	for _, e := range evs {
		if e.Ev == ev {
			return e
		}
	}
	t.Fatalf("no %q event in %+v", ev, evs)
	return Event{}
}

func has(evs []Event, ev string) bool {
	for _, e := range evs {
		if e.Ev == ev {
			return true
		}
	}
	return false
}

// unitHP is unit id's health (0: removed).
func unitHP(m *Match, id int) int { return m.st.Units[id-1].HP }
