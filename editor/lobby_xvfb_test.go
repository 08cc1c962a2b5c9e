//go:build xvfb

package editor

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
	"hexsandbox/internal/clipboard"
	"hexsandbox/online"
)

// finishedMatch is a duel on the server at base that side 1 resigned
// (side 2 the computer's): side 1's seat.
func finishedMatch(t *testing.T, base string) online.Seat {
	t.Helper()
	seat := duelSeat(t, base)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, match, _, _ := online.ParseLink(seat.Link, base)
	conn, _, err := online.Dial(ctx, base, match, seat.Token, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.Send(ctx, online.Request{Command: engine.Command{Cmd: "resign"}}); err != nil {
		t.Fatal(err)
	}
	for {
		r, err := conn.Next(ctx)
		if err != nil || r.Error != "" {
			t.Fatalf("resigning: %s, %v", r.Raw, err)
		}
		if r.Ev == "won" {
			return seat
		}
	}
}

// joinField is the Online… dialog's field for a seat's link.
func joinField(g *game) *textField {
	return findIn(g, func(f *textField) bool { return f.placeholder == "a seat's link, or its code" })
}

// remembered is seat on the server at base as the lobby keeps it.
func remembered(t *testing.T, base string, seat online.Seat, name string) online.Remembered {
	_, match, token, err := online.ParseLink(seat.Link, base)
	if err != nil {
		t.Fatal(err)
	}
	return online.Remembered{Server: base, Match: match, Token: token, Side: seat.Side, Name: name}
}

// The Online… dialog lists the remembered matches with what their
// server says: whose turn it is and when the last move came for one
// under way, who won one that is over. Copy link puts a seat's link on
// the system clipboard, which another connection to the X server reads
// and Ctrl+V pastes into the Join field, as the Paste button beside it
// does, giving the field the keyboard; Replay plays the finished
// match back, seen as the seat's side, with its whole log; Forget takes
// a match out of the list; the preferences keep the list.
func TestOnlineLobbyListsCopiesReplaysAndForgets(t *testing.T) {
	base, playing := onlineMatch(t)
	under := remembered(t, base, playing, "under way")
	over := remembered(t, base, finishedMatch(t, base), "finished")
	in := newScriptInput()
	texts := dialogText
	var said string
	runEditor(t, Options{MapsDir: t.TempDir()}, in, func(g *game, c *checker) []step {
		return []step{
			wait(2),
			do(func(*game) {
				g.remember(over)
				g.remember(under)
				g.onlineDialog()
			}),
			untilReal(c, 10*time.Second, "both matches' status", func(*game) bool {
				said = texts(g)
				return !strings.Contains(said, "asking")
			}),
			do(func(*game) {
				for _, want := range []string{"under way · you play Blue round 1, your turn · last move just now", "finished · you play Blue over after 1 rounds: team 2 won"} {
					if !strings.Contains(said, want) {
						t.Errorf("the dialog says\n%s\nwant %q", said, want)
					}
				}
			}),
			do(func(*game) { findButton(g, "Copy link").Click() }), // the last row's: the finished match
			wait(1), // ebitenui runs a click's handler in its next update
			do(func(*game) {
				if got, err := clipboard.Read(5 * time.Second); err != nil || got != over.Link() {
					t.Errorf("Copy link put %q on the clipboard (%v); want %q", got, err, over.Link())
				}
			}),
			do(func(*game) { findButton(g, "Replay").Click() }),
			waitFor(c, "the replay", func(*game) bool { return g.mode == mode(g.replay) }),
			do(func(*game) {
				if n := len(g.replay.saved.Log); n != 1 || g.replay.saved.Log[0].Cmd != "resign" || g.replay.seer != 1 {
					t.Errorf("replaying %d commands %+v seen as side %d; want the resignation seen as side 1", n, g.replay.saved.Log, g.replay.seer)
				}
				g.onlineDialog()
			}),
			do(func(*game) { findButton(g, "Forget").Click() }),
			do(func(*game) {
				if len(g.doc.lobby.seats) != 1 || g.doc.lobby.seats[0] != under || strings.Contains(texts(g), "finished") {
					t.Errorf("after Forget on the finished match: %+v, the dialog says\n%s", g.doc.lobby.seats, texts(g))
				}
				g.savePrefs(true)
				p, err := loadPrefs(g.sess.Store)
				if err != nil || len(p.Matches) != 1 || p.Matches[0] != under {
					t.Errorf("the preferences keep %+v (%v); want %+v", p.Matches, err, under)
				}
				g.focusField(joinField(g))
			}),
			tap(in, ebiten.KeyV, ebiten.KeyControlLeft),
			do(func(*game) {
				if got := joinField(g).GetText(); got != over.Link() {
					t.Errorf("Ctrl+V put %q into the Join field; the clipboard holds %q", got, over.Link())
				}
				g.win.ui.ClearFocus()
				findButton(g, "Paste").Click()
			}),
			wait(1), // ebitenui runs a click's handler in its next update
			do(func(*game) {
				if got := joinField(g).GetText(); got != over.Link()+over.Link() || g.focusedField() != joinField(g) {
					t.Errorf("the Paste button left %q in the Join field (focused: %v); want the link twice, the field focused",
						got, g.focusedField() == joinField(g))
				}
			}),
		}
	})
}
