package editor

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/editor/files"
	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/online"
	"hexsandbox/saves"
	"hexsandbox/units"
)

// Online play (issue 30): the Online… dialog (Ctrl+Shift+O, or the New
// game dialog's Online… button) creates a match on a match server (cmd/hexserver)
// from the open map, each of its sides played by a person (the first is
// this window's seat, the others get links to send) or by the computer
// on the server, or joins a seat by its link. Play mode then plays the
// seat fed by the server (remotePlay): the match shown is the one the
// seat's side knows (game.Known of its view), commands go to the server,
// the events coming back are shown as they arrive, and in the other
// sides' turns the window waits.

// remotePlay is a seat of a match on a server, played in play mode.
type remotePlay struct {
	player *online.Player
	base   string // the server's address, http://host:port
	match  string // the match's id, once known
	setup  *online.Setup
	grid   *hexmap.Grid // the map played on, once the setup came
	// ownMap: the match was made from the open map, which stays; else
	// the seat's map replaces it as it comes.
	ownMap bool
	lost   bool           // the connection is lost for good
	seats  []online.Seat  // the match's seats, when this window made it
	token  string         // the seat's token, once known
	name   string         // what the lobby calls the match ("": its sides)
	link   func(string)   // tells the platform the seat's link (the page's address)
	words  func(s string) // shows a lasting message
	// remember keeps the seat in the lobby, once its side is known.
	remember func(online.Remembered)
}

// defaultServer is where the Online… dialog looks for a match server
// first: the page's own server in the browser (pageServer), else the
// local one `make serve` starts.
const defaultServer = "http://127.0.0.1:8080"

// onlineDialog offers to create a match from the open map on a server,
// or to join one by a seat's link.
func (g *game) onlineDialog() {
	s := g.win.style
	sc := engine.ScenarioOf(g.sess.Grid)
	body, row := s.form()
	server := s.textField(pageServer(), "http://host:port", 320, nil)
	row("Server", server)
	body.AddChild(s.paragraph("Create a match from this map: who plays each side. The first person's side is yours; each other person gets a link to join."))
	labels := []string{"A person", "Computer (easy)", "Computer (normal)", "Computer (hard)"}
	players := make([]int, len(sc.Sides))
	fromScenario := len(sc.Computers()) > 0 // else a person against the computer at Normal
	for k, sd := range sc.Sides {
		if c, err := scenario.ParseController(sd.Computer); fromScenario && err == nil {
			players[k] = controllerChoice(c)
		} else if k > 0 {
			players[k] = 2
		}
		cycleInt(s, &players[k], row, sideTitle(sd), labels)
	}
	join := s.textField("", "a seat's link, or its code", 320, nil)
	row("Join", join, s.button("Paste", 60, func() { g.pasteButton(join) }))
	var closeDialog func()
	g.lobbyRows(body, func() { closeDialog() })
	closeDialog = g.dialog("Online play", body, choice{label: "Cancel"},
		choice{label: "Join", fn: func() {
			g.guard("joining an online match", func() { g.joinOnline(join.GetText(), server.GetText()) })
		}},
		choice{label: "Create", fn: func() { g.createOnline(server.GetText(), sc, players) }})
}

// form is a dialog's body of rows and what adds a row to it: a label,
// then widgets.
func (s *style) form() (*widget.Container, func(string, ...widget.PreferredSizeLocateableWidget)) {
	body := s.vbox(8, nil, 0)
	return body, func(label string, w ...widget.PreferredSizeLocateableWidget) {
		r := s.grid(make([]bool, len(w)+1), 6)
		r.AddChild(s.label(label, colText))
		r.AddChild(w...)
		body.AddChild(r)
	}
}

// sideTitle is what the dialog calls a side of the map's scenario.
func sideTitle(sd engine.SideSpec) string { return cmp.Or(sd.Name, units.SideName(sd.Side)) }

// sidesTitle names a match by its sides: "Blue vs Red".
func sidesTitle(sc engine.Scenario) string {
	names := make([]string, len(sc.Sides))
	for k, sd := range sc.Sides {
		names[k] = sideTitle(sd)
	}
	return strings.Join(names, " vs ")
}

// createOnline creates a match of the open map on server, players[k]
// saying who plays the scenario's k-th side (0: a person, else the
// computer at a level), and plays the first person's seat.
func (g *game) createOnline(server string, sc engine.Scenario, players []int) {
	data, err := files.Encode(g.sess.Grid)
	if err != nil {
		g.errorf("Online: %v", err)
		return
	}
	req := online.Create{Map: data, Computer: map[string]string{}, Name: online.MapName(g.mapTitle())}
	mine := 0
	for k, sd := range sc.Sides {
		switch c := playerChoices[players[k]]; {
		case !c.human:
			req.Computer[strconv.Itoa(sd.Side)] = c.level.String()
		case mine == 0:
			mine = sd.Side
		}
	}
	if mine == 0 {
		g.errorf("Online: a person must play one of the sides")
		return
	}
	base := strings.TrimSuffix(strings.TrimSpace(server), "/")
	g.playOnline(&remotePlay{player: online.PlayNew(base, req, mine), base: base, ownMap: true, name: g.mapTitle()})
	g.info("Creating the match on " + base + "…")
}

// joinOnline joins the seat of link (a seat's link, or its code on
// server).
func (g *game) joinOnline(link, server string) {
	base, match, token, err := online.ParseLink(link, server)
	if err != nil {
		g.errorf("Online: %v", err)
		return
	}
	r := &remotePlay{player: online.Play(base, match, token), base: base, match: match, token: token}
	g.playOnline(r)
	r.link(base + "/#join=" + match + "-" + token)
	g.info("Joining the match on " + base + "…")
}

