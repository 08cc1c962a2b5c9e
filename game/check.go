package game

import "fmt"

// checkState reports the first way st could not have come from playing
// m's scenario on its map: the same sides and towns (towns never move),
// values in range, one unit to a cell and none under water, and undo
// records that lead back to free land.
func (m *Match) checkState(st *state) error {
	n := m.grid.Topology().CellCount()
	switch {
	case len(st.Sides) != len(m.st.Sides):
		return fmt.Errorf("%d sides, the scenario has %d", len(st.Sides), len(m.st.Sides))
	case len(st.Towns) != len(m.st.Towns):
		return fmt.Errorf("%d towns, the scenario has %d", len(st.Towns), len(m.st.Towns))
	case len(st.Explored) != n:
		return fmt.Errorf("exploration of %d cells on a map of %d", len(st.Explored), n)
	case st.Round < 1 || st.Round > maxRounds:
		return fmt.Errorf("round %d out of range", st.Round)
	case st.Turn < 0 || st.Turn >= len(st.Sides):
		return fmt.Errorf("turn %d out of range", st.Turn)
	case len(st.Units) > max(maxUnits, n+len(m.st.Units)+maxLog):
		return fmt.Errorf("%d units", len(st.Units))
	}
	if err := checkScriptState(st); err != nil {
		return err
	}
	for k, sd := range st.Sides {
		if was := m.st.Sides[k]; sd.Side != was.Side || sd.Team != was.Team || sd.Turns < 0 {
			return fmt.Errorf("sides[%d] differs from the scenario's", k)
		}
	}
	if !st.Over && !st.Sides[st.Turn].Alive {
		return fmt.Errorf("side %d in turn is eliminated", st.Sides[st.Turn].Side)
	}
	for k, t := range st.Towns {
		if was := m.st.Towns[k]; t.Cell != was.Cell || t.Name != was.Name || (t.Owner != 0 && indexOf(st.Sides, t.Owner) < 0) ||
			t.Builds < 0 || t.Builds >= len(m.rules.Types) || t.Stock < 0 || t.Stock > maxStock+maxLog*maxCost {
			return fmt.Errorf("towns[%d] is not a town of the scenario", k)
		}
	}
	taken := make([]bool, n)
	for k, u := range st.Units {
		if err := m.checkUnit(st, u, taken); err != nil {
			return fmt.Errorf("units[%d]: %v", k, err)
		}
	}
	return m.checkUndo(st)
}

// checkUnit checks one unit of st, marking its cell taken.
func (m *Match) checkUnit(st *state, u unit, taken []bool) error {
	switch {
	case u.Type < 0 || u.Type >= len(m.rules.Types):
		return fmt.Errorf("type %d out of range", u.Type)
	case indexOf(st.Sides, u.Side) < 0:
		return fmt.Errorf("side %d is not playing", u.Side)
	case u.HP < 0 || u.HP > MaxHP:
		return fmt.Errorf("hp %d out of range", u.HP)
	case u.Moves < 0 || u.Moves > m.rules.Types[u.Type].Moves:
		return fmt.Errorf("moves %d out of range", u.Moves)
	case u.Cell < 0 || u.Cell >= len(taken):
		return fmt.Errorf("cell %d off the map", u.Cell)
	case u.HP == 0:
		return nil
	case taken[u.Cell] || m.grid.Cell(u.Cell).IsUnderwater():
		return fmt.Errorf("cell %d taken or under water", u.Cell)
	}
	taken[u.Cell] = true
	return nil
}

// checkUndo checks that each undo record's unit belongs to the side in
// turn and that taking the records back, last first, leads over land
// into free cells.
func (m *Match) checkUndo(st *state) error {
	at := make(map[int]int) // unit id → its cell as the records are taken back
	free := func(c int) bool {
		for id := 1; id <= len(st.Units); id++ {
			u := st.Units[id-1]
			cell, moved := at[id]
			if !moved {
				cell = u.Cell
			}
			if u.HP > 0 && cell == c {
				return false
			}
		}
		return true
	}
	for k := len(st.Undo) - 1; k >= 0; k-- {
		e := st.Undo[k]
		if e.Unit < 1 || e.Unit > len(st.Units) || st.Units[e.Unit-1].HP == 0 || len(e.Path) < 2 ||
			st.Units[e.Unit-1].Side != st.Sides[st.Turn].Side {
			return fmt.Errorf("undo[%d] names no unit of the side in turn", k)
		}
		u := st.Units[e.Unit-1]
		for _, c := range e.Path {
			if c < 0 || c >= m.grid.Topology().CellCount() || m.grid.Cell(c).IsUnderwater() {
				return fmt.Errorf("undo[%d] leads off land", k)
			}
		}
		cell, moved := at[e.Unit]
		if !moved {
			cell = u.Cell
		}
		if e.Path[len(e.Path)-1] != cell || !free(e.Path[0]) || e.Moves < 0 || e.Moves > m.rules.Types[u.Type].Moves {
			return fmt.Errorf("undo[%d] does not lead back to a free cell", k)
		}
		at[e.Unit] = e.Path[0]
	}
	return nil
}

// indexOf is the index of side s in sides, -1 when absent.
func indexOf(sides []side, s int) int {
	for k := range sides {
		if sides[k].Side == s {
			return k
		}
	}
	return -1
}
