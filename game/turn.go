package game

import "hexsandbox/hexmap"

// Healing per turn start, for a unit that neither moved nor attacked in
// its side's previous turn: in a town of its side, elsewhere.
const (
	healTown  = 20
	healField = 10
)

// startTurn begins the turn of the side in turn: its units' moves are
// restored, those that rested heal (from the side's second turn), and
// its towns add to their stock and build.
func (m *Match) startTurn(ev []Event) []Event {
	sd := &m.st.Sides[m.st.Turn]
	sd.Turns++
	ev = append(ev, Event{Ev: "turn", Side: &sd.Side, Round: m.st.Round})
	for id := 1; id <= len(m.st.Units); id++ {
		u := &m.st.Units[id-1]
		if u.HP == 0 || u.Side != sd.Side {
			continue
		}
		if sd.Turns >= 2 && !u.Acted && u.HP < MaxHP {
			heal := healField
			if t := m.townAt[u.Cell]; t != 0 && m.st.Towns[t-1].Owner == sd.Side {
				heal = healTown
			}
			u.HP = min(MaxHP, u.HP+heal)
			ev = append(ev, Event{Ev: "healed", Unit: id, HP: u.HP})
		}
		u.Moves, u.Acted = m.unitType(u).Moves, false
	}
	for id := 1; id <= len(m.st.Towns); id++ {
		if m.st.Towns[id-1].Owner == sd.Side {
			ev = m.build(id, ev)
		}
	}
	m.st.Undo = m.st.Undo[:0]
	return ev
}

// baseYield is what every town adds to its stock a turn before its
// cell and neighbours count.
const baseYield = 2

// yield is what town id adds to its stock each turn of its owner: 2, plus
// its cell's urban level, plus its neighbours with farms (TownYield).
func (m *Match) yield(id int) int { return m.TownYield(id).Total() }

// build adds town id's yield to its stock and, when the stock reaches
// the cost of what it builds, puts that unit on the town's cell or its
// first free land neighbour inside the border (NE first), if there is one.
func (m *Match) build(id int, ev []Event) []Event {
	t := &m.st.Towns[id-1]
	t.Stock += m.yield(id)
	cost := m.rules.Types[t.Builds].Cost
	if t.Stock < cost {
		return ev
	}
	cell := -1
	if m.occupant[t.Cell] == 0 {
		cell = t.Cell
	} else {
		for d := hexmap.NE; d <= hexmap.NW && cell < 0; d++ {
			if nb, ok := m.grid.Topology().Neighbor(t.Cell, d); ok && m.occupant[nb] == 0 && !m.grid.Cell(nb).IsUnderwater() && m.grid.Topology().Explorable(nb) {
				cell = nb
			}
		}
	}
	if cell < 0 {
		return ev
	}
	t.Stock -= cost
	typ := &m.rules.Types[t.Builds]
	m.st.Units = append(m.st.Units, unit{Type: t.Builds, Side: t.Owner, Cell: cell, HP: MaxHP, Moves: typ.Moves})
	uid := len(m.st.Units)
	m.occupant[cell] = int32(uid)
	m.refreshUnit(uid)
	at := m.offset(cell)
	return append(ev, Event{Ev: "produced", Town: id, Unit: uid, Type: typ.Name, Cell: &at})
}

// capture lets unit id, just arrived on its cell, take the town there
// when it takes towns and the town is not of its side (no unit of
// another side can stand there with it).
func (m *Match) capture(id int, ev []Event) []Event {
	u := &m.st.Units[id-1]
	tid := m.townAt[u.Cell]
	if tid == 0 || !m.unitType(u).TakesTowns {
		return ev
	}
	t := &m.st.Towns[tid-1]
	if t.Owner == u.Side {
		return ev
	}
	return m.setOwner(int(tid), u.Side, ev)
}

// endTurn passes the turn to the next side still playing. When that
// wraps round, the round ends: with a round limit reached, the match is
// scored; otherwise the next round begins.
func (m *Match) endTurn(ev []Event) []Event {
	next := m.st.Turn
	for {
		next = (next + 1) % len(m.st.Sides)
		if m.st.Sides[next].Alive {
			break
		}
	}
	if next <= m.st.Turn {
		if r := m.scenario.Victory.Rounds; r > 0 && m.st.Round >= r {
			return m.score(ev)
		}
		m.st.Round++
	}
	m.st.Turn = next
	return m.startTurn(ev)
}

