package hexmap

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of a scenario's settings.
const (
	MaxRounds         = 10000     // a round limit
	MaxScriptBytes    = 256 << 10 // a script's source
	MaxAreas          = 64        // named areas
	MaxAreaNameLength = 32        // characters of an area's name
	MaxObjectiveBytes = 1000      // bytes of a side's starting objectives
	MaxSideNameLength = 24        // characters of a side's name
)

// Setup is a map's scenario settings, saved with it: the seed of a
// match's generator, the sides that play with their teams, how a match
// is won, and the scenario's event script (Starlark, docs/scripting.md)
// with the named areas it refers to, and the sides' starting
// objectives. The zero Setup is the default: seed
// 0, conquest, the sides that hold units or towns, each on its own team
// (see Grid.Sides), no script, no areas and no objectives.
type Setup struct {
	Seed       uint64
	Sides      []SideSetup // each side once, in ascending side order
	Victory    Victory
	Script     string
	Areas      []Area      // names used once
	Objectives []Objective // each side once, in ascending side order
}

// Objective is a side's starting objectives: the text shown in its view
// when a match starts, until the script sets others.
type Objective struct {
	Side uint8  // 1..MaxSides
	Text string // UTF-8, at most MaxObjectiveBytes
}

// Area is a named set of cells: their indices, ascending, each once.
type Area struct {
	Name  string
	Cells []int
}

// SideSetup is a side that plays, the team it is on and its name.
type SideSetup struct {
	Side uint8 // 1..MaxSides
	Team uint8 // 1..MaxSides; teammates do not fight and share vision
	// Name is what the side is called (UTF-8, at most MaxSideNameLength
	// characters, no control characters); "" is its colour's name.
	Name string
}

// Victory is how a match is won: Rounds 0 is conquest (the last team
// standing wins); Rounds N ends the match after round N's last turn,
// the highest score winning.
type Victory struct {
	Rounds int // 0..MaxRounds
}

// The reasons the grid refuses a setup; saves wraps ErrBadSetupSide.
var (
	ErrBadSetupSide = errors.New("a scenario's sides are 1 to 4, each listed once")
	errBadTeam      = errors.New("a side's team is 1 to 4")
	errBadRounds    = errors.New("a scenario's round limit is 0 (conquest) to 10000")
	ErrBadScript    = errors.New("a scenario's script is UTF-8 text of at most 256 KiB")
	ErrBadArea      = errors.New("a scenario has at most 64 areas, each named once with 1 to 32 characters, its cells ascending, each once")
	ErrBadObjective = errors.New("a scenario's objectives are for sides 1 to 4, each once, in UTF-8 of at most 1000 bytes")
	ErrBadSideName  = errors.New("a side's name is at most 24 characters of UTF-8, without control characters")
)

// check reports why s is not a valid setup, naming the field.
func (s Setup) check() error {
	if s.Victory.Rounds < 0 || s.Victory.Rounds > MaxRounds {
		return errorf("victory rounds %d: %w", s.Victory.Rounds, errBadRounds)
	}
	if len(s.Sides) > MaxSides {
		return errorf("%d sides: %w", len(s.Sides), ErrBadSetupSide)
	}
	var seen [MaxSides + 1]bool
	for k, sd := range s.Sides {
		switch {
		case sd.Side < 1 || sd.Side > MaxSides || seen[sd.Side]:
			return errorf("sides[%d]: side %d: %w", k, sd.Side, ErrBadSetupSide)
		case sd.Team < 1 || sd.Team > MaxSides:
			return errorf("sides[%d]: team %d: %w", k, sd.Team, errBadTeam)
		case CheckSideName(sd.Name) != nil:
			return errorf("sides[%d]: name %q: %w", k, sd.Name, ErrBadSideName)
		}
		seen[sd.Side] = true
	}
	if len(s.Script) > MaxScriptBytes || !utf8.ValidString(s.Script) {
		return errorf("script of %d bytes: %w", len(s.Script), ErrBadScript)
	}
	if err := s.checkObjectives(); err != nil {
		return err
	}
	return s.checkAreas()
}

// CheckSideName reports whether name is a valid side name ("" included).
func CheckSideName(name string) error {
	if !utf8.ValidString(name) || utf8.RuneCountInString(name) > MaxSideNameLength ||
		strings.IndexFunc(name, unicode.IsControl) >= 0 {
		return ErrBadSideName
	}
	return nil
}

