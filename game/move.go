package game

import "fmt"

// move moves a unit of the side in turn along the least-cost way to
// cmd.To, as far as this turn's moves allow (stopping short of cells
// that hold a unit); the units of other sides its side sees block the
// way. One it does not see stops the move on the last cell before it, as
// a move into the fog does in Civilization: the command is accepted
// whether or not one is there, and what the side learns is what it sees
// from where the unit stops (the first cell, when the first step is
// blocked: a "moved" event of that cell alone, the unit's moves kept).
// A unit that takes towns takes each town not of its side that it
// enters.
func (m *Match) move(cmd Command) ([]Event, error) {
	u, to, err := m.unitAndCell(cmd.Unit, cmd.To)
	if err != nil {
		return nil, err
	}
	switch {
	case to == u.Cell:
		return nil, fmt.Errorf("%w: unit %d is there already", ErrBadCommand, cmd.Unit)
	case m.knownOccupied(u.Side, to):
		return nil, fmt.Errorf("%w [%d,%d]", ErrOccupied, cmd.To[0], cmd.To[1])
	case u.Moves == 0:
		return nil, fmt.Errorf("unit %d: %w", cmd.Unit, ErrNoMoves)
	}
	speed := m.unitType(u).Moves
	if !m.paths.find(u.Cell, to, speed-u.Moves, speed, m.occupant, m.st.Units, u.Side, m.seenBy(u.Side)) {
		return nil, fmt.Errorf("%w: unit %d to [%d,%d]", ErrNoPath, cmd.Unit, cmd.To[0], cmd.To[1])
	}
	cells, dists := m.paths.cells, m.paths.dists
	k := 0
	for k+1 < len(cells) && dists[k+1] <= speed && !m.foreign(u.Side, cells[k+1]) {
		k++
	}
	bumped := k+1 < len(cells) && dists[k+1] <= speed
	for k > 0 && m.occupant[cells[k]] != 0 {
		k--
	}
	switch {
	case k == 0 && bumped:
		return []Event{{Ev: "moved", Unit: cmd.Unit, Path: []Cell{m.offset(u.Cell)}}}, nil
	case k == 0:
		return nil, fmt.Errorf("unit %d: %w for the first step", cmd.Unit, ErrNoMoves)
	}
	path := append([]int(nil), cells[:k+1]...)
	moves := speed - dists[k]
	return m.walk(cmd.Unit, path, moves), nil
}

// foreign reports whether cell i holds a unit of a side other than s.
func (m *Match) foreign(s, i int) bool {
	id := m.occupant[i]
	return id != 0 && m.st.Units[id-1].Side != s
}

// walk carries out a checked move of unit id along path, leaving it with
// moves left, and records it for undo when it may be taken back.
func (m *Match) walk(id int, path []int, moves int) []Event {
	u := &m.st.Units[id-1]
	entry := undoMove{Unit: id, Path: path, Moves: u.Moves, Acted: u.Acted}
	m.revealed = false
	ev := []Event{{Ev: "moved", Unit: id, Path: m.offsets(path)}}
	var taken []Event
	m.vacate(id)
	for _, c := range path[1 : len(path)-1] {
		u.Cell = c
		m.glimpse(id, c)
		taken = m.capture(id, taken)
	}
	m.place(id, path[len(path)-1])
	taken = m.capture(id, taken)
	u.Moves, u.Acted = moves, true
	if m.revealed || len(taken) > 0 {
		m.st.Undo = m.st.Undo[:0]
	} else {
		m.st.Undo = append(m.st.Undo, entry)
	}
	return m.afterLoss(append(ev, taken...))
}

// place moves unit id onto cell c, which is free, and its vision with
// it.
func (m *Match) place(id, c int) {
	m.vacate(id)
	m.st.Units[id-1].Cell = c
	m.occupant[c] = int32(id)
	m.refreshUnit(id)
}

// vacate takes unit id off its cell's record as it sets out (its vision
// stays counted there until it stops).
func (m *Match) vacate(id int) {
	if u := &m.st.Units[id-1]; m.occupant[u.Cell] == int32(id) {
		m.occupant[u.Cell] = 0
	}
}

// offsets is the offset coordinates of cells.
func (m *Match) offsets(cells []int) []Cell {
	out := make([]Cell, len(cells))
	for k, c := range cells {
		out[k] = m.offset(c)
	}
	return out
}

// undo takes back the side in turn's last move since its last attack,
// production change or end of turn (a move that revealed something or
// took a town is not recorded, and clears what was).
func (m *Match) undo() ([]Event, error) {
	if len(m.st.Undo) == 0 {
		return nil, ErrNoUndo
	}
	e := m.st.Undo[len(m.st.Undo)-1]
	m.st.Undo = m.st.Undo[:len(m.st.Undo)-1]
	back := make([]int, len(e.Path))
	for k, c := range e.Path {
		back[len(e.Path)-1-k] = c
	}
	m.place(e.Unit, back[len(back)-1])
	u := &m.st.Units[e.Unit-1]
	u.Moves, u.Acted = e.Moves, e.Acted
	return []Event{{Ev: "moved", Unit: e.Unit, Path: m.offsets(back), Undone: true}}, nil
}
