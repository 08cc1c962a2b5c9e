package hexmap

import (
	"cmp"
	"errors"
	"hexsandbox/hexmap/scenario"
	"math"
	"slices"
)

// MaxSides is how many sides (players) units can belong to. Catlike has
// one side; its files' units are side 1.
const MaxSides = scenario.MaxSides

// UnitSpeed is a unit's move budget per turn (Catlike's HexUnit.Speed).
const UnitSpeed = 24

// Unit is a unit standing on a cell (Catlike part 18), with its type,
// the side it belongs to and what it may still move this turn. The grid
// keeps its units with the cells, so that every file format and copy of
// a map carries them; package units plays with them, and package game
// takes them as a match's starting units.
type Unit struct {
	Location Coordinates
	// Orientation is the heading in degrees, clockwise from north (+Z),
	// as Catlike's HexUnit.Orientation.
	Orientation float32
	Side        uint8 // 1..MaxSides
	MovesLeft   int16 // 0..UnitSpeed
	// Type names the unit's type in a ruleset (see scenario.CheckUnitType). The
	// grid stores "" as scenario.DefaultUnitType, so a placed unit always has one.
	Type string
}

// The reasons the grid refuses a unit (the editor tells ErrUnderwater
// apart; a bad type is scenario.ErrBadUnitType).
var (
	errOffMap      = errors.New("the cell is off the map")
	errOccupied    = errors.New("the cell already holds a unit")
	ErrUnderwater  = errors.New("units cannot stand underwater")
	errBadSide     = errors.New("a unit's side is 1 to 4")
	errBadMoves    = errors.New("a unit's moves left are 0 to its speed")
	errBadHeading  = errors.New("a unit's orientation must be a finite number")
	errNoSuchUnit  = errors.New("no such unit")
	errBadSideTurn = errors.New("the side in turn is 1 to 4")
)

// unitState is the grid's units: the list in placement order, which cell
// holds which, whose turn it is, and counters that tell followers
// (undo, unit views, path caches) that something changed.
type unitState struct {
	list     []Unit
	occupant []int32 // per cell: index in list + 1, or 0; nil until needed
	turn     uint8   // side in turn, 1..MaxSides; 0 reads as 1
	edits    uint64  // placements and removals, the flood rule included
	changes  uint64  // every change: edits, moves, turns
}

// Units returns the map's units in placement order. Callers must not
// modify the slice; it is valid until the next unit change.
func (g *Grid) Units() []Unit { return g.units.list }

// UnitAt returns the index in Units of the unit on cell i, if any.
func (g *Grid) UnitAt(i int) (int, bool) {
	if g.units.occupant == nil || g.units.occupant[i] == 0 {
		return 0, false
	}
	return int(g.units.occupant[i]) - 1, true
}

// Occupied reports whether a unit stands on cell i.
func (g *Grid) Occupied(i int) bool {
	_, ok := g.UnitAt(i)
	return ok
}

// UnitCell returns the index of the cell unit k stands on.
func (g *Grid) UnitCell(k int) int {
	i, _ := g.top.Index(g.units.list[k].Location)
	return i
}

// UnitChanges counts every change of the units (placements, removals,
// moves, turns); UnitEdits only placements and removals. Followers
// compare them with what they saw last.
func (g *Grid) UnitChanges() uint64 { return g.units.changes }

// UnitEdits counts placements and removals of units (editing, as opposed
// to playing), including units the flood rule removed.
func (g *Grid) UnitEdits() uint64 { return g.units.edits }

// SideInTurn is the side whose turn it is, 1..MaxSides.
func (g *Grid) SideInTurn() int { return max(1, int(g.units.turn)) }

// SetSideInTurn passes the turn to side s.
func (g *Grid) SetSideInTurn(s int) error {
	if s < 1 || s > MaxSides {
		return errBadSideTurn
	}
	if s != g.SideInTurn() {
		g.units.turn = uint8(s)
		g.units.changes++
	}
	return nil
}

// checkUnit reports why u cannot stand on the map, with self the index
// of the unit u replaces (-1 for a new unit); wet allows a cell under
// water (loading). It returns u's cell. u's type must be set already
// ("" is not a type: callers store scenario.DefaultUnitType for it).
func (g *Grid) checkUnit(u Unit, self int, wet bool) (int, error) {
	i, ok := g.top.Index(u.Location)
	switch {
	case !ok:
		return 0, errOffMap
	case scenario.CheckUnitType(u.Type) != nil:
		return i, scenario.ErrBadUnitType
	case u.Side < 1 || u.Side > MaxSides:
		return i, errBadSide
	case u.MovesLeft < 0 || u.MovesLeft > UnitSpeed:
		return i, errBadMoves
	case math.IsNaN(float64(u.Orientation)) || math.IsInf(float64(u.Orientation), 0):
		return i, errBadHeading
	case !wet && g.cells[i].IsUnderwater():
		return i, ErrUnderwater
	}
	if k, ok := g.UnitAt(i); ok && k != self {
		return i, errOccupied
	}
	return i, nil
}

