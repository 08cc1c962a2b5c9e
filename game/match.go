package game

import (
	"errors"
	"fmt"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/script"
	"hexsandbox/vision"
)

// The reasons Apply refuses a command, for errors.Is. A refused command
// changes nothing.
var (
	ErrOver        = errors.New("the match is over")
	ErrBadCommand  = errors.New("bad command")
	ErrNoSuchUnit  = errors.New("no such unit")
	ErrNoSuchTown  = errors.New("no such town")
	ErrNotYours    = errors.New("not the side in turn's")
	ErrNoMoves     = errors.New("no moves left")
	ErrOffMap      = errors.New("no such cell")
	ErrOccupied    = errors.New("the cell holds a unit")
	ErrNoPath      = errors.New("no way there")
	ErrNoTarget    = errors.New("no enemy unit there")
	ErrOutOfRange  = errors.New("out of range")
	ErrNotSeen     = errors.New("the target is not seen")
	ErrCliff       = errors.New("across a cliff")
	ErrUnknownType = errors.New("no such unit type")
	ErrNoUndo      = errors.New("nothing to undo")
)

// unit is a unit's whole state; units live in Match.st.Units at index
// id-1 for good (a removed unit keeps its slot with HP 0), so that ids
// never shift.
type unit struct {
	Type  int  `json:"type"` // index in the ruleset's types
	Side  int  `json:"side"`
	Cell  int  `json:"cell"`
	HP    int  `json:"hp"` // 0: removed
	Moves int  `json:"moves"`
	Acted bool `json:"acted"` // moved or attacked in its side's current (or last) turn
}

// town is a town's whole state, at index id-1 of Match.st.Towns.
type town struct {
	Name   string `json:"name"`
	Cell   int    `json:"cell"`
	Owner  int    `json:"owner"` // 0: neutral
	Builds int    `json:"builds"`
	Stock  int    `json:"stock"`
}

// side is a side's state; Explored is kept in state.Explored.
type side struct {
	Side  int  `json:"side"`
	Team  int  `json:"team"`
	Alive bool `json:"alive"`
	Turns int  `json:"turns"` // turns begun
	// Objectives is the text the script last set for the side.
	Objectives string `json:"objectives,omitempty"`
}

// undoMove is a move that may be taken back: the unit, where it came
// from and what it had before.
type undoMove struct {
	Unit  int   `json:"unit"`
	Path  []int `json:"path"` // cells, start first
	Moves int   `json:"moves"`
	Acted bool  `json:"acted"`
}

// state is everything a match's future depends on, serialised as its
// snapshot and hashed; the rest of Match is derived from it and the map.
type state struct {
	Round    int         `json:"round"`
	Turn     int         `json:"turn"` // index in Sides
	Over     bool        `json:"over"`
	Winner   int         `json:"winner"` // team; 0 with Over: a draw
	RNG      uint64      `json:"rng"`
	Units    []unit      `json:"units"`
	Towns    []town      `json:"towns"`
	Sides    []side      `json:"sides"`
	Explored []uint8     `json:"explored"` // per cell: bit s-1 set when side s has seen it
	Undo     []undoMove  `json:"undo,omitempty"`
	Vars     []scriptVar `json:"vars,omitempty"` // the script's variables, by name
}

// Match is a scenario being played on a map: its state, and tables
// derived from the map (which must not change while the match lasts)
// and from the state.
type Match struct {
	grid     *hexmap.Grid
	rules    *Ruleset
	scenario Scenario
	log      []Command
	st       state
	prog     *script.Program // the scenario's script; nil without one
	areas    []area          // the scenario's named areas

	paths    *pathFinder
	sight    *vision.Sight
	occupant []int32   // per cell: unit id, or 0
	townAt   []int32   // per cell: town id, or 0
	unitSees [][]int32 // per unit id-1: the cells it sees
	townSees [][]int32 // per town id-1: the cells it sees
	seen     [hexmap.MaxSides + 1][]uint16
	revealed bool    // set when a cell newly seen was unexplored or held an enemy
	scratch  []int32 // cells seen on the way of a move
	spare    []int32 // a cell list for the next refreshUnit
}

