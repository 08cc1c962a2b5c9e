package nav

// estimate is the A* search's lower bound on the distance at which the
// goal can be reached: Catlike's heuristic is the hex distance left,
// which, as a road step costs 1, never overestimates. This one knows
// two more things that hold on the map being searched, so that it
// bounds the distance much more tightly and the search heads for the
// goal instead of settling nearly every cell nearer than it:
//
//   - no step costs less than the map's cheapest step (5 on a map
//     without roads, 1 as soon as one road exists, as in Catlike);
//   - the turn rule: k more steps from distance d cost at least what k
//     steps of the cheapest cost cost under the rule, wasted turn ends
//     included (Step is monotone in the distance and in the cost).
//
// The bound is consistent: a step of cost c ≥ unit to a cell one hex
// nearer (or not nearer) gives a bound that is no lower, so the first
// time the goal leaves the queue its distance is the least. With a unit
// of 1 it is Catlike's, d + k, which rises with d; with a dearer unit
// two distances in one turn can share a bound (strict returns false),
// and the search must open a settled cell again when it finds it a
// cheaper way in.
type estimate struct {
	unit    int // the cheapest step on the map
	speed   int
	perTurn int // cheapest steps a whole turn holds (0 when unit > speed)
}

func newEstimate(unit, speed int) estimate {
	return estimate{unit: unit, speed: speed, perTurn: speed / unit}
}

// strict reports whether the bound rises with the distance.
func (e estimate) strict() bool { return e.unit == 1 }

// bound is the least distance at which a cell k hexes away can be
// reached from a cell reached at distance d, whose turn ends at end:
// the steps that still fit in this turn, then perTurn a turn.
func (e estimate) bound(d, end, k int) int {
	if e.unit == 1 {
		return d + k // Catlike's: steps of 1 fill every turn, none wasted
	}
	if e.perTurn == 0 {
		return d + k*e.unit // every step its own turn: no closed form, and none needed
	}
	fit := (end - d) / e.unit
	if k <= fit {
		return d + k*e.unit
	}
	k -= fit
	turns := (k - 1) / e.perTurn
	return end + turns*e.speed + (k-turns*e.perTurn)*e.unit
}
