package serve

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

func TestHandlerTypesAndGzip(t *testing.T) {
	wasm := []byte("\x00asm" + string(make([]byte, 4096)))
	root := fstest.MapFS{
		"index.html":      {Data: []byte("<html>hi</html>")},
		"hexsandbox.wasm": {Data: wasm},
	}
	srv := httptest.NewServer(Handler(root))
	defer srv.Close()

	for _, tc := range []struct{ path, ctype string }{
		{"/", "text/html; charset=utf-8"},
		{"/hexsandbox.wasm", "application/wasm"},
	} {
		req, _ := http.NewRequest("GET", srv.URL+tc.path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.Header.Get("Content-Type"); got != tc.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.ctype)
		}
		if resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: not gzip-encoded", tc.path)
		}
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(zr)
		resp.Body.Close()
		if tc.path == "/hexsandbox.wasm" && string(body) != string(wasm) {
			t.Errorf("wasm body changed in transit")
		}
	}

	resp, err := http.Get(srv.URL + "/missing.js")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("missing file: status %d, want 404", resp.StatusCode)
	}
	resp, err = http.Get(srv.URL + "/../../etc/passwd")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("path escaping the folder: status %d, want 404", resp.StatusCode)
	}
}
