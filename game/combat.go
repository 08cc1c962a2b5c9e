package game

import (
	"fmt"

	"hexsandbox/hexmap"
)

// Defence bonuses from the map, in percent, added to the defender's.
const (
	heightBonus    = 15 // per level the defender stands higher
	maxHeightBonus = 45
	plantBonus     = 10 // per plant level of the defender's cell
	urbanBonus     = 10 // per urban level
	wallBonus      = 50 // defender walled, attacker not
	riverBonus     = 25 // against a melee attack across a river edge
	maxRoll        = 40 // damage draws are uniform in 0..maxRoll
)

// strength is a fighter's strength in tenths: 10 × base × (100 + bonus
// percent) / 100 × (50 + hp / 2) / 100, dividing (integer) at each step.
func strength(base, bonus, hp int) int {
	s := 10 * base
	s = s * (100 + bonus) / 100
	return s * (50 + hp/2) / 100
}

// damage is what a side of strength a deals to one of strength d with
// draw r: 30 × a × (80 + r) / (d × 100).
func damage(a, d, r int) int { return 30 * a * (80 + r) / (d * 100) }

// attack carries out cmd.Unit's attack on the unit at cmd.At.
func (m *Match) attack(cmd Command) ([]Event, error) {
	a, at, err := m.unitAndCell(cmd.Unit, cmd.At)
	if err != nil {
		return nil, err
	}
	tid, ranged, dir, err := m.checkAttack(cmd.Unit, a, at)
	if err != nil {
		return nil, err
	}
	return m.fight(cmd.Unit, tid, ranged, dir), nil
}

// checkAttack reports why unit id (a, of the side in turn) cannot attack
// cell at, or returns the target's id, whether the attack is ranged and
// the direction of a melee one.
func (m *Match) checkAttack(id int, a *unit, at int) (tid int, ranged bool, dir hexmap.Direction, err error) {
	c := m.offset(at)
	if a.Moves == 0 {
		return 0, false, 0, fmt.Errorf("unit %d: %w", id, ErrNoMoves)
	}
	if !m.Sees(a.Side, at) { // before the cell's unit: the fog answers alike, held or not
		return 0, false, 0, fmt.Errorf("unit %d: %w", id, ErrNotSeen)
	}
	tid = int(m.occupant[at])
	if tid == 0 || m.team(m.st.Units[tid-1].Side) == m.team(a.Side) {
		return 0, false, 0, fmt.Errorf("%w at [%d,%d]", ErrNoTarget, c[0], c[1])
	}
	at2 := m.unitType(a)
	ranged = at2.Ranged > 0
	dir, adjacent := m.grid.Topology().DirectionTo(a.Cell, at)
	switch {
	case ranged && m.grid.Topology().Distance(a.Cell, at) > at2.Range:
		err = fmt.Errorf("unit %d: [%d,%d] %w %d", id, c[0], c[1], ErrOutOfRange, at2.Range)
	case !ranged && !adjacent:
		err = fmt.Errorf("unit %d: [%d,%d] %w (melee reaches neighbours)", id, c[0], c[1], ErrOutOfRange)
	case !ranged && hexmap.EdgeTypeOf(int(m.grid.Cell(a.Cell).Elevation), int(m.grid.Cell(at).Elevation)) == hexmap.Cliff:
		err = fmt.Errorf("unit %d: %w", id, ErrCliff)
	}
	if err != nil {
		return 0, false, 0, err
	}
	return tid, ranged, dir, nil
}

// bonuses are the attacker's and defender's bonuses, in percent, in a
// fight of unit a against unit d (a melee one across edge dir of a's
// cell).
func (m *Match) bonuses(a, d *unit, ranged bool, dir hexmap.Direction) (ab, db int) {
	return fightBonuses(m.grid, m.unitType(a), m.unitType(d), a.Cell, d.Cell, m.townAt[d.Cell] != 0, ranged, dir)
}

// fight resolves unit aid's attack on unit did: strengths, two draws,
// damage both ways (none back at range), removals, and the melee
// attacker's advance into the cell it cleared.
func (m *Match) fight(aid, did int, ranged bool, dir hexmap.Direction) []Event {
	a, d := &m.st.Units[aid-1], &m.st.Units[did-1]
	ab, db := m.bonuses(a, d, ranged, dir)
	base := m.unitType(a).Melee
	if ranged {
		base = m.unitType(a).Ranged
	}
	as := strength(base, ab, a.HP)
	ds := strength(m.unitType(d).Melee, db, d.HP)
	r1, r2 := m.draw(), m.draw()
	toD, toA := min(d.HP, damage(as, ds, r1)), 0
	if !ranged {
		toA = min(a.HP, damage(ds, as, r2))
	}
	d.HP -= toD
	a.HP -= toA
	a.Moves, a.Acted = 0, true
	m.st.Undo = m.st.Undo[:0]
	ev := []Event{{Ev: "attacked", Unit: aid, Target: did, Strength: []int{as, ds}, Rolls: []int{r1, r2}, Damage: []int{toD, toA}}}
	from, to := a.Cell, d.Cell
	if d.HP == 0 {
		ev = m.remove(did, aid, ev)
	}
	if a.HP == 0 {
		ev = m.remove(aid, did, ev)
	} else if d.HP == 0 && !ranged {
		m.place(aid, to)
		ev = append(ev, Event{Ev: "moved", Unit: aid, Path: m.offsets([]int{from, to})})
		ev = m.capture(aid, ev)
	}
	return m.afterLoss(ev)
}

// draw is one damage draw from the match's generator.
func (m *Match) draw() int {
	r := rng{m.st.RNG}
	v := r.intn(maxRoll + 1)
	m.st.RNG = r.state
	return v
}
