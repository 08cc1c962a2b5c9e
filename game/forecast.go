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
// cell when inTown; a melee one across edge dir of ac).
func fightBonuses(g *hexmap.Grid, at, dt *UnitType, ac, dc int, inTown, ranged bool, dir hexmap.Direction) (ab, db int) {
	ab = at.against(dt.Name)
	if inTown {
		ab += at.inTown()
	}
	db = dt.against(at.Name)
	a, d := g.Cell(ac), g.Cell(dc)
	db += min(maxHeightBonus, max(0, heightBonus*int(d.Elevation-a.Elevation)))
	db += plantBonus*int(d.PlantLevel) + urbanBonus*int(d.UrbanLevel)
	if d.Walled && !a.Walled {
		db += wallBonus
	}
	if !ranged && a.HasRiverThroughEdge(dir) {
		db += riverBonus
	}
	return ab, db
}

// TownVision is how far a town sees: as a unit of that vision on its cell.
const TownVision = townVision
