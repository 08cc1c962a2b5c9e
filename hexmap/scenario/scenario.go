// Package scenario owns a map's scenario settings, saved with the map:
// the seed of a match's generator, the sides that play with their teams,
// who plays each side (a person or the computer at a level) and its
// colour, how a match is won, the event script (Starlark,
// docs/scripting.md) with the named areas it refers to, and the sides'
// starting objectives;
// their limits, and the check that keeps them within those limits. The
// map (package hexmap) holds one Setup; the rules (package game) read
// it.
package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"hexsandbox/palette"
)

// Limits of a scenario's settings.
const (
	MaxSides          = 4         // sides that play, numbered 1..MaxSides
	MaxRounds         = 10000     // a round limit
	MaxScriptBytes    = 256 << 10 // a script's source
	MaxAreas          = 64        // named areas
	MaxAreaNameLength = 32        // characters of an area's name
	MaxObjectiveBytes = 1000      // bytes of a side's starting objectives
	MaxSideNameLength = 24        // characters of a side's name
	// MaxColour is the highest colour number: the sides' palette's
	// (palette.Sides) colours are 1..MaxColour.
	MaxColour = len(palette.Sides)
)

// Setup is a map's scenario settings. The zero Setup is the default:
// seed 0, conquest, the sides that hold units or towns, each on its own
// team (see hexmap's Grid.Sides), no script, no areas and no objectives.
type Setup struct {
	Seed       uint64
	Sides      []Side // each side once, in ascending side order
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

// Side is a side that plays, the team it is on, its name, who plays it
// and its colour.
type Side struct {
	Side uint8 // 1..MaxSides
	Team uint8 // 1..MaxSides; teammates do not fight and share vision
	// Name is what the side is called (UTF-8, at most MaxSideNameLength
	// characters, no control characters); "" is its colour's name.
	Name       string
	Controller Controller
	// Colour is the side's colour, a number 1..MaxColour of the sides'
	// palette; 0 is the side's own (colour number Side). No two sides of
	// a setup have the same colour (see ColourOf).
	Colour uint8
}

// Every side can have a colour of its own.
var _ [MaxColour - MaxSides]struct{}

// ColourOf is sd's colour number, 1..MaxColour: its own when Colour is 0.
func ColourOf(sd Side) int {
	if sd.Colour == 0 {
		return int(sd.Side)
	}
	return int(sd.Colour)
}

// Controller is who plays a side: a person, or the computer at a level
// (package ai's levels of the same names).
type Controller uint8

// The controllers, in the order the editor offers them.
const (
	Human Controller = iota
	Easy
	Normal
	Hard
)

// controllerNames are the controllers' names: the levels' as package ai
// spells them, and "human".
var controllerNames = [...]string{"human", "easy", "normal", "hard"}

// String is c's name ("human", "easy", "normal", "hard").
func (c Controller) String() string {
	if int(c) < len(controllerNames) {
		return controllerNames[c]
	}
	return fmt.Sprintf("controller %d", c)
}

// Computer reports whether the computer plays the side.
func (c Controller) Computer() bool { return c != Human }

// ParseController reads a controller's name; "" is Human.
func ParseController(name string) (Controller, error) {
	if name == "" {
		return Human, nil
	}
	if k := slices.Index(controllerNames[:], name); k >= 0 {
		return Controller(k), nil
	}
	return Human, fmt.Errorf("%q: %w", name, ErrBadController)
}

// Victory is how a match is won: Rounds 0 is conquest (the last team
// standing wins); Rounds N ends the match after round N's last turn,
// the highest score winning.
type Victory struct {
	Rounds int // 0..MaxRounds
}

// The reasons Check refuses a setup; each error it returns wraps one.
var (
	ErrBadSide       = errors.New("a scenario's sides are 1 to 4, each listed once")
	ErrBadTeam       = errors.New("a side's team is 1 to 4")
	ErrBadRounds     = errors.New("a scenario's round limit is 0 (conquest) to 10000")
	ErrBadScript     = errors.New("a scenario's script is UTF-8 text of at most 256 KiB")
	ErrBadArea       = errors.New("a scenario has at most 64 areas, each named once with 1 to 32 characters, its cells ascending, each once")
	ErrBadObjective  = errors.New("a scenario's objectives are for sides 1 to 4, each once, in UTF-8 of at most 1000 bytes")
	ErrBadSideName   = errors.New("a side's name is at most 24 characters of UTF-8, without control characters")
	ErrBadController = errors.New("a side is played by a human or the computer (easy, normal or hard)")
	ErrBadColour     = errors.New("a side's colour is 0 (its own) or one of the sides' palette, no two sides of one colour")
)

// Check reports why s is not a valid setup, naming the field. Areas'
// cells are checked against a map by the map.
func (s Setup) Check() error {
	if s.Victory.Rounds < 0 || s.Victory.Rounds > MaxRounds {
		return fmt.Errorf("victory rounds %d: %w", s.Victory.Rounds, ErrBadRounds)
	}
	if len(s.Sides) > MaxSides {
		return fmt.Errorf("%d sides: %w", len(s.Sides), ErrBadSide)
	}
	var seen [MaxSides + 1]bool
	for k, sd := range s.Sides {
		switch {
		case sd.Side < 1 || sd.Side > MaxSides || seen[sd.Side]:
			return fmt.Errorf("sides[%d]: side %d: %w", k, sd.Side, ErrBadSide)
		case sd.Team < 1 || sd.Team > MaxSides:
			return fmt.Errorf("sides[%d]: team %d: %w", k, sd.Team, ErrBadTeam)
		case CheckSideName(sd.Name) != nil:
			return fmt.Errorf("sides[%d]: name %q: %w", k, sd.Name, ErrBadSideName)
		case sd.Controller > Hard:
			return fmt.Errorf("sides[%d]: controller %d: %w", k, sd.Controller, ErrBadController)
		}
		seen[sd.Side] = true
	}
	if err := CheckColours(s.Sides); err != nil {
		return err
	}
	if len(s.Script) > MaxScriptBytes || !utf8.ValidString(s.Script) {
		return fmt.Errorf("script of %d bytes: %w", len(s.Script), ErrBadScript)
	}
	if err := s.checkObjectives(); err != nil {
		return err
	}
	return s.checkAreas()
}

// CheckColours reports the first side whose colour is out of range or
// another's (of the sides listed, each with its own colour when its
// Colour is 0).
func CheckColours(sides []Side) error {
	var taken [MaxColour + 1]bool
	for k, sd := range sides {
		c := ColourOf(sd)
		if c < 1 || c > MaxColour || taken[c] {
			return fmt.Errorf("sides[%d]: colour %d: %w", k, c, ErrBadColour)
		}
		taken[c] = true
	}
	return nil
}

// SpreadColours gives each of sides whose colour is another's (an
// earlier side's) the first colour none of them has, so that
// CheckColours accepts them; sides of good colours keep theirs.
func SpreadColours(sides []Side) {
	var taken [MaxColour + 1]bool
	clash := make([]bool, len(sides))
	for k, sd := range sides {
		if c := ColourOf(sd); c >= 1 && c <= MaxColour && !taken[c] {
			taken[c] = true
		} else {
			clash[k] = true
		}
	}
	for k := range sides {
		if !clash[k] {
			continue
		}
		free := slices.Index(taken[1:], false) + 1 // there are as many colours as sides
		taken[free] = true
		sides[k].Colour = uint8(free)
		if free == int(sides[k].Side) {
			sides[k].Colour = 0
		}
	}
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
		return fmt.Errorf("%d objectives: %w", len(s.Objectives), ErrBadObjective)
	}
	var seen [MaxSides + 1]bool
	for k, o := range s.Objectives {
		if o.Side < 1 || o.Side > MaxSides || seen[o.Side] || len(o.Text) > MaxObjectiveBytes || !utf8.ValidString(o.Text) {
			return fmt.Errorf("objectives[%d]: side %d, %d bytes: %w", k, o.Side, len(o.Text), ErrBadObjective)
		}
		seen[o.Side] = true
	}
	return nil
}

