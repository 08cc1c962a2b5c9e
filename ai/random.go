package ai

import "hexsandbox/game"

// randomNext is the Random level's next command: now and then a town's
// production set at random, then each unit in turn makes a random legal
// attack or move, or stays.
func (b *Bot) randomNext() game.Command {
	if !b.ordered {
		b.ordered = true
		for _, t := range b.k.towns {
			if t.owner == b.side && b.rng.IntN(4) == 0 {
				return game.Command{Cmd: "produce", Town: t.id, Type: b.rules.Types[b.rng.IntN(len(b.rules.Types))].Name}
			}
		}
	}
	for _, u := range b.k.own {
		if !b.mover(u) {
			continue
		}
		b.finish(u.id)
		var targets []int
		for _, f := range b.k.foes {
			if b.canAttack(u, u.cell, f) {
				targets = append(targets, f.cell)
			}
		}
		var moves []int
		for _, c := range b.reachOf(u)[1:] {
			if b.k.free(int(c)) {
				moves = append(moves, int(c))
			}
		}
		switch k := b.rng.IntN(len(targets) + len(moves) + 1); {
		case k < len(targets):
			return game.Command{Cmd: "attack", Unit: u.id, At: b.cellRef(targets[k])}
		case k < len(targets)+len(moves):
			return game.Command{Cmd: "move", Unit: u.id, To: b.cellRef(moves[k-len(targets)])}
		}
	}
	return game.Command{Cmd: "end"}
}
