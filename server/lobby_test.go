//go:build !js

package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"hexsandbox/game"
	"hexsandbox/online"
	"hexsandbox/saves"
)

// A seat's status says whose turn it is, the round, the last command's
// number and when it came, also after the server restarts on its store;
// the match's replay is refused until it is over, and then holds the
// whole log, which played back on the map it comes with reaches the
// server's final state. Another token is refused.
func TestStatusAndReplayOfASeat(t *testing.T) {
	st, _ := openStore(t)
	begun := time.Now()
	s, hs := liveServer(t, st)
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel(), Computer: map[string]string{"2": "easy"}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	status := func(base string) online.Status {
		t.Helper()
		got, err := online.FetchStatus(ctx, base, h.id, tokens[1])
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	at := status(hs.URL)
	if at.Side != 1 || at.Turn != 1 || at.Round != 1 || at.N != 0 || at.Over || at.Last.Before(begun.Truncate(time.Millisecond)) || at.Last.After(time.Now()) {
		t.Fatalf("at the start: %+v (made after %v)", at, begun)
	}
	if _, err := online.FetchReplay(ctx, hs.URL, h.id, tokens[1]); err == nil || !strings.Contains(err.Error(), "409") {
		t.Fatalf("the replay of a match under way: %v, want 409", err)
	}

	ended := time.Now().Truncate(time.Millisecond) // times are kept to the millisecond
	if err := h.command(ctx, 1, online.Request{Command: game.Command{Cmd: "end"}}); err != nil {
		t.Fatal(err)
	}
	after := status(hs.URL)
	if after.Turn != 1 || after.Round != 2 || after.N < 2 || after.Last.Before(ended) {
		t.Fatalf("after side 1's end and the computer's turn: %+v, want side 1 in round 2, 2 commands or more since %v", after, ended)
	}
	if err := h.command(ctx, 1, online.Request{Command: game.Command{Cmd: "resign"}}); err != nil {
		t.Fatal(err)
	}
	_, hs2 := liveServer(t, st) // a restart: the match is loaded from the store
	over := status(hs2.URL)
	if !over.Over || over.Winner != 2 || over.N != after.N+1 || over.Last.Sub(after.Last) < 0 {
		t.Fatalf("after side 1 resigned, restarted: %+v, want over, team 2 won, command %d, no earlier than %v", over, after.N+1, after.Last)
	}

	rp, err := online.FetchReplay(ctx, hs2.URL, h.id, tokens[1])
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := saves.ReadBytes(rp.Map)
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.Resume(g, rp.Match)
	if err != nil {
		t.Fatal(err)
	}
	if rp.Side != 1 || len(rp.Match.Log) != over.N || m.Hash() != h.state().Hash {
		t.Fatalf("the replay: side %d, %d commands, hash %s; want side 1, %d commands, hash %s", rp.Side, len(rp.Match.Log), m.Hash(), over.N, h.state().Hash)
	}
	if _, err := online.FetchStatus(ctx, hs.URL, h.id, strings.Repeat("0", 32)); err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("another token's status: %v, want 403", err)
	}
}