// AddUnit places u (an edit): on the map, on a dry free cell, with a side
// 1..MaxSides, moves left 0..UnitSpeed and a type scenario.CheckUnitType accepts
// ("" places a scenario.DefaultUnitType). Its location is stored in the
// cell's own coordinates (on a wrapping map any column names a cell).
func (g *Grid) AddUnit(u Unit) error { return g.InsertUnit(len(g.units.list), u) }

// InsertUnit is AddUnit at place k of Units (clamped to the list), for
// undo to put a unit back where it was.
func (g *Grid) InsertUnit(k int, u Unit) error { return g.insertUnit(k, u, false) }

func (g *Grid) insertUnit(k int, u Unit, wet bool) error {
	u.Type = cmp.Or(u.Type, scenario.DefaultUnitType)
	i, err := g.checkUnit(u, -1, wet)
	if err != nil {
		return err
	}
	u.Location = g.top.Coordinates(i)
	g.ensureOccupants()
	k = max(0, min(k, len(g.units.list)))
	g.units.list = slices.Insert(g.units.list, k, u)
	if k == len(g.units.list)-1 {
		g.units.occupant[i] = int32(k + 1)
	} else {
		g.reindexUnits()
	}
	g.units.edits++
	g.units.changes++
	return nil
}

// RemoveUnit removes the unit on cell i (an edit); it reports whether
// there was one. The units after it in Units move down by one.
func (g *Grid) RemoveUnit(i int) bool {
	k, ok := g.UnitAt(i)
	if !ok {
		return false
	}
	g.units.list = slices.Delete(g.units.list, k, k+1)
	g.reindexUnits()
	g.units.edits++
	g.units.changes++
	return true
}

// PutUnit replaces unit k with u: a move in play (a new location, which
// must be dry and free, a heading, moves left). It is not an edit of the
// map: undo does not record it.
func (g *Grid) PutUnit(k int, u Unit) error {
	if k < 0 || k >= len(g.units.list) {
		return errNoSuchUnit
	}
	u.Type = cmp.Or(u.Type, scenario.DefaultUnitType)
	i, err := g.checkUnit(u, k, false)
	if err != nil {
		return err
	}
	u.Location = g.top.Coordinates(i)
	old := g.UnitCell(k)
	if g.units.list[k] == u {
		return nil
	}
	g.units.occupant[old] = 0
	g.units.occupant[i] = int32(k + 1)
	g.units.list[k] = u
	g.units.changes++
	return nil
}

// SetUnits replaces every unit (loading a file, generation). A unit that
// cannot stand is an error and changes nothing, but a unit may stand
// underwater here: Catlike lets the water rise over a unit, and a file
// keeps what it holds as written (placing, moving and flooding edits
// never leave a unit underwater).
func (g *Grid) SetUnits(units []Unit) error {
	old := g.units
	g.units.list, g.units.occupant = nil, nil
	for k, u := range units {
		if err := g.insertUnit(len(g.units.list), u, true); err != nil {
			g.units = old
			x, z := u.Location.Offset()
			return errorf("unit %d at (%d, %d): %w", k, x, z, err)
		}
	}
	g.units.edits, g.units.changes = old.edits+1, old.changes+1
	return nil
}

func (g *Grid) ensureOccupants() {
	if g.units.occupant == nil {
		g.units.occupant = make([]int32, len(g.cells))
	}
}

// reindexUnits rebuilds the cell → unit index after the list changed.
func (g *Grid) reindexUnits() {
	if g.units.occupant == nil {
		return
	}
	clear(g.units.occupant)
	for k := range g.units.list {
		g.units.occupant[g.UnitCell(k)] = int32(k + 1)
	}
}

// drown is the flood rule: a unit or town whose cell went underwater is
// removed, in the same edit as the water (so undo brings them back).
func (g *Grid) drown(i int) {
	if g.cells[i].IsUnderwater() {
		g.RemoveUnit(i)
		if k, ok := g.TownAt(i); ok {
			g.RemoveTown(k)
		}
	}
}

// cloneUnits returns a copy that shares nothing with u.
func (u unitState) clone() unitState {
	u.list = slices.Clone(u.list)
	u.occupant = slices.Clone(u.occupant)
	return u
}

func (u unitState) equal(o unitState) bool {
	return slices.Equal(u.list, o.list) && max(1, u.turn) == max(1, o.turn)
}
