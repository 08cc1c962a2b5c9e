package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"

	"hexsandbox/hexmap"
)

// SavedVersion is the version of the saved-match encoding Save writes.
const SavedVersion = 1

// maxLog bounds the commands a saved match may hold.
const maxLog = 1 << 22

// ErrSaved marks a saved match that cannot be resumed.
var ErrSaved = errors.New("bad saved match")

// Saved is a match as saved: its scenario and log, and optionally a
// snapshot of the state after the first At commands of the log, so that
// resuming need not replay a long match from its start.
type Saved struct {
	Version  int       `json:"version"`
	Scenario Scenario  `json:"scenario"`
	Log      []Command `json:"log"`
	Snapshot *Snapshot `json:"snapshot,omitempty"`
	// Computers are the sides the computer plays, for a player that
	// resumes the match (the rules ignore it); the other sides are
	// people's.
	Computers []ComputerSpec `json:"computers,omitempty"`
}

// ComputerSpec is a side the computer plays and how well (a level of
// package ai, by name).
type ComputerSpec struct {
	Side  int    `json:"side"`
	Level string `json:"level"`
}

// Snapshot is the whole state after the first At commands, and its hash.
type Snapshot struct {
	At    int             `json:"at"`
	Hash  string          `json:"hash"`
	State json.RawMessage `json:"state"`
}

// Hash is the state hash: FNV-64a of the state's canonical encoding
// (everything in id order), as 16 hex digits.
func (m *Match) Hash() string {
	h := fnv.New64a()
	h.Write(m.encodeState())
	return fmt.Sprintf("%016x", h.Sum64())
}

// encodeState is the state's canonical encoding: encoding/json writes
// struct fields in their declared order and slices in order.
func (m *Match) encodeState() []byte {
	b, err := json.Marshal(&m.st)
	if err != nil {
		panic("game: encoding the state: " + err.Error()) // plain data: cannot fail
	}
	return b
}

// Save is the match as saved, with a snapshot of the state now when
// snapshot is set.
func (m *Match) Save(snapshot bool) Saved {
	s := Saved{Version: SavedVersion, Scenario: m.scenario, Log: append([]Command{}, m.log...)}
	if snapshot {
		s.Snapshot = &Snapshot{At: len(m.log), Hash: m.Hash(), State: m.encodeState()}
	}
	return s
}

// Resume rebuilds a saved match on map g: from its snapshot when it has
// one, then replaying the rest of the log.
func Resume(g *hexmap.Grid, s Saved) (*Match, error) {
	if s.Version < 1 || s.Version > SavedVersion {
		return nil, fmt.Errorf("%w: version %d, this program reads 1..%d", ErrSaved, s.Version, SavedVersion)
	}
	if len(s.Log) > maxLog {
		return nil, fmt.Errorf("%w: %d commands, at most %d", ErrSaved, len(s.Log), maxLog)
	}
	m, _, err := NewMatch(g, s.Scenario)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSaved, err)
	}
	from := 0
	if sn := s.Snapshot; sn != nil {
		if err := m.restore(sn, s.Log); err != nil {
			return nil, fmt.Errorf("%w: snapshot: %v", ErrSaved, err)
		}
		from = sn.At
	}
	for k, cmd := range s.Log[from:] {
		if _, err := m.Apply(cmd); err != nil {
			return nil, fmt.Errorf("%w: command %d: %v", ErrSaved, from+k+1, err)
		}
	}
	return m, nil
}

// setState replaces m's state by st (checked) and rebuilds the tables
// derived from it.
func (m *Match) setState(st state) {
	m.st = st
	clear(m.occupant)
	for id := 1; id <= len(st.Units); id++ {
		if u := st.Units[id-1]; u.HP > 0 {
			m.occupant[u.Cell] = int32(id)
		}
	}
	m.rebuildSight()
}

// restore replaces m's state (just started) by a snapshot's, checked.
func (m *Match) restore(sn *Snapshot, log []Command) error {
	if sn.At < 0 || sn.At > len(log) {
		return fmt.Errorf("at %d outside the log of %d commands", sn.At, len(log))
	}
	var st state
	if err := json.Unmarshal(sn.State, &st); err != nil {
		return err
	}
	if err := m.checkState(&st); err != nil {
		return err
	}
	m.setState(st)
	m.log = append(m.log[:0], log[:sn.At]...)
	if h := m.Hash(); h != sn.Hash {
		return fmt.Errorf("hash %s, recorded %s", h, sn.Hash)
	}
	return nil
}
