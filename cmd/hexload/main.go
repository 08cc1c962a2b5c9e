//go:build !js

// Command hexload is the match server's load generator (issue 30,
// BENCHMARKS.md): it starts a server in this process on a fresh SQLite
// file (or uses -server), creates -matches matches of two seats, and
// has a WebSocket client per seat play -rounds scripted turns (a move
// and an end), each command -think after the last one's event. It prints the time from a
// command sent to its first event received (median, 99th percentile,
// largest), the errors, and the process's memory.
//
// With -kills K it runs the server as a child process instead and kills
// it with SIGKILL K times at random moments, restarting it on the same
// file and port each time; the clients rejoin from the last event they
// saw and send again a command not yet acknowledged (its n makes a second
// copy harmless). Each match ends with side 1 resigning, and then the
// store is read: every command a client saw acknowledged must be in it,
// and its log must replay to the state hash the server gave at the end.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"hexsandbox/game"
	"hexsandbox/online"
	"hexsandbox/server"
	"hexsandbox/web/serve"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "error: %v\n", err)
		os.Exit(1)
	}
}

// scenario is the load's match: each side one scout, far apart, each
// stepping between two cells its turns.
const scenario = `{"seed":1,"sides":[{"side":1},{"side":2}],
 "towns":[{"name":"Ash","cell":[3,4],"owner":1},{"name":"Elm","cell":[30,15],"owner":2}],
 "units":[{"type":"scout","side":1,"cell":[5,4]},{"type":"scout","side":2,"cell":[28,15]}]}`

// steps is each side's unit and its two cells.
var steps = map[int]struct {
	unit int
	a, b game.Cell
}{1: {1, game.Cell{5, 4}, game.Cell{5, 5}}, 2: {2, game.Cell{28, 15}, game.Cell{28, 14}}}

func run(args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("hexload", flag.ContinueOnError)
	base := flags.String("server", "", "a running server's address, http://host:port (\"\": start one here)")
	matches := flags.Int("matches", 100, "matches played at once (two WebSocket clients each)")
	rounds := flags.Int("rounds", 5, "rounds each match plays")
	mapFile := flags.String("map", "docs/towns.hexmap", "the map file the matches are played on")
	think := flags.Duration("think", 0, "how long a player thinks before each command (0: as fast as the server answers)")
	idle := flags.Int("idle", 0, "sockets that join the first match and then only listen, held open through the run")
	kills := flags.Int("kills", 0, "kill -9 the server this many times during the run (a child process, restarted each time), then check the store")
	seed := flags.Uint64("seed", 1, "the seed of the kills' moments")
	serveAt := flags.String("serve", "", "(internal) serve the API at this address on -db until killed")
	db := flags.String("db", "", "(internal) the store's file for -serve")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *serveAt != "" {
		return serveOnly(*serveAt, *db)
	}
	if *kills > 0 {
		if *base != "" || *idle > 0 {
			return errors.New("-kills starts its own server: no -server or -idle with it")
		}
		return killRun(*mapFile, *matches, *rounds, *kills, *seed, stdout)
	}
	mapBytes, err := os.ReadFile(*mapFile)
	if err != nil {
		return err
	}
	if *base == "" {
		stop, url, err := startServer(*matches, *idle)
		if err != nil {
			return err
		}
		defer stop()
		*base = url
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	start := time.Now()
	var wg sync.WaitGroup
	results := make(chan result, 2**matches)
	for k := 0; k < *matches; k++ {
		created, err := create(ctx, *base, mapBytes)
		if err != nil {
			return fmt.Errorf("match %d: %v", k+1, err)
		}
		if k == 0 {
			listeners, err := listen(ctx, *base, created, *idle)
			if err != nil {
				return fmt.Errorf("idle socket: %v", err)
			}
			defer func() {
				for _, c := range listeners {
					c.Close()
				}
			}()
		}
		for _, seat := range created.Seats {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results <- play(ctx, &online.Session{Base: *base, Match: created.Match, Token: seat.Token}, seat.Side, *rounds, *think, false)
			}()
		}
	}
	wg.Wait()
	close(results)
	var lat []time.Duration
	var errs []error
	for r := range results {
		lat = append(lat, r.latencies...)
		if r.err != nil {
			errs = append(errs, r.err)
		}
	}
	report(stdout, *matches, *rounds, time.Since(start), lat, errs)
	if len(errs) > 0 {
		return fmt.Errorf("%d clients failed, the first: %v", len(errs), errs[0])
	}
	return nil
}

