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
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

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
// format, base64 in JSON), the scenario (nil: the map's own), the sides
// computers play, with their levels ({"2":"hard"}), and the map's name
// as its creator calls it (the file holds none), which every seat's
// lobby shows: one line of at most MaxName bytes, "" for none.
type Create struct {
	Map      []byte            `json:"map"`
	Scenario *game.Scenario    `json:"scenario,omitempty"`
	Computer map[string]string `json:"computer,omitempty"`
	Name     string            `json:"name,omitempty"`
}

// MapName is title made a match's map name (CheckName accepts it): each
// run of spaces and control characters one space, bytes that are not
// UTF-8 U+FFFD, cut to MaxName bytes at a character's end.
func MapName(title string) string {
	title = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(title, "\uFFFD"))
	name := strings.Join(strings.Fields(title), " ")
	for len(name) > MaxName {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	return name
}

// MaxName bounds a match's map name, in bytes.
const MaxName = 100

// CheckName tells why name cannot be a match's map name (nil when it
// can): too long, not UTF-8, or holding control characters (a line
// break would break a lobby's line).
func CheckName(name string) error {
	switch {
	case len(name) > MaxName:
		return fmt.Errorf("name: %d bytes; at most %d", len(name), MaxName)
	case !utf8.ValidString(name):
		return errors.New("name: not UTF-8")
	case strings.ContainsFunc(name, unicode.IsControl):
		return errors.New("name: holds a control character; one line of text")
	}
	return nil
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
//
// Name is the map's name the match was created with ("" for none).
type Setup struct {
	Side     int           `json:"side"`
	Map      []byte        `json:"map"`
	Scenario game.Scenario `json:"scenario"`
	Name     string        `json:"name,omitempty"`
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
// (0 with Over: a draw), Name the map's name the match was created with
// ("" for none). Everything in it is known to every seat.
type Status struct {
	Side   int       `json:"side"`
	Turn   int       `json:"turn"`
	Round  int       `json:"round"`
	Over   bool      `json:"over"`
	Winner int       `json:"winner,omitempty"`
	N      int       `json:"n"`
	Last   time.Time `json:"last"`
	Name   string    `json:"name,omitempty"`
}

// Replay answers POST /api/matches/{id}/replay (a SeatRequest) once the
// match is over: the seat's side, the map file (no units) and the whole
// match as saved (its scenario and log), to be played back.
type Replay struct {
	Side  int        `json:"side"`
	Map   []byte     `json:"map"`
	Match game.Saved `json:"match"`
	Name  string     `json:"name,omitempty"`
}
