package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"

	"hexsandbox/ai"
	"hexsandbox/game"
	"hexsandbox/online"
	"hexsandbox/saves"
)

// Limits bound what a client may do and how long it may take.
type Limits struct {
	OpenPerAddress  int           // matches not over that one address may have created
	ConnsPerAddress int           // sockets one address may hold open at once
	CreateBytes     int64         // the body of POST /api/matches
	Join            time.Duration // from the upgrade to the join message
	Idle            time.Duration // without a message from the client
	Write           time.Duration // to send one message, or a ping's answer to come
	Ping            time.Duration // between pings
	Rate            float64       // messages a second a connection may send on average
	Burst           int           // … and at once
	Queue           int           // messages waiting for a slow connection before it is closed
	Origins         []string      // hosts besides the server's own whose pages may connect
}

// DefaultLimits suit a server for a few friends' matches.
func DefaultLimits() Limits {
	return Limits{OpenPerAddress: 50, ConnsPerAddress: 64, CreateBytes: 16 << 20, Join: 10 * time.Second, Idle: time.Hour,
		Write: 10 * time.Second, Ping: 30 * time.Second, Rate: 20, Burst: 40, Queue: 256}
}

// Server hosts matches: it creates them, keeps them in its store and
// serves their seats' WebSockets. Matches are loaded from the store when
// a seat first joins and stay loaded.
type Server struct {
	store Store
	lim   Limits
	mu    sync.Mutex
	hosts map[string]*host
	conns map[string]int // per client address: open sockets
}

// New is a server of the matches in st.
func New(st Store, lim Limits) *Server {
	return &Server{store: st, lim: lim, hosts: map[string]*host{}, conns: map[string]int{}}
}

// Handler serves POST /api/matches, POST /api/matches/{id}/seat, /status
// and /replay, and GET /api/matches/{id}/ws.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/matches", s.create)
	mux.HandleFunc("POST /api/matches/{id}/seat", s.seatSetup)
	mux.HandleFunc("POST /api/matches/{id}/status", s.status)
	mux.HandleFunc("POST /api/matches/{id}/replay", s.replay)
	mux.HandleFunc("GET /api/matches/{id}/ws", s.socket)
	return mux
}

// httpError answers a request with status and a one-line JSON error.
func httpError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(online.Error{Error: oneLine(msg)})
}

// create makes a match from a map file, a scenario and computer sides.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, s.lim.CreateBytes))
	dec.DisallowUnknownFields()
	var req online.Create
	if err := dec.Decode(&req); err != nil {
		httpError(w, http.StatusBadRequest, "not a match request: "+err.Error())
		return
	}
	creator := address(r)
	if n, err := s.store.Open(r.Context(), creator); err != nil || n >= s.lim.OpenPerAddress {
		httpError(w, http.StatusTooManyRequests, fmt.Sprintf("at most %d open matches per address", s.lim.OpenPerAddress))
		return
	}
	rec, tokens, err := newRecord(req, creator)
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	h, start, batch, err := startMatch(rec, s.store)
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := s.store.Create(r.Context(), rec, start); err != nil {
		httpError(w, http.StatusInternalServerError, "storing the match: "+err.Error())
		return
	}
	if len(batch) > 0 {
		if err := h.commit(r.Context(), batch); err != nil {
			httpError(w, http.StatusInternalServerError, err.Error())
			return
		}
	}
	s.mu.Lock()
	s.hosts[rec.ID] = h
	s.mu.Unlock()
	out := online.Created{Match: rec.ID, Seats: []online.Seat{}}
	for _, st := range rec.Seats {
		tok := tokens[st.Side]
		out.Seats = append(out.Seats, online.Seat{Side: st.Side, Token: tok, Link: "/#join=" + rec.ID + "-" + tok})
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	json.NewEncoder(w).Encode(out)
}

