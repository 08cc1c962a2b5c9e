package editor

import (
	"errors"
	"fmt"
	"slices"

	engine "hexsandbox/game"
	"hexsandbox/units"
)

// standingOrder is a move that lasts, as in Civilization: unit Unit,
// sent beyond its reach, goes on towards cell To (offset coordinates, as
// commands name cells) at the start of each of its side's turns by an
// ordinary move command, until it stands there or the rules refuse the
// move (the way blocked, the cell taken). The engine never sees the
// order, only the moves it gives.
type standingOrder struct {
	Unit int         `json:"unit"`
	To   engine.Cell `json:"to"`
}

// orderBook is a match's standing orders, at most one a unit, in unit id
// order, and the carrying out of those of the turn under way: due is the
// units whose orders are still to be carried out in turn turn (round and
// side), in id order.
type orderBook struct {
	orders []standingOrder
	due    []int
	turn   [2]int
}

// of is unit id's standing order.
func (b *orderBook) of(id int) (standingOrder, bool) {
	k, ok := slices.BinarySearchFunc(b.orders, id, byUnit)
	if !ok {
		return standingOrder{}, false
	}
	return b.orders[k], true
}

// set gives o's unit the standing order o, in place of any it had.
func (b *orderBook) set(o standingOrder) {
	k, ok := slices.BinarySearchFunc(b.orders, o.Unit, byUnit)
	if ok {
		b.orders[k] = o
		return
	}
	b.orders = slices.Insert(b.orders, k, o)
}

// drop forgets unit id's standing order.
func (b *orderBook) drop(id int) {
	if k, ok := slices.BinarySearchFunc(b.orders, id, byUnit); ok {
		b.orders = slices.Delete(b.orders, k, k+1)
	}
}

func byUnit(o standingOrder, id int) int { return o.Unit - id }

// follow keeps the orders true to a command the match carried out and
// its events: a unit that attacked, was destroyed or had its move taken
// back has no order left, nor one that stands where its order leads.
func (b *orderBook) follow(cmd engine.Command, ev []engine.Event) {
	if cmd.Cmd == "attack" {
		b.drop(cmd.Unit)
	}
	for _, e := range ev {
		switch {
		case e.Ev == "destroyed", e.Ev == "moved" && e.Undone:
			b.drop(e.Unit)
		case e.Ev == "moved":
			if o, ok := b.of(e.Unit); ok && len(e.Path) > 0 && e.Path[len(e.Path)-1] == o.To {
				b.drop(e.Unit)
			}
		}
	}
}

// restore takes saved orders, keeping those of a live unit to a cell of
// the map, one a unit.
func (b *orderBook) restore(m *engine.Match, saved []standingOrder) {
	top := m.Grid().Topology()
	for _, o := range saved {
		_, live := m.Unit(o.Unit)
		if x, z := o.To[0], o.To[1]; live && x >= 0 && z >= 0 && x < top.Width && z < top.Height {
			if _, dup := b.of(o.Unit); !dup {
				b.set(o)
			}
		}
	}
}

// moveTo sends unit id, of the side in turn, to cell i: as far as this
// turn allows, and on at its side's next turns by a standing order when
// it does not get there (a unit with no moves left gets the order
// alone, when a way leads there).
func (p *playMode) moveTo(id, i int) {
	s := p.session
	to := p.cellOf(i)
	if p.remote != nil { // online: the server's answer moves it, no order lasts
		p.command(engine.Command{Cmd: "move", Unit: id, To: to})
		return
	}
	if u, _ := s.match.Unit(id); u.Moves == 0 && !s.computerTurn() && !p.covered() {
		if _, _, ok := s.match.Way(id, i); ok {
			s.orders.set(standingOrder{Unit: id, To: *to})
			p.env.info(p.unitName(u) + " has no moves left: it sets out at the next turn (N skips it)")
			return
		}
	}
	side := s.side()
	if !p.command(engine.Command{Cmd: "move", Unit: id, To: to}) {
		return
	}
	if u, ok := s.match.Unit(id); ok && u.Cell != i && s.side() == side {
		s.orders.set(standingOrder{Unit: id, To: *to})
		p.env.info(fmt.Sprintf("%s goes on to [%d,%d] at the next turns (N skips it)", p.unitName(u), to[0], to[1]))
	} else {
		s.orders.drop(id)
	}
}

// carryOrders carries out the standing orders of the side in turn, a
// person's, once its turn is up (no cover over it) and no move is being
// shown: one move a call, so that each walk shows, or all that are left
// at once when all is set (the turn is being ended). An order the rules
// refuse is dropped, and the player told why, unless the unit only lacks
// the moves for its next step (it goes on at its next turn).
func (p *playMode) carryOrders(all bool) {
	s := p.session
	if p.remote != nil {
		return // standing orders are not kept online
	}
	if over, _ := s.match.Over(); over || p.covered() || s.computerTurn() || (s.walking() && !all) {
		return
	}
	b := &s.orders
	if turn := [2]int{s.match.Round(), s.side()}; b.turn != turn {
		b.turn, b.due = turn, b.due[:0]
		for _, o := range b.orders {
			if s.unitSide(o.Unit) == s.side() {
				b.due = append(b.due, o.Unit)
			}
		}
	}
	for len(b.due) > 0 {
		id := b.due[0]
		b.due = b.due[1:]
		o, ok := b.of(id)
		u, live := s.match.Unit(id)
		if !ok || !live || u.Moves == 0 {
			continue
		}
		side := s.side()
		_, err := s.apply(engine.Command{Cmd: "move", Unit: id, To: &o.To})
		if errors.Is(err, engine.ErrNoMoves) {
			continue // too few moves left for the next step: next turn
		}
		if err != nil {
			b.drop(id)
			p.env.notice(fmt.Sprintf("Order dropped: %s cannot go on to [%d,%d]: %s", p.unitName(u), o.To[0], o.To[1], blockedWhy(err)))
			continue
		}
		p.afterCommand(side)
		if !all || s.side() != side {
			return
		}
	}
}

// blockedWhy says why a standing order's move was refused.
func blockedWhy(err error) string {
	switch {
	case errors.Is(err, engine.ErrNoPath):
		return "the way is blocked"
	case errors.Is(err, engine.ErrOccupied):
		return "a unit stands there"
	}
	return err.Error()
}

// unitName is unit u's side and type, as messages name it.
func (p *playMode) unitName(u engine.UnitInfo) string {
	return units.SideName(u.Side) + " " + p.session.match.Rules().Types[u.Type].Name
}

// orderPath is the way the selected unit's standing order leads it, or
// false when it has none.
func (p *playMode) orderPath() ([]int, bool) {
	s := p.session
	if s == nil || p.selected == 0 || s.walking() {
		return nil, false
	}
	o, ok := s.orders.of(p.selected)
	if !ok {
		return nil, false
	}
	i := o.To[0] + o.To[1]*s.grid.Topology().Width
	c := &p.order
	key := planKey{unit: p.selected, cell: i, unitsState: uint64(len(s.match.Log()))}
	if !c.valid || c.key != key {
		c.key, c.valid = key, true
		cells, _, ok := s.match.Way(p.selected, i)
		c.ok = ok && len(cells) > 1
		c.cells = append(c.cells[:0], cells...)
	}
	return c.cells, c.ok
}
