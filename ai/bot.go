// Package ai owns the computer opponents of issue 29: a Bot plays one
// side of a game.Match through the engine's commands, one at a time,
// from nothing but what that side knows (its game.View), the map's
// terrain and the ruleset. It never reads hidden state. Its levels differ
// in how well they think, not in what they see: Easy makes a beginner's
// mistakes, Normal weighs each battle by the engine's own combat formula
// and keeps out of harm's way, Hard also weighs what a target threatens,
// focuses its attacks, takes a free town in reach before it fights,
// keeps wounded and ranged units safe and brings ranged units to a front
// it outnumbers; Random makes legal moves at
// random and Idle only ends its turns, as baselines. A Bot is
// deterministic: the same views and seed give the same commands.
package ai

import (
	"fmt"
	"math/rand/v2"

	"hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/vision"
)

// Level is how well a bot plays.
type Level int

// The levels, weakest first.
const (
	Idle Level = iota
	Random
	Easy
	Normal
	Hard
)

var levelNames = [...]string{"idle", "random", "easy", "normal", "hard"}

func (l Level) String() string { return levelNames[l] }

// ParseLevel reads a level's name.
func ParseLevel(s string) (Level, error) {
	for k, n := range levelNames {
		if n == s {
			return Level(k), nil
		}
	}
	return 0, fmt.Errorf("no computer level %q (idle, random, easy, normal, hard)", s)
}

// Bot plays one side of a match. Between commands of a turn it remembers
// which of its units it has finished with; a new round starts afresh.
type Bot struct {
	level Level
	seed  uint64
	side  int
	teams []int // per side: its team (the scenario's, public)
	rules *game.Ruleset
	ter   *terrain
	sight *vision.Sight
	style style

	round   int
	rng     *rand.Rand
	done    []bool // per unit id: finished for this turn
	pending []int  // per unit id: 1 + the cell it moved to attack, or 0
	ordered bool   // production set for this turn
	k       know
	f       fields
	opts    []option // bestAttack's buffers
	dealt   []int
	free    []int32 // capture's: the cells of free towns to take
}

// Config is what a bot is told at the start of a match: its side, each
// side's team (Teams[s] is side s's; nil: every side on its own), the
// ruleset, its level and the match's seed.
type Config struct {
	Side  int
	Teams []int
	Rules *game.Ruleset
	Level Level
	Seed  uint64
}

// New is a bot for c.Side on map g.
func New(g *hexmap.Grid, c Config) *Bot {
	teams := make([]int, hexmap.MaxSides+1)
	for s := range teams {
		teams[s] = s
		if s < len(c.Teams) && c.Teams[s] != 0 {
			teams[s] = c.Teams[s]
		}
	}
	b := &Bot{level: c.Level, seed: c.Seed, side: c.Side, teams: teams, rules: c.Rules, style: styles[c.Level]}
	if c.Level >= Random {
		b.ter = newTerrain(g)
		b.sight = vision.NewSight(g)
	}
	return b
}

// ForMatch is a bot for side on match m, at level.
func ForMatch(m *game.Match, side int, level Level) *Bot {
	sc := m.Scenario()
	teams := make([]int, hexmap.MaxSides+1)
	for _, s := range sc.Sides {
		teams[s.Side] = s.Team
	}
	return New(m.Grid(), Config{Side: side, Teams: teams, Rules: m.Rules(), Level: level, Seed: sc.Seed})
}

// Next is the bot's next command in its side's turn, given what the side
// knows now: v must be the view of the bot's side, its turn.
func (b *Bot) Next(v game.View) game.Command {
	if b.level == Idle || v.Over {
		return game.Command{Cmd: "end"}
	}
	if v.Round != b.round {
		b.startTurn(v)
	}
	b.k.read(b, v)
	if b.level == Random {
		return b.randomNext()
	}
	return b.think()
}

// Refused tells the bot the engine refused cmd (a bug in the bot): it
// gives up on the unit for this turn, so that the turn still ends.
func (b *Bot) Refused(cmd game.Command) {
	if cmd.Unit > 0 {
		b.finish(cmd.Unit)
	}
	if cmd.Cmd == "produce" {
		b.ordered = true
	}
}

// startTurn forgets the last turn and seeds this one's generator from
// the match's seed, the side and the round.
func (b *Bot) startTurn(v game.View) {
	b.round = v.Round
	b.rng = rand.New(rand.NewPCG(b.seed, uint64(b.side)<<32|uint64(v.Round)))
	clear(b.done)
	clear(b.pending)
	b.ordered = false
	b.f.stale = true
}

// finish marks unit id done for this turn.
func (b *Bot) finish(id int) {
	for len(b.done) <= id {
		b.done = append(b.done, false)
		b.pending = append(b.pending, 0)
	}
	b.done[id] = true
	b.pending[id] = 0
}

func (b *Bot) isDone(id int) bool { return id < len(b.done) && b.done[id] }

// PlayTurn plays the side in turn's whole turn on m with b, applying
// each command through m.Apply as a person's would be, and returns the
// commands the engine refused (none, unless the bot has a bug). The turn
// ends when the bot ends it, the side is gone or the match is over;
// after a bound on commands the bot's turn is ended for it. Each command
// the engine carries out is passed, with its events, to report when it
// is not nil.
func PlayTurn(m *game.Match, b *Bot, report func(game.Command, []game.Event)) (refused []error) {
	side := m.SideInTurn()
	limit := 64
	for i := 0; ; i++ {
		if over, _ := m.Over(); over || m.SideInTurn() != side {
			return refused
		}
		v := m.View(side)
		if i == 0 {
			limit += 4*len(v.Units) + 2*len(v.Towns)
		}
		cmd := b.Next(v)
		if i >= limit {
			cmd = game.Command{Cmd: "end"}
		}
		ev, err := m.Apply(cmd)
		if err != nil {
			refused = append(refused, fmt.Errorf("side %d round %d %+v: %w", side, m.Round(), cmd, err))
			b.Refused(cmd)
			if cmd.Cmd == "end" {
				return refused
			}
			continue
		}
		if report != nil {
			report(cmd, ev)
		}
		if cmd.Cmd == "end" || cmd.Cmd == "resign" {
			return refused
		}
	}
}
