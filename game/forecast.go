package game

import "hexsandbox/hexmap"

// MaxRoll is the largest damage draw: each draw is uniform in 0..MaxRoll.
const MaxRoll = maxRoll

// Fighter is one side of a fight as anyone who sees it knows it: the
// unit's type (its index in the ruleset), health and cell.
type Fighter struct {
	Type, HP, Cell int
}

// Strengths is the combat rule's strengths, in tenths, of attacker a and
// defender d on map g under rules r, for the attack a can make (ranged
// when its type has a ranged strength); inTown says whether d's cell
// holds a town. It is the formula Apply uses, for forecasts.
func Strengths(g *hexmap.Grid, r *Ruleset, a, d Fighter, inTown bool) (as, ds int) {
	at, dt := &r.Types[a.Type], &r.Types[d.Type]
	ranged := at.Ranged > 0
	dir, _ := g.Topology().DirectionTo(a.Cell, d.Cell)
	ab, db := fightBonuses(g, at, dt, a.Cell, d.Cell, inTown, ranged, dir)
	base := at.Melee
	if ranged {
		base = at.Ranged
	}
	return strength(base, ab, a.HP), strength(dt.Melee, db, d.HP)
}

// Damage is what a fighter of strength a deals to one of strength d with
// draw roll, before the cap at the loser's hit points.
func Damage(a, d, roll int) int { return damage(a, d, roll) }

// fightBonuses are the attacker's and defender's bonuses, in percent, in
// a fight of type at on cell ac against type dt on cell dc (a town's
// cell when inTown; a melee one across edge dir of ac): the sums of
// fightParts.
func fightBonuses(g *hexmap.Grid, at, dt *UnitType, ac, dc int, inTown, ranged bool, dir hexmap.Direction) (ab, db int) {
	p := fightParts(g, at, dt, ac, dc, inTown, ranged, dir)
	return p.sum(0), p.sum(1)
}

// BonusPart is one bonus of a fight by name, in percent.
type BonusPart struct {
	Name    string `json:"name"`
	Percent int    `json:"percent"`
}

// maxParts bounds the bonuses one side of a fight can have.
const maxParts = 8

// parts are the named bonuses of both sides of a fight: [0] the
// attacker's, [1] the defender's (fixed arrays: a fight allocates
// nothing).
type parts struct {
	list [2][maxParts]BonusPart
	n    [2]int
}

// add records bonus pct of side k (0 attacker, 1 defender), when not 0.
func (p *parts) add(k int, name string, pct int) {
	if pct != 0 && p.n[k] < maxParts {
		p.list[k][p.n[k]] = BonusPart{name, pct}
		p.n[k]++
	}
}

func (p *parts) sum(k int) int {
	s := 0
	for _, b := range p.list[k][:p.n[k]] {
		s += b.Percent
	}
	return s
}

// fightParts is every bonus of a fight (see fightBonuses), named: the
// one source of the combat rule's bonuses.
func fightParts(g *hexmap.Grid, at, dt *UnitType, ac, dc int, inTown, ranged bool, dir hexmap.Direction) parts {
	var p parts
	if b := at.against(dt.Name); b != 0 { // names made only when used: a fight allocates nothing
		p.add(0, "against "+dt.Name, b)
	}
	if inTown {
		p.add(0, "against a unit in a town", at.inTown())
	}
	if b := dt.against(at.Name); b != 0 {
		p.add(1, "against "+at.Name, b)
	}
	a, d := g.Cell(ac), g.Cell(dc)
	p.add(1, "high ground", min(maxHeightBonus, max(0, heightBonus*int(d.Elevation-a.Elevation))))
	p.add(1, "forest", plantBonus*int(d.PlantLevel))
	p.add(1, "buildings", urbanBonus*int(d.UrbanLevel))
	if d.Walled && !a.Walled {
		p.add(1, "walls", wallBonus)
	}
	if !ranged && a.HasRiverThroughEdge(dir) {
		p.add(1, "river", riverBonus)
	}
	return p
}

// TownVision is how far a town sees: as a unit of that vision on its cell.
const TownVision = townVision
