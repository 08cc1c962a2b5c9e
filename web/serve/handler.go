// Package serve is the local web server of the browser build (`make
// serve`, cmd/webserve; the browser tests use it too). It serves the
// page's assets only, from the build folder `make wasm` fills, never the
// source tree: files of the page's types, no folders, no hidden files.
// Compressed copies are made at build time (NAME.gz beside NAME) and
// chosen by Accept-Encoding; http.ServeContent answers ranges and
// revalidation. NewServer sets the timeouts that keep slow or idle
// clients from holding connections open.
package serve

import (
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// contentType is the type of an asset of the page by its extension;
// files of other extensions are not assets and are not served.
func contentType(ext string) (string, bool) {
	switch ext {
	case ".wasm":
		return "application/wasm", true
	case ".js":
		return "text/javascript; charset=utf-8", true
	case ".html":
		return "text/html; charset=utf-8", true
	case ".css":
		return "text/css; charset=utf-8", true
	case ".png":
		return "image/png", true
	case ".svg":
		return "image/svg+xml", true
	case ".ico":
		return "image/x-icon", true
	case ".webmanifest":
		return "application/manifest+json", true
	}
	return "", false
}

// assetType is the Content-Type of an asset, or false for a name that
// is not one: another type, a hidden file or folder.
func assetType(name string) (string, bool) {
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			return "", false
		}
	}
	return contentType(path.Ext(name))
}

// Handler serves the assets in root (os.Root's FS in cmd/webserve, so
// that no link leads out of the build folder).
func Handler(root fs.FS) http.Handler { return &server{root: root} }

type server struct{ root fs.FS }

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	ctype, ok := assetType(name)
	if !ok {
		http.NotFound(w, r)
		return
	}
	f, st, err := s.open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer func() { f.Close() }()
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", "no-cache") // revalidate: a new build must show at once
	h.Set("Vary", "Accept-Encoding")
	h.Set("X-Content-Type-Options", "nosniff")
	mod, size, enc := st.ModTime(), st.Size(), ""
	if acceptsGzip(r.Header.Values("Accept-Encoding")) {
		// The copy `make wasm` compressed, unless it is older than the file.
		if gz, gst, err := s.open(name + ".gz"); err == nil && !gst.ModTime().Before(mod) {
			f.Close()
			f, size, enc = gz, gst.Size(), "gzip"
			h.Set("Content-Encoding", "gzip")
		} else if err == nil {
			gz.Close()
		}
	}
	h.Set("ETag", etag(mod, size, enc))
	if enc != "" && r.Header.Get("Range") == "" {
		// ServeContent leaves the length out of encoded bodies (for
		// writers that compress on the fly); this one is whole on disk,
		// and the browser can show its download's progress.
		h.Set("Content-Length", strconv.FormatInt(size, 10))
	}
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		http.Error(w, name+" cannot be served", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, name, mod, rs)
}

// open opens a regular file of the root.
func (s *server) open(name string) (fs.File, fs.FileInfo, error) {
	f, err := s.root.Open(name)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file", name)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// etag names one version of one encoding of a file.
func etag(mod time.Time, size int64, enc string) string {
	t := `"` + strconv.FormatInt(mod.UnixNano(), 36) + "-" + strconv.FormatInt(size, 36)
	if enc != "" {
		t += "-" + enc
	}
	return t + `"`
}

// acceptsGzip reads Accept-Encoding: gzip (or x-gzip, or *) with a
// quality above zero; "gzip;q=0" refuses it.
func acceptsGzip(headers []string) bool {
	gzip, star := -1.0, -1.0
	for _, h := range headers {
		for _, item := range strings.Split(h, ",") {
			coding, params, _ := strings.Cut(item, ";")
			q := 1.0
			for _, p := range strings.Split(params, ";") {
				if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(k, "q") {
					if f, err := strconv.ParseFloat(v, 64); err == nil {
						q = f
					} else {
						q = 0
					}
				}
			}
			switch strings.ToLower(strings.TrimSpace(coding)) {
			case "gzip", "x-gzip":
				gzip = max(gzip, q)
			case "*":
				star = max(star, q)
			}
		}
	}
	if gzip >= 0 {
		return gzip > 0
	}
	return star > 0
}
