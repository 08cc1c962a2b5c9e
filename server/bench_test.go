//go:build !js

package server

import (
	"context"
	"runtime"
	"testing"
	"time"

	"hexsandbox/game"
	"hexsandbox/internal/testutil"
	"hexsandbox/online"
)

// noStore keeps nothing: the cost of the engine, the fog and the
// messages alone.
type noStore struct{}

func (noStore) Create(context.Context, Record, Entry) error                    { return nil }
func (noStore) Append(context.Context, string, []Entry, bool, time.Time) error { return nil }
func (noStore) Load(context.Context, string) (Record, [][]byte, error) {
	return Record{}, nil, ErrNoMatch
}
func (noStore) Messages(context.Context, string, int, int64, int) ([]Outgoing, int64, error) {
	return nil, 0, nil
}
func (noStore) Open(context.Context, string) (int, error) { return 0, nil }
func (noStore) Close() error                              { return nil }

// benchMatch is the duel on towns.hexmap in st, no computer sides.
func benchMatch(b *testing.B, st Store) *host {
	s := New(st, DefaultLimits())
	h, _ := newMatch(b, s, online.Create{Map: townsMap(b), Scenario: duel()})
	return h
}

// moveAndEnds plays one round of three commands: side 1's spearman steps
// between two cells, side 1 ends, side 2 ends.
func moveAndEnds(b *testing.B, h *host, k int) {
	to := game.Cell{5 + k%2, 5}
	for _, c := range []struct {
		side int
		cmd  game.Command
	}{{1, game.Command{Cmd: "move", Unit: 1, To: &to}}, {1, game.Command{Cmd: "end"}}, {2, game.Command{Cmd: "end"}}} {
		if err := h.command(context.Background(), c.side, online.Request{Command: c.cmd}); err != nil {
			b.Fatal(err)
		}
	}
}

func benchCommands(b *testing.B, st Store) {
	h := benchMatch(b, st)
	k := 0
	cpu := testutil.CPUTime()
	for b.Loop() {
		moveAndEnds(b, h, k)
		k++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(3*k)/1e3, "µs/command")
	b.ReportMetric(float64(testutil.CPUTime()-cpu)/float64(3*k)/1e3, "cpu-µs/command")
}

// A command of a seat on a two-sided match, committed to SQLite (WAL,
// synchronous NORMAL) with both seats' messages: the server's per-command
// cost (a third of the loop: a move and two turn ends).
func BenchmarkCommandSQLite(b *testing.B) {
	st, _ := openStore(b)
	benchCommands(b, st)
}

// The same commands without a store: the engine, the fog and the
// messages.
func BenchmarkCommandNoStore(b *testing.B) { benchCommands(b, noStore{}) }

// The memory one loaded match takes (the duel on the 35×20 towns map,
// two seats, after three rounds): the heap's growth over all the matches
// the loop made, each kept.
func BenchmarkMatchMemory(b *testing.B) {
	var hosts []*host
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for b.Loop() {
		h := benchMatch(b, noStore{})
		for k := 0; k < 3; k++ {
			moveAndEnds(b, h, k)
		}
		hosts = append(hosts, h)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(len(hosts)), "B/match")
	runtime.KeepAlive(hosts)
}
