package game

import (
	"math"

	"hexsandbox/hexmap"
	"hexsandbox/nav"
)

// The questions a player's screen asks of a match: what stands where,
// where a unit can go, what an attack would do. They read the whole
// state (the screen shows only what the side in turn sees: Sees and
// Explored) and change nothing.

// UnitInfo is a unit as it stands: its id, type (index in the ruleset),
// side, cell (index), hit points and moves left.
type UnitInfo struct {
	ID, Type, Side, Cell, HP, Moves int
}

// Units lists the units on the map, in id order.
func (m *Match) Units() []UnitInfo {
	var out []UnitInfo
	for id := 1; id <= len(m.st.Units); id++ {
		if u := &m.st.Units[id-1]; u.HP > 0 {
			out = append(out, UnitInfo{ID: id, Type: u.Type, Side: u.Side, Cell: u.Cell, HP: u.HP, Moves: u.Moves})
		}
	}
	return out
}

// Unit is unit id, when it stands on the map.
func (m *Match) Unit(id int) (UnitInfo, bool) {
	u, ok := m.liveUnit(id)
	if !ok {
		return UnitInfo{}, false
	}
	return UnitInfo{ID: id, Type: u.Type, Side: u.Side, Cell: u.Cell, HP: u.HP, Moves: u.Moves}, true
}

// UnitAt is the id of the unit on cell i, when one stands there.
func (m *Match) UnitAt(i int) (int, bool) {
	if i < 0 || i >= len(m.occupant) || m.occupant[i] == 0 {
		return 0, false
	}
	return int(m.occupant[i]), true
}

// TownInfo is a town as it stands: its id, name, cell (index), owner (0:
// neutral), what it builds (index in the ruleset) and its stock.
type TownInfo struct {
	ID     int
	Name   string
	Cell   int
	Owner  int
	Builds int
	Stock  int
}

// Towns lists the towns, in id order.
func (m *Match) Towns() []TownInfo {
	out := make([]TownInfo, len(m.st.Towns))
	for k, t := range m.st.Towns {
		out[k] = TownInfo{ID: k + 1, Name: t.Name, Cell: t.Cell, Owner: t.Owner, Builds: t.Builds, Stock: t.Stock}
	}
	return out
}

// TownAt is the id of the town on cell i, when there is one.
func (m *Match) TownAt(i int) (int, bool) {
	if i < 0 || i >= len(m.townAt) || m.townAt[i] == 0 {
		return 0, false
	}
	return int(m.townAt[i]), true
}

// Yield is what a town adds to its stock each turn of its owner, and
// why: the base, its cell's urban level and its neighbours with farms.
type Yield struct {
	Base, Urban, Farms int
}

// Total is the stock added a turn.
func (y Yield) Total() int { return y.Base + y.Urban + y.Farms }

// TownYield is town id's yield (zero for no such town); yield adds it up.
func (m *Match) TownYield(id int) Yield {
	if id < 1 || id > len(m.st.Towns) {
		return Yield{}
	}
	c := m.st.Towns[id-1].Cell
	y := Yield{Base: baseYield, Urban: int(m.grid.Cell(c).UrbanLevel)}
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if nb, ok := m.grid.Topology().Neighbor(c, d); ok && m.grid.Cell(nb).FarmLevel >= 1 {
			y.Farms++
		}
	}
	return y
}

// CanUndo reports whether the side in turn may take a move back.
func (m *Match) CanUndo() bool { return len(m.st.Undo) > 0 }

// Way is the least-cost way of unit id (of any side) to cell to, as a
// move command would search it, with the distance of each cell (this
// turn's cells at most the type's speed); the slices are the caller's.
func (m *Match) Way(id, to int) (cells, dists []int, ok bool) {
	u, live := m.liveUnit(id)
	if !live || to < 0 || to >= len(m.occupant) || to == u.Cell {
		return nil, nil, false
	}
	speed := m.unitType(u).Moves
	if !m.paths.find(u.Cell, to, speed-u.Moves, speed, m.occupant, m.st.Units, u.Side, m.seenBy(u.Side)) {
		return nil, nil, false
	}
	return append([]int(nil), m.paths.cells...), append([]int(nil), m.paths.dists...), true
}

// Reach appends to dst the cells unit id can move to this turn: the
// cells holding no unit its side sees whose least distance is within the
// type's speed, the way passing no unit of another side it sees (its own
// cell not included). A unit its side does not see may stop the move
// short (move.go).
func (m *Match) Reach(id int, dst []int) []int {
	u, live := m.liveUnit(id)
	if !live || u.Moves == 0 {
		return dst
	}
	speed := m.unitType(u).Moves
	m.paths.spread(u.Cell, speed-u.Moves, speed, int32(speed), m.occupant, m.st.Units, u.Side, m.seenBy(u.Side), func(c, _ int) {
		if c != u.Cell && !m.knownOccupied(u.Side, c) {
			dst = append(dst, c)
		}
	})
	return dst
}

