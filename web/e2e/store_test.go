//go:build browser && !js

package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// runner is a page that runs a Go test binary built for js/wasm and
// keeps what it prints and its exit code for the test to read.
const runner = `<!DOCTYPE html><meta charset="utf-8"><script src="wasm_exec.js"></script><script>
window.testOut = "";
const dec = new TextDecoder();
const write = globalThis.fs.writeSync.bind(globalThis.fs);
globalThis.fs.writeSync = (fd, buf) => { window.testOut += dec.decode(buf); return write(fd, buf); };
const go = new Go();
go.argv = ["test.wasm", "-test.v", "-test.count=1"];
const exit = go.exit;
go.exit = code => { window.testExit = code; exit(code); };
WebAssembly.instantiateStreaming(fetch("test.wasm"), go.importObject)
  .then(r => go.run(r.instance))
  .catch(e => { window.testOut += "\n" + e; window.testExit = -1; })
  .finally(() => { window.testDone = true; });
</script>`

// TestStoreInBrowser runs web/store's tests, which need IndexedDB, in
// Chromium.
func TestStoreInBrowser(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "store.test.wasm")
	goWasm(t, "test", "-c", "-tags", "browser", "-o", bin, "./web/store/")
	wasm, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	execJS, err := os.ReadFile(wasmExecJS(t))
	if err != nil {
		t.Fatal(err)
	}
	url := serveFS(t, fstest.MapFS{
		"index.html":   {Data: []byte(runner), ModTime: time.Now()},
		"wasm_exec.js": {Data: execJS, ModTime: time.Now()},
		"test.wasm":    {Data: wasm, ModTime: time.Now()},
	})
	ctx := startBrowser(t, 800, 600)
	// TestDownloadAndReadFile clicks a download link: let the download go
	// to a folder (left to itself, headless Chromium may treat the click
	// as a navigation, which ends the page while later tests still run).
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: t.TempDir(),
	}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if err := pollPage(ctx, "window.testDone === true", 3*time.Minute, 100*time.Millisecond); err != nil {
		t.Fatalf("waiting for the store tests: %v", err)
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string]("window.testOut"))
	if err != nil {
		t.Fatal(err)
	}
	code, err := chromedp.Run(ctx, chromedp.Evaluate[int]("window.testExit"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("web/store tests in chromium:\n%s", out)
	if code != 0 {
		t.Fatalf("web/store tests failed in chromium (exit %d)", code)
	}
}
