package ai

import (
	"hexsandbox/game"
	"hexsandbox/hexmap"
)

// style is how a level thinks: the same rules and view for all, weighed
// more or less well.
type style struct {
	careful     bool  // weighs the blows an attacker takes back (Easy sees only those it deals)
	focus       bool  // weighs what a target threatens and finishing it
	lookAhead   bool  // weighs the blows a unit may take where a battle leaves it
	risk        int32 // weight of threat when choosing where to move
	retreatHP   int   // a unit threatened at or below this health heads home (0: never)
	guard       bool  // garrisons threatened towns
	produce     bool  // production follows need (else towns build what they build)
	lossFloor   int   // the least, in percent, it minds its losses when it brings more force
	lossCap     int   // how much, in percent, it minds its losses against equal force
	exposureDiv int   // exposure counts 100/exposureDiv of the blows a unit may take
	archers     int   // builds an archer for every so many melee units (0: none)
	horses      bool  // builds horsemen against foes with few spearmen
	restHP      int   // a wounded unit out of reach below this health rests to heal
	cover       bool  // seeks cover where foes can strike
	seize       bool  // takes a free town in reach before it fights
}

var styles = [...]style{
	Easy:   {},
	Normal: {careful: true, risk: 1, retreatHP: 30, guard: true, produce: true, lossFloor: 60, lossCap: 100, archers: 4, restHP: 50},
	Hard:   {careful: true, focus: true, lookAhead: true, risk: 1, retreatHP: 25, guard: true, produce: true, lossFloor: 25, lossCap: 100, exposureDiv: 400, archers: 0, restHP: 75, cover: true, seize: true},
}

// fields are the bot's distance maps for a turn: to the towns it wants,
// to unexplored land (or, when no unit of the side can walk to any,
// to the land it does not see now), to
// its own towns and to its foes.
type fields struct {
	stale                                 bool
	targets, frontier, home, enemy, shoot []int32
	sources                               []int32
	towns                                 int // own towns when computed
}

// compute builds the fields from what the side knows.
func (f *fields) compute(b *Bot) {
	k := &b.k
	f.stale, f.towns = false, b.ownTowns()
	f.sources = f.sources[:0]
	for _, t := range k.towns {
		if !b.friendly(t.owner) {
			f.sources = append(f.sources, int32(t.cell))
		}
	}
	f.targets = b.ter.field(f.sources, f.targets)
	f.sources = f.sources[:0]
	for _, t := range k.towns {
		if t.owner == b.side {
			f.sources = append(f.sources, int32(t.cell))
		}
	}
	f.home = b.ter.field(f.sources, f.home)
	f.frontier = f.search(b, k.explored)
	if !b.anyReaches(f.frontier) { // what is unexplored no unit can reach: search where the side does not see now
		f.frontier = f.search(b, k.seen)
	}
	f.sources = f.sources[:0]
	for _, u := range k.foes {
		f.sources = append(f.sources, int32(u.cell))
	}
	for _, t := range k.towns {
		if t.owner != 0 && !b.friendly(t.owner) {
			f.sources = append(f.sources, int32(t.cell))
		}
	}
	f.enemy = b.ter.field(f.sources, f.enemy)
	f.sources = f.sources[:0]
	for _, u := range k.foes {
		b.ter.top.Within(u.cell, 2, func(c int) {
			if !b.ter.g.Cell(c).IsUnderwater() {
				f.sources = append(f.sources, int32(c))
			}
		})
	}
	f.shoot = b.ter.field(f.sources, f.shoot)
}

// search is the field to the land cells not yet known, those for which
// known is false.
func (f *fields) search(b *Bot, known []bool) []int32 {
	f.sources = f.sources[:0]
	for c := range known {
		if !known[c] && b.ter.top.Explorable(c) && !b.ter.g.Cell(c).IsUnderwater() {
			f.sources = append(f.sources, int32(c))
		}
	}
	return b.ter.field(f.sources, f.frontier)
}