// afterLoss eliminates every side left with no towns and no units,
// ends the match when the sides left are all on one team (or none are
// left: a draw), and passes the turn on when the side in turn is gone.
func (m *Match) afterLoss(ev []Event) []Event {
	for k := range m.st.Sides {
		sd := &m.st.Sides[k]
		if sd.Alive && !m.hasAnything(sd.Side) {
			sd.Alive = false
			ev = append(ev, sideEvent("eliminated", sd.Side))
		}
	}
	var on [hexmap.MaxSides + 1]bool // teams with a side still playing
	team, teams := 0, 0
	for _, sd := range m.st.Sides {
		if sd.Alive && !on[sd.Team] {
			on[sd.Team] = true
			team, teams = sd.Team, teams+1
		}
	}
	switch {
	case teams == 0:
		return m.finish(ev, 0, 0)
	case teams == 1:
		return m.finish(ev, team, 0)
	case !m.st.Sides[m.st.Turn].Alive:
		m.st.Undo = m.st.Undo[:0]
		return m.endTurn(ev)
	}
	return ev
}

// finish ends the match: won by team (0: a draw) with the given score.
func (m *Match) finish(ev []Event, team, score int) []Event {
	m.st.Over, m.st.Winner = true, team
	m.st.Undo = m.st.Undo[:0]
	if team == 0 {
		return append(ev, Event{Ev: "draw", Score: score})
	}
	return append(ev, Event{Ev: "won", Team: team, Score: score})
}

// Score is side s's score: 10 per town, plus each unit's cost / 10.
func (m *Match) Score(s int) int {
	score := 0
	for _, t := range m.st.Towns {
		if t.Owner == s {
			score += 10
		}
	}
	for k := range m.st.Units {
		if u := &m.st.Units[k]; u.HP > 0 && u.Side == s {
			score += m.unitType(u).Cost / 10
		}
	}
	return score
}

// score ends a match at its round limit: the team with the highest score
// (its sides' scores added) wins; a tie at the top is a draw.
func (m *Match) score(ev []Event) []Event {
	var scores [hexmap.MaxSides + 1]int
	for _, sd := range m.st.Sides {
		scores[sd.Team] += m.Score(sd.Side)
	}
	best, winner := -1, 0
	for t := 1; t <= hexmap.MaxSides; t++ {
		switch {
		case scores[t] > best:
			best, winner = scores[t], t
		case scores[t] == best:
			winner = 0
		}
	}
	return m.finish(ev, winner, best)
}

// resign ends the side in turn's part in the match: its units are
// removed, its towns become neutral, and it is eliminated.
func (m *Match) resign() []Event {
	return m.afterLoss(m.strip(m.SideInTurn(), nil))
}

// strip removes side s's units and leaves its towns neutral, so that
// afterLoss eliminates it.
func (m *Match) strip(s int, ev []Event) []Event {
	for id := 1; id <= len(m.st.Units); id++ {
		if u := &m.st.Units[id-1]; u.HP > 0 && u.Side == s {
			ev = m.remove(id, 0, ev)
		}
	}
	for id := 1; id <= len(m.st.Towns); id++ {
		if t := &m.st.Towns[id-1]; t.Owner == s {
			ev = m.setOwner(id, 0, ev)
		}
	}
	m.st.Undo = m.st.Undo[:0]
	return ev
}

// setOwner gives town id to side s (0: neutral), with its vision.
func (m *Match) setOwner(id, s int, ev []Event) []Event {
	t := &m.st.Towns[id-1]
	old := t.Owner
	t.Owner = s
	m.refreshTown(id, old)
	e := sideEvent("taken", s)
	e.Town, e.From = id, old
	return append(ev, e)
}

// remove takes unit id off the map, destroyed by unit by (0: none).
func (m *Match) remove(id, by int, ev []Event) []Event {
	u := &m.st.Units[id-1]
	m.occupant[u.Cell] = 0
	u.HP, u.Moves = 0, 0
	m.refreshUnit(id)
	return append(ev, Event{Ev: "destroyed", Unit: id, By: by})
}
