//go:build !js

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"hexsandbox/game"
	"hexsandbox/online"
)

func TestRefusesBadSetups(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-db", db, "-web", filepath.Join(t.TempDir(), "missing"), "-addr", "127.0.0.1:0"}, "make wasm"},
		{[]string{"-db", db, "-web", "", "-addr", "127.0.0.1:0", "extra"}, "unexpected argument"},
		{[]string{"-db", filepath.Join(t.TempDir(), "no", "such", "\x00"), "-web", ""}, "error:"},
	} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), tc.args, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, errOut.String())
		}
	}
}

// The program serves the API: a match created by POST is joined on its
// WebSocket, and Ctrl+C (the context's end) stops it with status 0.
func TestServesMatches(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan int)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "m.db"), "-web", ""}, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	base := strings.Fields(line)[3] // hexserver: listening on http://ADDR/ …
	mapFile, err := os.ReadFile("../../docs/towns.hexmap")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"map": mapFile, "scenario": json.RawMessage(
		`{"seed":7,"sides":[{"side":1},{"side":2}],"towns":[{"name":"Ash","cell":[3,4],"owner":1}],"units":[{"type":"scout","side":2,"cell":[20,4]}]}`),
		"computer": map[string]string{"2": "easy"}})
	resp, err := http.Post(base+"api/matches", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var created online.Created
	json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || len(created.Seats) != 1 || created.Seats[0].Side != 1 {
		t.Fatalf("POST answered %d %+v", resp.StatusCode, created)
	}
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	c, _, err := websocket.Dial(wctx, "ws"+strings.TrimPrefix(base, "http")+"api/matches/"+created.Match+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.Write(wctx, websocket.MessageText, []byte(`{"cmd":"join","token":"`+created.Seats[0].Token+`"}`))
	_, b, err := c.Read(wctx)
	var j online.Joined
	if err != nil || json.Unmarshal(b, &j) != nil || j.Side != 1 {
		t.Fatalf("join answered %s, %v", b, err)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit status %d after Ctrl+C", code)
	}
}

// childArgs, when set in the environment, makes the test binary the
// server itself (TestMain), with these arguments as JSON.
const childArgs = "HEXSERVER_TEST_ARGS"

func TestMain(m *testing.M) {
	if a := os.Getenv(childArgs); a != "" {
		var args []string
		json.Unmarshal([]byte(a), &args)
		os.Exit(run(context.Background(), args, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// startChild starts the server as a child process on db and returns it
// and its address.
func startChild(t *testing.T, db string) (*exec.Cmd, string) {
	t.Helper()
	args, _ := json.Marshal([]string{"-addr", "127.0.0.1:0", "-db", db, "-web", ""})
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+string(args))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("the server printed %q: %v", line, err)
	}
	go io.Copy(io.Discard, out)
	return cmd, strings.TrimSuffix(strings.Fields(line)[3], "/")
}

// A server killed with SIGKILL while a command is on its way restarts
// with every command it acknowledged; the seats resume from their last
// sequence numbers without a gap or a repeat and play on.
func TestKillNineLosesNoAcknowledgedCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	child, base := startChild(t, db)
	mapFile, err := os.ReadFile("../../docs/towns.hexmap")
	if err != nil {
		t.Fatal(err)
	}
	sc := &game.Scenario{Seed: 3, Sides: []game.SideSpec{{Side: 1}, {Side: 2}},
		Towns: []game.TownSpec{{Name: "Ash", Cell: game.Cell{3, 4}, Owner: 1}, {Name: "Elm", Cell: game.Cell{30, 15}, Owner: 2}}}
	body, _ := json.Marshal(online.Create{Map: mapFile, Scenario: sc})
	resp, err := http.Post(base+"/api/matches", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var created online.Created
	json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	seats := map[int]*online.Client{}
	dialAll := func(base string) int {
		n := -1
		for _, st := range created.Seats {
			var after int64
			if seats[st.Side] != nil {
				after = seats[st.Side].Seq
			}
			c, j, err := online.Dial(ctx, base, created.Match, st.Token, after)
			if err != nil {
				t.Fatal(err)
			}
			for c.Seq < j.Seq {
				if _, err := c.Next(ctx); err != nil {
					t.Fatal(err) // a gap or a repeat is an error here
				}
			}
			seats[st.Side], n = c, j.N
		}
		return n
	}
	// end plays command n, an end of side's turn, and waits for its event.
	end := func(side, n int) {
		c := seats[side]
		if err := c.Send(ctx, online.Request{Command: game.Command{Cmd: "end"}, N: n}); err != nil {
			t.Fatal(err)
		}
		for {
			r, err := c.Next(ctx)
			if err != nil || r.Error != "" {
				t.Fatalf("command %d: %s %v", n, r.Raw, err)
			}
			if r.N == n {
				return
			}
		}
	}
	dialAll(base)
	acked := 0
	for ; acked < 9; acked++ {
		end(acked%2+1, acked+1)
	}
	seats[acked%2+1].Send(ctx, online.Request{Command: game.Command{Cmd: "end"}, N: acked + 1}) // on its way
	child.Process.Kill()
	child.Wait()

	_, base = startChild(t, db)
	n := dialAll(base)
	if n != acked && n != acked+1 {
		t.Fatalf("after the kill the match is at command %d; %d were acknowledged", n, acked)
	}
	for k := n; k < n+2; k++ {
		end(k%2+1, k+1)
	}
}
