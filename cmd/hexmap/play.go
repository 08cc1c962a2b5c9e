package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"hexsandbox/ai"
	"hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/saves"
)

const (
	playUsage   = "hexmap play [-scenario S.json] [-script S.star] [-seed N] [-log OUT] [-ai SIDE:LEVEL ...] FILE"
	replayUsage = "hexmap replay MATCH"
)

// maxLine bounds one protocol line (a command is a few dozen bytes).
const maxLine = 64 << 10

// maxScenarioBytes bounds a scenario file.
const maxScenarioBytes = 16 << 20

// runPlay plays a match on FILE: the saved match FILE carries, or else a
// new one from -scenario or the map's own scenario, reading commands as
// JSON lines on stdin and writing events and answers as JSON lines on
// stdout (docs/protocol.md) until stdin ends; -log then saves the map
// with the match.
func runPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	scenarioFile := fs.String("scenario", "", "scenario JSON file (replaces the map's sides, towns and units)")
	seedFlag := fs.String("seed", "", "the match generator's 64-bit seed (replaces the scenario's)")
	scriptFile := fs.String("script", "", "Starlark event script (replaces the scenario's)")
	logFile := fs.String("log", "", "save the map with the match here at the end")
	var computers []computer
	fs.Func("ai", "a computer plays SIDE at LEVEL (idle, random, easy, normal, hard); repeatable", func(s string) error {
		c, err := parseComputer(s)
		computers = append(computers, c)
		return err
	})
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%v; usage: %s", err, playUsage)
	}
	if fs.NArg() != 1 {
		return errors.New("usage: " + playUsage)
	}
	start := matchStart{scenarioFile: *scenarioFile, scriptFile: *scriptFile}
	if *seedFlag != "" {
		v, err := strconv.ParseUint(*seedFlag, 10, 64)
		if err != nil {
			return fmt.Errorf("seed %q is not a whole number 0..18446744073709551615", *seedFlag)
		}
		start.seed = &v
	}
	g, info, err := saves.LoadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	out := bufio.NewWriter(stdout)
	m, err := openMatch(g, info, start, out)
	if err != nil {
		return err
	}
	if len(computers) == 0 {
		computers = scenarioComputers(m.Scenario())
	}
	bots, err := makeBots(m, computers)
	if err != nil {
		return err
	}
	if err := converse(m, bots, stdin, out); err != nil {
		return err
	}
	if *logFile != "" {
		return saveMatch(*logFile, g, m)
	}
	return nil
}

// matchStart is what the command line says a new match starts from:
// files that replace the map's scenario and its script, and a seed that
// replaces the scenario's (nil: none).
type matchStart struct {
	scenarioFile, scriptFile string
	seed                     *uint64
}

// openMatch continues the match the file carries when no scenario,
// script or seed is given, or starts one, writing its start's events.
func openMatch(g *hexmap.Grid, info saves.Info, start matchStart, out *bufio.Writer) (*game.Match, error) {
	scenarioFile, seed := start.scenarioFile, start.seed
	if info.Match != nil && scenarioFile == "" && seed == nil && start.scriptFile == "" {
		m, err := resume(g, info.Match, true)
		if err != nil {
			return nil, err
		}
		return m, writeLines(out, m.Summary())
	}
	sc := game.ScenarioOf(g)
	if scenarioFile != "" {
		data, err := readLimited(scenarioFile, maxScenarioBytes)
		if err != nil {
			return nil, err
		}
		if sc, err = game.ParseScenario(data); err != nil {
			return nil, fmt.Errorf("%s: %v", scenarioFile, err)
		}
	}
	if seed != nil {
		sc.Seed = *seed
	}
	if start.scriptFile != "" {
		src, err := readLimited(start.scriptFile, scenario.MaxScriptBytes)
		if err != nil {
			return nil, err
		}
		sc.Script = string(src)
	}
	if len(sc.Sides) == 0 && scenarioFile == "" {
		return nil, errors.New("the map has no sides to play: give a scenario with -scenario S.json, or set the sides up in the editor")
	}
	m, ev, err := game.NewMatch(g, sc)
	if err != nil {
		return nil, err
	}
	return m, writeEvents(out, ev)
}

