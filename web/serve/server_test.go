package serve

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

// short are timeouts short enough for tests; each test waits at most for
// one of them, and a failure bound of some seconds beyond.
func short() Timeouts {
	return Timeouts{ReadHeader: 200 * time.Millisecond, Read: 400 * time.Millisecond, Write: 300 * time.Millisecond, Idle: 300 * time.Millisecond}
}

// failAfter is how long a test waits for the server to act before it
// counts as never acting: a bound, not a synchronisation.
const failAfter = 10 * time.Second

// start runs a server for h with the timeouts on 127.0.0.1 and returns
// its address.
func start(t *testing.T, h http.Handler, tm Timeouts) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(h, tm)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedByServer reads c to its end and reports whether the server
// closed it (rather than the failure bound running out).
func closedByServer(c net.Conn) (bool, error) {
	c.SetReadDeadline(time.Now().Add(failAfter))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return false, err
	}
	return true, nil
}

func smallFS() fstest.MapFS {
	return fstest.MapFS{"index.html": {Data: []byte("<html>hi</html>"), ModTime: time.Now()}}
}

// Connections that send half a request, or nothing, are closed after
// the header timeout; 40 of them at once (500 stayed open for a minute
// before there were timeouts).
func TestHalfSentRequestsClosed(t *testing.T) {
	addr := start(t, Handler(smallFS()), short())
	var conns []net.Conn
	for k := range 40 {
		c := dial(t, addr)
		if k%4 != 0 { // every fourth sends nothing at all
			io.WriteString(c, "GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow")
		}
		conns = append(conns, c)
	}
	for k, c := range conns {
		if ok, err := closedByServer(c); !ok {
			t.Fatalf("connection %d with half a request still open after %v: %v", k, failAfter, err)
		}
	}
}

// A request whose body never finishes is cut off by the read timeout.
func TestSlowBodyClosed(t *testing.T) {
	addr := start(t, Handler(smallFS()), short())
	c := dial(t, addr)
	io.WriteString(c, "POST /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nonly a little")
	if ok, err := closedByServer(c); !ok {
		t.Fatalf("a request with an unfinished body still open: %v", err)
	}
}

// A kept-alive connection is closed once idle.
func TestIdleConnectionClosed(t *testing.T) {
	addr := start(t, Handler(smallFS()), short())
	c := dial(t, addr)
	io.WriteString(c, "GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != 200 || resp.Close {
		t.Fatalf("first response: %v %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
	c.SetReadDeadline(time.Now().Add(failAfter))
	if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("an idle connection is still open: %v", err)
	}
}

// A client that stops reading a download does not hold the handler
// (and the file) for ever: the write timeout ends it.
func TestStalledDownloadEnds(t *testing.T) {
	big := fstest.MapFS{"big.wasm": {Data: wasmBytes(32 << 20), ModTime: time.Now()}}
	done := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Handler(big).ServeHTTP(w, r)
		close(done)
	})
	addr := start(t, h, short())
	c := dial(t, addr)
	c.(*net.TCPConn).SetReadBuffer(4096)
	io.WriteString(c, "GET /big.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	select {
	case <-done:
	case <-time.After(failAfter):
		t.Fatal("a download nobody reads still holds its handler")
	}
}

func TestNewServerSetsEveryTimeout(t *testing.T) {
	d := DefaultTimeouts()
	s := NewServer(http.NotFoundHandler(), d)
	for name, v := range map[string]time.Duration{"ReadHeader": s.ReadHeaderTimeout, "Read": s.ReadTimeout, "Write": s.WriteTimeout, "Idle": s.IdleTimeout} {
		if v <= 0 {
			t.Errorf("%s timeout not set", name)
		}
	}
	if s.ReadHeaderTimeout != d.ReadHeader || s.WriteTimeout != d.Write || s.MaxHeaderBytes <= 0 {
		t.Errorf("server %+v from %+v", s, d)
	}
}

// Parallel downloads of the game cost the server about nothing in memory:
// files are sent from disk as they are, never read whole (50 downloads
// took the server to 1.1 GB when every request read the .wasm and
// compressed it).
func TestParallelDownloadsMemoryBounded(t *testing.T) {
	dir := t.TempDir()
	const size = 8 << 20
	data := wasmBytes(size)
	os.WriteFile(filepath.Join(dir, "hexsandbox.wasm"), data, 0o644)
	os.WriteFile(filepath.Join(dir, "hexsandbox.wasm.gz"), gzipped(t, data), 0o644)
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	data = nil
	addr := start(t, Handler(root.FS()), DefaultTimeouts())
	const downloads = 50
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	got := make([]int64, downloads)
	errs := make([]error, downloads)
	for k := range downloads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", addr)
			if err != nil {
				errs[k] = err
				return
			}
			defer c.Close()
			enc := "identity"
			if k%2 == 1 {
				enc = "gzip"
			}
			io.WriteString(c, "GET /hexsandbox.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAccept-Encoding: "+enc+"\r\n\r\n")
			c.SetReadDeadline(time.Now().Add(time.Minute))
			got[k], errs[k] = io.Copy(io.Discard, c)
		}()
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	for k := range downloads {
		if errs[k] != nil || (k%2 == 0 && got[k] < size) {
			t.Fatalf("download %d: %d bytes, %v", k, got[k], errs[k])
		}
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d parallel downloads of %d MB: %.1f MB allocated in all", downloads, size>>20, float64(alloc)/(1<<20))
	if alloc > 32<<20 {
		t.Fatalf("%d parallel downloads allocated %d MB: files are read into memory", downloads, alloc>>20)
	}
}

// Run serves at the address it reports, and returns nil once its
// context ends; an address it cannot listen on is an error.
func TestRunServesUntilCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	at := make(chan net.Addr, 1)
	done := make(chan error, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "hello") })
	go func() { done <- Run(ctx, "127.0.0.1:0", h, func(a net.Addr) { at <- a }) }()
	addr := <-at
	resp, err := http.Get("http://" + addr.String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != "hello" {
		t.Errorf("body %q, want hello", body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run after its context ended: %v, want nil", err)
	}
	if err := Run(context.Background(), addr.String()+"x", h, nil); err == nil {
		t.Error("Run on a bad address returned nil")
	}
}
