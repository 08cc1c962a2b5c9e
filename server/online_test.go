//go:build !js

package server

import (
	"context"
	"testing"
	"time"

	"hexsandbox/game"
	"hexsandbox/online"
)

// A seat whose connection drops mid-turn dials again with the last
// sequence number it read and gets every event after it once: the
// client's sequence check (online.ErrGap) sees neither a gap nor a
// repeat, and the turn it was in goes on.
func TestClientResumesWithoutLossOrRepeats(t *testing.T) {
	st, _ := openStore(t)
	s, hs := liveServer(t, st)
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel(), Computer: map[string]string{"2": "easy"}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, j, err := online.Dial(ctx, hs.URL, h.id, tokens[1], 0)
	if err != nil {
		t.Fatal(err)
	}
	readTo := func(c *online.Client, seq int64) {
		for c.Seq < seq {
			if r, err := c.Next(ctx); err != nil || r.Error != "" {
				t.Fatalf("%s: %v", r.Raw, err)
			}
		}
	}
	readTo(c, j.Seq)
	c.Send(ctx, online.Request{Command: game.Command{Cmd: "move", Unit: 3, To: &game.Cell{32, 17}}})
	c.Close() // dropped before its events were read

	for round := 0; round < 3; round++ {
		c, j, err = online.Dial(ctx, hs.URL, h.id, tokens[1], c.Seq)
		if err != nil {
			t.Fatal(err)
		}
		if j.N < 1 {
			t.Fatalf("the move sent before the drop is not in the match: %+v", j)
		}
		readTo(c, j.Seq)
		c.Send(ctx, online.Request{Command: game.Command{Cmd: "end"}})
		for {
			r, err := c.Next(ctx)
			if err != nil || r.Error != "" {
				t.Fatalf("%s: %v", r.Raw, err)
			}
			if r.Ev == "turn" && r.Side != nil && *r.Side == 1 {
				break // the computer's turn is over
			}
		}
		c.Close()
	}
	if h.state().Round != 4 {
		t.Fatalf("round %d after three ends, want 4", h.state().Round)
	}
}
