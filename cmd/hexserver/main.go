//go:build !js

// Command hexserver is hexsandbox's online-play server (issue 30, docs/
// server.md): it hosts matches through package server, keeps them in a
// SQLite file (-db; by default matches.db in the user's data folder),
// and serves the browser build (-web, the folder `make wasm` fills; ""
// serves only the API). It listens on loopback unless given another
// address, prints where it listens and stops on Ctrl+C or SIGTERM.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"hexsandbox/server"
	"hexsandbox/web/serve"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// origins is the repeatable -origin flag.
type origins []string

func (o *origins) String() string     { return strings.Join(*o, ",") }
func (o *origins) Set(s string) error { *o = append(*o, s); return nil }

// run serves until ctx ends or serving fails, and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("hexserver", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:8080", "address to listen on (host:port)")
	db := flags.String("db", "", "the SQLite file of the matches (default: matches.db in the user's data folder)")
	web := flags.String("web", "bin/web", `the browser build's folder ("": serve only the API)`)
	var allowed origins
	flags.Var(&allowed, "origin", "a host whose pages may connect besides the server's own (repeatable)")
	if err := flags.Parse(args); err != nil {
		return 1
	}
	fail := func(err error) int { fmt.Fprintf(stderr, "error: %v\n", err); return 1 }
	if flags.NArg() != 0 {
		return fail(fmt.Errorf("unexpected argument %q", flags.Arg(0)))
	}
	if *db == "" {
		dir, err := dataDir()
		if err != nil {
			return fail(err)
		}
		*db = filepath.Join(dir, "matches.db")
	}
	if err := os.MkdirAll(filepath.Dir(*db), 0o700); err != nil {
		return fail(err)
	}
	mux := http.NewServeMux()
	if *web != "" {
		root, err := serve.OpenBuild(*web)
		if err != nil {
			return fail(err)
		}
		defer root.Close()
		mux.Handle("/", serve.Handler(root.FS()))
	}
	st, err := server.OpenSQLite(*db)
	if err != nil {
		return fail(err)
	}
	defer st.Close()
	lim := server.DefaultLimits()
	lim.Origins = allowed
	mux.Handle("/api/", server.New(st, lim).Handler())
	err = serve.Run(ctx, *addr, mux, func(at net.Addr) {
		fmt.Fprintf(stdout, "hexserver: listening on http://%s/ with matches in %s (Ctrl+C stops)\n", at, *db)
	})
	if err != nil {
		return fail(err)
	}
	return 0
}

// dataDir is the user's data folder for hexsandbox: $XDG_DATA_HOME (or
// ~/.local/share) on Linux and the BSDs, the configuration folder Go
// knows elsewhere (%AppData%, ~/Library/Application Support).
func dataDir() (string, error) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		dir, err := os.UserConfigDir()
		return filepath.Join(dir, "hexsandbox"), err
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "hexsandbox"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data folder (%v): give -db", err)
	}
	return filepath.Join(home, ".local", "share", "hexsandbox"), nil
}