// address is the client's address without its port.
func address(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// newRecord checks a match request and makes its record: a random id,
// the scenario (the map's own when none is given) and a seat with a
// fresh token for each side no computer plays; tokens are per side.
func newRecord(req online.Create, creator string) (Record, map[int]string, error) {
	g, _, err := saves.ReadBytes(req.Map)
	if err != nil {
		return Record{}, nil, fmt.Errorf("map: %v", err)
	}
	if err := online.CheckName(req.Name); err != nil {
		return Record{}, nil, err
	}
	sc := game.ScenarioOf(g)
	if req.Scenario != nil {
		sc = *req.Scenario
	}
	now := time.Now()
	rec := Record{ID: randomHex(8), Map: req.Map, Name: req.Name, Scenario: mustJSON(sc), Computer: map[int]string{}, Creator: creator, Created: now, Last: now}
	for k, v := range req.Computer {
		side, err := strconv.Atoi(k)
		if err != nil {
			return Record{}, nil, fmt.Errorf("computer: %q is not a side", k)
		}
		if _, err := ai.ParseLevel(v); err != nil {
			return Record{}, nil, fmt.Errorf("computer: side %d: %v", side, err)
		}
		rec.Computer[side] = v
	}
	tokens := map[int]string{}
	for _, sd := range sc.Sides {
		if _, ok := rec.Computer[sd.Side]; ok {
			continue
		}
		tok := randomHex(16)
		tokens[sd.Side] = tok
		rec.Seats = append(rec.Seats, SeatRecord{Side: sd.Side, Token: hashToken(tok)})
	}
	if len(rec.Seats) == 0 {
		return Record{}, nil, errors.New("every side is a computer: a match needs a person's seat")
	}
	return rec, tokens, nil
}

// randomHex is n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// host is match id's host, loaded from the store when not yet.
func (s *Server) host(ctx context.Context, id string) (*host, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h, ok := s.hosts[id]; ok {
		return h, nil
	}
	h, err := loadMatch(ctx, s.store, id)
	if err != nil {
		return nil, err
	}
	s.hosts[id] = h
	return h, nil
}

// seatSetupBytes bounds a SeatRequest's body.
const seatSetupBytes = 1 << 10

// seatSetup answers a seat's token with the seat's side, the map and the
// scenario as that side may know it (online.Setup).
func (s *Server) seatSetup(w http.ResponseWriter, r *http.Request) {
	h, side, ok := s.requestedSeat(w, r)
	if !ok {
		return
	}
	setup, err := h.setup(side)
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	answer(w, setup)
}

// status answers a seat's token with how its match stands
// (online.Status).
func (s *Server) status(w http.ResponseWriter, r *http.Request) {
	if h, side, ok := s.requestedSeat(w, r); ok {
		answer(w, h.status(side))
	}
}

// replay answers a seat's token with its finished match, to be played
// back (online.Replay); before the end, 409.
func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	h, side, ok := s.requestedSeat(w, r)
	if !ok {
		return
	}
	rp, over, err := h.replay(side)
	switch {
	case err != nil:
		httpError(w, http.StatusInternalServerError, err.Error())
	case !over:
		httpError(w, http.StatusConflict, "the match is not over: it is replayed once it ends")
	default:
		answer(w, rp)
	}
}

// requestedSeat is the match a request's path names and the side of the
// seat whose token its body holds (an online.SeatRequest); when there is
// none it answers the request and reports false.
func (s *Server) requestedSeat(w http.ResponseWriter, r *http.Request) (*host, int, bool) {
	var req online.SeatRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, seatSetupBytes)).Decode(&req); err != nil {
		httpError(w, http.StatusBadRequest, "not a seat request: "+err.Error())
		return nil, 0, false
	}
	h, ok := s.requestedHost(w, r)
	if !ok {
		return nil, 0, false
	}
	side, err := h.seat(req.Token)
	if err != nil {
		httpError(w, http.StatusForbidden, err.Error())
		return nil, 0, false
	}
	return h, side, true
}

// answer answers a request with v as JSON.
func answer(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// requestedHost is the match a request's path names, loaded when it is
// not yet; when there is none it answers the request and reports false.
func (s *Server) requestedHost(w http.ResponseWriter, r *http.Request) (*host, bool) {
	h, err := s.host(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, ErrNoMatch):
		httpError(w, http.StatusNotFound, "no such match")
		return nil, false
	case err != nil:
		httpError(w, http.StatusInternalServerError, err.Error())
		return nil, false
	}
	return h, true
}

// socket serves a seat's WebSocket.
func (s *Server) socket(w http.ResponseWriter, r *http.Request) {
	h, ok := s.requestedHost(w, r)
	if !ok {
		return
	}
	addr := address(r)
	if !s.enter(addr) {
		httpError(w, http.StatusTooManyRequests, fmt.Sprintf("at most %d sockets per address", s.lim.ConnsPerAddress))
		return
	}
	defer s.leave(addr)
	// The HTTP server's read and write deadlines are for requests; a
	// socket keeps its own (Limits).
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.lim.Origins})
	if err != nil {
		return // Accept has answered
	}
	conn.SetReadLimit(online.MaxMessage)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &client{conn: conn, lim: s.lim, kill: cancel, out: make(chan []byte, s.lim.Queue)}
	c.serve(ctx, h, s.store)
}

// enter counts a socket of addr, unless it has as many as it may.
func (s *Server) enter(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[addr] >= s.lim.ConnsPerAddress {
		return false
	}
	s.conns[addr]++
	return true
}

// leave counts a socket of addr closed.
func (s *Server) leave(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[addr]--; s.conns[addr] == 0 {
		delete(s.conns, addr)
	}
}
