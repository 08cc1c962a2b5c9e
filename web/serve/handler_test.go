package serve

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func gzipped(t testing.TB, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// wasmBytes is a stand-in for the game: compressible, every byte value.
func wasmBytes(n int) []byte {
	b := make([]byte, n)
	copy(b, "\x00asm")
	for i := 4; i < n; i++ {
		b[i] = byte(i * 7 / 64)
	}
	return b
}

// get sends a request to srv with the headers (name, value pairs).
func get(t *testing.T, srv *httptest.Server, method, path string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := plainTransport(srv).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// plainTransport is srv's client transport asking only for what a
// test's headers ask for (by default it adds Accept-Encoding: gzip and
// hides the encoding of the answer).
func plainTransport(srv *httptest.Server) *http.Transport {
	tr := srv.Client().Transport.(*http.Transport)
	tr.DisableCompression = true
	return tr
}

func buildFS(t *testing.T) (fstest.MapFS, []byte) {
	t.Helper()
	wasm := wasmBytes(100_000)
	built := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	return fstest.MapFS{
		"index.html":           {Data: []byte("<html>hi</html>"), ModTime: built},
		"hexsandbox.wasm":      {Data: wasm, ModTime: built},
		"hexsandbox.wasm.gz":   {Data: gzipped(t, wasm), ModTime: built},
		"wasm_exec.js":         {Data: []byte("// go"), ModTime: built},
		"wasm_exec.js.gz":      {Data: gzipped(t, []byte("// stale")), ModTime: built.Add(-time.Hour)},
		"manifest.webmanifest": {Data: []byte("{}"), ModTime: built},
		"main.go":              {Data: []byte("package main"), ModTime: built},
		".secret.js":           {Data: []byte("x"), ModTime: built},
		"sub/.hidden/page.css": {Data: []byte("x"), ModTime: built},
		"folder.js/x.png":      {Data: []byte("x"), ModTime: built},
	}, wasm
}

// The assets are served with their types, compressed when the client
// accepts gzip and the build made a fresh copy, plain otherwise.
func TestTypesAndEncodings(t *testing.T) {
	root, wasm := buildFS(t)
	srv := httptest.NewServer(Handler(root))
	defer srv.Close()
	for _, tc := range []struct {
		path, accept, ctype string
		gzip                bool
	}{
		{"/", "", "text/html; charset=utf-8", false},
		{"/hexsandbox.wasm", "gzip", "application/wasm", true},
		{"/hexsandbox.wasm", "gzip, deflate, br", "application/wasm", true},
		{"/hexsandbox.wasm", "br;q=1.0, gzip;q=0.5", "application/wasm", true},
		{"/hexsandbox.wasm", "*", "application/wasm", true},
		{"/hexsandbox.wasm", "gzip;q=0", "application/wasm", false},
		{"/hexsandbox.wasm", "gzip;q=0, *", "application/wasm", false},
		{"/hexsandbox.wasm", "*;q=0", "application/wasm", false},
		{"/hexsandbox.wasm", "br", "application/wasm", false},
		{"/hexsandbox.wasm", "", "application/wasm", false},
		{"/wasm_exec.js", "gzip", "text/javascript; charset=utf-8", false}, // its .gz is stale
		{"/manifest.webmanifest", "gzip", "application/manifest+json", false},
	} {
		resp, body := get(t, srv, "GET", tc.path, "Accept-Encoding", tc.accept)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != tc.ctype {
			t.Errorf("%s (%q): %d %q", tc.path, tc.accept, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		if got := resp.Header.Get("Content-Encoding") == "gzip"; got != tc.gzip {
			t.Errorf("%s (%q): gzip %v, want %v", tc.path, tc.accept, got, tc.gzip)
		}
		if tc.gzip {
			if resp.ContentLength != int64(len(body)) {
				t.Errorf("%s (%q): Content-Length %d for %d bytes", tc.path, tc.accept, resp.ContentLength, len(body))
			}
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		if tc.path == "/hexsandbox.wasm" && !bytes.Equal(body, wasm) {
			t.Errorf("%s (%q): body changed in transit", tc.path, tc.accept)
		}
		if tc.path == "/wasm_exec.js" && string(body) != "// go" {
			t.Errorf("stale compressed copy served: %q", body)
		}
		if resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s: no Vary: Accept-Encoding", tc.path)
		}
	}
}

// Only the page's assets are served: no source, no hidden files, no
// folders, nothing outside.
func TestOnlyAssets(t *testing.T) {
	root, _ := buildFS(t)
	srv := httptest.NewServer(Handler(root))
	defer srv.Close()
	for _, p := range []string{"/main.go", "/.secret.js", "/sub/.hidden/page.css", "/folder.js", "/missing.js",
		"/../../etc/passwd", "/hexsandbox.wasm.gz", "/%2e%2e/go.mod"} {
		if resp, _ := get(t, srv, "GET", p); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", p, resp.StatusCode)
		}
	}
}

// Serving the source folder web/ itself (what `make serve` used to do)
// still gives away no Go source: only assets are served.
func TestNoSourceLeakFromWebFolder(t *testing.T) {
	web, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(web)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	srv := httptest.NewServer(Handler(root.FS()))
	defer srv.Close()
	leaks := 0
	filepath.WalkDir(web, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(web, p)
		resp, _ := get(t, srv, "GET", "/"+filepath.ToSlash(rel))
		if _, asset := assetType(filepath.ToSlash(rel)); asset != (resp.StatusCode == 200) {
			t.Errorf("%s: status %d", rel, resp.StatusCode)
		}
		if strings.HasSuffix(rel, ".go") {
			leaks++
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("Go source %s is downloadable", rel)
			}
		}
		return nil
	})
	if leaks == 0 {
		t.Fatal("no Go files under web/: the test proves nothing")
	}
	if resp, _ := get(t, srv, "GET", "/index.html"); resp.StatusCode != 200 {
		t.Errorf("the page itself: %d", resp.StatusCode)
	}
}

// Through os.Root, links that lead out of the build folder are not
// followed; links inside it are.
func TestNoSymlinkEscape(t *testing.T) {
	base := t.TempDir()
	build := filepath.Join(base, "build")
	os.Mkdir(build, 0o755)
	os.WriteFile(filepath.Join(base, "outside.js"), []byte("secret"), 0o644)
	os.WriteFile(filepath.Join(build, "real.js"), []byte("inside"), 0o644)
	for link, to := range map[string]string{
		"up.js":    "../outside.js",
		"abs.js":   filepath.Join(base, "outside.js"),
		"inner.js": "real.js",
		"parent":   "..",
	} {
		if err := os.Symlink(to, filepath.Join(build, link)); err != nil {
			t.Fatal(err)
		}
	}
	root, err := os.OpenRoot(build)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	srv := httptest.NewServer(Handler(root.FS()))
	defer srv.Close()
	for _, p := range []string{"/up.js", "/abs.js", "/parent/outside.js"} {
		resp, body := get(t, srv, "GET", p)
		if resp.StatusCode != http.StatusNotFound || strings.Contains(string(body), "secret") {
			t.Errorf("%s: status %d, body %q", p, resp.StatusCode, body)
		}
	}
	if resp, body := get(t, srv, "GET", "/inner.js"); resp.StatusCode != 200 || string(body) != "inside" {
		t.Errorf("a link inside the folder: %d %q", resp.StatusCode, body)
	}
}

// http.ServeContent's work: ranges, revalidation, HEAD; and 405 with
// Allow for other methods.
func TestRangesCachingMethods(t *testing.T) {
	root, wasm := buildFS(t)
	srv := httptest.NewServer(Handler(root))
	defer srv.Close()
	resp, body := get(t, srv, "GET", "/hexsandbox.wasm", "Range", "bytes=10-19")
	if resp.StatusCode != http.StatusPartialContent || !bytes.Equal(body, wasm[10:20]) {
		t.Errorf("range: %d, %d bytes", resp.StatusCode, len(body))
	}
	resp, _ = get(t, srv, "GET", "/hexsandbox.wasm")
	tag, mod := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	if tag == "" || mod == "" {
		t.Fatalf("no validators: ETag %q, Last-Modified %q", tag, mod)
	}
	if resp, _ := get(t, srv, "GET", "/hexsandbox.wasm", "If-None-Match", tag); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match: %d", resp.StatusCode)
	}
	if resp, _ := get(t, srv, "GET", "/hexsandbox.wasm", "If-Modified-Since", mod); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-Modified-Since: %d", resp.StatusCode)
	}
	gz, _ := get(t, srv, "GET", "/hexsandbox.wasm", "Accept-Encoding", "gzip")
	if gz.Header.Get("ETag") == tag {
		t.Error("the compressed and plain bodies share an ETag")
	}
	if resp, _ := get(t, srv, "GET", "/hexsandbox.wasm", "Accept-Encoding", "gzip", "If-None-Match", tag); resp.StatusCode == http.StatusNotModified {
		t.Error("the plain body's ETag validated the compressed one")
	}
	resp, body = get(t, srv, "HEAD", "/hexsandbox.wasm")
	if resp.StatusCode != 200 || len(body) != 0 || resp.ContentLength != int64(len(wasm)) {
		t.Errorf("HEAD: %d, %d bytes, length %d", resp.StatusCode, len(body), resp.ContentLength)
	}
	for _, m := range []string{"POST", "PUT", "DELETE", "OPTIONS"} {
		resp, _ := get(t, srv, m, "/index.html")
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s: %d, Allow %q", m, resp.StatusCode, resp.Header.Get("Allow"))
		}
	}
}

func TestCheckLoopback(t *testing.T) {
	for _, ok := range []string{"127.0.0.1:8080", "127.1.2.3:80", "[::1]:8080", "localhost:0"} {
		if err := CheckLoopback(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{":8080", "0.0.0.0:8080", "[::]:80", "192.168.1.2:80", "example.com:80", "127.0.0.1", ""} {
		if err := CheckLoopback(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
