package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/coder/websocket"

	"hexsandbox/online"
)

// client is one seat's WebSocket: the side it plays once joined, and the
// messages waiting to be written to it.
type client struct {
	conn   *websocket.Conn
	lim    Limits
	side   int
	kill   context.CancelFunc // ends the connection
	out    chan []byte
	tokens float64 // the rate limit's bucket
	filled time.Time
}

// send queues a message; a connection too slow to take its messages is
// closed (its seat rejoins from its last sequence number).
func (c *client) send(b []byte) {
	select {
	case c.out <- b:
	default:
		c.kill()
	}
}

// backlogPage is how many stored messages a joining seat is sent at a time.
const backlogPage = 256

// serve runs the connection: the join, then commands until it ends.
func (c *client) serve(ctx context.Context, h *host, st Store) {
	defer c.conn.CloseNow()
	req, err := c.readJoin(ctx, h)
	if err != nil {
		c.refuse(ctx, err)
		return
	}
	joined := h.attach(c)
	defer h.detach(c)
	if req.After < 0 || req.After > joined.Seq {
		c.refuse(ctx, fmt.Errorf("after %d: the seat's last message is %d", req.After, joined.Seq))
		return
	}
	go c.write(ctx, st, h.id, joined, req.After)
	c.read(ctx, h)
}

// refuse writes a last error and closes the connection.
func (c *client) refuse(ctx context.Context, err error) {
	wctx, cancel := context.WithTimeout(ctx, c.lim.Write)
	defer cancel()
	c.conn.Write(wctx, websocket.MessageText, mustJSON(online.Error{Error: oneLine(err.Error())}))
	c.conn.Close(websocket.StatusPolicyViolation, "refused")
}

// readJoin reads the first message, which must be a join with a seat's
// token, and sets the seat's side.
func (c *client) readJoin(ctx context.Context, h *host) (online.Request, error) {
	jctx, cancel := context.WithTimeout(ctx, c.lim.Join)
	defer cancel()
	_, data, err := c.conn.Read(jctx)
	if err != nil {
		return online.Request{}, errors.New("no join in time")
	}
	var req online.Request
	if err := json.Unmarshal(data, &req); err != nil || req.Cmd != "join" {
		return online.Request{}, errors.New(`the first message must be {"cmd":"join","token":…,"after":SEQ}`)
	}
	if c.side, err = h.seat(req.Token); err != nil {
		return online.Request{}, err
	}
	return req, nil
}

// write sends the join's answer, the seat's stored messages after
// `after` up to where the join found the seat, then what is queued, and
// pings; a failure ends the connection.
func (c *client) write(ctx context.Context, st Store, match string, joined online.Joined, after int64) {
	defer c.kill()
	if c.put(ctx, mustJSON(joined)) != nil {
		return
	}
	for after < joined.Seq {
		page, _, err := st.Messages(ctx, match, c.side, after, backlogPage)
		if err != nil || len(page) == 0 {
			return
		}
		for _, o := range page {
			if o.Seq > joined.Seq {
				break
			}
			if c.put(ctx, o.Body) != nil {
				return
			}
			after = o.Seq
		}
	}
	ping := time.NewTicker(c.lim.Ping)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case b := <-c.out:
			if c.put(ctx, b) != nil {
				return
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, c.lim.Write)
			err := c.conn.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		}
	}
}

// put writes one message within the write timeout.
func (c *client) put(ctx context.Context, b []byte) error {
	wctx, cancel := context.WithTimeout(ctx, c.lim.Write)
	defer cancel()
	return c.conn.Write(wctx, websocket.MessageText, b)
}

// read handles the seat's messages until the connection ends or stays
// idle too long.
func (c *client) read(ctx context.Context, h *host) {
	defer c.kill()
	c.tokens, c.filled = float64(c.lim.Burst), time.Now()
	for {
		rctx, cancel := context.WithTimeout(ctx, c.lim.Idle)
		_, data, err := c.conn.Read(rctx)
		cancel()
		if err != nil {
			return
		}
		if !c.allow() {
			c.send(mustJSON(online.Error{Error: online.SlowDown}))
			continue
		}
		if ans := c.handle(ctx, h, data); ans != nil {
			c.send(ans)
		}
	}
}

// allow takes a token from the connection's rate-limit bucket.
func (c *client) allow() bool {
	now := time.Now()
	c.tokens = min(float64(c.lim.Burst), c.tokens+now.Sub(c.filled).Seconds()*c.lim.Rate)
	c.filled = now
	if c.tokens < 1 {
		return false
	}
	c.tokens--
	return true
}

// handle answers one message of a joined seat: a question with its
// answer, a command with nothing (its events come as the seat's
// messages) or a one-line error.
func (c *client) handle(ctx context.Context, h *host, data []byte) []byte {
	var req online.Request
	if err := json.Unmarshal(data, &req); err != nil {
		return mustJSON(online.Error{Error: "not a command: " + oneLine(err.Error())})
	}
	switch req.Cmd {
	case "view":
		return mustJSON(h.view(c.side))
	case "state":
		return mustJSON(h.state())
	case "join":
		return mustJSON(online.Error{Error: "already joined"})
	}
	if err := h.command(ctx, c.side, req); err != nil {
		return mustJSON(online.Error{Error: oneLine(err.Error())})
	}
	return nil
}
