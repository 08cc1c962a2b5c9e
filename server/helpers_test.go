//go:build !js

package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"hexsandbox/game"
	"hexsandbox/online"
)

// townsMap is docs/towns.hexmap, a 35×20 map of grass.
func townsMap(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("../docs/towns.hexmap")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// duel is two sides on towns.hexmap: side 1's town Ash and spearman
// (unit 1) face side 2's town Elm and horseman (unit 2); side 1's scout
// (unit 3) stands in the far corner, out of side 2's sight.
func duel() *game.Scenario {
	return &game.Scenario{Seed: 7, Sides: []game.SideSpec{{Side: 1, Team: 1}, {Side: 2, Team: 2}},
		Towns: []game.TownSpec{{Name: "Ash", Cell: game.Cell{3, 4}, Owner: 1}, {Name: "Elm", Cell: game.Cell{12, 4}, Owner: 2}},
		Units: []game.UnitSpec{{Type: "spearman", Side: 1, Cell: game.Cell{5, 4}}, {Type: "horseman", Side: 2, Cell: game.Cell{8, 4}},
			{Type: "scout", Side: 1, Cell: game.Cell{30, 16}}}}
}

// openStore is a fresh SQLite store in a test folder, closed at the end.
func openStore(t testing.TB) (*SQLite, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "matches.db")
	st, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, path
}

// newMatch creates a match on st through a server and returns its host
// and the tokens of its seats by side.
func newMatch(t testing.TB, s *Server, req online.Create) (*host, map[int]string) {
	t.Helper()
	rec, tokens, err := newRecord(req, "test")
	if err != nil {
		t.Fatal(err)
	}
	h, start, batch, err := startMatch(rec, s.store)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.store.Create(context.Background(), rec, start); err != nil {
		t.Fatal(err)
	}
	if len(batch) > 0 {
		if err := h.commit(context.Background(), batch); err != nil {
			t.Fatal(err)
		}
	}
	s.hosts[rec.ID] = h
	return h, tokens
}

// messages is every stored message of side's seat.
func messages(t testing.TB, st Store, match string, side int) []online.Message {
	t.Helper()
	out, _, err := st.Messages(context.Background(), match, side, 0, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	var ms []online.Message
	for _, o := range out {
		var m online.Message
		if err := json.Unmarshal(o.Body, &m); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// liveServer is a server of st on a test HTTP server.
func liveServer(t testing.TB, st Store) (*Server, *httptest.Server) {
	t.Helper()
	s := New(st, DefaultLimits())
	return s, httptestServer(t, s)
}

// httptestServer serves s on a test HTTP server.
func httptestServer(t testing.TB, s *Server) *httptest.Server {
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	return hs
}

// seatConn is a test client's WebSocket.
type seatConn struct {
	t    testing.TB
	conn *websocket.Conn
}

// dial opens match's WebSocket on hs.
func dial(t testing.TB, hs *httptest.Server, match string) *seatConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/matches/" + match + "/ws"
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 20)
	t.Cleanup(func() { c.CloseNow() })
	return &seatConn{t: t, conn: c}
}

// sendRaw sends one message as it is.
func (c *seatConn) sendRaw(b []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return c.conn.Write(ctx, websocket.MessageText, b)
}

// send sends v as JSON.
func (c *seatConn) send(v any) {
	c.t.Helper()
	b, _ := json.Marshal(v)
	if err := c.sendRaw(b); err != nil {
		c.t.Fatal(err)
	}
}

// next reads one message (the read fails the test after 10 s).
func (c *seatConn) next() (map[string]any, []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, b, err := c.conn.Read(ctx)
	if err != nil {
		c.t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		c.t.Fatalf("%s: %v", b, err)
	}
	return m, b
}

// join sends a join and returns its answer.
func (c *seatConn) join(token string, after int64) online.Joined {
	c.t.Helper()
	c.send(online.Request{Command: game.Command{Cmd: "join"}, Token: token, After: after})
	_, b := c.next()
	var j online.Joined
	if err := json.Unmarshal(b, &j); err != nil || j.Version != online.Version {
		c.t.Fatalf("join answered %s", b)
	}
	return j
}

// until reads messages until one with event ev, returning them all.
func (c *seatConn) until(ev string) []map[string]any {
	c.t.Helper()
	var all []map[string]any
	for {
		m, _ := c.next()
		all = append(all, m)
		if m["ev"] == ev {
			return all
		}
	}
}

func cmd(c string, unit int, to *game.Cell) online.Request {
	return online.Request{Command: game.Command{Cmd: c, Unit: unit, To: to}}
}
