package server

import (
	"context"
	"errors"
	"strings"
	"time"
)

// Store keeps every match: how it was created, its seats, its log of
// accepted commands and the messages each seat was sent. Append is
// atomic: a batch of commands and their messages is kept whole or not at
// all, and only once Append returns are its messages sent.
type Store interface {
	// Create keeps a new match and the messages of its start (entry N 0,
	// no command).
	Create(ctx context.Context, rec Record, start Entry) error
	// Append keeps commands in order after the match's last one, with
	// their messages, at the instant the host accepted them (kept to the
	// millisecond, Record.Last on loading); over marks the match
	// finished. A command number already kept is refused with ErrConflict.
	Append(ctx context.Context, match string, batch []Entry, over bool, at time.Time) error
	// Load is a match's record and its commands in order.
	Load(ctx context.Context, match string) (Record, [][]byte, error)
	// Messages is up to limit messages of a side's seat after seq, in
	// order, and the side's last seq.
	Messages(ctx context.Context, match string, side int, after int64, limit int) ([]Outgoing, int64, error)
	// Open counts the matches creator made that are not over.
	Open(ctx context.Context, creator string) (int, error)
	Close() error
}

// Record is a match as created: its id, the map file and its name ("" for
// none), the scenario (JSON), the computer sides' levels, its seats and
// who created it when;
// and as it stands: whether it is over and when its last command came
// (Created before any).
type Record struct {
	ID       string
	Map      []byte
	Name     string
	Scenario []byte
	Computer map[int]string
	Seats    []SeatRecord
	Creator  string
	Created  time.Time
	Over     bool
	Last     time.Time
}

// SeatRecord is a side a person plays and the SHA-256 of its token (the
// token itself is kept nowhere on the server).
type SeatRecord struct {
	Side  int
	Token [32]byte
}

// Entry is command N of a match (its JSON; none for N 0, the start) and
// the messages it caused.
type Entry struct {
	N       int
	Command []byte
	Out     []Outgoing
}

// Outgoing is one message to a side's seat: its sequence number and its
// JSON.
type Outgoing struct {
	Side int
	Seq  int64
	Body []byte
}

// The store's refusals.
var (
	ErrNoMatch  = errors.New("no such match")
	ErrConflict = errors.New("that command number is taken")
)

// oneLine is s up to its first line break.
func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
