//go:build xvfb

package editor

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
	"hexsandbox/online"
	"hexsandbox/server"
)

// duelScenario is two sides on docs/towns.hexmap: side 1's town Ash and
// spearman (unit 1) face side 2's town Elm and horseman (unit 2); side
// 1's scout (unit 3) stands in the far corner.
func duelScenario() *engine.Scenario {
	return &engine.Scenario{Seed: 7, Sides: []engine.SideSpec{{Side: 1, Team: 1}, {Side: 2, Team: 2}},
		Towns: []engine.TownSpec{{Name: "Ash", Cell: engine.Cell{3, 4}, Owner: 1}, {Name: "Elm", Cell: engine.Cell{12, 4}, Owner: 2}},
		Units: []engine.UnitSpec{{Type: "spearman", Side: 1, Cell: engine.Cell{5, 4}}, {Type: "horseman", Side: 2, Cell: engine.Cell{8, 4}},
			{Type: "scout", Side: 1, Cell: engine.Cell{30, 16}}}}
}

// matchServer is a live match server, its matches in SQLite in a test
// folder: its address.
func matchServer(t *testing.T) string {
	t.Helper()
	st, err := server.OpenSQLite(filepath.Join(t.TempDir(), "matches.db"))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(server.New(st, server.DefaultLimits()).Handler())
	t.Cleanup(func() { hs.Close(); st.Close() })
	return hs.URL
}

// onlineMatch is a live match server with a duel on it, side 2 played
// by the computer: the server's address and side 1's seat.
func onlineMatch(t *testing.T) (string, online.Seat) {
	t.Helper()
	base := matchServer(t)
	return base, duelSeat(t, base)
}

// duelMap is the map's name the duel is created with.
const duelMap = "Duel at the ford"

// duelSeat creates a duel on the server at base, side 2 played by the
// computer, named duelMap: side 1's seat.
func duelSeat(t *testing.T, base string) online.Seat {
	t.Helper()
	data, err := os.ReadFile("../docs/towns.hexmap")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := online.CreateMatch(ctx, base, online.Create{Map: data, Scenario: duelScenario(), Computer: map[string]string{"2": "easy"}, Name: duelMap})
	if err != nil || len(c.Seats) != 1 {
		t.Fatalf("creating the match: %+v, %v", c, err)
	}
	return c.Seats[0]
}

// untilReal waits until cond holds, for at most d of real time (the
// server answers in real time, whatever the editor's clock).
func untilReal(t reporter, d time.Duration, what string, cond func(g *game) bool) step {
	var deadline time.Time
	return func(g *game) bool {
		if deadline.IsZero() {
			deadline = time.Now().Add(d)
		}
		if cond(g) {
			return true
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s within %v", what, d)
		}
		return false
	}
}