// checkAreas reports the first bad area.
func (s Setup) checkAreas() error {
	if len(s.Areas) > MaxAreas {
		return fmt.Errorf("%d areas: %w", len(s.Areas), ErrBadArea)
	}
	for k, a := range s.Areas {
		n := utf8.RuneCountInString(a.Name)
		if n == 0 || n > MaxAreaNameLength || !utf8.ValidString(a.Name) ||
			slices.IndexFunc(s.Areas[:k], func(o Area) bool { return o.Name == a.Name }) >= 0 {
			return fmt.Errorf("areas[%d]: name %q: %w", k, a.Name, ErrBadArea)
		}
		for j, c := range a.Cells {
			if c < 0 || (j > 0 && c <= a.Cells[j-1]) {
				return fmt.Errorf("areas[%d] (%q): cells[%d] %d: %w", k, a.Name, j, c, ErrBadArea)
			}
		}
	}
	return nil
}

// Equal reports whether s and o hold the same settings.
func (s Setup) Equal(o Setup) bool {
	return s.Seed == o.Seed && s.Victory == o.Victory && slices.Equal(s.Sides, o.Sides) && s.Script == o.Script &&
		slices.EqualFunc(s.Areas, o.Areas, func(a, b Area) bool { return a.Name == b.Name && slices.Equal(a.Cells, b.Cells) }) &&
		slices.Equal(s.Objectives, o.Objectives)
}

// Clone is a copy of s that shares no slices with it.
func (s Setup) Clone() Setup {
	s.Sides = slices.Clone(s.Sides)
	s.Areas = slices.Clone(s.Areas)
	s.Objectives = slices.Clone(s.Objectives)
	for k := range s.Areas {
		s.Areas[k].Cells = slices.Clone(s.Areas[k].Cells)
	}
	return s
}
