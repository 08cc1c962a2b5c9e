// Package nav owns movement over the map (Catlike parts 15-17): the cost
// of a step between neighbouring cells, distances measured with turns,
// the A* search for a path, the cells a unit can reach this turn and the
// distance from one cell to all others. A Finder follows its grid's
// change feed to keep a table of step costs current, and holds every
// buffer a search needs, so that searches allocate nothing.
//
// All neighbour and distance questions go to the map's hexmap.Topology,
// so paths cross the seam of a wrapping map like any other edge.
package nav

import "hexsandbox/hexmap"

// Step costs, Catlike's (part 16).
const (
	RoadCost  = 1  // along a road, whatever else
	FlatCost  = 5  // same elevation
	SlopeCost = 10 // one step up or down
)

// MoveCost returns the cost of moving from cell a to its neighbour in
// direction d by Catlike's rules, ignoring units (the search adds
// those): blocked (ok false) off the map, into water and over a cliff;
// 1 along a road; blocked where only one of the two cells is walled;
// otherwise 5 on the level and 10 up or down a slope, plus the urban,
// farm and plant levels of the cell entered.
func MoveCost(g *hexmap.Grid, a int, d hexmap.Direction) (cost int, ok bool) {
	b, ok := g.Topology().Neighbor(a, d)
	if !ok {
		return 0, false
	}
	from, to := g.Cell(a), g.Cell(b)
	if to.IsUnderwater() {
		return 0, false
	}
	edge := hexmap.EdgeTypeOf(int(from.Elevation), int(to.Elevation))
	switch {
	case edge == hexmap.Cliff:
		return 0, false
	case from.HasRoadThroughEdge(d):
		return RoadCost, true
	case from.Walled != to.Walled:
		return 0, false
	}
	cost = FlatCost
	if edge == hexmap.Slope {
		cost = SlopeCost
	}
	return cost + int(to.UrbanLevel) + int(to.FarmLevel) + int(to.PlantLevel), true
}

// maxCost is the largest step cost: a slope into a cell with every
// feature level at its maximum.
const maxCost = SlopeCost + 3*hexmap.MaxLevel

// Step is Catlike's turn rule: the distance after a step of the given
// cost from a cell reached at distance current, for a unit of the given
// speed. A step that would end in a later turn than the one it starts in
// begins that turn with its whole cost, the rest of the current turn
// spent: if (current+cost-1)/speed > (current-1)/speed, the distance is
// ((current+cost-1)/speed)·speed + cost. (Integer division truncates, as
// in C#.)
func Step(current, cost, speed int) int {
	d := current + cost
	if turn := (d - 1) / speed; turn > (current-1)/speed {
		d = turn*speed + cost
	}
	return d
}

// Turn is the turn in which a cell at distance d is reached, Catlike's
// label: 0 for this turn, 1 for the next, and so on.
func Turn(d, speed int) int { return (d - 1) / speed }
