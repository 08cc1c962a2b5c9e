package ai

import "hexsandbox/game"

// forecast is a battle's outcome summed over the rolls 0..MaxRoll of the
// engine's combat rule (each roll as likely): damage each way and how
// many rolls destroy each side.
type forecast struct {
	toFoe, toUnit  int // damage summed over the rolls
	kills, deaths  int // rolls that destroy the foe, the attacker
	rolls          int
	attackerCellHP int
}

// forecastOf is u's attack from cell c on foe f by the engine's formula.
func (b *Bot) forecastOf(u unit, c int, f unit) forecast {
	inTown := b.k.townAt[f.cell] != 0
	as, ds := game.Strengths(b.ter.g, b.rules, game.Fighter{Type: u.typ, HP: u.hp, Cell: c},
		game.Fighter{Type: f.typ, HP: f.hp, Cell: f.cell}, inTown)
	ranged := b.rules.Types[u.typ].Ranged > 0
	fc := forecast{rolls: game.MaxRoll + 1}
	for r := 0; r <= game.MaxRoll; r++ {
		d := game.Damage(as, ds, r)
		fc.toFoe += min(d, f.hp)
		if d >= f.hp {
			fc.kills++
		}
		if !ranged {
			back := game.Damage(ds, as, r)
			fc.toUnit += min(back, u.hp)
			if back >= u.hp {
				fc.deaths++
			}
		}
	}
	return fc
}

// attackScore weighs u's attack from cell c on foe f, in production
// points times the rolls: what it destroys of the foe's worth, less what
// it costs u, as the level sees it.
func (b *Bot) attackScore(u unit, c int, f unit) int64 {
	fc := b.forecastOf(u, c, f)
	fv, uv := int64(b.rules.Types[f.typ].Cost), int64(b.rules.Types[u.typ].Cost)
	s := int64(fc.toFoe)*fv/100 + int64(fc.kills)*fv/2
	if !b.style.careful {
		return s
	}
	s -= int64(fc.toUnit)*uv/100 + int64(fc.deaths)*uv/2
	if b.style.focus {
		// what the foe threatens: its attack, more when near a town of ours
		ft := &b.rules.Types[f.typ]
		s += int64(fc.kills) * int64(max(ft.Melee, ft.Ranged)) / 2
		for _, t := range b.k.towns {
			if t.owner == b.side && b.ter.top.Distance(t.cell, f.cell) <= 3 {
				s += int64(fc.kills) * fv / 2
				break
			}
		}
	}
	if b.style.lookAhead {
		s -= b.exposure(u, c, f, fc)
	}
	return s
}

// exposure is the worth u may lose to the foes' next turn where the
// battle leaves it (the foe's cell when a melee attack destroys it),
// counted without the foe itself when it falls.
func (b *Bot) exposure(u unit, c int, f unit, fc forecast) int64 {
	hp := u.hp - fc.toUnit/fc.rolls
	if hp <= 0 {
		return 0
	}
	t := &b.rules.Types[u.typ]
	def := int64(10*t.Melee) * int64(50+hp/2) / 100
	th := int64(b.k.threat[c])
	dmg := min(int64(hp), 30*th/max(def, 1))
	return dmg * int64(t.Cost) * int64(fc.rolls) / 100 / 2
}

// bestAttack finds the best attack, with a move first when needed, of
// all the side's units on all the foes it sees, and makes it (or its
// move, the attack to follow) when it is worth making.
func (b *Bot) bestAttack() (game.Command, bool) {
	type choice struct {
		u     unit
		stand int
		foe   unit
		score int64
	}
	best := choice{score: 0}
	found := false
	for _, u := range b.k.own {
		if !b.mover(u) || !b.foeNear(u) {
			continue
		}
		t := &b.rules.Types[u.typ]
		cells := b.reachOf(u)
		for _, f := range b.k.foes {
			for _, c := range cells {
				stand := int(c)
				if stand != u.cell && (!b.k.free(stand) || b.ter.reached(stand) >= int32(t.Moves)) {
					continue
				}
				if !b.canAttack(u, stand, f) {
					continue
				}
				if s := b.attackScore(u, stand, f); s > best.score || !found && s > 0 {
					best, found = choice{u, stand, f, s}, true
				}
			}
		}
	}
	if !found {
		return game.Command{}, false
	}
	if best.stand == best.u.cell {
		b.finish(best.u.id)
		return game.Command{Cmd: "attack", Unit: best.u.id, At: b.cellRef(best.foe.cell)}, true
	}
	cmd := b.moveTo(best.u, best.stand)
	b.done[best.u.id] = false
	b.pending[best.u.id] = best.foe.cell + 1
	return cmd, true
}

// foeNear reports whether a foe may be within u's reach and strike.
func (b *Bot) foeNear(u unit) bool {
	t := &b.rules.Types[u.typ]
	return b.foeWithin(u.cell, u.moves+max(t.Range, 1))
}