// checkObjectives reports the first bad starting objectives.
func (s Setup) checkObjectives() error {
	if len(s.Objectives) > MaxSides {
		return errorf("%d objectives: %w", len(s.Objectives), ErrBadObjective)
	}
	var seen [MaxSides + 1]bool
	for k, o := range s.Objectives {
		if o.Side < 1 || o.Side > MaxSides || seen[o.Side] || len(o.Text) > MaxObjectiveBytes || !utf8.ValidString(o.Text) {
			return errorf("objectives[%d]: side %d, %d bytes: %w", k, o.Side, len(o.Text), ErrBadObjective)
		}
		seen[o.Side] = true
	}
	return nil
}

// checkAreas reports the first bad area (cells are checked against a
// map by SetSetup).
func (s Setup) checkAreas() error {
	if len(s.Areas) > MaxAreas {
		return errorf("%d areas: %w", len(s.Areas), ErrBadArea)
	}
	for k, a := range s.Areas {
		n := utf8.RuneCountInString(a.Name)
		if n == 0 || n > MaxAreaNameLength || !utf8.ValidString(a.Name) ||
			slices.IndexFunc(s.Areas[:k], func(o Area) bool { return o.Name == a.Name }) >= 0 {
			return errorf("areas[%d]: name %q: %w", k, a.Name, ErrBadArea)
		}
		for j, c := range a.Cells {
			if c < 0 || (j > 0 && c <= a.Cells[j-1]) {
				return errorf("areas[%d] (%q): cells[%d] %d: %w", k, a.Name, j, c, ErrBadArea)
			}
		}
	}
	return nil
}

// Setup returns the map's scenario settings; the caller owns the copy.
func (g *Grid) Setup() Setup { return cloneSetup(g.setup) }

// SetSetup replaces the map's scenario settings (sides kept in ascending
// order) after check; a refused setup changes nothing.
func (g *Grid) SetSetup(s Setup) error {
	if err := s.check(); err != nil {
		return err
	}
	for k, a := range s.Areas {
		if len(a.Cells) > 0 && a.Cells[len(a.Cells)-1] >= g.Topology().CellCount() {
			return errorf("areas[%d] (%q): cell %d off the map's %d cells: %w", k, a.Name, a.Cells[len(a.Cells)-1], g.Topology().CellCount(), ErrBadArea)
		}
	}
	s = cloneSetup(s)
	s.Sides = slices.SortedFunc(slices.Values(s.Sides), func(a, b SideSetup) int { return cmp.Compare(a.Side, b.Side) })
	s.Objectives = slices.SortedFunc(slices.Values(s.Objectives), func(a, b Objective) int { return cmp.Compare(a.Side, b.Side) })
	if len(s.Sides) == 0 {
		s.Sides = nil
	}
	if len(s.Objectives) == 0 {
		s.Objectives = nil
	}
	if len(s.Areas) == 0 {
		s.Areas = nil
	}
	if !g.setup.equal(s) {
		g.setup = s
		g.setupEdits++
	}
	return nil
}

// SetupEdits counts changes of the setup, for followers (the editor's
// undo and scenario panel).
func (g *Grid) SetupEdits() uint64 { return g.setupEdits }

// Sides returns the sides that play with their teams: the setup's, or
// when it lists none, every side that owns a unit or a town, each on a
// team of its own, in ascending order.
func (g *Grid) Sides() []SideSetup {
	if len(g.setup.Sides) > 0 {
		return slices.Clone(g.setup.Sides)
	}
	var has [MaxSides + 1]bool
	for _, u := range g.units.list {
		has[u.Side] = true
	}
	for _, t := range g.towns.list {
		has[t.Owner] = true
	}
	var out []SideSetup
	for s := uint8(1); s <= MaxSides; s++ {
		if has[s] {
			out = append(out, SideSetup{Side: s, Team: s})
		}
	}
	return out
}

func (s Setup) equal(o Setup) bool {
	return s.Seed == o.Seed && s.Victory == o.Victory && slices.Equal(s.Sides, o.Sides) && s.Script == o.Script &&
		slices.EqualFunc(s.Areas, o.Areas, func(a, b Area) bool { return a.Name == b.Name && slices.Equal(a.Cells, b.Cells) }) &&
		slices.Equal(s.Objectives, o.Objectives)
}

// cloneSetup is a copy of s that shares no slices with it.
func cloneSetup(s Setup) Setup {
	s.Sides = slices.Clone(s.Sides)
	s.Areas = slices.Clone(s.Areas)
	s.Objectives = slices.Clone(s.Objectives)
	for k := range s.Areas {
		s.Areas[k].Cells = slices.Clone(s.Areas[k].Cells)
	}
	return s
}