// NewMatch starts the scenario sc on map g: side 1's turn of round 1
// begins (its towns add to their stock), and the events of that start
// are returned.
func NewMatch(g *hexmap.Grid, sc Scenario) (*Match, []Event, error) {
	m, err := newMatch(g, sc)
	if err != nil {
		return nil, nil, err
	}
	return m, m.begin(), nil
}

// newMatch builds the match before its first turn begins.
func newMatch(g *hexmap.Grid, sc Scenario) (*Match, error) {
	m, err := buildMatch(g, sc)
	if err != nil {
		return nil, err
	}
	for k := range m.st.Sides {
		if s := m.st.Sides[k].Side; !m.hasAnything(s) {
			return nil, fmt.Errorf("scenario: side %d has no towns and no units", s)
		}
	}
	return m, nil
}

// buildMatch builds the match of a scenario whose sides need not all
// start with something (Known's scenarios hide other teams' units).
func buildMatch(g *hexmap.Grid, sc Scenario) (*Match, error) {
	rules, err := sc.ruleset()
	if err != nil {
		return nil, err
	}
	sides, err := sc.checkSides()
	if err != nil {
		return nil, err
	}
	n := g.Topology().CellCount()
	m := &Match{grid: g, rules: rules, scenario: sc, paths: newPathFinder(g), sight: vision.NewSight(g),
		occupant: make([]int32, n), townAt: make([]int32, n)}
	m.scenario.Rules = rules
	m.st.Round, m.st.RNG, m.st.Explored = 1, sc.Seed, make([]uint8, n)
	for _, sd := range sides {
		m.st.Sides = append(m.st.Sides, side{Side: sd.Side, Team: sd.Team, Alive: true})
	}
	if err := m.placeTowns(sc.Towns); err != nil {
		return nil, err
	}
	if err := m.placeUnits(sc.Units); err != nil {
		return nil, err
	}
	if err := m.loadScript(sc); err != nil {
		return nil, err
	}
	m.rebuildSight()
	return m, nil
}

func (m *Match) placeTowns(towns []TownSpec) error {
	for k, t := range towns {
		what := fmt.Sprintf("scenario: towns[%d] (%q)", k, t.Name)
		i, err := cellIndex(m.grid, t.Cell, what)
		if err != nil {
			return err
		}
		builds, ok := m.rules.TypeIndex(t.Builds)
		if t.Builds == "" {
			builds, ok = m.rules.TypeIndex(m.rules.Builds)
		}
		switch {
		case scenario.CheckTownName(t.Name) != nil:
			return fmt.Errorf("%s: name: %v", what, scenario.CheckTownName(t.Name))
		case m.grid.Cell(i).IsUnderwater():
			return fmt.Errorf("%s: cell [%d,%d] is under water", what, t.Cell[0], t.Cell[1])
		case m.townAt[i] != 0:
			return fmt.Errorf("%s: cell [%d,%d] already holds a town", what, t.Cell[0], t.Cell[1])
		case t.Owner != 0 && m.sideIndex(t.Owner) < 0:
			return fmt.Errorf("%s: owner %d is not one of the sides", what, t.Owner)
		case !ok:
			return fmt.Errorf("%s: builds: no type %q", what, t.Builds)
		case t.Stock < 0 || t.Stock > maxStock:
			return fmt.Errorf("%s: stock %d out of range 0..%d", what, t.Stock, maxStock)
		}
		m.st.Towns = append(m.st.Towns, town{Name: t.Name, Cell: i, Owner: t.Owner, Builds: builds, Stock: t.Stock})
		m.townAt[i] = int32(len(m.st.Towns))
	}
	return nil
}

