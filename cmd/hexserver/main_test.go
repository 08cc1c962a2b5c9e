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
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

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
