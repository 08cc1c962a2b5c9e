// Package serve serves the browser build (the web/ folder) over HTTP with
// the MIME types WebAssembly needs and gzip; cmd/webserve and the browser
// tests share it.
package serve

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// Handler serves files from root with explicit MIME types and, for
// clients that accept it, gzip. Compressed bodies are cached per file
// and modification time, since the .wasm is large and compresses slowly.
func Handler(root fs.FS) http.Handler {
	s := &server{root: root, cache: map[string]cached{}}
	return s
}

type cached struct {
	mod  time.Time
	body []byte
}

type server struct {
	root  fs.FS
	mu    sync.Mutex
	cache map[string]cached
}

var contentTypes = map[string]string{
	".wasm": "application/wasm",
	".js":   "text/javascript; charset=utf-8",
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".png":  "image/png",
	".json": "application/json",
}

func contentType(name string) string {
	ext := path.Ext(name)
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	st, err := fs.Stat(s.root, name)
	if err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	data, err := fs.ReadFile(s.root, name)
	if err != nil {
		http.Error(w, "cannot read "+name, http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", contentType(name))
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		data = s.gzipped(name, st.ModTime(), data)
		h.Set("Content-Encoding", "gzip")
	}
	http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(data))
}

func (s *server) gzipped(name string, mod time.Time, data []byte) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.cache[name]; ok && c.mod.Equal(mod) {
		return c.body
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	s.cache[name] = cached{mod: mod, body: buf.Bytes()}
	return buf.Bytes()
}
