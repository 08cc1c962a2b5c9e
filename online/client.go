package online

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/coder/websocket"

	"hexsandbox/game"
)

// Client is a seat's connection to a match server: Dial joins, Send
// sends commands and questions, Next reads what comes back. It works
// natively and in the browser (coder/websocket uses the page's
// WebSocket there). A Client is for one goroutine reading and one
// sending.
type Client struct {
	conn *websocket.Conn
	// Seq is the last event's sequence number read: dial with it as after
	// to resume without loss or repeats.
	Seq int64
}

// Reply is one message from the server: an event (Ev set), an error, or
// an answer to a question (Raw holds it whole in every case).
type Reply struct {
	Message
	Error string `json:"error,omitempty"`
	Raw   []byte `json:"-"`
}

// SocketURL is the WebSocket address of match on a server whose pages
// are at base (http://host:port or https://…).
func SocketURL(base, match string) string {
	base = strings.TrimSuffix(base, "/")
	switch {
	case strings.HasPrefix(base, "https://"):
		base = "wss://" + strings.TrimPrefix(base, "https://")
	case strings.HasPrefix(base, "http://"):
		base = "ws://" + strings.TrimPrefix(base, "http://")
	}
	return base + "/api/matches/" + match + "/ws"
}

// Dial connects to match on the server at base and joins with token,
// asking for the events after seq after (0: from the start).
func Dial(ctx context.Context, base, match, token string, after int64) (*Client, Joined, error) {
	conn, _, err := websocket.Dial(ctx, SocketURL(base, match), nil)
	if err != nil {
		return nil, Joined{}, err
	}
	conn.SetReadLimit(maxReply)
	c := &Client{conn: conn, Seq: after}
	if err := c.Send(ctx, Request{Command: game.Command{Cmd: "join"}, Token: token, After: after}); err != nil {
		conn.CloseNow()
		return nil, Joined{}, err
	}
	r, err := c.Next(ctx)
	if err != nil {
		conn.CloseNow()
		return nil, Joined{}, err
	}
	var j Joined
	if r.Error != "" || json.Unmarshal(r.Raw, &j) != nil || j.Version == 0 {
		conn.CloseNow()
		return nil, Joined{}, fmt.Errorf("join refused: %s", r.Raw)
	}
	return c, j, nil
}

// maxReply bounds one message from the server (a view of a large map).
const maxReply = 16 << 20

// Send sends one request.
func (c *Client) Send(ctx context.Context, r Request) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return c.conn.Write(ctx, websocket.MessageText, b)
}

// Next reads the next message, noting an event's sequence number.
func (c *Client) Next(ctx context.Context) (Reply, error) {
	_, b, err := c.conn.Read(ctx)
	if err != nil {
		return Reply{}, err
	}
	var r Reply
	if err := json.Unmarshal(b, &r); err != nil {
		return Reply{}, fmt.Errorf("the server sent %.80q: %v", b, err)
	}
	r.Raw = b
	if r.Ev != "" {
		if r.Seq != c.Seq+1 {
			return r, fmt.Errorf("%w: event %d after %d", ErrGap, r.Seq, c.Seq)
		}
		c.Seq = r.Seq
	}
	return r, nil
}

// ParseLink reads a seat's link (http://host:port/#join=MATCH-TOKEN, the
// same without the server, or MATCH-TOKEN alone, the server then being
// base) into the server's address, the match and the seat's token.
func ParseLink(link, base string) (server, match, token string, err error) {
	link = strings.TrimSpace(link)
	if i := strings.Index(link, "#join="); i >= 0 {
		if i > 0 && link[:i] != "/" {
			u, err := url.Parse(link[:i])
			if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
				return "", "", "", fmt.Errorf("%.80q: not a server's address before #join=", link[:i])
			}
			base = u.Scheme + "://" + u.Host
		}
		link = link[i+len("#join="):]
	}
	match, token, ok := strings.Cut(link, "-")
	if !ok || match == "" || token == "" || strings.ContainsAny(link, "/?#% ") {
		return "", "", "", errors.New("a seat's link is the server's address, #join=, the match and the seat's code")
	}
	return strings.TrimSuffix(base, "/"), match, token, nil
}

// CreateMatch creates a match on the server at base (POST /api/matches).
func CreateMatch(ctx context.Context, base string, req Create) (Created, error) {
	var out Created
	return out, post(ctx, strings.TrimSuffix(base, "/")+"/api/matches", req, &out)
}

// post posts body as JSON to url and decodes the answer into out; a
// status other than 200 or 201 is an error with the server's one line.
func post(ctx context.Context, url string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		var e Error
		json.NewDecoder(io.LimitReader(resp.Body, 1<<10)).Decode(&e)
		return fmt.Errorf("%s: %s", resp.Status, e.Error)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxReply)).Decode(out); err != nil {
		return fmt.Errorf("the server's answer: %v", err)
	}
	return nil
}

// FetchSetup asks the server at base for what seat token of match plays
// from (POST /api/matches/ID/seat): its side, the map and the scenario as
// the side knows it.
func FetchSetup(ctx context.Context, base, match, token string) (Setup, error) {
	var st Setup
	return st, post(ctx, strings.TrimSuffix(base, "/")+"/api/matches/"+match+"/seat", SeatRequest{Token: token}, &st)
}

// ErrGap is a sequence number out of order: the connection lost or
// repeated an event (never, from a working server).
var ErrGap = errors.New("events out of sequence")

// Close closes the connection.
func (c *Client) Close() error { return c.conn.Close(websocket.StatusNormalClosure, "") }