// readLimited reads a file of at most limit bytes.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := saves.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: %v", saves.ErrIO, err)
	case int64(len(data)) > limit:
		return nil, fmt.Errorf("%s: larger than %d bytes", path, limit)
	}
	return data, nil
}

// resume rebuilds a saved match on g, from its snapshot when useSnapshot
// is set, else replaying its whole log.
func resume(g *hexmap.Grid, blob []byte, useSnapshot bool) (*game.Match, error) {
	var s game.Saved
	if err := json.Unmarshal(blob, &s); err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrSaved, err)
	}
	if !useSnapshot {
		s.Snapshot = nil
	}
	return game.Resume(g, s)
}

// request is a protocol line: a command, or a question (view, state).
type request = game.Command

// converse answers each line of stdin: questions with one line, commands
// with their events, one a line, or {"error": …} when refused or not
// understood; the session goes on after an error.
func converse(m *game.Match, bots []*ai.Bot, stdin io.Reader, out *bufio.Writer) error {
	if err := computersPlay(m, bots, out); err != nil {
		return err
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 4096), maxLine)
	for sc.Scan() {
		line := sc.Bytes()
		if len(trimSpace(line)) == 0 {
			continue
		}
		if err := answer(m, line, out); err != nil {
			return err
		}
		if err := computersPlay(m, bots, out); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("a line of input longer than %d bytes", maxLine)
		}
		return fmt.Errorf("%w: reading commands: %v", saves.ErrIO, err)
	}
	return out.Flush()
}

// protocolError is the answer to a refused or malformed line.
type protocolError struct {
	Error string `json:"error"`
}

// stateAnswer answers {"cmd":"state"}.
type stateAnswer struct {
	Hash  string `json:"hash"`
	Side  int    `json:"side"`
	Round int    `json:"round"`
	Over  bool   `json:"over"`
}

// answer handles one line.
func answer(m *game.Match, line []byte, out *bufio.Writer) error {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return writeLines(out, protocolError{"not a command: " + oneLine(err.Error())})
	}
	switch req.Cmd {
	case "view":
		return writeLines(out, m.View(m.SideInTurn()))
	case "state":
		over, _ := m.Over()
		return writeLines(out, stateAnswer{Hash: m.Hash(), Side: m.SideInTurn(), Round: m.Round(), Over: over})
	}
	ev, err := m.Apply(req)
	if err != nil {
		return writeLines(out, protocolError{oneLine(err.Error())})
	}
	return writeEvents(out, ev)
}

func writeEvents(out *bufio.Writer, ev []game.Event) error {
	for _, e := range ev {
		if err := writeLine(out, e); err != nil {
			return err
		}
	}
	return flush(out)
}

// writeLines writes each value as a JSON line and flushes, so that a
// program on the other end of a pipe reads the answer at once.
func writeLines(out *bufio.Writer, vs ...any) error {
	for _, v := range vs {
		if err := writeLine(out, v); err != nil {
			return err
		}
	}
	return flush(out)
}

func writeLine(out *bufio.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	out.Write(b)
	return out.WriteByte('\n')
}

func flush(out *bufio.Writer) error {
	if err := out.Flush(); err != nil {
		return fmt.Errorf("%w: writing: %v", saves.ErrIO, err)
	}
	return nil
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// saveMatch saves g with the match (its log and a snapshot) to path.
func saveMatch(path string, g *hexmap.Grid, m *game.Match) error {
	blob, err := json.Marshal(m.Save(true))
	if err != nil {
		return err
	}
	if len(blob) > saves.MaxMatchBytes {
		return fmt.Errorf("the match takes %d bytes, more than a map file holds (%d)", len(blob), saves.MaxMatchBytes)
	}
	return saves.SaveFileWithMatch(path, g, blob)
}

// runReplay replays the match a map file carries from its start and
// prints its final summary and state hash as one JSON line.
func runReplay(args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return errors.New("usage: " + replayUsage)
	}
	g, info, err := saves.LoadFile(args[0])
	if err != nil {
		return err
	}
	if info.Match == nil {
		return fmt.Errorf("%s holds no saved match", args[0])
	}
	m, err := resume(g, info.Match, false)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(m.Summary())
}
