package ai

import "hexsandbox/game"

// unit is a unit as the bot's side knows it.
type unit struct {
	id, typ, side, cell, hp, moves int
}

// town is a town as the bot's side knows it (builds and stock for its own).
type town struct {
	id, cell, owner, builds, stock int
}

// know is what the bot's side knows now, read from its view: its units,
// the other units it sees (foes: of other teams), the towns it knows,
// the cells it has explored and those it sees, and who stands where.
type know struct {
	own, foes, all []unit
	towns          []town
	explored, seen []bool
	unitAt         []int32 // per cell: 1 + index in all, or 0
	townAt         []int32 // per cell: 1 + index in towns, or 0
	threat         []int32 // per cell: the attack strength foes could bring to it next turn
	marked         []int32 // cells set in unitAt and threat, to clear
	view           []int32
	hit            []uint32 // per cell: the last foe (k.gen) counted there
	gen            uint32
}

// read takes in view v (the map's cells are b's terrain's).
func (k *know) read(b *Bot, v game.View) {
	n := len(b.ter.next)
	if len(k.explored) != n {
		k.explored, k.seen = make([]bool, n), make([]bool, n)
		k.unitAt, k.townAt, k.threat = make([]int32, n), make([]int32, n), make([]int32, n)
		k.hit, k.gen = make([]uint32, n), 0
	}
	for _, c := range k.marked {
		k.unitAt[c], k.threat[c], k.seen[c] = 0, 0, false
	}
	k.marked = k.marked[:0]
	for _, t := range k.towns {
		k.townAt[t.cell] = 0
	}
	k.own, k.foes, k.all, k.towns = k.own[:0], k.foes[:0], k.all[:0], k.towns[:0]
	top := b.ter.top
	cellOf := func(c game.Cell) int { return c[0] + c[1]*top.Width }
	for _, c := range v.Explored {
		k.explored[cellOf(c)] = true
	}
	for _, uv := range v.Units {
		typ, _ := b.rules.TypeIndex(uv.Type)
		u := unit{id: uv.ID, typ: typ, side: uv.Side, cell: cellOf(uv.Cell), hp: uv.HP}
		if uv.Moves != nil {
			u.moves = *uv.Moves
		}
		k.all = append(k.all, u)
		k.unitAt[u.cell] = int32(len(k.all))
		k.marked = append(k.marked, int32(u.cell))
		switch {
		case u.side == b.side:
			k.own = append(k.own, u)
		case b.teams[u.side] != b.teams[b.side]:
			k.foes = append(k.foes, u)
		}
	}
	for _, tv := range v.Towns {
		t := town{id: tv.ID, cell: cellOf(tv.Cell), owner: tv.Owner}
		if tv.Stock != nil {
			t.stock = *tv.Stock
			t.builds, _ = b.rules.TypeIndex(tv.Builds)
		}
		k.towns = append(k.towns, t)
		k.townAt[t.cell] = int32(len(k.towns))
	}
	k.look(b)
	if k.gen > 1<<30 {
		clear(k.hit)
		k.gen = 0
	}
	k.weighThreat(b)
}

// look marks the cells the side sees now: what its team's units and
// towns see (vision by height, as the engine's).
func (k *know) look(b *Bot) {
	mark := func(from, rng int) {
		k.view = b.sight.Cells(from, rng, k.view[:0])
		for _, c := range k.view {
			if !k.seen[c] {
				k.seen[c] = true
				k.marked = append(k.marked, c)
			}
		}
	}
	for _, u := range k.all {
		if b.teams[u.side] == b.teams[b.side] {
			mark(u.cell, b.rules.Types[u.typ].Vision)
		}
	}
	for _, t := range k.towns {
		if t.owner != 0 && b.teams[t.owner] == b.teams[b.side] {
			mark(t.cell, game.TownVision)
		}
	}
}

// weighThreat adds up, per cell, the attack strength (at full health,
// scaled by the foe's health) of every foe that could attack a unit there
// in its next turn.
func (k *know) weighThreat(b *Bot) {
	for _, f := range k.foes {
		t := &b.rules.Types[f.typ]
		power := int32(t.Melee)
		reachTo := 1
		if t.Ranged > 0 {
			power, reachTo = int32(t.Ranged), t.Range
		}
		power = power * int32(50+f.hp/2) / 10
		cells := b.ter.reach(f.cell, 0, t.Moves, func(c int) bool {
			o := k.unitAt[c]
			return o != 0 && k.all[o-1].side != f.side
		})
		k.gen++
		for _, c := range cells {
			b.ter.top.Within(int(c), reachTo, func(n int) {
				if k.hit[n] == k.gen {
					return
				}
				k.hit[n] = k.gen
				if k.threat[n] == 0 {
					k.marked = append(k.marked, int32(n))
				}
				k.threat[n] += power
			})
		}
	}
}

// free reports whether a unit of the bot's side may end a move on cell c:
// seen now, with no unit on it.
func (k *know) free(c int) bool { return k.seen[c] && k.unitAt[c] == 0 }

// townOn is the town on cell c, if one is known there.
func (k *know) townOn(c int) (town, bool) {
	if t := k.townAt[c]; t != 0 {
		return k.towns[t-1], true
	}
	return town{}, false
}
