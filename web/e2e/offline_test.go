//go:build browser && !js

package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"hexsandbox/web/serve"
)

// pageFiles are the page's files in web/ that a build carries beside the
// game and wasm_exec.js, as `make wasm` copies them (the Makefile's
// PAGE); sw.js is written from web/sw.js by writeWorker.
var pageFiles = []string{"index.html", "manifest.webmanifest", "icon-192.png", "icon-512.png"}

// writeWorker writes the build's service worker into dir, stamped with
// version as `make wasm` stamps it.
func writeWorker(t testing.TB, dir, version string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(moduleRoot(t), "web", "sw.js"))
	if err == nil && !strings.Contains(string(src), `"@BUILD@"`) {
		err = fmt.Errorf("web/sw.js has no @BUILD@ placeholder")
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "sw.js"), []byte(strings.ReplaceAll(string(src), "@BUILD@", version)), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// workerSettled checks for a new service worker (as the browser does on
// each visit) and waits until the newest has settled: activated (its files cached, older
// builds' caches deleted); it answers the page's caches.
const workerSettled = `(async () => {
	const reg = await navigator.serviceWorker.ready;
	await reg.update();
	const w = reg.installing || reg.waiting || reg.active;
	await new Promise((done) => {
		const check = () => { if (w.state === "activated" || w.state === "redundant") done(); };
		w.addEventListener("statechange", check);
		check();
	});
	const keys = await caches.keys();
	const files = await Promise.all(keys.map(async (k) => (await (await caches.open(k)).keys()).length));
	return keys.map((k, i) => k + ":" + files[i]).join(",");
})()`

// TestShippedBuild: the build `make wasm` ships has no test hooks
// (refusesTestHooks); it can be added to the home screen (Chrome finds
// no installability error in it and its manifest) and keeps its files in
// a cache named after the build; a new build's worker replaces that
// cache with its own; with the server gone, a reload opens the game from
// the cache.
func TestShippedBuild(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(shippedBuild(t))); err != nil {
		t.Fatal(err)
	}
	writeWorker(t, dir, "first")
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	h := serve.Handler(root.FS())
	srv := httptest.NewUnstartedServer(h)
	srv.Config = serve.NewServer(h, serve.DefaultTimeouts())
	srv.Start()
	defer srv.Close()
	url := srv.URL + "/"

	ctx := startBrowser(t, 800, 600)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	refusesTestHooks(t, ctx)
	settled := func(want string) {
		t.Helper()
		wctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		got, err := chromedp.Run(wctx, chromedp.Evaluate[string](workerSettled, chromedp.EvalAwaitPromise))
		if err != nil || got != want {
			t.Fatalf("the offline cache: %q (%v), want %q", got, err, want)
		}
	}
	settled("hexsandbox-first:6")

	man, err := chromedp.Call(ctx, page.GetAppManifest, page.GetAppManifestParams{})
	if err != nil || len(man.Errors) > 0 || !strings.HasSuffix(man.URL, "/manifest.webmanifest") {
		t.Errorf("the manifest %q: errors %v (%v)", man.URL, man.Errors, err)
	}
	inst, err := chromedp.Call(ctx, page.GetInstallabilityErrors, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range inst.InstallabilityErrors {
		t.Errorf("not installable: %s %v", e.ErrorID, e.ErrorArguments)
	}

	// A new build: the page's next update check finds it.
	writeWorker(t, dir, "second")
	settled("hexsandbox-second:6")

	srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	controlled, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("navigator.serviceWorker.controller !== null"))
	if err != nil || !controlled {
		t.Errorf("the offline page is not the service worker's: %v", err)
	}
}
