package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexsandbox/web/serve"
)

// build makes a folder like the one `make wasm` fills.
func build(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range serve.Required() {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestRefusesBadSetups(t *testing.T) {
	web, _ := filepath.Abs(filepath.Join("..", "..", "web"))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-dir", build(t), "-addr", "0.0.0.0:8080"}, "only loopback"},
		{[]string{"-dir", build(t), "-addr", ":8080"}, "every interface"},
		{[]string{"-dir", filepath.Join(t.TempDir(), "missing"), "-addr", "127.0.0.1:0"}, "make wasm"},
		{[]string{"-dir", web, "-addr", "127.0.0.1:0"}, "not a build folder"}, // the source folder
	} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), tc.args, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, errOut.String())
		}
	}
	if defaultDir == "web" {
		t.Error("the default folder is the source folder")
	}
}

// The server starts on the address asked for, serves the build and
// stops when its context ends.
func TestServesBuildUntilStopped(t *testing.T) {
	dir := build(t)
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		var errOut bytes.Buffer
		done <- run(ctx, []string{"-dir", dir, "-addr", "127.0.0.1:0"}, pw, &errOut)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	go io.Copy(io.Discard, pr)
	if err != nil || !strings.Contains(line, "http://127.0.0.1:") {
		t.Fatalf("first line %q, %v", line, err)
	}
	url := strings.Fields(line[strings.Index(line, "http://"):])[0]
	resp, err := http.Get(url + "wasm_exec.js")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != "wasm_exec.js" {
		t.Errorf("GET wasm_exec.js: %d %q", resp.StatusCode, body)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d after stopping", code)
	}
}
