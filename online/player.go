package online

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"hexsandbox/game"
)

// Player plays a seat from a loop that must never wait on the network (a
// window's frame): a goroutine of its own owns the seat's Session (which
// rejoins after drops), sends the commands given to Send one at a time
// in the seat's turn, each as the match's next and so taken once, and
// reads the events between them; Poll hands over what came since it was
// last called. A Player's methods may be called from any goroutine.
type Player struct {
	cmds   chan game.Command
	cancel context.CancelFunc
	ready  chan struct{} // holds a token while news wait for Poll
	mu     sync.Mutex
	news   Update
}

// Update is what a Player heard since the last Poll: the events (in
// order; History marks those read on joining, the match so far, which a
// window shows at once rather than move by move), the seat's view and
// the side in turn after them (Fresh: they changed), and the errors: a
// command refused (it changed nothing) or the connection lost for good
// (Lost: the Player has stopped).
type Update struct {
	Events  []game.Event
	History bool
	Fresh   bool
	View    game.View
	InTurn  int
	Side    int
	Errs    []error
	Lost    bool
	// Created is the match made by PlayNew (set once), Setup the seat's
	// side, map and scenario (set once, before the first view).
	Created *Created
	Setup   *Setup
}

// queuedCommands bounds the commands waiting to be sent.
const queuedCommands = 32

// ErrQueueFull is Send's answer while the commands already given are
// still waiting for the server.
var ErrQueueFull = errors.New("still sending the commands given before")

// Play starts playing seat token of match on the server at base: it
// asks for the seat's setup, then joins (and again after each drop)
// until Stop.
func Play(base, match, token string) *Player {
	return start(func(context.Context, *Player) (*Session, error) {
		return &Session{Base: base, Match: match, Token: token, Redial: true}, nil
	})
}

// PlayNew creates match req on the server at base and plays its seat of
// side (a side a person plays).
func PlayNew(base string, req Create, side int) *Player {
	return start(func(ctx context.Context, st *Player) (*Session, error) {
		c, err := CreateMatch(ctx, base, req)
		if err != nil {
			return nil, err
		}
		st.mu.Lock()
		st.news.Created = &c
		st.mu.Unlock()
		for _, seat := range c.Seats {
			if seat.Side == side {
				return &Session{Base: base, Match: c.Match, Token: seat.Token, Redial: true}, nil
			}
		}
		return nil, fmt.Errorf("the match has no seat of side %d", side)
	})
}

// start runs a Player of the session begin makes.
func start(begin func(context.Context, *Player) (*Session, error)) *Player {
	ctx, cancel := context.WithCancel(context.Background())
	st := &Player{cmds: make(chan game.Command, queuedCommands), cancel: cancel, ready: make(chan struct{}, 1)}
	go func() {
		s, err := begin(ctx, st)
		if err == nil {
			var setup Setup
			if setup, err = FetchSetup(ctx, s.Base, s.Match, s.Token); err == nil {
				st.mu.Lock()
				st.news.Setup = &setup
				st.mu.Unlock()
				st.tell()
				st.run(ctx, s)
				return
			}
		}
		st.lose(err)
	}()
	return st
}

// Send queues cmd, to be sent as the match's next command.
func (st *Player) Send(cmd game.Command) error {
	select {
	case st.cmds <- cmd:
		return nil
	default:
		return ErrQueueFull
	}
}

// Poll takes what came since the last Poll.
func (st *Player) Poll() Update {
	st.mu.Lock()
	defer st.mu.Unlock()
	u := st.news
	st.news = Update{View: u.View, InTurn: u.InTurn, Side: u.Side, Lost: u.Lost}
	return u
}

// Ready receives when news wait for Poll.
func (st *Player) Ready() <-chan struct{} { return st.ready }

// tell signals news; call it without st.mu held.
func (st *Player) tell() {
	select {
	case st.ready <- struct{}{}:
	default:
	}
}

// Stop closes the seat's connection; the goroutine ends soon after
// (never waited for: in the browser, what it waits on needs the page's
// event loop, which a waiting frame would hold up).
func (st *Player) Stop() { st.cancel() }

// run joins, then in the seat's turn sends the commands given, and
// otherwise reads what the other sides' turns bring, until ctx ends.
func (st *Player) run(ctx context.Context, s *Session) {
	defer s.Close()
	if err := s.Join(ctx); err != nil {
		st.lose(err)
		return
	}
	st.post(nil, nil, s.Know, true)
	for ctx.Err() == nil {
		if s.Know.InTurn == s.Know.Side && !s.Know.view.Over {
			select {
			case <-ctx.Done():
				return
			case cmd := <-st.cmds:
				_, read, err := s.Play(ctx, cmd)
				if err == nil {
					err = flush(ctx, s)
				}
				st.post(read, err, s.Know, false)
			}
			continue
		}
		r, err := s.Next(ctx)
		switch {
		case errors.Is(err, ErrDropped): // joined again: what it read is known
			st.post(nil, nil, s.Know, false)
			continue
		case err != nil:
			st.lose(err)
			return
		}
		if s.Know.InTurn == s.Know.Side || s.Know.view.Over {
			err = flush(ctx, s)
		}
		st.post([]Reply{r}, err, s.Know, false)
	}
}

// flush reads the rest of the events the server sent so far (the rest
// of a command's, which come one message each): it asks for the match's
// state, answered after them.
func flush(ctx context.Context, s *Session) error {
	_, err := s.Ask(ctx, game.Command{Cmd: "state"})
	return err
}

// post adds the events of read and err to the news, with the seat's
// knowledge after them.
func (st *Player) post(read []Reply, err error, k *Knowledge, history bool) {
	v := k.View()
	st.mu.Lock()
	defer st.tell()
	defer st.mu.Unlock()
	n := &st.news
	for _, r := range read {
		if r.Ev != "" && r.Ev != "seen" {
			n.Events = append(n.Events, r.Event)
		}
	}
	if err != nil {
		n.Errs = append(n.Errs, err)
	}
	n.History = n.History || history
	n.Fresh, n.View, n.InTurn, n.Side = true, v, k.InTurn, k.Side
}

// lose reports the connection lost for good (ctx's end is no loss).
func (st *Player) lose(err error) {
	st.mu.Lock()
	defer st.tell()
	defer st.mu.Unlock()
	if !errors.Is(err, context.Canceled) {
		st.news.Errs = append(st.news.Errs, err)
	}
	st.news.Lost = true
}
