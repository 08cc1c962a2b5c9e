package editor

import (
	"cmp"
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/editor/files"
	"hexsandbox/online"
	"hexsandbox/saves"
	"hexsandbox/units"
)

// lobby is the online matches this player created or joined (the
// preferences keep them: a file on the desktop, the page's storage in
// the browser), newest first, and what their servers last said of them
// while the Online… dialog shows them.
type lobby struct {
	seats []online.Remembered
	asked *lobbyAsk
}

// lobbyShown is how many of the newest seats the Online… dialog lists.
const lobbyShown = 5

// lobbyAsk is the servers' answers for the seats the dialog lists,
// fetched off the UI loop: each seat's status and, once its match is
// over, the match to replay. Its rows are the dialog's status texts,
// one a seat; shown marks those that show their answer.
type lobbyAsk struct {
	seats  []online.Remembered
	mu     sync.Mutex
	answer []lobbyAnswer
	rows   []*widget.Text
	shown  []bool
}

// lobbyAnswer is what a server said of one seat.
type lobbyAnswer struct {
	done   bool
	status online.Status
	replay *online.Replay
	err    error
}

// lobbyTimeout bounds the wait for one server's answers.
const lobbyTimeout = 10 * time.Second

// ask fetches the statuses of seats in the background.
func ask(seats []online.Remembered) *lobbyAsk {
	a := &lobbyAsk{seats: seats, answer: make([]lobbyAnswer, len(seats)), shown: make([]bool, len(seats))}
	for k, r := range seats {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), lobbyTimeout)
			defer cancel()
			var ans lobbyAnswer
			ans.status, ans.err = online.FetchStatus(ctx, r.Server, r.Match, r.Token)
			if ans.err == nil && ans.status.Over {
				rp, err := online.FetchReplay(ctx, r.Server, r.Match, r.Token)
				ans.replay, ans.err = &rp, err
			}
			ans.done = true
			a.mu.Lock()
			a.answer[k] = ans
			a.mu.Unlock()
		}()
	}
	return a
}

// got is seat k's answer, if it came.
func (a *lobbyAsk) got(k int) lobbyAnswer {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.answer[k]
}

// remember adds the seat r to the lobby, first.
func (g *game) remember(r online.Remembered) {
	g.doc.lobby.seats = online.Remember(g.doc.lobby.seats, r)
}

// forget takes seat r out of the lobby.
func (g *game) forget(r online.Remembered) {
	g.doc.lobby.seats = online.Forget(g.doc.lobby.seats, r)
}

// lobbyRows adds the Online… dialog's list of the newest remembered
// seats to body: a line on each (its name and side, and when the server
// answers whose turn it is and when the last move came), with Open,
// Copy link, Replay (once over) and Forget; closeDialog closes the
// dialog. The servers are asked again.
func (g *game) lobbyRows(body *widget.Container, closeDialog func()) {
	seats := g.doc.lobby.seats[:min(len(g.doc.lobby.seats), lobbyShown)]
	g.doc.lobby.asked = nil
	if len(seats) == 0 {
		return
	}
	s := g.win.style
	body.AddChild(s.heading("Your matches"))
	a := ask(seats)
	for k, r := range seats {
		line := s.vbox(2, nil, 0)
		line.AddChild(s.label(fmt.Sprintf("%s · you play %s", r.Name, units.SideName(r.Side)), colText))
		status := s.label("asking "+r.Server+"…", colDim)
		a.rows = append(a.rows, status)
		line.AddChild(status)
		buttons := s.grid([]bool{false, false, false, false}, 6)
		buttons.AddChild(
			s.button("Open", 60, func() {
				closeDialog()
				g.guard("joining an online match", func() { g.joinOnline(r.Link(), r.Server) })
			}),
			s.button("Copy link", 60, func() { g.copyText(r.Link(), "The seat's link") }),
			s.button("Replay", 60, func() { g.replayOnline(a.got(k), closeDialog) }),
			s.button("Forget", 60, func() {
				g.forget(r)
				closeDialog()
				g.onlineDialog()
			}),
		)
		line.AddChild(buttons)
		body.AddChild(line)
	}
	g.doc.lobby.asked = a
}

// pollLobby shows the servers' answers that came since the last tick in
// the Online… dialog's list.
func (g *game) pollLobby() {
	a := g.doc.lobby.asked
	if a == nil {
		return
	}
	for k, row := range a.rows {
		ans := a.got(k)
		if a.shown[k] || !ans.done {
			continue
		}
		a.shown[k] = true
		row.Label = lobbyLine(a.seats[k], ans, g.clock.now)
	}
}

// lobbyLine says how seat r's match stands from its server's answer.
func lobbyLine(r online.Remembered, ans lobbyAnswer, now time.Time) string {
	st := ans.status
	switch {
	case ans.err != nil && !st.Over:
		return "the server did not answer: " + ans.err.Error()
	case st.Over && st.Winner == 0:
		return fmt.Sprintf("over after %d rounds: a draw", st.Round)
	case st.Over:
		return fmt.Sprintf("over after %d rounds: team %d won", st.Round, st.Winner)
	}
	turn := units.SideName(st.Turn) + "'s turn"
	if st.Turn == r.Side {
		turn = "your turn"
	}
	return fmt.Sprintf("round %d, %s · last move %s", st.Round, turn, online.Ago(now, st.Last))
}

// replayOnline plays back a finished online match the lobby fetched:
// its map replaces the open one (asking first about unsaved changes),
// seen as the seat's side.
func (g *game) replayOnline(ans lobbyAnswer, closeDialog func()) {
	switch {
	case !ans.done:
		g.notice("Replay: the server has not answered yet")
		return
	case ans.err != nil:
		g.notice("Replay: " + ans.err.Error())
		return
	case ans.replay == nil:
		g.notice("Replay: the match is not over: it is replayed once it ends")
		return
	}
	grid, info, err := saves.ReadBytes(ans.replay.Map)
	if err != nil {
		g.errorf("Replay: the match's map: %v", err)
		return
	}
	closeDialog()
	g.guard("replaying the online match", func() {
		g.play.stopOnline()
		g.replace(files.Loaded{Grid: grid, Name: cmp.Or(ans.replay.Name, "online match"), Info: info})
		g.watchReplay(ans.replay.Match, ans.replay.Side)
	})
}