func (m *Match) placeUnits(units []UnitSpec) error {
	for k, u := range units {
		what := fmt.Sprintf("scenario: units[%d]", k)
		i, err := cellIndex(m.grid, u.Cell, what)
		if err != nil {
			return err
		}
		t, ok := m.rules.TypeIndex(u.Type)
		hp := u.HP
		if hp == 0 {
			hp = MaxHP
		}
		switch {
		case !ok:
			return fmt.Errorf("%s: type: no type %q", what, u.Type)
		case m.sideIndex(u.Side) < 0:
			return fmt.Errorf("%s: side %d is not one of the sides", what, u.Side)
		case hp < 1 || hp > MaxHP:
			return fmt.Errorf("%s: hp %d out of range 1..%d", what, u.HP, MaxHP)
		case m.grid.Cell(i).IsUnderwater():
			return fmt.Errorf("%s: cell [%d,%d] is under water", what, u.Cell[0], u.Cell[1])
		case m.occupant[i] != 0:
			return fmt.Errorf("%s: cell [%d,%d] already holds a unit", what, u.Cell[0], u.Cell[1])
		}
		m.st.Units = append(m.st.Units, unit{Type: t, Side: u.Side, Cell: i, HP: hp, Moves: m.rules.Types[t].Moves})
		m.occupant[i] = int32(len(m.st.Units))
	}
	return nil
}

// Grid is the map the match is played on.
func (m *Match) Grid() *hexmap.Grid { return m.grid }

// Rules is the match's ruleset.
func (m *Match) Rules() *Ruleset { return m.rules }

// Scenario is the match's starting scenario (its ruleset filled in).
func (m *Match) Scenario() Scenario { return m.scenario }

// SideName is the name the scenario gives side, "" for none.
func (m *Match) SideName(side int) string {
	for _, sd := range m.scenario.Sides {
		if sd.Side == side {
			return sd.Name
		}
	}
	return ""
}

// SideColour is side's colour number in the sides' palette
// (palette.Sides, 1..scenario.MaxColour): the scenario's, else the
// side's own.
func (m *Match) SideColour(side int) int {
	for _, sd := range m.scenario.Sides {
		if sd.Side == side && sd.Colour > 0 {
			return sd.Colour
		}
	}
	return side
}

// Log is the commands applied so far. Callers must not modify it.
func (m *Match) Log() []Command { return m.log }

// Round is the current round, from 1.
func (m *Match) Round() int { return m.st.Round }

// SideInTurn is the side whose turn it is.
func (m *Match) SideInTurn() int { return m.st.Sides[m.st.Turn].Side }

// Over reports whether the match has ended, and the winning team (0 for
// a draw).
func (m *Match) Over() (over bool, team int) { return m.st.Over, m.st.Winner }

// sideIndex is the index of side s in st.Sides, -1 when not playing.
func (m *Match) sideIndex(s int) int { return indexOf(m.st.Sides, s) }

// team is side s's team.
func (m *Match) team(s int) int { return m.st.Sides[m.sideIndex(s)].Team }

// unitType is the type of unit u.
func (m *Match) unitType(u *unit) *UnitType { return &m.rules.Types[u.Type] }

// liveUnit returns unit id when it exists and stands on the map.
func (m *Match) liveUnit(id int) (*unit, bool) {
	if id < 1 || id > len(m.st.Units) || m.st.Units[id-1].HP == 0 {
		return nil, false
	}
	return &m.st.Units[id-1], true
}

// hasAnything reports whether side s has a town or a unit.
func (m *Match) hasAnything(s int) bool {
	for k := range m.st.Units {
		if m.st.Units[k].HP > 0 && m.st.Units[k].Side == s {
			return true
		}
	}
	for k := range m.st.Towns {
		if m.st.Towns[k].Owner == s {
			return true
		}
	}
	return false
}

// offset is cell i's offset coordinates.
func (m *Match) offset(i int) Cell {
	x, z := m.grid.Topology().Offset(i)
	return Cell{x, z}
}
