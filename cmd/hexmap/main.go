// Command hexmap is the headless map tool of hexsandbox: it reads, checks,
// converts, exports and generates map files without a display. It must never import
// ebiten, directly or indirectly (ebiten panics at start-up on Linux when
// there is no display); TestNoEbiten guards that.
package main

import (
	"fmt"
	"io"
	"os"
)

// command is one subcommand: its usage line and what it runs.
type command struct {
	usage string
	run   func(args []string, stdout io.Writer) error
}

func commands() map[string]command {
	return map[string]command{
		"info":     {"hexmap info FILE", runInfo},
		"convert":  {"hexmap convert IN OUT", runConvert},
		"export":   {"hexmap export FILE OUT.obj", runExport},
		"generate": {generateUsage, runGenerate},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status. Errors are
// one line on stderr, never a stack trace.
func run(args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 {
		fmt.Fprintln(stderr, "error: no command; usage:")
		for _, name := range []string{"info", "convert", "export", "generate"} {
			fmt.Fprintln(stderr, "  "+cmds[name].usage)
		}
		return 1
	}
	cmd, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "error: unknown command %q\n", args[0])
		return 1
	}
	if err := cmd.run(args[1:], stdout); err != nil {
		fmt.Fprintf(stderr, "error: %v\n", oneLine(err))
		return 1
	}
	return 0
}

func oneLine(err error) string {
	s := err.Error()
	for i, r := range s {
		if r == '\n' {
			return s[:i]
		}
	}
	return s
}