// anyReaches reports whether some unit of the side stands where field
// leads somewhere.
func (b *Bot) anyReaches(field []int32) bool {
	for _, u := range b.k.own {
		if field[u.cell] < unreached {
			return true
		}
	}
	return false
}

// unreachableFoe reports whether a foe is seen that no unit of the side
// can walk up to (as on a hill behind cliffs): one for ranged units.
func (b *Bot) unreachableFoe() bool {
	return len(b.k.foes) > 0 && !b.anyReaches(b.f.enemy)
}

// friendly reports whether side s (0: neutral) is on the bot's team.
func (b *Bot) friendly(s int) bool { return s != 0 && b.teams[s] == b.teams[b.side] }

func (b *Bot) ownTowns() int {
	n := 0
	for _, t := range b.k.towns {
		if t.owner == b.side {
			n++
		}
	}
	return n
}

// think is the next command of a thinking level: a planned attack, the
// production, a town taken, a retreat, a garrison, the best attack, a
// move, or the end.
func (b *Bot) think() game.Command {
	if b.f.stale || b.f.towns != b.ownTowns() {
		b.f.compute(b)
	}
	steps := []func() (game.Command, bool){b.followUp, b.production, b.capture, b.retreat, b.garrison, b.bestAttack, b.advance}
	for _, step := range steps {
		if cmd, ok := step(); ok {
			return cmd
		}
	}
	return game.Command{Cmd: "end"}
}

// mover is a unit of the bot's that may still act this turn.
func (b *Bot) mover(u unit) bool { return u.moves > 0 && !b.isDone(u.id) }

// reachOf searches where u can go this turn (through its side's units,
// not others').
func (b *Bot) reachOf(u unit) []int32 {
	t := &b.rules.Types[u.typ]
	return b.ter.reach(u.cell, t.Moves-u.moves, t.Moves, func(c int) bool {
		o := b.k.unitAt[c]
		return o != 0 && b.k.all[o-1].side != b.side
	})
}

// moveTo is the command moving u to cell c, after which u is done.
func (b *Bot) moveTo(u unit, c int) game.Command {
	b.finish(u.id)
	return game.Command{Cmd: "move", Unit: u.id, To: b.cellRef(c)}
}

func (b *Bot) cellRef(c int) *game.Cell {
	x, z := b.ter.top.Offset(c)
	return &game.Cell{x, z}
}

// followUp carries out an attack planned with a move, when still possible.
func (b *Bot) followUp() (game.Command, bool) {
	for _, u := range b.k.own {
		if u.id >= len(b.pending) || b.pending[u.id] == 0 || b.isDone(u.id) {
			continue
		}
		at := b.pending[u.id] - 1
		b.pending[u.id] = 0
		if o := b.k.unitAt[at]; o != 0 && u.moves > 0 && b.canAttack(u, u.cell, b.k.all[o-1]) {
			b.finish(u.id)
			return game.Command{Cmd: "attack", Unit: u.id, At: b.cellRef(at)}, true
		}
	}
	return game.Command{}, false
}

// canAttack reports whether u standing on cell c may attack foe f by the
// rules: at range when ranged, else a neighbour not across a cliff.
func (b *Bot) canAttack(u unit, c int, f unit) bool {
	if b.friendly(f.side) || f.side == b.side {
		return false
	}
	t := &b.rules.Types[u.typ]
	if t.Ranged > 0 {
		return b.ter.top.Distance(c, f.cell) <= t.Range
	}
	if _, adj := b.ter.top.DirectionTo(c, f.cell); !adj {
		return false
	}
	g := b.ter.g
	return hexmap.EdgeTypeOf(int(g.Cell(c).Elevation), int(g.Cell(f.cell).Elevation)) != hexmap.Cliff
}

// production sets each town's production to what the side needs.
func (b *Bot) production() (game.Command, bool) {
	if b.ordered || !b.style.produce {
		return game.Command{}, false
	}
	for _, t := range b.k.towns {
		if t.owner != b.side {
			continue
		}
		if want := b.wantBuild(t); want != t.builds {
			return game.Command{Cmd: "produce", Town: t.id, Type: b.rules.Types[want].Name}, true
		}
	}
	b.ordered = true
	return game.Command{}, false
}

