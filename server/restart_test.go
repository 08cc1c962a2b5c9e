//go:build !js

package server

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"hexsandbox/ai"
	"hexsandbox/online"
)

// copyFile copies src to dst, when src exists.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// A copy of the store's files taken while it is open, mid-match, is
// what a kill -9 leaves on disk. A server on that copy loads the match
// as its last committed command left it and, sent the same commands
// afterwards, plays on to the same state, sending every seat the same
// messages as a server that never stopped.
func TestKilledStoreContinuesIdentically(t *testing.T) {
	req := online.Create{Map: townsMap(t), Scenario: threeSides(t, 11, 6), Computer: map[string]string{"2": "normal"}}
	ref, _ := openStore(t)
	whole, _ := newMatch(t, New(ref, DefaultLimits()), req)
	played := playByBots(t, whole, ai.Easy, 2000)
	if len(played) < 20 {
		t.Fatalf("only %d commands played", len(played))
	}

	st, path := openStore(t)
	h, _ := newMatch(t, New(st, DefaultLimits()), req)
	ctx := context.Background()
	half := len(played) / 2
	for _, c := range played[:half] {
		if err := h.command(ctx, c.side, online.Request{Command: c.cmd}); err != nil {
			t.Fatal(err)
		}
	}
	acknowledged := len(h.m.Log())
	crash := filepath.Join(t.TempDir(), "crash.db")
	copyFile(t, path, crash)
	copyFile(t, path+"-wal", crash+"-wal")
	h.command(ctx, played[half].side, online.Request{Command: played[half].cmd}) // lost with the crash: never acknowledged there

	again, err := OpenSQLite(crash)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	s2 := New(again, DefaultLimits())
	h2, err := s2.host(ctx, h.id)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(h2.m.Log()); got != acknowledged {
		t.Fatalf("reloaded with %d commands, %d were acknowledged", got, acknowledged)
	}
	for _, c := range played[half:] {
		if err := h2.command(ctx, c.side, online.Request{Command: c.cmd}); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := whole.m.Hash(), h2.m.Hash(); a != b {
		t.Fatalf("state hash %s after the restart, %s without", b, a)
	}
	for side := 1; side <= 3; side++ {
		want, _, _ := ref.Messages(ctx, whole.id, side, 0, 1<<30)
		got, _, _ := again.Messages(ctx, h2.id, side, 0, 1<<30)
		if len(got) != len(want) {
			t.Fatalf("side %d: %d messages after the restart, %d without", side, len(got), len(want))
		}
		for k := range want {
			if !bytes.Equal(got[k].Body, want[k].Body) {
				t.Fatalf("side %d message %d: %s after the restart, %s without", side, k+1, got[k].Body, want[k].Body)
			}
		}
	}
}
