//go:build !js

package server

import (
	"cmp"
	"context"
	"encoding/json"
	"testing"
	"time"

	"hexsandbox/game"
	"hexsandbox/online"
)

// until polls p each time it has news until done says the news so far
// (the match and setup kept from earlier polls) are enough, failing at the deadline.
func until(t *testing.T, p *online.Player, what string, done func(u online.Update) bool) online.Update {
	t.Helper()
	deadline := time.After(15 * time.Second)
	var seen online.Update
	for {
		u := p.Poll()
		u.Created, u.Setup = cmp.Or(u.Created, seen.Created), cmp.Or(u.Setup, seen.Setup)
		seen = u
		if len(u.Errs) > 0 || (u.Lost && !done(u)) {
			t.Fatalf("waiting for %s: errors %v (lost %v)", what, u.Errs, u.Lost)
		}
		if done(u) {
			return u
		}
		select {
		case <-p.Ready():
		case <-deadline:
			t.Fatalf("no %s in 15 s", what)
		}
	}
}

// Two Players, one creating the match and one joining by its seat,
// take turns for three rounds through a relay whose connections are cut
// in side 1's turn, before its move: every command is taken once, each
// player hears the other's turn, and each ends knowing its side's view.
func TestPlayersPlayRoundsThroughCuts(t *testing.T) {
	st, _ := openStore(t)
	s, hs := liveServer(t, st)
	relay := newCutter(t, hs.Listener.Addr().String())
	one := online.PlayNew(relay.url(), online.Create{Map: townsMap(t), Scenario: duel()}, 1)
	defer one.Stop()
	u := until(t, one, "the match", func(u online.Update) bool { return u.Created != nil && u.Fresh })
	if u.Setup == nil || u.Setup.Side != 1 || u.InTurn != 1 || len(u.Created.Seats) != 2 {
		t.Fatalf("the creator's first news: setup %+v, side %d in turn, seats %+v", u.Setup, u.InTurn, u.Created.Seats)
	}
	two := online.Play(relay.url(), u.Created.Match, u.Created.Seats[1].Token)
	defer two.Stop()
	if u := until(t, two, "the joiner's view", func(u online.Update) bool { return u.Fresh }); u.Setup == nil || u.Setup.Side != 2 || u.InTurn != 1 {
		t.Fatalf("the joiner's first news: setup %+v, side %d in turn", u.Setup, u.InTurn)
	}
	turnOf := func(p *online.Player, side int) func(online.Update) bool {
		return func(u online.Update) bool { return u.Fresh && u.InTurn == side }
	}
	for round := 1; round <= 3; round++ {
		relay.cut()
		if err := one.Send(game.Command{Cmd: "move", Unit: 3, To: &game.Cell{31 - round, 17}}); err != nil {
			t.Fatal(err)
		}
		one.Send(game.Command{Cmd: "end"})
		until(t, one, "side 2's turn on side 1", turnOf(one, 2))
		until(t, two, "side 2's turn", turnOf(two, 2))
		two.Send(game.Command{Cmd: "end"})
		until(t, two, "side 1's turn on side 2", turnOf(two, 1))
		until(t, one, "side 1's turn", turnOf(one, 1))
	}
	h, err := s.host(context.Background(), u.Created.Match)
	if err != nil {
		t.Fatal(err)
	}
	log := h.m.Log()
	if len(log) != 9 || log[0].To[0] != 30 || log[3].To[0] != 29 || log[6].To[0] != 28 {
		t.Fatalf("the match's log is %+v; want move, end, end three times, each once", log)
	}
	for side, p := range map[int]*online.Player{1: one, 2: two} {
		got, _ := json.Marshal(p.Poll().View)
		want, _ := json.Marshal(h.view(side))
		if string(got) != string(want) {
			t.Errorf("player %d knows\n%s\nits side's view is\n%s", side, got, want)
		}
	}
}