// wantBuild is what town t should build: defenders when foes are near,
// a scout early (a focusing level not once it knows a foe's town),
// catapults against walled towns and held towns under siege, ranged units where the side outnumbers
// the foes at a front (catapults when a foe holds a town), else takers
// and archers in a mix.
func (b *Bot) wantBuild(t town) int {
	var count [32]int
	for _, u := range b.k.own {
		count[u.typ]++
	}
	idx := func(name string, or int) int {
		if k, ok := b.rules.TypeIndex(name); ok {
			return k
		}
		return or
	}
	def, _ := b.rules.TypeIndex(b.rules.Builds)
	spear, archer, horse := idx("spearman", def), idx("archer", def), idx("horseman", def)
	scout, cat := idx("scout", def), idx("catapult", def)
	if b.threatened(t) {
		return spear
	}
	if count[scout] == 0 && b.frontierLeft() && b.round <= 20 && !(b.style.focus && b.heldTarget()) {
		return scout
	}
	if b.style.focus && count[cat] < 1+len(b.k.own)/10 && (b.walledTarget() || b.siege()) {
		return cat
	}
	if b.style.focus && len(b.k.own) > len(b.k.foes)+3 && count[cat]+count[archer] < 1+len(b.k.own)/4 && b.besieging() {
		if b.heldTarget() {
			return cat
		}
		return archer
	}
	if count[archer] == 0 && b.unreachableFoe() {
		return archer
	}
	if b.style.focus && len(b.k.own) > 3*len(b.k.foes)+4 && count[archer]*4 < count[spear] {
		return archer // the side dominates: archers finish foes dug in where few can reach
	}
	if b.style.archers > 0 && count[archer]*b.style.archers < count[spear]+count[horse]-1 {
		return archer
	}
	if b.style.horses && count[horse] < count[spear] && b.foeSpears(spear)*3 < len(b.k.foes) {
		return horse
	}
	return spear
}

// foeSpears counts the foes seen of type spear.
func (b *Bot) foeSpears(spear int) int {
	n := 0
	for _, f := range b.k.foes {
		if f.typ == spear {
			n++
		}
	}
	return n
}

// foeWithin reports whether a foe is seen within r steps of cell c.
func (b *Bot) foeWithin(c, r int) bool {
	for _, f := range b.k.foes {
		if b.ter.top.Distance(c, f.cell) <= r {
			return true
		}
	}
	return false
}

func (b *Bot) frontierLeft() bool {
	for _, t := range b.k.towns {
		if t.owner == b.side && b.f.frontier[t.cell] < unreached {
			return true
		}
	}
	return false
}

func (b *Bot) walledTarget() bool {
	for _, t := range b.k.towns {
		if t.owner != 0 && !b.friendly(t.owner) && b.ter.g.Cell(t.cell).Walled {
			return true
		}
	}
	return false
}

