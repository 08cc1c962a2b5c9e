//go:build !js

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"hexsandbox/game"
	"hexsandbox/online"
	"hexsandbox/saves"
	"hexsandbox/server"
	"hexsandbox/web/serve"
)

// serveOnly serves the match API at addr on the store in file db until
// the process is killed (the child of a -kills run).
func serveOnly(addr, db string) error {
	st, err := server.OpenSQLite(db)
	if err != nil {
		return err
	}
	lim := server.DefaultLimits()
	lim.OpenPerAddress, lim.ConnsPerAddress = 1<<20, 1<<20
	mux := http.NewServeMux()
	mux.Handle("/api/", server.New(st, lim).Handler())
	return serve.Run(context.Background(), addr, mux, nil)
}

// child is the server running as a child process of this program.
type child struct{ cmd *exec.Cmd }

// startChild runs this program as a server at addr on file db and waits
// until it accepts connections.
func startChild(addr, db string) (*child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, "-serve", addr, "-db", db)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return &child{cmd}, nil
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			return nil, fmt.Errorf("the server did not start: %v", err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// kill ends the server with SIGKILL (no chance to tidy up) and reaps it.
func (c *child) kill() {
	c.cmd.Process.Kill()
	c.cmd.Wait()
}

// killRun plays matches against a child server killed kills times at
// random moments (seeded) and restarted, then kills it once more and
// checks the store against what the clients saw acknowledged.
func killRun(mapFile string, matches, rounds, kills int, seed uint64, stdout io.Writer) error {
	mapBytes, err := os.ReadFile(mapFile)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "hexload")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	db := filepath.Join(dir, "matches.db")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := ln.Addr().String()
	ln.Close()
	srv, err := startChild(addr, db)
	if err != nil {
		return err
	}
	base := "http://" + addr
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	start := time.Now()
	var wg sync.WaitGroup
	results := make(chan result, 2*matches)
	for k := 0; k < matches; k++ {
		created, err := create(ctx, base, mapBytes)
		if err != nil {
			srv.kill()
			return fmt.Errorf("match %d: %v", k+1, err)
		}
		for _, seat := range created.Seats {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := play(ctx, &online.Session{Base: base, Match: created.Match, Token: seat.Token, Redial: true}, seat.Side, rounds, 0, true)
				if r.err != nil {
					r.err = fmt.Errorf("match %s side %d: %w", created.Match, seat.Side, r.err)
					cancel() // the partner would wait for it for ever
				}
				results <- r
			}()
		}
	}
	done, killed := make(chan struct{}), make(chan int)
	var restarts []time.Duration // from the kill to accepting connections again
	go func() {
		rnd, k := rand.New(rand.NewPCG(seed, 1)), 0
		defer func() { killed <- k }()
		for ; k < kills; k++ {
			select {
			case <-done:
				return
			case <-time.After(100*time.Millisecond + time.Duration(rnd.IntN(900))*time.Millisecond):
			}
			t := time.Now()
			srv.kill()
			if srv, err = startChild(addr, db); err != nil {
				cancel() // the clients give up; the error is reported below
				return
			}
			restarts = append(restarts, time.Since(t))
		}
	}()
	wg.Wait()
	close(done)
	n := <-killed
	if err != nil {
		return err
	}
	srv.kill()
	close(results)
	var all []result
	for r := range results {
		if r.err != nil && (err == nil || !errors.Is(r.err, context.Canceled)) {
			err = r.err
		}
		all = append(all, r)
	}
	if err != nil {
		return fmt.Errorf("a client failed: %v", err)
	}
	stored, err := verify(db, all)
	if err != nil {
		return err
	}
	drops, acked, resent := 0, 0, 0
	for _, r := range all {
		drops, acked, resent = drops+r.drops, acked+len(r.acked), resent+r.resent
	}
	slices.Sort(restarts)
	fmt.Fprintf(stdout, "%d matches, %d clients, %d rounds each, then a resignation, in %v\n", matches, 2*matches, rounds, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "kill -9: %d during the run and one after it; %d connections dropped and joined again, %d commands sent again\n", n, drops, resent)
	if len(restarts) > 0 {
		fmt.Fprintf(stdout, "from kill to accepting again: median %v, largest %v\n", restarts[len(restarts)/2].Round(time.Millisecond), restarts[len(restarts)-1].Round(time.Millisecond))
	}
	fmt.Fprintf(stdout, "%d commands acknowledged to clients, %d in the store after the last kill: every one there, every match's log replays to the hash the server gave\n", acked, stored)
	return nil
}

// verify reads the store in file db and checks each match against its
// clients' results: as many commands as the last one they saw, each
// acknowledged command stored as sent, and the log replaying to the
// state hash side 1 was given. It returns how many commands are stored.
func verify(db string, results []result) (int, error) {
	st, err := server.OpenSQLite(db)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	byMatch := map[string][]result{}
	var ids []string
	for _, r := range results {
		if _, seen := byMatch[r.match]; !seen {
			ids = append(ids, r.match)
		}
		byMatch[r.match] = append(byMatch[r.match], r)
	}
	slices.Sort(ids)
	total := 0
	for _, id := range ids {
		rec, cmds, err := st.Load(context.Background(), id)
		if err != nil {
			return total, fmt.Errorf("match %s: %v", id, err)
		}
		total += len(cmds)
		last, hash := 0, ""
		for _, r := range byMatch[id] {
			last, hash = max(last, r.last), max(hash, r.hash)
			for n, c := range r.acked {
				if n > len(cmds) {
					return total, fmt.Errorf("match %s: command %d was acknowledged but the store has %d", id, n, len(cmds))
				}
				if want, _ := json.Marshal(c); !sameCommand(cmds[n-1], want) {
					return total, fmt.Errorf("match %s: command %d stored as %s, acknowledged as %s", id, n, cmds[n-1], want)
				}
			}
		}
		if len(cmds) != last {
			return total, fmt.Errorf("match %s: %d commands stored, the clients saw %d", id, len(cmds), last)
		}
		got, err := replayHash(rec, cmds)
		if err != nil {
			return total, fmt.Errorf("match %s: %v", id, err)
		}
		if got != hash {
			return total, fmt.Errorf("match %s: its log replays to %s, the server gave %s", id, got, hash)
		}
	}
	return total, nil
}

// sameCommand reports whether stored and sent are the same command.
func sameCommand(stored, sent []byte) bool {
	var c game.Command
	if json.Unmarshal(stored, &c) != nil {
		return false
	}
	b, _ := json.Marshal(c)
	return string(b) == string(sent)
}

// replayHash replays a stored match's log from its start and returns the
// state hash.
func replayHash(rec server.Record, cmds [][]byte) (string, error) {
	g, _, err := saves.ReadBytes(rec.Map)
	if err != nil {
		return "", err
	}
	sc, err := game.ParseScenario(rec.Scenario)
	if err != nil {
		return "", err
	}
	m, _, err := game.NewMatch(g, sc)
	if err != nil {
		return "", err
	}
	for k, raw := range cmds {
		var c game.Command
		if err := json.Unmarshal(raw, &c); err != nil {
			return "", fmt.Errorf("command %d: %v", k+1, err)
		}
		if _, err := m.Apply(c); err != nil {
			return "", fmt.Errorf("command %d: %v", k+1, err)
		}
	}
	if over, _ := m.Over(); !over {
		return "", errors.New("not over after its log")
	}
	return m.Hash(), nil
}
