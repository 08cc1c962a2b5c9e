//go:build !js

package server

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"hexsandbox/game"
	"hexsandbox/online"
)

// cutter is a TCP relay in front of a test server that can cut every
// connection through it: at once (cut), or as soon as the server next
// sends anything, unforwarded (cutOnAnswer).
type cutter struct {
	ln       net.Listener
	to       string
	mu       sync.Mutex
	conns    []net.Conn
	onAnswer bool
}

func newCutter(t *testing.T, to string) *cutter {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &cutter{ln: ln, to: to}
	t.Cleanup(func() { ln.Close(); c.cut() })
	go c.accept()
	return c
}

func (c *cutter) url() string { return "http://" + c.ln.Addr().String() }

func (c *cutter) accept() {
	for {
		in, err := c.ln.Accept()
		if err != nil {
			return
		}
		out, err := net.Dial("tcp", c.to)
		if err != nil {
			in.Close()
			continue
		}
		c.mu.Lock()
		c.conns = append(c.conns, in, out)
		c.mu.Unlock()
		go io.Copy(out, in)
		go c.answer(in, out)
	}
}

// answer relays the server's bytes to the client, cutting every
// connection instead when cutOnAnswer asked for it.
func (c *cutter) answer(in, out net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := out.Read(buf)
		if err != nil {
			in.Close()
			return
		}
		c.mu.Lock()
		cut := c.onAnswer
		c.onAnswer = false
		c.mu.Unlock()
		if cut {
			c.cut()
			return
		}
		if _, err := in.Write(buf[:n]); err != nil {
			return
		}
	}
}

func (c *cutter) cut() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, conn := range c.conns {
		conn.Close()
	}
	c.conns = nil
}

func (c *cutter) cutOnAnswer() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.onAnswer = true
}

// A session whose connection is cut before a command is sent sends it
// again once joined; one cut after the server took a command but before
// its events arrived does not send it again. Either way the match takes
// each command once and the session's knowledge is the side's view.
func TestSessionSurvivesCuts(t *testing.T) {
	st, _ := openStore(t)
	s, hs := liveServer(t, st)
	h, tokens := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: duel(), Computer: map[string]string{"2": "easy"}})
	relay := newCutter(t, hs.Listener.Addr().String())
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	sess := &online.Session{Base: relay.url(), Match: h.id, Token: tokens[1], Redial: true}
	if err := sess.Join(ctx); err != nil {
		t.Fatal(err)
	}
	defer sess.Close()

	relay.cut()
	n, _, err := sess.Play(ctx, game.Command{Cmd: "move", Unit: 3, To: &game.Cell{32, 17}})
	if err != nil || n != 1 || sess.Resent != 1 {
		t.Fatalf("after a cut before the move: command %d, %d sent again, %v; want command 1 sent again once", n, sess.Resent, err)
	}
	relay.cutOnAnswer()
	n, _, err = sess.Play(ctx, game.Command{Cmd: "move", Unit: 3, To: &game.Cell{31, 17}})
	if err != nil || n != 2 || sess.Resent != 1 || sess.Drops != 2 {
		t.Fatalf("after a cut before the answer: command %d, %d sent again, %d drops, %v; want command 2 not sent again, 2 drops", n, sess.Resent, sess.Drops, err)
	}
	log := h.m.Log()
	if len(log) != 2 || log[0].To[0] != 32 || log[1].To[0] != 31 {
		t.Fatalf("the match's log is %+v; want the two moves once each", log)
	}
	want, _ := json.Marshal(h.view(1))
	got, _ := json.Marshal(sess.Know.View())
	if string(got) != string(want) || sess.Know.InTurn != 1 {
		t.Fatalf("the session knows\n%s\n(side %d in turn); the side's view is\n%s", got, sess.Know.InTurn, want)
	}
}
