package game

import "hexsandbox/hexmap"

// townVision is how far a town sees, as a unit of that vision on its cell.
const townVision = 2

// A side sees what its team's units and towns see: seen[team][cell]
// counts the viewers of the team that see the cell, each viewer's cells
// kept (unitSees, townSees) so that taking them away needs no search.
// A side explores every cell its team comes to see.

// rebuildSight counts every viewer afresh (a new or restored match).
func (m *Match) rebuildSight() {
	n := m.grid.Topology().CellCount()
	for t := range m.seen {
		m.seen[t] = make([]uint16, n)
	}
	m.unitSees = make([][]int32, len(m.st.Units))
	m.townSees = make([][]int32, len(m.st.Towns))
	for id := 1; id <= len(m.st.Units); id++ {
		if u, ok := m.liveUnit(id); ok {
			m.unitSees[id-1] = m.look(m.unitSees[id-1], u.Cell, m.unitType(u).Vision, m.team(u.Side))
		}
	}
	for k := range m.st.Towns {
		if t := &m.st.Towns[k]; t.Owner != 0 {
			m.townSees[k] = m.look(m.townSees[k], t.Cell, townVision, m.team(t.Owner))
		}
	}
	m.revealed = false
}

// look finds the cells a viewer of vision rng on cell sees, counts them
// for team and returns them in dst's storage.
func (m *Match) look(dst []int32, cell, rng, team int) []int32 {
	dst = m.sight.Cells(cell, rng, dst[:0])
	counts := m.seen[team]
	for _, c := range dst {
		counts[c]++
		if counts[c] == 1 {
			m.firstSeen(int(c), team)
		}
	}
	return dst
}

// firstSeen notes that team has come to see cell c: its sides explore it,
// and the current move revealed something when c was unexplored to the
// side in turn or holds a unit of another team.
func (m *Match) firstSeen(c, team int) {
	mover := m.st.Sides[m.st.Turn].Side
	for k := range m.st.Sides {
		sd := &m.st.Sides[k]
		if sd.Team != team {
			continue
		}
		bit := uint8(1) << (sd.Side - 1)
		if m.st.Explored[c]&bit == 0 {
			m.st.Explored[c] |= bit
			if sd.Side == mover {
				m.revealed = true
			}
		}
	}
	if id := m.occupant[c]; id != 0 && m.team(m.st.Units[id-1].Side) != team {
		m.revealed = true
	}
}

// unlook takes a viewer's cells away from team's counts.
func (m *Match) unlook(cells []int32, team int) []int32 {
	counts := m.seen[team]
	for _, c := range cells {
		counts[c]--
	}
	return cells[:0]
}

// refreshUnit moves unit id's vision to where it stands now (none when
// it is removed): what it sees from there is counted before what it saw
// is taken away, so that a cell it went on seeing is not seen anew.
func (m *Match) refreshUnit(id int) {
	for len(m.unitSees) < id {
		m.unitSees = append(m.unitSees, nil)
	}
	u := &m.st.Units[id-1]
	team := m.team(u.Side)
	old := m.unitSees[id-1]
	var cells []int32
	if u.HP > 0 {
		cells = m.look(m.spare, u.Cell, m.unitType(u).Vision, team)
	}
	m.spare = m.unlook(old, team)
	m.unitSees[id-1] = cells
}

// refreshTown gives town id's vision to its owner's team, taking it from
// the team before (old owner, 0 for neutral).
func (m *Match) refreshTown(id, oldOwner int) {
	t := &m.st.Towns[id-1]
	if oldOwner != 0 {
		m.townSees[id-1] = m.unlook(m.townSees[id-1], m.team(oldOwner))
	}
	if t.Owner != 0 {
		m.townSees[id-1] = m.look(m.townSees[id-1], t.Cell, townVision, m.team(t.Owner))
	}
}

// Sees reports whether side s sees cell i now (its team does).
func (m *Match) Sees(s, i int) bool {
	k := m.sideIndex(s)
	return k >= 0 && m.seen[m.st.Sides[k].Team][i] > 0
}

// Explored reports whether side s has ever seen cell i.
func (m *Match) Explored(s, i int) bool {
	return s >= 1 && s <= hexmap.MaxSides && m.st.Explored[i]&(1<<(s-1)) != 0
}

// glimpse lets unit id's team explore what the unit sees from cell c on
// its way, without counting it (its vision is counted where it stops).
func (m *Match) glimpse(id, c int) {
	u := &m.st.Units[id-1]
	team := m.team(u.Side)
	m.scratch = m.sight.Cells(c, m.unitType(u).Vision, m.scratch[:0])
	for _, v := range m.scratch {
		if m.seen[team][v] == 0 {
			m.firstSeen(int(v), team)
		}
	}
}

// seenBy is side s's team's sight counts, per cell: how many of the
// team's viewers see it.
func (m *Match) seenBy(s int) []uint16 { return m.seen[m.team(s)] }

// knownOccupied reports whether cell i holds a unit side s knows of: one
// of its own, or one its team sees. Commands of s answer only by what it
// knows, so that none lets it probe the fog.
func (m *Match) knownOccupied(s, i int) bool {
	id := m.occupant[i]
	return id != 0 && (m.st.Units[id-1].Side == s || m.Sees(s, i))
}
