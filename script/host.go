package script

// Cell is a cell's offset coordinates [x, z]; scripts see it as a tuple
// (x, z).
type Cell [2]int

// Unit is a unit as a script sees it (HP 0: destroyed).
type Unit struct {
	ID    int
	Type  string
	Side  int
	Cell  Cell
	HP    int
	Moves int
}

// Town is a town as a script sees it (Owner 0: neutral).
type Town struct {
	ID     int
	Name   string
	Cell   Cell
	Owner  int
	Builds string
}

// Side is a side of the match, its team and whether it still plays.
type Side struct {
	Side, Team int
	Alive      bool
}

// CellInfo is what a script reads of a cell: the map's terrain and
// levels, and the ids of the unit and town on it (0: none).
type CellInfo struct {
	Cell                         Cell
	Terrain                      string
	Elevation, Water             int
	Urban, Farm, Plant           int
	Walled, Road, River, Special bool
	Underwater                   bool
	Unit, Town                   int
}

// Host is the match a script runs in: what the game module reads and
// does. Every action checks its arguments and returns an error for a
// person (the script's call fails with it at its line) or changes the
// match; package game undoes a failed call's actions.
type Host interface {
	Round() int
	SideInTurn() int
	Sides() []Side
	Units() []Unit            // those on the map, in id order
	Unit(id int) (Unit, bool) // a destroyed unit too, with HP 0
	Towns() []Town            // in id order
	CellInfo(c Cell) (CellInfo, bool)
	Areas() []string // in the scenario's order
	Area(name string) ([]Cell, bool)
	Sees(side int, c Cell) bool
	Explored(side int, c Cell) bool
	// Var is the JSON text of the match's variable name; SetVar sets it
	// ("" deletes it).
	Var(name string) (string, bool)
	SetVar(name, value string) error
	Random(n int) (int, error) // uniform in 0..n-1, from the match's generator

	Message(side int, text string) error // side 0: every side
	Spawn(typ string, side int, c Cell) (int, error)
	Remove(unit int) error
	Damage(unit, hp int) error
	SetOwner(town, side int) error
	Reveal(side int, cells []Cell) error
	SetObjectives(side int, text string) error
	Victory(team int) error
	Defeat(side int) error
}
