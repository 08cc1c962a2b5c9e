package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"hexsandbox/ai"
	"hexsandbox/game"
	"hexsandbox/hexmap"
)

// computer is a side that `hexmap play -ai SIDE:LEVEL` (or the map's
// scenario, without -ai) gives to package ai.
type computer struct {
	side  int
	level ai.Level
}

func parseComputer(s string) (computer, error) {
	side, level, ok := strings.Cut(s, ":")
	n, err := strconv.Atoi(side)
	if !ok || err != nil || n < 1 || n > hexmap.MaxSides {
		return computer{}, fmt.Errorf("-ai %q: want SIDE:LEVEL, SIDE 1..%d", s, hexmap.MaxSides)
	}
	l, err := ai.ParseLevel(level)
	if err != nil {
		return computer{}, fmt.Errorf("-ai %q: %v", s, err)
	}
	return computer{n, l}, nil
}

// scenarioComputers are the sides sc has the computer play (at their
// levels), for a command line that names none.
func scenarioComputers(sc game.Scenario) []computer {
	var out []computer
	for _, c := range sc.Computers() {
		if l, err := ai.ParseLevel(c.Level); err == nil {
			out = append(out, computer{c.Side, l})
		}
	}
	return out
}

// makeBots is, per side, the bot that plays it (nil: the protocol's
// reader plays it). Every computer must name a side of the match.
func makeBots(m *game.Match, cs []computer) ([]*ai.Bot, error) {
	bots := make([]*ai.Bot, hexmap.MaxSides+1)
	sides := m.Summary().Sides
	for _, c := range cs {
		found := false
		for _, sd := range sides {
			found = found || sd.Side == c.side
		}
		if !found {
			return nil, fmt.Errorf("-ai %d:%s: the match has no side %d", c.side, c.level, c.side)
		}
		bots[c.side] = ai.ForMatch(m, c.side, c.level)
	}
	return bots, nil
}

// maxComputerRounds bounds how many rounds computers play on their own
// between two lines of input (when every side is a computer, a match of
// idle sides would never end).
const maxComputerRounds = 1000

// computersPlay plays the turns of computer sides while one is in turn,
// writing the events of their commands as a person's would be written.
func computersPlay(m *game.Match, bots []*ai.Bot, out *bufio.Writer) error {
	var werr error
	last := m.Round() + maxComputerRounds
	for {
		if over, _ := m.Over(); over || bots[m.SideInTurn()] == nil || werr != nil || m.Round() > last {
			return werr
		}
		refused := ai.PlayTurn(m, bots[m.SideInTurn()], func(_ game.Command, ev []game.Event) {
			if werr == nil {
				werr = writeEvents(out, ev)
			}
		})
		for _, err := range refused {
			if werr == nil {
				werr = writeLines(out, protocolError{"computer: " + oneLine(err.Error())})
			}
		}
	}
}
