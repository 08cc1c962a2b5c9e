package game

import (
	"fmt"

	"hexsandbox/hexmap"
)

// SideTally is a side's count at one moment of a match: the towns it
// holds, and, since the match began, the units it produced, the units
// it lost and the units of other sides its units destroyed.
type SideTally struct {
	Side      int `json:"side"`
	Towns     int `json:"towns"`
	Built     int `json:"built"`
	Lost      int `json:"lost"`
	Destroyed int `json:"destroyed"`
}

// RoundStats is every side's tally (in side order) at the end of round
// Round; round 0 is the starting position, before the first turn began.
type RoundStats struct {
	Round int         `json:"round"`
	Sides []SideTally `json:"sides"`
	// Commands is how many commands of the log came before the round
	// ended: where the next round begins in the log (the whole log for
	// the round the log ends in).
	Commands int `json:"commands"`
}

// Stats replays log from scenario sc on map g and returns the tallies at
// the start (round 0) and at the end of each round, the last one the
// round the log ends in (finished or not). A round ends when the next
// one's first turn begins, so that what that turn's start brings (units
// produced) counts in the new round.
func Stats(g *hexmap.Grid, sc Scenario, log []Command) ([]RoundStats, error) {
	m, err := newMatch(g, sc)
	if err != nil {
		return nil, err
	}
	t := tallier{m: m, sides: make([]SideTally, len(m.st.Sides))}
	for k, sd := range m.st.Sides {
		t.sides[k].Side = sd.Side
	}
	t.count(m.begin()) // its turn event closes round 0, the start
	for k, cmd := range log {
		ev, err := m.Apply(cmd)
		if err != nil {
			return nil, fmt.Errorf("command %d: %w", k+1, err)
		}
		t.applied = k + 1
		t.count(ev)
	}
	t.push(m.st.Round)
	return t.out, nil
}

// tallier keeps the running tallies of a match being replayed.
type tallier struct {
	m       *Match
	round   int         // the round being counted
	sides   []SideTally // per side, in the match's side order
	applied int         // commands of the log applied so far
	out     []RoundStats
}

// count adds what events ev did, closing a round when the next begins.
func (t *tallier) count(ev []Event) {
	for _, e := range ev {
		switch e.Ev {
		case "turn":
			if e.Round > t.round {
				t.push(t.round)
				t.round = e.Round
			}
		case "produced":
			t.add(e.Unit, func(s *SideTally) { s.Built++ })
		case "destroyed":
			t.add(e.Unit, func(s *SideTally) { s.Lost++ })
			if e.By != 0 {
				t.add(e.By, func(s *SideTally) { s.Destroyed++ })
			}
		}
	}
}

// add applies f to the tally of unit id's side.
func (t *tallier) add(id int, f func(*SideTally)) {
	if id < 1 || id > len(t.m.st.Units) {
		return
	}
	if k := t.m.sideIndex(t.m.st.Units[id-1].Side); k >= 0 {
		f(&t.sides[k])
	}
}

// push records the tallies now as the end of round r, with the towns
// held now.
func (t *tallier) push(r int) {
	rs := RoundStats{Round: r, Sides: append([]SideTally(nil), t.sides...), Commands: t.applied}
	for k := range rs.Sides {
		rs.Sides[k].Towns = 0
		for _, tw := range t.m.st.Towns {
			if tw.Owner == rs.Sides[k].Side {
				rs.Sides[k].Towns++
			}
		}
	}
	t.out = append(t.out, rs)
}
