// Command webserve serves the browser build of hexsandbox (the web/
// folder) on a local address, with the MIME types WebAssembly needs and
// gzip compression, and prints the address to open.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"

	"hexsandbox/web/serve"
)

func main() {
	dir := flag.String("dir", "web", "folder to serve")
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	flag.Parse()
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		fmt.Fprintf(os.Stderr, "error: %s is not a folder (run `make wasm` first)\n", *dir)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "error: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("hexsandbox: open http://%s/ in a browser (Ctrl+C stops)\n", ln.Addr())
	if err := http.Serve(ln, serve.Handler(os.DirFS(*dir))); err != nil {
		fmt.Fprintf(os.Stderr, "error: %v\n", err)
		os.Exit(1)
	}
}