// siege reports whether the side, with an army of at least siegeArmy
// units, has two or more within 3 cells of a town of a foe that stands
// in it: catapults strike units in towns twice as hard, and spearmen
// only trade blows with a defender that heals there.
func (b *Bot) siege() bool {
	if len(b.k.own) < siegeArmy {
		return false
	}
	for _, t := range b.k.towns {
		o := b.k.unitAt[t.cell]
		if o == 0 || t.owner == 0 || b.friendly(t.owner) || b.k.all[o-1].side != t.owner {
			continue
		}
		n := 0
		for _, u := range b.k.own {
			if b.ter.top.Distance(u.cell, t.cell) <= 3 {
				n++
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// siegeArmy is how many units a side needs before it lays a siege (an
// early race for towns has no time for catapults).
const siegeArmy = 5

// besieging reports whether a foe is seen within 2 steps of a unit of
// the side: a front where ranged units can strike.
func (b *Bot) besieging() bool {
	for _, u := range b.k.own {
		if b.foeWithin(u.cell, 2) {
			return true
		}
	}
	return false
}

// heldTarget reports whether the side knows a town held by a foe: one
// for catapults, which strike units in towns twice as hard.
func (b *Bot) heldTarget() bool {
	for _, t := range b.k.towns {
		if t.owner != 0 && !b.friendly(t.owner) {
			return true
		}
	}
	return false
}

// retreat takes a badly wounded, threatened unit towards its towns, out
// of reach where it can; one in a town stays to heal.
func (b *Bot) retreat() (game.Command, bool) {
	if b.style.retreatHP == 0 {
		return game.Command{}, false
	}
	for _, u := range b.k.own {
		if !b.mover(u) || u.hp > b.style.retreatHP || b.k.threat[u.cell] == 0 {
			continue
		}
		if t, ok := b.k.townOn(u.cell); ok && t.owner == b.side {
			b.finish(u.id)
			continue
		}
		best := b.bestFree(u.cell, b.reachOf(u), b.retreatKey)
		if best == u.cell {
			b.finish(u.id)
			continue
		}
		return b.moveTo(u, best), true
	}
	return game.Command{}, false
}

// retreatKey orders cells for a wounded unit: least threat, then nearest
// home.
func (b *Bot) retreatKey(c int) int64 {
	return int64(b.k.threat[c])<<32 + int64(min(b.f.home[c], unreached))
}

// garrison sends the nearest unit that can get there this turn into each
// of the side's empty towns with a foe near.
func (b *Bot) garrison() (game.Command, bool) {
	if !b.style.guard {
		return game.Command{}, false
	}
	for _, t := range b.k.towns {
		if t.owner != b.side || b.k.unitAt[t.cell] != 0 || !b.threatened(t) || !b.k.seen[t.cell] {
			continue
		}
		bestU, bestD := -1, unreached
		for k, u := range b.k.own {
			if !b.mover(u) || !b.rules.Types[u.typ].TakesTowns && b.rules.Types[u.typ].Ranged == 0 {
				continue
			}
			if b.ter.top.Distance(u.cell, t.cell) > 6 {
				continue
			}
			b.reachOf(u)
			if d := b.ter.reached(t.cell); d < bestD {
				bestU, bestD = k, d
			}
		}
		if bestU >= 0 {
			return b.moveTo(b.k.own[bestU], t.cell), true
		}
	}
	return game.Command{}, false
}

// resting reports whether wounded unit u, out of every foe's reach, had
// better stay where it is to heal (a level that heals its units).
func (b *Bot) resting(u unit) bool {
	return u.hp < b.style.restHP && b.k.threat[u.cell] == 0
}

// cover is the defence bonus, in percent, cell c gives a unit on it
// against an attacker on the level: its plants, urban level and walls.
func (b *Bot) cover(c int) int {
	cell := b.ter.g.Cell(c)
	bonus := 10*int(cell.PlantLevel) + 10*int(cell.UrbanLevel)
	if cell.Walled {
		bonus += 50
	}
	return bonus
}

// guarding reports whether u stands on a town of its side with a foe near.
func (b *Bot) guarding(u unit) bool {
	t, ok := b.k.townOn(u.cell)
	return ok && t.owner == b.side && b.threatened(t)
}

// guardRadius is how near a foe must be for a town to want a defender.
const guardRadius = 5

// threatened reports whether a foe is near town t or could strike it
// next turn.
func (b *Bot) threatened(t town) bool {
	return b.k.threat[t.cell] > 0 || b.foeWithin(t.cell, guardRadius)
}

// capture moves a unit that takes towns, and is not guarding one, into
// a town not of its team, free and seen, that it reaches this turn (a
// level that seizes towns: a town taken outweighs a battle). Only units
// within a turn's cheapest steps of such a town are searched.
func (b *Bot) capture() (game.Command, bool) {
	if !b.style.seize {
		return game.Command{}, false
	}
	b.free = b.free[:0]
	for _, t := range b.k.towns {
		if !b.friendly(t.owner) && b.k.free(t.cell) {
			b.free = append(b.free, int32(t.cell))
		}
	}
	if len(b.free) == 0 {
		return game.Command{}, false
	}
	for _, u := range b.k.own {
		if !b.mover(u) || !b.rules.Types[u.typ].TakesTowns || !b.townWithin(u.cell, u.moves/b.ter.cheapest) ||
			b.style.guard && b.guarding(u) {
			continue
		}
		if c, ok := b.townInReach(b.reachOf(u)); ok {
			return b.moveTo(u, c), true
		}
	}
	return game.Command{}, false
}

// townWithin reports whether a town of b.free is within r cells of c.
func (b *Bot) townWithin(c, r int) bool {
	for _, t := range b.free {
		if b.ter.top.Distance(c, int(t)) <= r {
			return true
		}
	}
	return false
}

// advance moves the first unit still to act towards its goal: a town to
// take within reach, else by its role's field, weighing threat.
func (b *Bot) advance() (game.Command, bool) {
	for _, u := range b.k.own {
		if !b.mover(u) {
			continue
		}
		if b.style.guard && b.guarding(u) || b.resting(u) {
			b.finish(u.id)
			continue
		}
		cells := b.reachOf(u)
		t := &b.rules.Types[u.typ]
		if t.TakesTowns {
			if c, ok := b.townInReach(cells); ok {
				return b.moveTo(u, c), true
			}
		}
		goal := b.goalOf(u)
		risk := b.style.risk
		if t.Ranged > 0 || !t.TakesTowns {
			risk *= 4
		} else if b.style.focus {
			risk = int32(int64(risk) * b.lossWeight(u.cell) / 100) // bolder where it brings more force
		}
		key := func(c int) int64 {
			k := int64(goal[c]) + int64(risk)*int64(b.k.threat[c])/10
			if b.style.cover && b.k.threat[c] > 0 {
				k -= int64(b.cover(c)) / 5 // a defence bonus of 25% is worth a step
			}
			if tw, ok := b.k.townOn(c); ok && !t.TakesTowns && !b.friendly(tw.owner) {
				k += int64(unreached) // it would only stand in a taker's way
			}
			return k
		}
		best := b.bestFree(u.cell, cells, key)
		if best == u.cell {
			b.finish(u.id)
			continue
		}
		return b.moveTo(u, best), true
	}
	return game.Command{}, false
}

// townInReach is the nearest town not of the side's team, free of units
// and seen, among the reached cells.
func (b *Bot) townInReach(cells []int32) (int, bool) {
	for _, c := range cells { // nearest first
		if t, ok := b.k.townOn(int(c)); ok && !b.friendly(t.owner) && b.k.free(int(c)) {
			return int(c), true
		}
	}
	return 0, false
}

// goalOf is the field unit u descends: scouts explore, takers go for
// towns, ranged units for where they can shoot at foes, and everyone,
// when nothing is left to find, for foes.
func (b *Bot) goalOf(u unit) []int32 {
	t := &b.rules.Types[u.typ]
	f := &b.f
	pick := func(fs ...[]int32) []int32 {
		for _, x := range fs {
			if x[u.cell] < unreached {
				return x
			}
		}
		return fs[len(fs)-1]
	}
	switch {
	case !t.TakesTowns && t.Ranged == 0:
		return pick(f.frontier, f.enemy, f.targets)
	case t.TakesTowns && t.Ranged == 0:
		return pick(f.targets, f.enemy, f.frontier)
	}
	return pick(f.shoot, f.targets, f.frontier)
}

// bestFree is the free cell of cells with the lowest key, or from when
// none is lower than from's own; ties keep the earlier cell.
func (b *Bot) bestFree(from int, cells []int32, key func(int) int64) int {
	best, bestKey := from, key(from)
	for _, c := range cells {
		if k := key(int(c)); k < bestKey && b.k.free(int(c)) {
			best, bestKey = int(c), k
		}
	}
	return best
}
