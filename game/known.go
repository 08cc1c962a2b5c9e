package game

import (
	"cmp"
	"fmt"
	"slices"

	"hexsandbox/hexmap"
)

// Known is the match on map g with scenario sc (its units need not be
// there: only its sides, towns and rules count) as side s knows it from
// its view v (a client of the match server holds no more): the view's
// units (the other sides' without their moves: they are not its to
// move) and towns, the cells it has explored, the round and whose turn
// it is. Units and towns it does not know keep their ids as removed
// units and unexplored neutral towns. Because a move's way goes round
// the units the side sees only, Known answers the side's questions about
// its own units (Way, Reach, Distances, Forecast, Sees, View) as the
// whole match does; it is not for applying commands, whose effects
// depend on what the side does not know.
func Known(g *hexmap.Grid, sc Scenario, s int, v View, inTurn int) (*Match, error) {
	m, err := buildMatch(g, sc)
	if err != nil {
		return nil, err
	}
	if m.st.Turn = m.sideIndex(inTurn); m.st.Turn < 0 || m.sideIndex(s) < 0 {
		return nil, fmt.Errorf("view of side %d, side %d in turn: not this scenario's sides", s, inTurn)
	}
	m.st.Round, m.st.Over = v.Round, v.Over
	m.st.Sides[m.sideIndex(s)].Objectives = v.Objectives
	clear(m.occupant)
	clear(m.townAt)
	clear(m.st.Explored)
	for k := range m.st.Units {
		m.st.Units[k].HP = 0
	}
	for _, uv := range v.Units {
		if err := m.knowUnit(uv); err != nil {
			return nil, err
		}
	}
	for k := range m.st.Towns {
		m.st.Towns[k].Owner = 0
	}
	for _, tv := range v.Towns {
		if err := m.knowTown(tv); err != nil {
			return nil, err
		}
	}
	for k := range m.st.Towns {
		m.townAt[m.st.Towns[k].Cell] = int32(k + 1)
	}
	bit := uint8(1) << (s - 1)
	for _, c := range v.Explored {
		i, err := cellIndex(g, c, "explored")
		if err != nil {
			return nil, err
		}
		m.st.Explored[i] |= bit
	}
	m.rebuildSight()
	return m, nil
}

// knowUnit puts unit uv of a view on the map, growing the units with
// removed ones up to its id.
func (m *Match) knowUnit(uv UnitView) error {
	what := fmt.Sprintf("unit %d", uv.ID)
	t, ok := m.rules.TypeIndex(uv.Type)
	i, err := cellIndex(m.grid, uv.Cell, what)
	switch {
	case err != nil:
		return err
	case !ok:
		return fmt.Errorf("%s: no type %q", what, uv.Type)
	case uv.ID < 1 || uv.ID > maxUnits || m.sideIndex(uv.Side) < 0 || uv.HP < 1 || uv.HP > MaxHP:
		return fmt.Errorf("%s: id, side or hp out of range", what)
	case m.occupant[i] != 0:
		return fmt.Errorf("%s: cell [%d,%d] already holds a unit", what, uv.Cell[0], uv.Cell[1])
	}
	for len(m.st.Units) < uv.ID {
		m.st.Units = append(m.st.Units, unit{})
	}
	u := unit{Type: t, Side: uv.Side, Cell: i, HP: uv.HP}
	if uv.Moves != nil {
		u.Moves = *uv.Moves
	}
	m.st.Units[uv.ID-1] = u
	m.occupant[i] = int32(uv.ID)
	return nil
}

// knowTown sets town tv of a view as the view tells it.
func (m *Match) knowTown(tv TownView) error {
	if tv.ID < 1 || tv.ID > len(m.st.Towns) || (tv.Owner != 0 && m.sideIndex(tv.Owner) < 0) {
		return fmt.Errorf("town %d: id or owner out of range", tv.ID)
	}
	t := &m.st.Towns[tv.ID-1]
	if c := m.offset(t.Cell); c != tv.Cell {
		return fmt.Errorf("town %d: at [%d,%d], the scenario has it at [%d,%d]", tv.ID, tv.Cell[0], tv.Cell[1], c[0], c[1])
	}
	t.Owner = tv.Owner
	if tv.Stock != nil {
		b, ok := m.rules.TypeIndex(tv.Builds)
		if !ok {
			return fmt.Errorf("town %d: builds: no type %q", tv.ID, tv.Builds)
		}
		t.Builds, t.Stock = b, *tv.Stock
	}
	return nil
}

// KnownTo is scenario sc as side s may know it from the start, enough
// for Known: its sides and teams, victory rule, ruleset and towns (what
// each builds and its stock only for s's own), the units of s's team and
// s's objectives; not the seed (it would tell the combat draws), the
// script or its areas, nor the other teams' units.
func (sc Scenario) KnownTo(s int) Scenario {
	teams := map[int]int{}
	for _, sd := range sc.Sides {
		teams[sd.Side] = cmp.Or(sd.Team, sd.Side)
	}
	out := Scenario{Victory: sc.Victory, Sides: slices.Clone(sc.Sides), Rules: sc.Rules, Towns: slices.Clone(sc.Towns)}
	for k := range out.Towns {
		if out.Towns[k].Owner != s {
			out.Towns[k].Builds, out.Towns[k].Stock = "", 0
		}
	}
	for _, u := range sc.Units {
		if teams[u.Side] == teams[s] {
			out.Units = append(out.Units, u)
		}
	}
	for _, o := range sc.Objectives {
		if o.Side == s {
			out.Objectives = append(out.Objectives, o)
		}
	}
	return out
}
