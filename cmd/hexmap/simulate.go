package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"hexsandbox/ai"
	"hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/saves"
)

const simulateUsage = "hexmap simulate [-sides hard,easy[,…]] -games N -seed S [-max-rounds R] (MAP | -generate WxH[:TYPE][:wrapping])"

// defaultSides is -sides when neither it nor the map's scenario names
// the levels.
const defaultSides = "hard,easy"

// maxGames bounds -games.
const maxGames = 100000

// simResult is what simulate prints: per side as given, its games won,
// lost and drawn (a draw: the round limit came first, or nobody was
// left) and how long its turns took.
type simResult struct {
	Games      int       `json:"games"`
	MeanRounds float64   `json:"mean_rounds"`
	Conquests  int       `json:"conquests"`
	Refused    int       `json:"refused"`
	FirstError string    `json:"first_refusal,omitempty"`
	Sides      []simSide `json:"sides"`
}

type simSide struct {
	Level  string  `json:"level"`
	Wins   int     `json:"wins"`
	Losses int     `json:"losses"`
	Draws  int     `json:"draws"`
	Median float64 `json:"turn_ms_median"`
	P95    float64 `json:"turn_ms_p95"`
	turns  []time.Duration
}

// simConfig is a parsed simulate command line.
type simConfig struct {
	levels []ai.Level
	// fixed is set when the levels are the map's scenario's (no -sides):
	// each plays its own side in every game, not each seat in turn.
	fixed     bool
	games     int
	seed      uint64
	maxRounds int
	mapFile   string
	top       hexmap.Topology        // for -generate
	gen       mapgen.HexMapGenerator // for -generate: the world type's
}

func parseSimulate(args []string) (simConfig, error) {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sides := fs.String("sides", "", "the computer levels, one a side (idle, random, easy, normal, hard); default the map's scenario's computers, else "+defaultSides)
	games := fs.Int("games", 10, "how many matches")
	seed := fs.String("seed", "1", "the seed of maps and matches")
	maxRounds := fs.Int("max-rounds", 200, "a match still on after this round is a draw")
	generate := fs.String("generate", "", "play on generated maps WxH[:TYPE][:wrapping] (TYPE a world type of hexmap generate -type), one per seat rotation")
	usage := func(err error) (simConfig, error) {
		return simConfig{}, fmt.Errorf("%v; usage: %s", err, simulateUsage)
	}
	if err := fs.Parse(args); err != nil {
		return usage(err)
	}
	var c simConfig
	if *sides == "" {
		*sides = defaultSides // runSimulate takes the map's scenario's levels instead when it has them
		c.fixed = true
	}
	for _, name := range strings.Split(*sides, ",") {
		l, err := ai.ParseLevel(name)
		if err != nil {
			return usage(err)
		}
		c.levels = append(c.levels, l)
	}
	var err error
	switch {
	case len(c.levels) < 2 || len(c.levels) > hexmap.MaxSides:
		return usage(fmt.Errorf("-sides names %d sides, want 2..%d", len(c.levels), hexmap.MaxSides))
	case *games < 1 || *games > maxGames:
		return usage(fmt.Errorf("-games %d out of range 1..%d", *games, maxGames))
	case *maxRounds < 1 || *maxRounds > 100000:
		return usage(fmt.Errorf("-max-rounds %d out of range 1..100000", *maxRounds))
	case (*generate == "") == (fs.NArg() != 1):
		return usage(errors.New("give a MAP or -generate, one of them"))
	}
	if c.seed, err = strconv.ParseUint(*seed, 10, 64); err != nil {
		return usage(fmt.Errorf("-seed %q is not a whole number", *seed))
	}
	c.games, c.maxRounds = *games, *maxRounds
	if *generate != "" {
		if c.top, c.gen, err = parseGenerate(*generate); err != nil {
			return usage(err)
		}
	} else {
		c.mapFile = fs.Arg(0)
	}
	return c, nil
}

// parseGenerate reads WxH[:TYPE][:wrapping], TYPE a world type
// (continents when left out).
func parseGenerate(s string) (hexmap.Topology, mapgen.HexMapGenerator, error) {
	parts := strings.Split(s, ":")
	ws, hs, ok := strings.Cut(parts[0], "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || len(parts) > 3 {
		return hexmap.Topology{}, mapgen.HexMapGenerator{}, fmt.Errorf("-generate %q: want WxH[:TYPE][:wrapping]", s)
	}
	if err := checkSize(w, h); err != nil {
		return hexmap.Topology{}, mapgen.HexMapGenerator{}, err
	}
	top, world := hexmap.Topology{Width: w, Height: h}, mapgen.Continents.String()
	for _, p := range parts[1:] {
		if p == "wrapping" {
			top.Wrapping = true
		} else {
			world = p
		}
	}
	gen, err := worldGenerator(world)
	if err != nil {
		return hexmap.Topology{}, mapgen.HexMapGenerator{}, fmt.Errorf("-generate %q: %w", s, err)
	}
	return top, gen, nil
}

