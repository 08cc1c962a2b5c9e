//go:build !js

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"hexsandbox/game"
	"hexsandbox/online"
)

// wantError reads the next message and fails unless it is a one-line
// error containing want.
func (c *seatConn) wantError(want string) {
	c.t.Helper()
	m, b := c.next()
	msg, _ := m["error"].(string)
	if !strings.Contains(msg, want) || bytes.Contains(b, []byte("\n")) {
		c.t.Fatalf("answered %s, want a one-line error with %q", b, want)
	}
}

// closedWith reads until the connection ends and fails unless the
// server closed it with status code.
func (c *seatConn) closedWith(code websocket.StatusCode) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		if _, _, err := c.conn.Read(ctx); err != nil {
			if got := websocket.CloseStatus(err); got != code {
				c.t.Fatalf("the connection ended with %v (status %v), want status %v", err, got, code)
			}
			return
		}
	}
}

// Hostile messages from a joined seat are each refused with a one-line
// error and change nothing: malformed JSON, an unknown command, a
// command out of turn, a forged unit, a replayed command, a second join.
func TestHostileMessagesChangeNothing(t *testing.T) {
	st, _ := openStore(t)
	s, hs := liveServer(t, st)
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel()})
	one, two := dial(t, hs, h.id), dial(t, hs, h.id)
	one.join(tokens[1], 0)
	two.join(tokens[2], 0)
	one.until("seen")
	two.until("seen")
	one.send(online.Request{Command: game.Command{Cmd: "move", Unit: 1, To: &game.Cell{6, 4}}, N: 1})
	one.until("seen")
	two.until("seen")
	at := h.state().N
	for _, tc := range []struct {
		c    *seatConn
		raw  string
		want string
	}{
		{one, `{"cmd":"move","unit":1,"to":[7,`, "not a command"},
		{one, `[1,2,3]`, "not a command"},
		{one, `{"cmd":"teleport","unit":1}`, "unknown command"},
		{one, `{"cmd":"move","unit":2,"to":[9,4]}`, "not the side in turn's"},
		{one, `{"cmd":"move","unit":1,"to":[7,4],"n":1}`, "stale"},
		{one, `{"cmd":"join","token":"` + tokens[1] + `"}`, "already joined"},
		{two, `{"cmd":"end"}`, "not your side's turn"},
		{two, `{"cmd":"resign"}`, "not your side's turn"},
	} {
		if err := tc.c.sendRaw([]byte(tc.raw)); err != nil {
			t.Fatal(err)
		}
		tc.c.wantError(tc.want)
	}
	if got := h.state().N; got != at {
		t.Fatalf("the match is at command %d after the hostile messages, was at %d", got, at)
	}
}

// A message over 64 KB ends the connection (the WebSocket's "too big")
// without reading it whole.
func TestOversizedMessageClosesConnection(t *testing.T) {
	st, _ := openStore(t)
	s, hs := liveServer(t, st)
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel()})
	one := dial(t, hs, h.id)
	one.join(tokens[1], 0)
	big := append([]byte(`{"cmd":"end","type":"`), bytes.Repeat([]byte("x"), online.MaxMessage)...)
	one.sendRaw(append(big, `"}`...))
	one.closedWith(websocket.StatusMessageTooBig)
	if h.state().N != 0 {
		t.Fatal("the oversized command was applied")
	}
}

// A join with a forged token, or claiming messages the seat never had,
// is refused with an error and the connection closed.
func TestBadJoinsRefused(t *testing.T) {
	st, _ := openStore(t)
	s, hs := liveServer(t, st)
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel()})
	forged := []byte(tokens[1])
	forged[0] ^= 1
	for _, tc := range []struct {
		join online.Request
		want string
	}{
		{online.Request{Command: game.Command{Cmd: "join"}, Token: string(forged)}, "no seat"},
		{online.Request{Command: game.Command{Cmd: "join"}, Token: tokens[1], After: 1 << 40}, "after"},
		{online.Request{Command: game.Command{Cmd: "move"}, Token: tokens[1]}, "first message must be"},
	} {
		c := dial(t, hs, h.id)
		c.send(tc.join)
		c.wantError(tc.want)
		c.closedWith(websocket.StatusPolicyViolation)
	}
}

// A connection that sends no join in time is closed; one that sends
// faster than its rate is refused the excess.
func TestSlowJoinAndFloodRefused(t *testing.T) {
	st, _ := openStore(t)
	lim := DefaultLimits()
	lim.Join, lim.Rate, lim.Burst = 50*time.Millisecond, 1e-9, 3
	s := New(st, lim)
	hs := httptestServer(t, s)
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel()})
	silent := dial(t, hs, h.id)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, b, err := silent.conn.Read(ctx); err == nil || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a connection without a join got %s, %v; want it closed", b, err)
	}

	c := dial(t, hs, h.id)
	c.join(tokens[1], 0)
	c.until("seen")
	for k := 0; k < 4; k++ {
		c.send(online.Request{Command: game.Command{Cmd: "state"}})
	}
	for k := 0; k < 3; k++ {
		if m, b := c.next(); m["side"] != 1.0 {
			t.Fatalf("answer %d: %s, want the state", k, b)
		}
	}
	c.wantError("too many messages")
}

// The server's message handling never panics and refuses without change:
// whatever a joined seat sends, the answer is nil (a command carried out)
// or one line, and a refusal leaves the match's log as it was.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{`{"cmd":"move","unit":1,"to":[6,4]}`, `{"cmd":"attack","unit":1,"at":[8,4]}`, `{"cmd":"end","n":1}`,
		`{"cmd":"produce","town":1,"type":"archer"}`, `{"cmd":"undo"}`, `{"cmd":"view"}`, `{"cmd":"state"}`, `{"cmd":"resign"}`,
		`{"cmd":"move","unit":-1,"to":[-9999999999,4]}`, `{"cmd":"join"}`, `null`, `{`, "\xff"} {
		f.Add([]byte(s))
	}
	st, _ := openStore(f)
	s := New(st, DefaultLimits())
	f.Fuzz(func(t *testing.T, data []byte) {
		h, _ := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel()})
		c := &client{side: 1}
		before := len(h.m.Log())
		ans := c.handle(context.Background(), h, data)
		var e online.Error
		if ans != nil && json.Unmarshal(ans, &e) == nil && e.Error != "" {
			if len(h.m.Log()) != before || bytes.Contains(ans, []byte("\n")) {
				t.Fatalf("refused with %s yet the log moved, or more than a line", ans)
			}
		}
	})
}

// An address holding as many sockets as it may is refused another
// (429) until one closes.
func TestSocketsPerAddressBounded(t *testing.T) {
	st, _ := openStore(t)
	lim := DefaultLimits()
	lim.ConnsPerAddress = 2
	s := New(st, lim)
	hs := httptestServer(t, s)
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel()})
	a, b := dial(t, hs, h.id), dial(t, hs, h.id)
	a.join(tokens[1], 0)
	b.join(tokens[2], 0)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/matches/" + h.id + "/ws"
	if c, resp, err := websocket.Dial(ctx, url, nil); err == nil || resp == nil || resp.StatusCode != 429 {
		if c != nil {
			c.CloseNow()
		}
		t.Fatalf("a third socket: %v, want refused with 429", err)
	}
	a.conn.Close(websocket.StatusNormalClosure, "")
	for {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err == nil {
			c.CloseNow()
			return
		}
		if ctx.Err() != nil {
			t.Fatal("no socket let in after one closed")
		}
	}
}
