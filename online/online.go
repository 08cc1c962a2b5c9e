// Package online owns the shapes of the online-play protocol (issue 30,
// docs/protocol.md "Online play"): what a client sends a match server
// over its WebSocket (a join, then the commands of `hexmap play`) and
// what the server sends back (sequenced events, answers and one-line
// errors), the requests and answers of creating a match, and a Client
// of a seat. The shapes extend package game's Command and Event, adding
// fields, never renaming one. It imports neither ebiten nor the server's
// store, so that the browser build and the desktop can use it.
package online

import (
	"time"

	"hexsandbox/game"
)

// Version is the online protocol's version; a server answers a join with
// it.
const Version = 1

// MaxMessage bounds one WebSocket message either way a client sends.
const MaxMessage = 64 << 10

// Request is one message from a client: {"cmd":"join","token":…,"after":SEQ}
// first, then commands and questions as in `hexmap play`. N, when set on
// a command, is the number the command would have in the match's log
// (the last event's n + 1): a command sent twice is refused the second
// time instead of applied again.
type Request struct {
	game.Command
	Token string `json:"token,omitempty"`
	After int64  `json:"after,omitempty"`
	N     int    `json:"n,omitempty"`
}

// Message is one event to a seat: a game.Event with the seat's sequence
// number (Seq, from 1, without gaps for that seat) and the number of the
// command that caused it (N; 0 for the match's start). The event "seen"
// (the server's own) tells the seat what it came to know: units it sees
// now or whose cell, health or moves changed (Units), units it no longer
// sees (Hidden), towns it knows anew or that changed (Towns), and cells
// it explored (Explored).
type Message struct {
	game.Event
	Seq      int64           `json:"seq"`
	N        int             `json:"n"`
	Units    []game.UnitView `json:"units,omitempty"`
	Hidden   []int           `json:"hidden,omitempty"`
	Towns    []game.TownView `json:"towns,omitempty"`
	Explored []game.Cell     `json:"explored,omitempty"`
}

// Joined answers a join: the protocol version, the seat's side, the
// seat's last sequence number and the match's last command number (the
// events after the join's After follow it).
type Joined struct {
	Version int   `json:"version"`
	Side    int   `json:"side"`
	Seq     int64 `json:"seq"`
	N       int   `json:"n"`
}

// State answers {"cmd":"state"} on a seat: whose turn it is, the round,
// whether the match is over, the last command number, and the state hash
// only once the match is over (before, the hash of the whole state would
// let a client test guesses about what it does not see).
type State struct {
	Hash  string `json:"hash,omitempty"`
	Side  int    `json:"side"`
	Round int    `json:"round"`
	Over  bool   `json:"over"`
	N     int    `json:"n"`
}

// SlowDown is the error a server answers a message with when its
// connection sent more than its rate allows; the message was not acted
// on and may be sent again a little later.
const SlowDown = "too many messages: slow down"

// Error is the answer to a refused or malformed message: one line.
type Error struct {
	Error string `json:"error"`
}

// Create is the body of POST /api/matches: the map file (the product's
// format, base64 in JSON), the scenario (nil: the map's own) and the
// sides computers play, with their levels ({"2":"hard"}).
type Create struct {
	Map      []byte            `json:"map"`
	Scenario *game.Scenario    `json:"scenario,omitempty"`
	Computer map[string]string `json:"computer,omitempty"`
}

// Created answers POST /api/matches: the match's id and a seat for each
// side a person plays.
type Created struct {
	Match string `json:"match"`
	Seats []Seat `json:"seats"`
}

// SeatRequest is the body of POST /api/matches/{id}/seat: a seat's token.
type SeatRequest struct {
	Token string `json:"token"`
}

// Setup answers a SeatRequest with what a client plays the seat from:
// its side, the map file (its terrain and towns: no units, no saved
// match) and the scenario as the side may know it from the start
// (game.Scenario.KnownTo). With the seat's Knowledge, game.Known makes
// the match the client shows.
type Setup struct {
	Side     int           `json:"side"`
	Map      []byte        `json:"map"`
	Scenario game.Scenario `json:"scenario"`
}

// Seat is a side's seat: its secret token and the link that joins it.
type Seat struct {
	Side  int    `json:"side"`
	Token string `json:"token"`
	Link  string `json:"link"`
}

// Status answers POST /api/matches/{id}/status (a SeatRequest): the
// seat's match as a lobby lists it. Side is the seat's side, Turn the
// side in turn, N the last command's number, Last when the last command
// came (when the match was made, before any), Winner the team that won
// (0 with Over: a draw). Everything in it is known to every seat.
type Status struct {
	Side   int       `json:"side"`
	Turn   int       `json:"turn"`
	Round  int       `json:"round"`
	Over   bool      `json:"over"`
	Winner int       `json:"winner,omitempty"`
	N      int       `json:"n"`
	Last   time.Time `json:"last"`
}

// Replay answers POST /api/matches/{id}/replay (a SeatRequest) once the
// match is over: the seat's side, the map file (no units) and the whole
// match as saved (its scenario and log), to be played back.
type Replay struct {
	Side  int        `json:"side"`
	Map   []byte     `json:"map"`
	Match game.Saved `json:"match"`
}
