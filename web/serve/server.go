package serve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Timeouts bound how long a client may take: to send its request's
// headers, its whole request, to take the response, and how long an idle
// connection stays open.
type Timeouts struct {
	ReadHeader, Read, Write, Idle time.Duration
}

// DefaultTimeouts suit a page on this machine: headers within seconds,
// and the game's download (some megabytes) well within the write timeout
// even over a slow link.
func DefaultTimeouts() Timeouts {
	return Timeouts{ReadHeader: 5 * time.Second, Read: 15 * time.Second, Write: 2 * time.Minute, Idle: time.Minute}
}

// maxHeaderBytes bounds a request's headers: a page's requests need few.
const maxHeaderBytes = 16 << 10

// NewServer is an http.Server for h with the timeouts set.
func NewServer(h http.Handler, t Timeouts) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}

// Run serves h at addr with the default timeouts until ctx ends (then
// it returns nil) or serving fails. Once it listens it calls ready, if
// set, with the address it listens on.
func Run(ctx context.Context, addr string, h http.Handler, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := NewServer(h, DefaultTimeouts())
	stop := context.AfterFunc(ctx, func() { srv.Close() })
	defer stop()
	if ready != nil {
		ready(ln.Addr())
	}
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// CheckLoopback accepts only addresses of this machine's loopback
// interface (127.0.0.0/8, ::1, localhost): the server is for the user's
// own browser, not the network.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %v (want host:port, e.g. 127.0.0.1:8080)", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	if host == "" {
		host = "every interface"
	}
	return fmt.Errorf("address %q listens on %s: only loopback addresses (127.0.0.1, [::1], localhost) are served", addr, host)
}