// A window started with a seat's link (hexsandbox -join) joins the match
// on a live server and keeps the seat in its lobby under the map's name
// the match was made with: it shows the match as the seat's side knows it,
// moves the scout by two clicks and ends the turn by Enter, all through
// the server; the computer plays the other side there, and the turn
// comes back with the window showing the units the seat's side knows,
// as a second connection of the seat is told them.
func TestOnlineWindowJoinsAMatch(t *testing.T) {
	base, seat := onlineMatch(t)
	in := newScriptInput()
	var units []engine.UnitInfo
	runEditor(t, Options{MapsDir: t.TempDir(), Join: base + seat.Link}, in, func(g *game, c *checker) []step {
		p := g.play
		cell := func(x, z int) func() int { return func() int { return x + z*g.sess.Grid.Topology().Width } }
		myTurn := func(round int) func(*game) bool {
			return func(*game) bool {
				return g.mode == mode(p) && p.session != nil && p.remote.myTurn(p.session) && p.session.match.Round() == round && !p.session.walking()
			}
		}
		return []step{
			fullWindow(c),
			untilReal(c, 20*time.Second, "turn of the joined match", myTurn(1)),
			do(func(*game) {
				want := online.Remembered{Server: base, Match: p.remote.match, Token: seat.Token, Side: 1, Name: duelMap}
				if len(g.doc.lobby.seats) != 1 || g.doc.lobby.seats[0] != want {
					t.Errorf("the lobby keeps %+v; want the joined seat %+v", g.doc.lobby.seats, want)
				}
			}),
			do(func(*game) { // the scout in view, whatever the window's size
				x, z := g.sess.Grid.Topology().CellCenter(cell(30, 16)())
				g.cam.X, g.cam.Z = float64(x), float64(z)
				g.cam.Clamp()
			}),
			do(func(*game) {
				if got := len(p.session.match.Units()); got != 3 {
					t.Errorf("the joined match shows %d units; side 1 knows its 2 and the horseman beside its spearman", got)
				}
			}),
			clickCell(in, cell(30, 16)),
			waitFor(c, "the scout selected", func(*game) bool { return p.selected == 3 }),
			clickCell(in, cell(31, 17)),
			untilReal(c, 10*time.Second, "the scout's move back from the server", func(*game) bool {
				u, ok := p.session.match.Unit(3)
				return ok && u.Cell == cell(31, 17)()
			}),
			captureStep(c, shotPath(t, "online-window.png")),
			tap(in, ebiten.KeyEnter),
			untilReal(c, 20*time.Second, "round 2 after the computer's turn", myTurn(2)),
			do(func(*game) { units = p.session.match.Units() }),
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, match, token, err := online.ParseLink(base+seat.Link, "")
	if err != nil || token != seat.Token {
		t.Fatalf("the seat's link reads as match %q, token %q, %v", match, token, err)
	}
	s := &online.Session{Base: base, Match: match, Token: token}
	if err := s.Join(ctx); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	want := s.Know.View().Units
	if len(units) != len(want) {
		t.Fatalf("the window shows %d units, the seat knows %d", len(units), len(want))
	}
	for k, u := range units {
		w := want[k]
		if x, z := u.Cell%35, u.Cell/35; u.ID != w.ID || [2]int{x, z} != w.Cell || u.HP != w.HP {
			t.Errorf("the window shows unit %d at [%d,%d] with %d hp; the seat knows unit %d at %v with %d hp", u.ID, x, z, u.HP, w.ID, w.Cell, w.HP)
		}
	}
}

// The Online… dialog creates a match of the open map on a server: with
// red switched from the computer to a person, Create makes the match,
// the window plays blue's seat, and a dialog gives red's link, which
// the server answers with red's seat and the window's map title as the
// match's map name.
func TestOnlineWindowCreatesAMatch(t *testing.T) {
	base := matchServer(t)
	grid, _ := conquestMap(t)
	in := newScriptInput()
	var said, title string
	runEditor(t, Options{MapsDir: t.TempDir()}, in, func(g *game, c *checker) []step {
		p := g.play
		return []step{
			wait(2),
			do(func(*game) {
				g.sess.Replace("", grid, false)
				g.resetView()
				title = g.mapTitle()
				g.onlineDialog()
				findIn(g, func(f *textField) bool { return f.placeholder == "http://host:port" }).SetText(base)
			}),
			click(c, "Computer (normal)"),
			click(c, "Computer (hard)"),
			click(c, "Create"),
			untilReal(c, 20*time.Second, "blue's turn of the match created", func(*game) bool {
				return g.mode == mode(p) && p.session != nil && p.remote.myTurn(p.session)
			}),
			untilReal(c, 10*time.Second, "the dialog of red's link", func(*game) bool {
				tx := findIn(g, func(tx *widget.Text) bool { return strings.Contains(tx.Label, "#join=") })
				if tx != nil {
					said = tx.Label
				}
				return tx != nil
			}),
		}
	})
	i := strings.Index(said, base+"/#join=")
	if i < 0 {
		t.Fatalf("the dialog says %q; want red's link on %s", said, base)
	}
	server, match, token, err := online.ParseLink(strings.Fields(said[i:])[0], "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if st, err := online.FetchSetup(ctx, server, match, token); err != nil || st.Side != 2 || st.Name != title || title == "" {
		t.Errorf("the server answers red's link with side %d, map name %q, %v; want side 2, the window's title %q", st.Side, st.Name, err, title)
	}
}

// shotPath is where a test's screenshot goes: $HEXSANDBOX_SHOTS when
// set (to look at), else the test's folder.
func shotPath(t *testing.T, name string) string {
	if d := os.Getenv("HEXSANDBOX_SHOTS"); d != "" {
		return filepath.Join(d, name)
	}
	return filepath.Join(t.TempDir(), name)
}
