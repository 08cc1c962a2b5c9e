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
func (b *Bot) attackScore(u unit, c int, f unit, fc forecast) int64 {
	fv, uv := int64(b.rules.Types[f.typ].Cost), int64(b.rules.Types[u.typ].Cost)
	if t, ok := b.k.townOn(f.cell); ok && t.owner != 0 && !b.friendly(t.owner) {
		fv += townWorth // the foe holds a town: destroying it opens the town
	}
	s := int64(fc.toFoe)*fv/100 + int64(fc.kills)*fv/2
	if !b.style.careful {
		return s
	}
	// losses weigh less where the side brings more force than the foes
	uv = uv * b.lossWeight(f.cell) / 100
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
		s -= b.exposure(u, c, f, fc) * b.lossWeight(f.cell) / int64(b.style.exposureDiv)
	}
	return s
}

// townWorth is what a town is worth to the bot, in production points.
const townWorth = 40

// forceRadius is how far around a battle the bot counts the forces.
const forceRadius = 5

// lossWeight is how much, in percent, the bot minds its losses in a
// battle at cell c: in full when the foes near c are as strong as its
// own units near c, less (down to the level's floor) when it brings more.
func (b *Bot) lossWeight(c int) int64 {
	own, foe := int64(0), int64(0)
	power := func(u unit) int64 {
		t := &b.rules.Types[u.typ]
		return int64(max(t.Melee, t.Ranged)) * int64(50+u.hp/2)
	}
	for _, u := range b.k.own {
		if b.ter.top.Distance(u.cell, c) <= forceRadius {
			own += power(u)
		}
	}
	for _, u := range b.k.foes {
		if b.ter.top.Distance(u.cell, c) <= forceRadius {
			foe += power(u)
		}
	}
	return max(int64(b.style.lossFloor), min(int64(b.style.lossCap), int64(b.style.lossCap)*foe/max(own, 1)))
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

// option is an attack one unit could make this turn: from where, on
// which foe, its forecast and score.
type option struct {
	u     unit
	stand int
	foe   int // index in b.k.foes
	fc    forecast
	score int64
}

// bestAttack finds the best attack, with a move first when needed, of
// all the side's units on all the foes it sees, and makes it (or its
// move, the attack to follow) when it is worth making. A focusing level
// adds, to each attack on a foe that all the attacks it could get would
// likely destroy, the worth of destroying it.
func (b *Bot) bestAttack() (game.Command, bool) {
	b.opts = b.opts[:0]
	if cap(b.dealt) < len(b.k.foes) {
		b.dealt = make([]int, len(b.k.foes))
	}
	b.dealt = b.dealt[:len(b.k.foes)]
	clear(b.dealt)
	for _, u := range b.k.own {
		if !b.mover(u) || !b.foeNear(u) {
			continue
		}
		t := &b.rules.Types[u.typ]
		cells := b.reachOf(u)
		for fi, f := range b.k.foes {
			first := len(b.opts)
			for _, c := range cells {
				stand := int(c)
				if stand != u.cell && (!b.k.free(stand) || b.ter.reached(stand) >= int32(t.Moves)) {
					continue
				}
				if !b.canAttack(u, stand, f) {
					continue
				}
				o := option{u: u, stand: stand, foe: fi, fc: b.forecastOf(u, stand, f)}
				o.score = b.attackScore(u, stand, f, o.fc)
				if len(b.opts) == first {
					b.opts = append(b.opts, o)
				} else if o.score > b.opts[first].score {
					b.opts[first] = o
				}
			}
			if len(b.opts) > first {
				b.dealt[fi] += b.opts[first].fc.toFoe / b.opts[first].fc.rolls
			}
		}
	}
	best := -1
	for k := range b.opts {
		o := &b.opts[k]
		f := b.k.foes[o.foe]
		if b.style.focus && o.fc.kills < o.fc.rolls && b.dealt[o.foe] >= f.hp {
			o.score += int64(o.fc.rolls) * int64(b.rules.Types[f.typ].Cost) * int64(o.fc.toFoe/o.fc.rolls) / int64(2*f.hp)
		}
		if o.score > 0 && (best < 0 || o.score > b.opts[best].score) {
			best = k
		}
	}
	if best < 0 {
		return game.Command{}, false
	}
	o := b.opts[best]
	at := b.k.foes[o.foe].cell
	if o.stand == o.u.cell {
		b.finish(o.u.id)
		return game.Command{Cmd: "attack", Unit: o.u.id, At: b.cellRef(at)}, true
	}
	cmd := b.moveTo(o.u, o.stand)
	b.done[o.u.id] = false
	b.pending[o.u.id] = at + 1
	return cmd, true
}

// foeNear reports whether a foe may be within u's reach and strike.
func (b *Bot) foeNear(u unit) bool {
	t := &b.rules.Types[u.typ]
	return b.foeWithin(u.cell, u.moves+max(t.Range, 1))
}