// Distances fills dst (one entry per cell, grown as needed) with the
// least distance of unit id to every cell, as a move command would
// search it (this turn's cells at most the type's speed, each later turn
// a speed more: Catlike's turn rule), -1 where no way leads or the unit
// is gone.
func (m *Match) Distances(id int, dst []int) []int {
	n := len(m.occupant)
	if cap(dst) < n {
		dst = make([]int, n)
	}
	dst = dst[:n]
	for i := range dst {
		dst[i] = -1
	}
	u, live := m.liveUnit(id)
	if !live {
		return dst
	}
	speed := m.unitType(u).Moves
	m.paths.spread(u.Cell, speed-u.Moves, speed, math.MaxInt32, m.occupant, m.st.Units, u.Side, m.seenBy(u.Side), func(c, d int) { dst[c] = d })
	return dst
}

// spread is Dijkstra's search by the turn rule from cell from (reached
// at distance spent) up to distance limit, calling settled with each
// cell it settles and its least distance, nearest first.
func (p *pathFinder) spread(from, spent, speed int, limit int32, occupant []int32, units []unit, side int, seen []uint16, settled func(c, d int)) {
	p.gen += 2
	if p.gen < 2 {
		clear(p.stamp)
		p.gen = 2
	}
	gen, done := p.gen, p.gen+1
	p.stamp[from], p.dist[from] = gen, int32(spent)
	p.push(int32(spent), int32(from))
	for prio := int32(spent); int(prio) < len(p.buckets) && prio <= limit; prio++ {
		for len(p.buckets[prio]) > 0 {
			b := p.buckets[prio]
			c := int(b[len(b)-1])
			p.buckets[prio] = b[:len(b)-1]
			if p.stamp[c] != gen || p.dist[c] != prio {
				continue
			}
			p.stamp[c] = done
			settled(c, int(prio))
			for k := range 6 {
				nb := int(p.next[c][k])
				if nb < 0 || p.stamp[nb] == done {
					continue
				}
				if id := occupant[nb]; id != 0 && units[id-1].Side != side && seen[nb] > 0 {
					continue
				}
				nd := int32(nav.Step(int(prio), int(p.cost[c][k]), speed))
				if nd > limit || (p.stamp[nb] == gen && p.dist[nb] <= nd) {
					continue
				}
				p.stamp[nb], p.dist[nb] = gen, nd
				p.push(nd, int32(nb))
			}
		}
	}
	for k := range p.buckets {
		p.buckets[k] = p.buckets[k][:0]
	}
}

// Forecast is what an attack would do, from the numbers of the combat
// rule: the attacker's and target's ids, whether it is ranged, both
// strengths (tenths) and each bonus by name, the least and most damage
// each side can take (over every draw, capped at its hit points), and
// the chances, in percent of the draws, that the target or the attacker
// is destroyed.
type Forecast struct {
	Attacker, Target int
	Ranged           bool
	Strength         [2]int
	AttackerBonuses  []BonusPart
	TargetBonuses    []BonusPart
	ToTarget         [2]int
	ToAttacker       [2]int
	DestroyPercent   int
	LosePercent      int
}

// Forecast is what unit id's attack on cell at would do, or why the
// side in turn cannot make it (the error Apply would give).
func (m *Match) Forecast(id, at int) (Forecast, error) {
	a, err := m.ownUnit(id)
	if err != nil {
		return Forecast{}, err
	}
	if at < 0 || at >= len(m.occupant) {
		return Forecast{}, ErrOffMap
	}
	tid, ranged, dir, err := m.checkAttack(id, a, at)
	if err != nil {
		return Forecast{}, err
	}
	d := &m.st.Units[tid-1]
	at2, dt := m.unitType(a), m.unitType(d)
	p := fightParts(m.grid, at2, dt, a.Cell, d.Cell, m.townAt[d.Cell] != 0, ranged, dir)
	base := at2.Melee
	if ranged {
		base = at2.Ranged
	}
	as, ds := strength(base, p.sum(0), a.HP), strength(dt.Melee, p.sum(1), d.HP)
	f := Forecast{Attacker: id, Target: tid, Ranged: ranged, Strength: [2]int{as, ds},
		AttackerBonuses: append([]BonusPart{}, p.list[0][:p.n[0]]...), TargetBonuses: append([]BonusPart{}, p.list[1][:p.n[1]]...)}
	f.ToTarget, f.DestroyPercent = damageRange(as, ds, d.HP)
	if !ranged {
		f.ToAttacker, f.LosePercent = damageRange(ds, as, a.HP)
	}
	return f, nil
}

// damageRange is the least and most damage strength a deals to strength
// d over every draw, capped at hp, and the percent of draws (rounded)
// that take all hp.
func damageRange(a, d, hp int) ([2]int, int) {
	kills := 0
	for r := range maxRoll + 1 {
		if damage(a, d, r) >= hp {
			kills++
		}
	}
	return [2]int{min(hp, damage(a, d, 0)), min(hp, damage(a, d, maxRoll))}, (kills*100 + (maxRoll+1)/2) / (maxRoll + 1)
}
