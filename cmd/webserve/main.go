// Command webserve serves the browser build of hexsandbox on this
// machine: the build folder `make wasm` fills (bin/web), through os.Root
// so that nothing outside it is reachable, on a loopback address only,
// with the timeouts of web/serve. It prints the address to open and
// stops on Ctrl+C.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"

	"hexsandbox/web/serve"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// defaultDir is where `make wasm` puts the page's assets.
const defaultDir = "bin/web"

// run serves until ctx ends or serving fails, and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("webserve", flag.ContinueOnError)
	flags.SetOutput(stderr)
	dir := flags.String("dir", defaultDir, "the build folder `make wasm` fills")
	addr := flags.String("addr", "127.0.0.1:8080", "loopback address to listen on (host:port)")
	if err := flags.Parse(args); err != nil {
		return 1
	}
	fail := func(err error) int { fmt.Fprintf(stderr, "error: %v\n", err); return 1 }
	if err := serve.CheckLoopback(*addr); err != nil {
		return fail(err)
	}
	root, err := serve.OpenBuild(*dir)
	if err != nil {
		return fail(err)
	}
	defer root.Close()
	err = serve.Run(ctx, *addr, serve.Handler(root.FS()), func(at net.Addr) {
		fmt.Fprintf(stdout, "hexsandbox: open http://%s/ in a browser (Ctrl+C stops)\n", at)
	})
	if err != nil {
		return fail(err)
	}
	return 0
}
