package hexmap

import (
	"cmp"
	"errors"
	"slices"
)

// MaxRounds bounds a scenario's round limit.
const MaxRounds = 10000

// Setup is a map's scenario settings, saved with it: the seed of a
// match's generator, the sides that play with their teams, and how a
// match is won. The zero Setup is the default: seed 0, conquest, and the
// sides that hold units or towns, each on its own team (see Grid.Sides).
type Setup struct {
	Seed    uint64
	Sides   []SideSetup // each side once, in ascending side order
	Victory Victory
}

// SideSetup is a side that plays and the team it is on.
type SideSetup struct {
	Side uint8 // 1..MaxSides
	Team uint8 // 1..MaxSides; teammates do not fight and share vision
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
		}
		seen[sd.Side] = true
	}
	return nil
}

// Setup returns the map's scenario settings; the caller owns the copy.
func (g *Grid) Setup() Setup {
	s := g.setup
	s.Sides = slices.Clone(s.Sides)
	return s
}

// SetSetup replaces the map's scenario settings (sides kept in ascending
// order) after check; a refused setup changes nothing.
func (g *Grid) SetSetup(s Setup) error {
	if err := s.check(); err != nil {
		return err
	}
	s.Sides = slices.SortedFunc(slices.Values(s.Sides), func(a, b SideSetup) int { return cmp.Compare(a.Side, b.Side) })
	if len(s.Sides) == 0 {
		s.Sides = nil
	}
	g.setup = s
	return nil
}

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
	return s.Seed == o.Seed && s.Victory == o.Victory && slices.Equal(s.Sides, o.Sides)
}
