package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"hexsandbox/ai"
	"hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/online"
	"hexsandbox/saves"
)

// host is one match being played: the engine's match, what each side has
// been told, the computer sides' bots and the connections of its seats.
// Its lock orders every command, commit and delivery of the match.
type host struct {
	mu    sync.Mutex
	id    string
	store Store
	rec   Record
	m     *game.Match
	bots  [hexmap.MaxSides + 1]*ai.Bot
	know  [hexmap.MaxSides + 1]*knowledge
	seq   [hexmap.MaxSides + 1]int64 // per side: the last message's number
	conns map[*client]struct{}
}

// Refusals of a seat's command, besides the engine's.
var (
	errNotYourTurn = errors.New("not your side's turn")
	errStale       = errors.New("stale command")
	errNotStored   = errors.New("the command could not be stored; nothing changed")
	errNoSeat      = errors.New("no seat has that token")
)

// maxComputerRounds bounds how many rounds computers play on their own
// after one command (a match of computers only would never end).
const maxComputerRounds = 1000

// startMatch builds the match of a new record on its map and scenario,
// returning the host and its start's entry (N 0) and the commands the
// computers then played, for the caller to store.
func startMatch(rec Record, st Store) (*host, Entry, []Entry, error) {
	g, _, err := saves.ReadBytes(rec.Map)
	if err != nil {
		return nil, Entry{}, nil, err
	}
	sc, err := game.ParseScenario(rec.Scenario)
	if err != nil {
		return nil, Entry{}, nil, err
	}
	m, ev, err := game.NewMatch(g, sc)
	if err != nil {
		return nil, Entry{}, nil, err
	}
	h := &host{id: rec.ID, store: st, rec: rec, m: m, conns: map[*client]struct{}{}}
	if err := h.makeBots(); err != nil {
		return nil, Entry{}, nil, err
	}
	n := g.Topology().CellCount()
	blank := &knowledge{explored: make([]bool, n), sees: make([]bool, n)}
	for _, sd := range m.Scenario().Sides {
		h.know[sd.Side] = blank
	}
	start := h.entry(0, nil, ev)
	return h, start, h.computersPlay(nil), nil
}

