// Package e2e holds the end-to-end tests of the browser build: they build
// the WebAssembly binaries, serve them with web/serve and drive Debian's
// headless Chromium with chromedp. They carry the build tag browser (and
// run in `make test`: go test -tags xvfb,browser ./...).
package e2e
