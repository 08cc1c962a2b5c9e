//go:build !js

package server

import (
	"context"
	"strings"
	"testing"

	"hexsandbox/game"
	"hexsandbox/online"
)

// Two seats play over the real handler: each gets its side's messages
// numbered from 1 without gaps, and a command out of turn is refused.
func TestTwoSeatsPlayOverWebSocket(t *testing.T) {
	st, _ := openStore(t)
	s, hs := liveServer(t, st)
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel()})
	one, two := dial(t, hs, h.id), dial(t, hs, h.id)
	if j := one.join(tokens[1], 0); j.Side != 1 || j.N != 0 || j.Seq == 0 {
		t.Fatalf("side 1 joined as %+v", j)
	}
	if j := two.join(tokens[2], 0); j.Side != 2 {
		t.Fatalf("side 2 joined as %+v", j)
	}
	start1, start2 := one.until("seen"), two.until("seen")
	if start1[0]["ev"] != "turn" || start2[0]["ev"] != "turn" {
		t.Fatalf("the starts begin with %v and %v, want the turn", start1[0], start2[0])
	}
	two.send(cmd("move", 2, &game.Cell{9, 4}))
	if m, _ := two.next(); !strings.Contains(m["error"].(string), "turn") {
		t.Fatalf("a move out of turn answered %v", m)
	}
	one.send(cmd("move", 1, &game.Cell{6, 4}))
	got := one.until("seen")
	if got[0]["ev"] != "moved" || got[0]["n"] != 1.0 {
		t.Fatalf("side 1's move answered %v", got)
	}
	one.send(cmd("end", 0, nil))
	one.until("turn")
	seq := 0.0
	for _, m := range append(start2, two.until("turn")...) {
		seq++
		if m["seq"] != seq {
			t.Fatalf("side 2's message %v, want seq %v", m, seq)
		}
	}
}

// A move made wholly out of a side's sight reaches that side in no
// message: side 1's scout walks in the far corner while side 2's units
// and town are twenty cells away.
func TestHiddenMoveNeverSent(t *testing.T) {
	st, _ := openStore(t)
	s := New(st, DefaultLimits())
	h, _ := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel()})
	before := len(messages(t, st, h.id, 2))
	if err := h.command(context.Background(), 1, cmd("move", 3, &game.Cell{33, 18})); err != nil {
		t.Fatal(err)
	}
	mine := messages(t, st, h.id, 1)
	if last := mine[len(mine)-2]; last.Ev != "moved" || last.Unit != 3 {
		t.Fatalf("side 1 was told %+v, want its scout's move", last)
	}
	if after := messages(t, st, h.id, 2); len(after) != before {
		t.Fatalf("side 2 was told of the hidden move: %+v", after[before:])
	}
}
