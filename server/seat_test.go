//go:build !js

package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"hexsandbox/game"
	"hexsandbox/online"
	"hexsandbox/saves"
)

// A joining client gets from a seat's token its side, the map without
// units and the scenario as its side knows it (not the enemy's units,
// the seed or the script), and from those and its messages builds a
// match whose view is the side's view on the server. A wrong token and
// an unknown match are refused.
func TestSeatSetupBuildsTheKnownMatch(t *testing.T) {
	st, _ := openStore(t)
	s, hs := liveServer(t, st)
	sc := duel()
	sc.Script = "def on_start():\n    pass\n"
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: sc})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	setup, err := online.FetchSetup(ctx, hs.URL, h.id, tokens[2])
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := saves.ReadBytes(setup.Map)
	if err != nil {
		t.Fatal(err)
	}
	if setup.Side != 2 || len(g.Units()) != 0 || setup.Scenario.Seed != 0 || setup.Scenario.Script != "" {
		t.Fatalf("side %d, %d units on the map, seed %d, script %q: want side 2, no units, seed 0, no script",
			setup.Side, len(g.Units()), setup.Scenario.Seed, setup.Scenario.Script)
	}
	for _, u := range setup.Scenario.Units {
		if u.Side != 2 {
			t.Fatalf("side 2 was told of side %d's unit at %v", u.Side, u.Cell)
		}
	}

	c, j, err := online.Dial(ctx, hs.URL, h.id, tokens[2], 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	k := online.NewKnowledge(setup.Side)
	for c.Seq < j.Seq {
		r, err := c.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		k.Apply(r.Message)
	}
	m, err := game.Known(g, setup.Scenario, 2, k.View(), k.InTurn)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(m.View(2))
	want, _ := json.Marshal(h.view(2))
	if string(got) != string(want) || m.SideInTurn() != 1 {
		t.Fatalf("the client's match shows\n%s\n(side %d in turn); the server's view is\n%s", got, m.SideInTurn(), want)
	}

	if _, err := online.FetchSetup(ctx, hs.URL, h.id, strings.Repeat("0", 32)); err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("a wrong token: %v, want 403", err)
	}
	if _, err := online.FetchSetup(ctx, hs.URL, "nosuchmatch", tokens[2]); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("an unknown match: %v, want 404", err)
	}
}