// loadMatch rebuilds a stored match: its record, the engine's match
// after every stored command, and each side's knowledge and last
// message number.
func loadMatch(ctx context.Context, st Store, id string) (*host, error) {
	rec, cmds, err := st.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	g, _, err := saves.ReadBytes(rec.Map)
	if err != nil {
		return nil, fmt.Errorf("match %s: %v", id, err)
	}
	sc, err := game.ParseScenario(rec.Scenario)
	if err != nil {
		return nil, fmt.Errorf("match %s: %v", id, err)
	}
	m, _, err := game.NewMatch(g, sc)
	if err != nil {
		return nil, fmt.Errorf("match %s: %v", id, err)
	}
	for k, raw := range cmds {
		var c game.Command
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, fmt.Errorf("match %s: command %d: %v", id, k+1, err)
		}
		if _, err := m.Apply(c); err != nil {
			return nil, fmt.Errorf("match %s: command %d: %v", id, k+1, err)
		}
	}
	h := &host{id: id, store: st, rec: rec, m: m, conns: map[*client]struct{}{}}
	if err := h.makeBots(); err != nil {
		return nil, err
	}
	for _, sd := range m.Scenario().Sides {
		h.know[sd.Side] = know(m, sd.Side)
		if _, h.seq[sd.Side], err = st.Messages(ctx, id, sd.Side, 0, 0); err != nil {
			return nil, err
		}
	}
	if batch := h.computersPlay(nil); len(batch) > 0 {
		if err := h.commit(ctx, batch); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// makeBots gives each computer side of the record its bot.
func (h *host) makeBots() error {
	for side, level := range h.rec.Computer {
		l, err := ai.ParseLevel(level)
		if err != nil {
			return err
		}
		if side < 1 || side > hexmap.MaxSides || !h.plays(side) {
			return fmt.Errorf("computer: the match has no side %d", side)
		}
		h.bots[side] = ai.ForMatch(h.m, side, l)
	}
	return nil
}

// plays reports whether side s is one of the match's sides.
func (h *host) plays(s int) bool {
	for _, sd := range h.m.Scenario().Sides {
		if sd.Side == s {
			return true
		}
	}
	return false
}

// seat is the side whose seat token opens, compared in constant time
// with every seat's.
func (h *host) seat(token string) (int, error) {
	sum := hashToken(token)
	side := 0
	for _, st := range h.rec.Seats {
		if subtle.ConstantTimeCompare(sum[:], st.Token[:]) == 1 {
			side = st.Side
		}
	}
	if side == 0 {
		return 0, errNoSeat
	}
	return side, nil
}

// setup is what side's seat plays from: the match's map without units
// or a saved match, and the scenario as the side may know it.
func (h *host) setup(side int) (online.Setup, error) {
	b, err := h.bareMap()
	if err != nil {
		return online.Setup{}, err
	}
	return online.Setup{Side: side, Map: b, Scenario: h.m.Scenario().KnownTo(side), Name: h.rec.Name}, nil
}

// bareMap is the match's map file without units or a saved match.
func (h *host) bareMap() ([]byte, error) {
	g, _, err := saves.ReadBytes(h.rec.Map)
	if err != nil {
		return nil, err
	}
	if err := g.SetUnits(nil); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := saves.Write(&b, g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// status is how the match stands, for side's seat.
func (h *host) status(side int) online.Status {
	h.mu.Lock()
	defer h.mu.Unlock()
	over, team := h.m.Over()
	return online.Status{Side: side, Turn: h.m.SideInTurn(), Round: h.m.Round(), Over: over, Winner: team,
		N: len(h.m.Log()), Last: h.rec.Last, Name: h.rec.Name}
}

// replay is the whole match for side's seat to play back, once it is
// over (over false: not yet, and nothing else).
func (h *host) replay(side int) (rp online.Replay, over bool, err error) {
	h.mu.Lock()
	saved := h.m.Save(false)
	over, _ = h.m.Over()
	h.mu.Unlock()
	if !over {
		return online.Replay{}, false, nil
	}
	b, err := h.bareMap()
	return online.Replay{Side: side, Map: b, Match: saved, Name: h.rec.Name}, true, err
}

// hashToken is what the store keeps of a seat's token.
func hashToken(token string) [32]byte { return sha256.Sum256([]byte(token)) }

// entry is command n's entry: its JSON and, for each side, the messages
// it is told of the events, numbered on from the side's last; each
// side's knowledge moves on to now.
func (h *host) entry(n int, cmd *game.Command, ev []game.Event) Entry {
	e := Entry{N: n}
	if cmd != nil {
		e.Command = mustJSON(cmd)
	}
	for _, sd := range h.m.Scenario().Sides {
		s := sd.Side
		cur := know(h.m, s)
		for _, msg := range tell(h.m, s, ev, h.know[s], cur) {
			h.seq[s]++
			msg.Seq, msg.N = h.seq[s], n
			e.Out = append(e.Out, Outgoing{Side: s, Seq: msg.Seq, Body: mustJSON(msg)})
		}
		h.know[s] = cur
	}
	return e
}

// mustJSON encodes plain data, which cannot fail.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("server: encoding a message: " + err.Error())
	}
	return b
}

// computersPlay plays the turns of computer sides while one is in turn,
// appending each command's entry to batch.
func (h *host) computersPlay(batch []Entry) []Entry {
	last := h.m.Round() + maxComputerRounds
	for {
		over, _ := h.m.Over()
		bot := h.bots[h.m.SideInTurn()]
		if over || bot == nil || h.m.Round() > last {
			return batch
		}
		ai.PlayTurn(h.m, bot, func(c game.Command, ev []game.Event) {
			batch = append(batch, h.entry(len(h.m.Log()), &c, ev))
		})
	}
}

// command applies a seat's command for side, with the turns of computer
// sides it passes to, and once all are stored sends their messages.
func (h *host) command(ctx context.Context, side int, req online.Request) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if over, _ := h.m.Over(); over {
		return game.ErrOver
	}
	if h.m.SideInTurn() != side {
		return errNotYourTurn
	}
	next := len(h.m.Log()) + 1
	if req.N != 0 && req.N != next {
		return fmt.Errorf("%w: command %d, the match is at %d", errStale, req.N, next-1)
	}
	cmd := req.Command
	ev, err := h.m.Apply(cmd)
	if err != nil {
		return err
	}
	batch := h.computersPlay([]Entry{h.entry(next, &cmd, ev)})
	return h.commit(ctx, batch)
}

// commit stores a batch and sends its messages; when the store refuses
// it, the match is rebuilt from the store, as if the batch never was.
func (h *host) commit(ctx context.Context, batch []Entry) error {
	over, _ := h.m.Over()
	now := time.Now()
	if err := h.store.Append(ctx, h.id, batch, over, now); err != nil {
		fresh, lerr := loadMatch(ctx, h.store, h.id)
		if lerr != nil {
			return fmt.Errorf("%w (and reloading: %v)", errNotStored, lerr)
		}
		h.m, h.bots, h.know, h.seq = fresh.m, fresh.bots, fresh.know, fresh.seq
		return errNotStored
	}
	h.rec.Last = time.UnixMilli(now.UnixMilli()) // as the store keeps it: to the millisecond
	for _, e := range batch {
		h.deliver(e.Out)
	}
	return nil
}

// deliver queues messages to the connections of their sides.
func (h *host) deliver(out []Outgoing) {
	for c := range h.conns {
		for _, o := range out {
			if o.Side == c.side {
				c.send(o.Body)
			}
		}
	}
}

// view is side's view now.
func (h *host) view(side int) game.View {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.m.View(side)
}

// state is the state answer for a seat.
func (h *host) state() online.State {
	h.mu.Lock()
	defer h.mu.Unlock()
	over, _ := h.m.Over()
	st := online.State{Side: h.m.SideInTurn(), Round: h.m.Round(), Over: over, N: len(h.m.Log())}
	if over {
		st.Hash = h.m.Hash()
	}
	return st
}

// attach registers a seat's connection: messages after the side's last
// are queued to it from now on; it returns the join's answer (its last
// sequence number is where the store's backlog ends).
func (h *host) attach(c *client) online.Joined {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.conns[c] = struct{}{}
	return online.Joined{Version: online.Version, Side: c.side, Seq: h.seq[c.side], N: len(h.m.Log())}
}

// detach forgets a connection.
func (h *host) detach(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.conns, c)
}