// runSimulate plays the matches and prints the result as one JSON line.
func runSimulate(args []string, stdout io.Writer) error {
	c, err := parseSimulate(args)
	if err != nil {
		return err
	}
	var fixed *hexmap.Grid
	if c.mapFile != "" {
		if fixed, _, err = saves.LoadFile(c.mapFile); err != nil {
			return err
		}
	}
	if c.fixed {
		if c.levels, c.fixed, err = scenarioLevels(fixed, c.levels); err != nil {
			return fmt.Errorf("%s: %v", c.mapFile, err)
		}
	}
	res := simResult{Games: c.games}
	for _, l := range c.levels {
		res.Sides = append(res.Sides, simSide{Level: l.String()})
	}
	rounds := 0
	n := len(c.levels)
	for i := range c.games {
		g, sc, err := simSetup(c, fixed, i/n)
		if err != nil {
			return err
		}
		sc.Seed = c.seed*1000003 + uint64(i)
		seat := make([]int, n) // seat[s-1]: the index in c.levels playing side s
		for s := range n {
			seat[s] = (s + i) % n
			if c.fixed {
				seat[s] = s
			}
		}
		r, err := simGame(g, sc, c, seat, &res)
		if err != nil {
			return err
		}
		rounds += r
	}
	res.MeanRounds = float64(rounds) / float64(c.games)
	for k := range res.Sides {
		res.Sides[k].Median, res.Sides[k].P95 = percentile(res.Sides[k].turns, 50), percentile(res.Sides[k].turns, 95)
	}
	return json.NewEncoder(stdout).Encode(res)
}

// scenarioLevels are the levels of the computer sides of g's scenario
// in side order, and true, when it has the computer play every side;
// else (no map, or no computer side) the levels given, and false. A
// scenario with people and computers is refused: -sides must say who
// plays the people's sides.
func scenarioLevels(g *hexmap.Grid, given []ai.Level) ([]ai.Level, bool, error) {
	if g == nil {
		return given, false, nil
	}
	var levels []ai.Level
	human := 0
	for _, sd := range game.ScenarioOf(g).Sides {
		l, err := ai.ParseLevel(sd.Computer)
		if sd.Computer == "" || err != nil {
			human = sd.Side
			continue
		}
		levels = append(levels, l)
	}
	switch {
	case len(levels) == 0:
		return given, false, nil
	case human != 0:
		return nil, false, fmt.Errorf("side %d of the scenario is a person's: give -sides for every side", human)
	}
	return levels, true, nil
}

// simSetup is the map and starting scenario of map number k: the given
// map's scenario (its sides must match -sides), or a generated map of
// the world type with fair starts (mapgen.PlaceStarts, as hexmap
// generate -sides and the New game dialog place them).
func simSetup(c simConfig, fixed *hexmap.Grid, k int) (*hexmap.Grid, game.Scenario, error) {
	if fixed != nil {
		sc := game.ScenarioOf(fixed)
		if len(sc.Sides) != len(c.levels) {
			return nil, sc, fmt.Errorf("%s has %d sides, -sides names %d", c.mapFile, len(sc.Sides), len(c.levels))
		}
		return fixed, sc, nil
	}
	for try := range 20 {
		seed := int64((c.seed + uint64(k)*7919 + uint64(try)*104729) % (mapgen.MaxSeed + 1))
		g, _, err := c.gen.GenerateMap(c.top, seed)
		if err != nil {
			return nil, game.Scenario{}, err
		}
		if err := mapgen.PlaceStarts(g, len(c.levels), seed); err == nil {
			return g, game.ScenarioOf(g), nil
		}
	}
	return nil, game.Scenario{}, fmt.Errorf("no generated map of %d×%d had room for %d sides", c.top.Width, c.top.Height, len(c.levels))
}

// simGame plays one match to its end or the round limit, adding its
// outcome to res, and returns its rounds.
func simGame(g *hexmap.Grid, sc game.Scenario, c simConfig, seat []int, res *simResult) (int, error) {
	sc.Victory.Rounds = 0
	m, _, err := game.NewMatch(g, sc)
	if err != nil {
		return 0, err
	}
	bots := make([]*ai.Bot, len(seat)+1)
	for s := 1; s <= len(seat); s++ {
		bots[s] = ai.ForMatch(m, s, c.levels[seat[s-1]])
	}
	for {
		over, team := m.Over()
		if over || m.Round() > c.maxRounds {
			for s := 1; s <= len(seat); s++ {
				e := &res.Sides[seat[s-1]]
				switch {
				case !over || team == 0:
					e.Draws++
				case team == s:
					e.Wins++
				default:
					e.Losses++
				}
			}
			if over && team != 0 {
				res.Conquests++
			}
			return min(m.Round(), c.maxRounds), nil
		}
		s := m.SideInTurn()
		start := time.Now()
		refused := ai.PlayTurn(m, bots[s], nil)
		res.Sides[seat[s-1]].turns = append(res.Sides[seat[s-1]].turns, time.Since(start))
		if len(refused) > 0 && res.Refused == 0 {
			res.FirstError = refused[0].Error()
		}
		res.Refused += len(refused)
	}
}

// percentile is the p-th percentile of ds in milliseconds.
func percentile(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	d := s[min(len(s)-1, (len(s)*p)/100)]
	return float64(d.Microseconds()) / 1000
}