// playOnline makes r play mode's match (ending any other) and switches
// to play mode.
func (g *game) playOnline(r *remotePlay) {
	r.link = g.seatLink
	askToNotify()
	r.remember = g.remember
	r.words = func(s string) { g.message("Online match", s) }
	g.play.stopOnline()
	g.play.reset()
	g.play.remote = r
	if g.mode == mode(g.play) {
		g.play.enter()
	} else {
		g.setMode(g.play)
	}
}

// stopOnline closes the online match's connection and forgets it.
func (p *playMode) stopOnline() {
	if p.remote != nil {
		p.remote.player.Stop()
		p.remote = nil
	}
}

// myTurn reports whether it is the seat's side's turn in the match
// shown.
func (r *remotePlay) myTurn(s *playSession) bool {
	over, _ := s.match.Over()
	return r.setup != nil && !over && s.side() == r.setup.Side
}

// pollRemote takes in what the server sent since the last tick: the
// seat's setup (its map replacing the open one when joined by link),
// errors, and the side's view, shown as the match played, its events'
// moves and battles shown. It reports whether anything came.
func (p *playMode) pollRemote() bool {
	r := p.remote
	u := r.player.Poll()
	news := u.Fresh || u.Setup != nil || u.Created != nil || len(u.Errs) > 0
	p.takeNews(u)
	return news
}

// takeNews takes in update u of the online match.
func (p *playMode) takeNews(u online.Update) {
	r := p.remote
	if u.Created != nil {
		r.created(u.Created)
	}
	if u.Setup != nil && !p.takeSetup(u.Setup) {
		return
	}
	for _, err := range u.Errs {
		p.env.notice("Online: " + err.Error())
	}
	r.lost = u.Lost
	if !u.Fresh || r.grid == nil || u.InTurn == 0 {
		return
	}
	m, err := engine.Known(r.grid, r.setup.Scenario, r.setup.Side, u.View, u.InTurn)
	if err != nil {
		p.env.notice("Online: the server's view does not fit the map: " + err.Error())
		return
	}
	if p.session == nil {
		p.session = newPlaySession(m, r.grid, p.env.ground(), p.env.state(), [hexmap.MaxSides + 1]int{})
		p.session.seeAs(r.setup.Side)
		p.enter()
		return
	}
	before := p.session.side()
	if u.History {
		u.Events = nil
	}
	p.session.absorb(m, u.Events)
	p.path.valid, p.reach.valid, p.forecast.valid, p.order.valid, p.turns.valid = false, false, false, false, false
	p.afterCommand(before)
}

// takeSetup takes in the seat's setup; joined by link, its map replaces
// the open one. It reports whether the map is one to play on.
func (p *playMode) takeSetup(st *online.Setup) bool {
	r := p.remote
	r.setup = st
	r.remember(online.Remembered{Server: r.base, Match: r.match, Token: r.token, Side: st.Side, Name: cmp.Or(r.name, st.Name, sidesTitle(st.Scenario))})
	if r.ownMap {
		r.grid = p.env.sess.Grid
		return true
	}
	g, info, err := saves.ReadBytes(st.Map)
	if err != nil {
		p.env.notice("Online: the match's map: " + err.Error())
		p.stopOnline()
		return false
	}
	p.remote = nil // the map's replacement resets play mode
	p.env.replaceMap(files.Loaded{Grid: g, Name: cmp.Or(st.Name, "online match"), Info: info})
	p.remote, r.grid = r, g
	return true
}

// created shows the links of a match this window made: the seats of
// the other people.
func (r *remotePlay) created(c *online.Created) {
	r.match = c.Match
	var lines []string
	for _, s := range c.Seats {
		link := r.base + s.Link
		if s.Side == r.mine(c) {
			r.token = s.Token
			r.link(link)
			continue
		}
		lines = append(lines, fmt.Sprintf("%s: %s", units.SideName(s.Side), link))
	}
	if len(lines) > 0 {
		r.words("Match created. Send each person the link of their side:\n\n" + strings.Join(lines, "\n"))
	}
	r.seats = c.Seats
}

// mine is the side of the first seat of c: the one this window plays.
func (r *remotePlay) mine(c *online.Created) int {
	if len(c.Seats) == 0 {
		return 0
	}
	return c.Seats[0].Side
}

// send sends cmd to the server, in the seat's turn.
func (p *playMode) sendRemote(cmd engine.Command) bool {
	r, s := p.remote, p.session
	switch {
	case r.lost:
		p.env.notice("Online: the connection to the server is lost")
		return false
	case !r.myTurn(s):
		p.env.info(p.waitingText())
		return false
	}
	if err := r.player.Send(cmd); err != nil {
		p.env.notice("Online: " + err.Error())
		return false
	}
	return true
}

// waitingText says whose turn the seat waits for.
func (p *playMode) waitingText() string {
	s := p.session
	if over, _ := s.match.Over(); over {
		return "The match is over"
	}
	return "Waiting for " + s.sideName(s.side())
}

// yourTurn starts the window's title (the page's, in the browser) while
// an online match waits for the seat's side: "Your turn · ".
func (p *playMode) yourTurn() string {
	if p.remote == nil || p.session == nil || !p.remote.myTurn(p.session) {
		return ""
	}
	return "Your turn · "
}

// onlineStatus is the status line's word on the online match.
func (p *playMode) onlineStatus() string {
	r := p.remote
	switch {
	case r.lost:
		return "online: connection lost"
	case p.session == nil:
		return "online: joining " + r.base
	case r.myTurn(p.session):
		return "online: your turn"
	}
	if over, _ := p.session.match.Over(); over {
		return "online: the match is over"
	}
	return "online: waiting for " + p.session.sideName(p.session.side()) + " to play"
}
