//go:build browser && !js

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageReportsMissingWasm: without the .wasm the page replaces its
// loading indicator with a clear message.
func TestPageReportsMissingWasm(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(moduleRoot(t), "web", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	execJS, err := os.ReadFile(wasmExecJS(t))
	if err != nil {
		t.Fatal(err)
	}
	url := serveFS(t, fstest.MapFS{
		"index.html":   {Data: page, ModTime: time.Now()},
		"wasm_exec.js": {Data: execJS, ModTime: time.Now()},
	})
	ctx := startBrowser(t, 800, 600)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if err := pollPage(ctx, "!!window.hexsandboxError", time.Minute, 100*time.Millisecond); err != nil {
		t.Fatalf("no error reported: %v", err)
	}
	msg, err := chromedp.Run(ctx, chromedp.Evaluate[string]("window.hexsandboxError"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(msg, "hexsandbox.wasm") || !strings.Contains(msg, "404") {
		t.Errorf("message %q does not say the .wasm is missing", msg)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.ID("error"))); err != nil {
		t.Fatal(err)
	}
	shown, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("error")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(shown, "could not start") {
		t.Errorf("the page shows %q", shown)
	}
}

// refusesTestHooks checks that the page answers the file picker that
// Import opens and refuses every test hook by name (the build `make
// wasm` ships has none).
func refusesTestHooks(t *testing.T, ctx context.Context) {
	t.Helper()
	answer := func(name string) string {
		js := "hexsandbox.call(" + strconv.Quote(name) + ", '').then(() => 'ok', e => 'refused: ' + String(e))"
		res, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("hexsandbox.call(%q): %v", name, err)
		}
		return res
	}
	if got := answer("pickFile"); got != "ok" {
		t.Errorf("pickFile: %s", got)
	}
	for _, hook := range []string{"status", "map", "clock", "settings", "depthCheck", "share"} {
		want := "refused: hexsandbox: no call \"" + hook + "\""
		if got := answer(hook); !strings.Contains(got, want) {
			t.Errorf("%s: got %q, want %q", hook, got, want)
		}
	}
}
