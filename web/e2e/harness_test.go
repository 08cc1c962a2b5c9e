//go:build browser && !js

package e2e

import (
	"context"
	"io/fs"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"hexsandbox/web/serve"
)

// chromiumPath is Debian's Chromium.
const chromiumPath = "/usr/bin/chromium"

// moduleRoot is the repository root, seen from this package's folder.
func moduleRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// goEnv returns one `go env` value.
func goEnv(t testing.TB, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// wasmExecJS is the JavaScript support file of the Go installation.
func wasmExecJS(t testing.TB) string {
	return filepath.Join(goEnv(t, "GOROOT"), "lib", "wasm", "wasm_exec.js")
}

// goWasm runs the go command for js/wasm in the module root.
func goWasm(t testing.TB, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = moduleRoot(t)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// newestSource is the modification time of the newest file the game may
// be built from (Go files, embedded shaders, maps and fonts, the page:
// every file but what is in bin/ and hidden folders), to tell whether a
// build is stale.
func newestSource(t testing.TB) time.Time {
	t.Helper()
	var newest time.Time
	root := moduleRoot(t)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if rel == "bin" || (p != root && strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if info, err := d.Info(); err == nil && info.ModTime().After(newest) {
			newest = info.ModTime()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return newest
}

// gameBuild returns an up-to-date build folder of the game with its test
// hooks (-tags testhooks, which the shipped build of `make wasm` leaves
// out): bin/web-test.
func gameBuild(t testing.TB) string { return buildGame(t, "web-test", "testhooks") }

// shippedBuild returns an up-to-date build folder of the game as `make
// wasm` builds it (no build tags): bin/web-shipped, so that the tests never
// rewrite bin/web beside its compressed copies.
func shippedBuild(t testing.TB) string { return buildGame(t, "web-shipped", "") }

// buildGame builds the page, its loader and the game with the given build
// tags into bin/NAME, again whenever a source file is newer than the build.
// Test processes running side by side (scripts/test-all.sh runs this
// package in parts) take turns: each holds bin/NAME.lock while it looks
// and builds, so one builds and the others find the build fresh.
func buildGame(t testing.TB, name, tags string) string {
	t.Helper()
	dir := filepath.Join(moduleRoot(t), "bin", name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	unlock := lockFile(t, dir+".lock")
	defer unlock()
	newest := newestSource(t)
	fresh := true
	for _, file := range []string{"index.html", "wasm_exec.js", "hexsandbox.wasm"} {
		if st, err := os.Stat(filepath.Join(dir, file)); err != nil || !st.ModTime().After(newest) {
			fresh = false
		}
	}
	if fresh {
		return dir
	}
	goWasm(t, "build", "-tags", tags, "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "hexsandbox.wasm"), ".")
	files := map[string]string{"wasm_exec.js": wasmExecJS(t)}
	for _, file := range pageFiles {
		files[file] = filepath.Join(moduleRoot(t), "web", file)
	}
	for file, from := range files {
		data, err := os.ReadFile(from)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, file), data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	writeWorker(t, dir, strconv.FormatInt(time.Now().UnixNano(), 36))
	return dir
}

// lockFile waits for an exclusive lock on the file at path (made if
// missing) and returns its release. The system drops the lock when the
// process ends, so a killed test run leaves none behind.
func lockFile(t testing.TB, path string) (unlock func()) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		t.Fatalf("locking %s: %v", path, err)
	}
	return func() { f.Close() }
}

// serveFS serves fsys over HTTP on 127.0.0.1, as `make serve` does (same
// handler, same timeouts), for the duration of the test.
func serveFS(t testing.TB, fsys fs.FS) string {
	h := serve.Handler(fsys)
	srv := httptest.NewUnstartedServer(h)
	srv.Config = serve.NewServer(h, serve.DefaultTimeouts())
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// serveGame serves an up-to-date build folder with test hooks through
// os.Root.
func serveGame(t testing.TB) string { return serveDir(t, gameBuild(t)) }

// serveDir serves a build folder through os.Root.
func serveDir(t testing.TB, dir string) string {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	return serveFS(t, root.FS())
}

// startBrowser starts headless Chromium with a fresh profile and returns a
// context for its first tab.
func startBrowser(t testing.TB, width, height int) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Fatalf("%s is needed (apt-get install chromium): %v", chromiumPath, err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return bctx
}

// pollPage waits until the JavaScript expression expr is true in the page
// of ctx, checking every interval for at most timeout. A poll does not
// survive the page's execution context being replaced, which on a loaded
// machine can happen after Navigate has returned (the new document's
// context replaces about:blank's): then an evaluation picks up the
// current context and the poll starts again, three times at most.
func pollPage(ctx context.Context, expr string, timeout, interval time.Duration) error {
	for try := 0; ; try++ {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(interval)))
		if err == nil || try == 3 || !contextReplaced(err) {
			return err
		}
		chromedp.Run(ctx, chromedp.Evaluate[bool]("true"))
	}
}
