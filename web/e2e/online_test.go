//go:build browser && !js

package e2e

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"hexsandbox/game"
	"hexsandbox/online"
	"hexsandbox/server"
	"hexsandbox/web/serve"
)

// relay forwards TCP connections to a server, and can drop them all at
// once (a network that fails under the pages).
type relay struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

// newRelay relays 127.0.0.1:some port to the address to.
func newRelay(t *testing.T, to string) *relay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &relay{ln: ln}
	t.Cleanup(func() { ln.Close(); r.drop() })
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", to)
			if err != nil {
				in.Close()
				continue
			}
			r.mu.Lock()
			r.conns = append(r.conns, in, out)
			r.mu.Unlock()
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
	return r
}

// drop closes every connection through the relay.
func (r *relay) drop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range r.conns {
		c.Close()
	}
	r.conns = nil
}

// onlineServer serves the game's build with its test hooks and the match
// server's API (its matches in a test folder), as hexserver does, behind
// a relay: the relay's address and the relay.
func onlineServer(t *testing.T) (string, *relay) {
	t.Helper()
	root, err := os.OpenRoot(gameBuild(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	st, err := server.OpenSQLite(filepath.Join(t.TempDir(), "matches.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	mux := http.NewServeMux()
	mux.Handle("/", serve.Handler(root.FS()))
	lim := server.DefaultLimits()
	mux.Handle("/api/", server.New(st, lim).Handler())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := serve.NewServer(mux, serve.DefaultTimeouts())
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	r := newRelay(t, ln.Addr().String())
	return "http://" + r.ln.Addr().String(), r
}

// trio is three sides on docs/towns.hexmap: side 1's spearman (unit 1)
// and scout (unit 3, in the far corner), side 2's horseman (unit 2),
// side 3's spearman (unit 4) far from both; each holds a town.
func trio() *game.Scenario {
	return &game.Scenario{Seed: 7, Sides: []game.SideSpec{{Side: 1, Team: 1}, {Side: 2, Team: 2}, {Side: 3, Team: 3}},
		Towns: []game.TownSpec{{Name: "Ash", Cell: game.Cell{3, 4}, Owner: 1}, {Name: "Elm", Cell: game.Cell{12, 4}, Owner: 2}, {Name: "Oak", Cell: game.Cell{20, 17}, Owner: 3}},
		Units: []game.UnitSpec{{Type: "spearman", Side: 1, Cell: game.Cell{5, 4}}, {Type: "horseman", Side: 2, Cell: game.Cell{8, 4}},
			{Type: "scout", Side: 1, Cell: game.Cell{30, 16}}, {Type: "spearman", Side: 3, Cell: game.Cell{20, 16}}}}
}

// seatPage opens a new tab of the browser of ctx (or the first, when
// first) on a seat's link and waits until it shows the match.
func seatPage(t *testing.T, ctx context.Context, url string, seat int) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(tab, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, tab)
	waitMatch(t, tab, "the seat's match", func(m matchState) bool { return m.Seat == seat })
	return tab
}

// turnOn waits until page's seat is in turn in round.
func turnOn(t *testing.T, page context.Context, side, round int) matchState {
	t.Helper()
	return waitMatch(t, page, "the turn of the page's seat", func(m matchState) bool {
		return m.Side == side && m.Round == round && !m.Walking
	})
}

// commands is the match's number of commands so far, as seat token
// learns it joining on its own connection.
func commands(t *testing.T, base, match, token string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := &online.Session{Base: base, Match: match, Token: token}
	if err := s.Join(ctx); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	return s.N
}

// Two pages play two seats of a match on a live match server, the
// computer the third side there, for three rounds: each page waits
// through the other sides' turns and ends its own with Enter. Side 1's
// scout moves by two clicks just after every connection was dropped
// mid-turn: the page joins again and the match takes the move once.
// Side 2's page is closed and opened again on its link, and plays on.
func TestOnlineTwoPagesPlayRoundsInBrowser(t *testing.T) {
	base, wire := onlineServer(t)
	start := time.Now() // after the build
	defer func() { t.Logf("played in %v after the build", time.Since(start).Round(time.Second)) }()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	data, err := os.ReadFile(filepath.Join(moduleRoot(t), "docs", "towns.hexmap"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := online.CreateMatch(ctx, base, online.Create{Map: data, Scenario: trio(), Computer: map[string]string{"3": "easy"}})
	if err != nil || len(c.Seats) != 2 {
		t.Fatalf("creating the match: %+v, %v", c, err)
	}
	browser := startBrowser(t, winW, winH)
	one := seatPage(t, browser, base+c.Seats[0].Link, 1)
	two := seatPage(t, browser, base+c.Seats[1].Link, 2)
	enter := key{"Enter", "Enter", 13}
	for round := 1; round <= 3; round++ {
		m := turnOn(t, one, 1, round)
		if round == 2 {
			before := commands(t, base, c.Match, c.Seats[0].Token)
			wire.drop()
			scout, _ := m.byID(3)
			x, y := cellPoint(t, one, scout.Cell)
			click(t, one, x, y)
			waitMatch(t, one, "the scout selected", func(m matchState) bool { return m.Selected == 3 })
			x, y = cellPoint(t, one, scout.Cell-1)
			click(t, one, x, y)
			m = waitMatch(t, one, "the scout's move", func(m matchState) bool { u, _ := m.byID(3); return u.Cell == scout.Cell-1 })
			if n := commands(t, base, c.Match, c.Seats[0].Token); n != before+1 {
				t.Errorf("the match went from %d commands to %d over a move sent across a dropped connection; want one more", before, n)
			}
		}
		press(t, one, enter)
		turnOn(t, two, 2, round)
		if round == 2 {
			if _, seen := m.byID(3); !seen {
				t.Error("side 1's page lost its scout")
			}
			if _, seen := match(t, two).byID(3); seen {
				t.Error("side 2's page shows side 1's scout, which it cannot see")
			}
			keepShot(t, one, "online-page-waiting")
			keepShot(t, two, "online-page-turn")
			cancelTab(t, two)
			two = seatPage(t, browser, base+c.Seats[1].Link, 2)
			turnOn(t, two, 2, round)
		}
		title, err := chromedp.Run(two, chromedp.Evaluate[string]("document.title"))
		if err != nil || !strings.HasPrefix(title, "Your turn") {
			t.Errorf("in its turn side 2's page is titled %q (%v); want it to start with Your turn", title, err)
		}
		press(t, two, enter)
	}
	turnOn(t, one, 1, 4)
	turnOn(t, two, 1, 4)
}

// cancelTab closes page's tab.
func cancelTab(t *testing.T, page context.Context) {
	t.Helper()
	if err := chromedp.Cancel(page); err != nil {
		t.Fatal(err)
	}
}
