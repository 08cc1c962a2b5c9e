//go:build !js

// Command hexload is the match server's load generator (issue 30,
// BENCHMARKS.md): it starts a server in this process on a fresh SQLite
// file (or uses -server), creates -matches matches of two seats, and
// has a WebSocket client per seat play -rounds scripted turns (a move
// and an end) as fast as the server answers. It prints the time from a
// command sent to its first event received (median, 99th percentile,
// largest), the errors, and the process's memory.
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
	idle := flags.Int("idle", 0, "sockets that join the first match and then only listen, held open through the run")
	if err := flags.Parse(args); err != nil {
		return err
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
				results <- play(ctx, *base, created.Match, seat, *rounds)
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

// result is one client's command latencies and its failure.
type result struct {
	latencies []time.Duration
	err       error
}

// play joins a seat and plays rounds turns of a move and an end.
func play(ctx context.Context, base, match string, seat online.Seat, rounds int) (r result) {
	c, j, err := online.Dial(ctx, base, match, seat.Token, 0)
	if err != nil {
		return result{err: err}
	}
	defer c.Close()
	n, turn := j.N, 0
	next := func() (online.Reply, error) {
		rep, err := c.Next(ctx)
		if err == nil && rep.Error != "" {
			err = errors.New(rep.Error)
		}
		if rep.Ev == "turn" && rep.Side != nil {
			turn = *rep.Side
		}
		n = max(n, rep.N)
		return rep, err
	}
	for c.Seq < j.Seq {
		if _, err := next(); err != nil {
			return result{err: err}
		}
	}
	st := steps[seat.Side]
	for k := 0; k < rounds; k++ {
		for turn != seat.Side {
			if _, err := next(); err != nil {
				return result{r.latencies, err}
			}
		}
		to := st.b
		if k%2 == 1 {
			to = st.a
		}
		for _, cmd := range []game.Command{{Cmd: "move", Unit: st.unit, To: &to}, {Cmd: "end"}} {
			want := n + 1
			sent := time.Now()
			if err := c.Send(ctx, online.Request{Command: cmd, N: want}); err != nil {
				return result{r.latencies, err}
			}
			for n < want {
				if _, err := next(); err != nil {
					return result{r.latencies, err}
				}
			}
			r.latencies = append(r.latencies, time.Since(sent))
		}
	}
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