// startServer serves a server on a fresh store in a temporary folder on
// a loopback port; stop ends it and removes the folder.
func startServer(matches, idle int) (stop func(), url string, err error) {
	dir, err := os.MkdirTemp("", "hexload")
	if err != nil {
		return nil, "", err
	}
	st, err := server.OpenSQLite(filepath.Join(dir, "matches.db"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, "", err
	}
	lim := server.DefaultLimits()
	lim.OpenPerAddress, lim.ConnsPerAddress = matches+1, 2*matches+idle+1
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	mux := http.NewServeMux()
	mux.Handle("/api/", server.New(st, lim).Handler())
	srv := serve.NewServer(mux, serve.DefaultTimeouts())
	go srv.Serve(ln)
	return func() { srv.Close(); st.Close(); os.RemoveAll(dir) }, "http://" + ln.Addr().String(), nil
}

// create makes one match of two seats.
func create(ctx context.Context, base string, mapBytes []byte) (online.Created, error) {
	var sc game.Scenario
	json.Unmarshal([]byte(scenario), &sc)
	body, _ := json.Marshal(online.Create{Map: mapBytes, Scenario: &sc})
	req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/matches", bytes.NewReader(body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return online.Created{}, err
	}
	defer resp.Body.Close()
	var c online.Created
	if resp.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<10))
		return c, fmt.Errorf("POST: %s: %s", resp.Status, b)
	}
	return c, json.NewDecoder(resp.Body).Decode(&c)
}

// listen opens n sockets on the first seat of match c that only join.
func listen(ctx context.Context, base string, c online.Created, n int) ([]*online.Client, error) {
	var out []*online.Client
	for k := 0; k < n; k++ {
		cl, _, err := online.Dial(ctx, base, c.Match, c.Seats[0].Token, 0)
		if err != nil {
			return out, err
		}
		out = append(out, cl)
	}
	return out, nil
}

// result is one client's command latencies, its failure, and what a
// match that was played to its end (finish) left: the commands the
// client saw acknowledged by number, the match's last command number
// and (side 1) the state hash the server answered at the end.
type result struct {
	match     string
	latencies []time.Duration
	err       error
	acked     map[int]game.Command
	last      int
	hash      string
	drops     int
	resent    int // commands sent again after a drop, the match not having taken them
}

// play joins a seat and plays rounds turns of a move and an end, each
// command after think; with finish, side 1 then resigns and asks the
// state hash, and side 2 waits for the end.
func play(ctx context.Context, s *online.Session, side, rounds int, think time.Duration, finish bool) (r result) {
	r.match, r.acked = s.Match, map[int]game.Command{}
	if err := s.Join(ctx); err != nil {
		return result{err: err}
	}
	defer func() { s.Close(); r.drops, r.resent = s.Drops, s.Resent }()
	wait := func(until func() bool) error {
		for !until() {
			if _, err := s.Next(ctx); err != nil && !errors.Is(err, online.ErrDropped) {
				return err
			}
		}
		return nil
	}
	send := func(cmd game.Command) error {
		sent := time.Now()
		n, _, err := s.Play(ctx, cmd)
		if err != nil {
			return err
		}
		r.latencies = append(r.latencies, time.Since(sent))
		r.acked[n] = cmd
		return nil
	}
	st := steps[side]
	for k := 0; k < rounds; k++ {
		if err := wait(func() bool { return s.Know.InTurn == side }); err != nil {
			return result{err: err}
		}
		to := st.b
		if k%2 == 1 {
			to = st.a
		}
		for _, cmd := range []game.Command{{Cmd: "move", Unit: st.unit, To: &to}, {Cmd: "end"}} {
			time.Sleep(think)
			if err := send(cmd); err != nil {
				return result{err: err}
			}
		}
	}
	if !finish {
		return r
	}
	over := func() bool { return s.Know.View().Over }
	if err := wait(func() bool { return over() || (side == 1 && s.Know.InTurn == 1) }); err != nil {
		return result{err: err}
	}
	if side == 1 {
		if err := send(game.Command{Cmd: "resign"}); err != nil {
			return result{err: err}
		}
		rep, err := s.Ask(ctx, game.Command{Cmd: "state"})
		var state online.State
		if err == nil {
			err = json.Unmarshal(rep.Raw, &state)
		}
		if err != nil {
			return result{err: err}
		}
		r.hash = state.Hash
	}
	r.last = s.N
	return r
}

// report prints the load's figures.
func report(w io.Writer, matches, rounds int, took time.Duration, lat []time.Duration, errs []error) {
	slices.Sort(lat)
	at := func(q float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(q*float64(len(lat))))]
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(w, "%d matches, %d clients, %d rounds: %d commands in %v (%.0f/s)\n", matches, 2*matches, rounds, len(lat), took.Round(time.Millisecond), float64(len(lat))/took.Seconds())
	fmt.Fprintf(w, "command to event: median %v, 99th percentile %v, largest %v\n", at(0.5).Round(time.Microsecond), at(0.99).Round(time.Microsecond), at(1).Round(time.Microsecond))
	fmt.Fprintf(w, "errors: %d; memory (server and clients): %d MB from the OS, %d MB heap in use\n", len(errs), ms.Sys>>20, ms.HeapInuse>>20)
}
