package online

import (
	"context"
	"errors"
	"time"

	"hexsandbox/game"
)

// Session is a seat's session with a match server, outliving its
// connections: it keeps the seat's Knowledge and the match's last command
// number from what it reads, and with Redial a dropped connection is
// dialled again (until the context ends) from the last event read, so
// that nothing is lost or read twice. Play sends a command as the
// match's next and waits for it to be taken, sending it again after a
// drop only when the match has not taken it. A Session is for one
// goroutine.
type Session struct {
	Base, Match, Token string
	Redial             bool
	Know               *Knowledge // nil until joined
	N                  int        // the match's last command number heard of
	Drops              int        // connections dropped and joined again
	Resent             int        // commands sent again after a drop
	c                  *Client
	joined             Joined
}

// ErrDropped is a connection that dropped and was joined again: what
// was asked on it may need asking again.
var ErrDropped = errors.New("the connection dropped and was joined again")

// redialPause is how long a Session waits between two dials of a server
// that is not there (restarting).
const redialPause = 20 * time.Millisecond

// slowDownPause is how long a Session waits before sending again a command
// refused with SlowDown.
const slowDownPause = 50 * time.Millisecond

// Join joins the seat (again, after the last event read, when it was
// joined before) and reads the events it missed.
func (s *Session) Join(ctx context.Context) error {
	var after int64
	if s.c != nil {
		after = s.c.Seq
		s.c.conn.CloseNow()
	}
	for {
		c, j, err := Dial(ctx, s.Base, s.Match, s.Token, after)
		if err == nil {
			s.c, s.joined, s.N = c, j, max(s.N, j.N)
			if s.Know == nil {
				s.Know = NewKnowledge(j.Side)
			}
			break
		}
		if !s.Redial || ctx.Err() != nil {
			return err
		}
		select {
		case <-ctx.Done():
		case <-time.After(redialPause):
		}
	}
	for s.c.Seq < s.joined.Seq {
		if _, err := s.Next(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Next reads the next message, taking an event into the seat's
// knowledge; a refusal is an error. A dropped connection is joined again
// and reported as ErrDropped.
func (s *Session) Next(ctx context.Context) (Reply, error) {
	r, err := s.c.Next(ctx)
	switch {
	case err == nil && r.Error != "":
		return r, errors.New(r.Error)
	case err == nil:
		if r.Ev != "" {
			s.Know.Apply(r.Message)
			s.N = max(s.N, r.N)
		}
		return r, nil
	case !s.Redial || errors.Is(err, ErrGap) || ctx.Err() != nil:
		return r, err
	}
	if err := s.Join(ctx); err != nil {
		return r, err
	}
	s.Drops++
	return r, ErrDropped
}

// Play sends cmd as the match's next command and reads until the match
// has taken it, returning its number in the match's log and the events
// read meanwhile (its own among them, and after a drop maybe later
// ones); a refusal is an error. A command refused as too fast is sent
// again shortly.
func (s *Session) Play(ctx context.Context, cmd game.Command) (int, []Reply, error) {
	want := s.N + 1
	var read []Reply
	for send := true; s.N < want; {
		if send {
			if err := s.c.Send(ctx, Request{Command: cmd, N: want}); err != nil && !s.Redial {
				return want, read, err
			}
		}
		r, err := s.Next(ctx)
		switch {
		case errors.Is(err, ErrDropped):
			if send = s.N < want; send {
				s.Resent++
			}
			continue
		case err != nil && err.Error() == SlowDown:
			time.Sleep(slowDownPause)
			send = true
			continue
		case err != nil:
			return want, read, err
		}
		send = false
		read = append(read, r)
	}
	return want, read, nil
}

// Ask sends a question (view, state) and returns its answer, asking
// again after a drop.
func (s *Session) Ask(ctx context.Context, cmd game.Command) (Reply, error) {
	for {
		if err := s.c.Send(ctx, Request{Command: cmd}); err != nil && !s.Redial {
			return Reply{}, err
		}
		for {
			r, err := s.Next(ctx)
			if errors.Is(err, ErrDropped) {
				break
			}
			if err != nil && err.Error() == SlowDown {
				time.Sleep(slowDownPause)
				break
			}
			if err != nil || r.Ev == "" {
				return r, err
			}
		}
	}
}

// Close closes the connection.
func (s *Session) Close() error {
	if s.c == nil {
		return nil
	}
	return s.c.Close()
}
