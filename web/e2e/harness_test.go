//go:build browser && !js

package e2e

import (
	"context"
	"io/fs"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
// be built from (Go files, embedded shaders, maps and fonts: every file
// but the build's outputs and what is in bin/ and hidden folders), to
// tell whether a built .wasm is stale.
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
		if rel == filepath.Join("web", "hexsandbox.wasm") || rel == filepath.Join("web", "wasm_exec.js") {
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

// gameWasm returns the path of an up-to-date hexsandbox.wasm: the one
// `make wasm` left in web/ if it is newer than every source file, or
// one built now into a temporary folder (the tree is left alone).
func gameWasm(t testing.TB) string {
	t.Helper()
	built := filepath.Join(moduleRoot(t), "web", "hexsandbox.wasm")
	if st, err := os.Stat(built); err == nil && st.ModTime().After(newestSource(t)) {
		return built
	}
	out := filepath.Join(t.TempDir(), "hexsandbox.wasm")
	goWasm(t, "build", "-trimpath", "-ldflags=-s -w", "-o", out, ".")
	return out
}

// overlayFS serves the files of dir, with some names replaced by other
// files on disk.
type overlayFS struct {
	dir   fs.FS
	files map[string]string
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if p, ok := o.files[name]; ok {
		return os.Open(p)
	}
	return o.dir.Open(name)
}

// serveFS serves fsys over HTTP for the duration of the test.
func serveFS(t testing.TB, fsys fs.FS) string {
	srv := httptest.NewServer(serve.Handler(fsys))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// serveGame serves web/ with an up-to-date game and wasm_exec.js.
func serveGame(t testing.TB) string {
	t.Helper()
	return serveFS(t, overlayFS{
		dir: os.DirFS(filepath.Join(moduleRoot(t), "web")),
		files: map[string]string{
			"hexsandbox.wasm": gameWasm(t),
			"wasm_exec.js":    wasmExecJS(t),
		},
	})
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
