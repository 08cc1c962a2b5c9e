// Command hexmap is the headless map tool of hexsandbox: it reads, checks,
// converts, exports and generates map files and finds paths and what a
// unit sees on them without a display. It must never import
// ebiten, directly or indirectly (ebiten panics at start-up on Linux when
// there is no display); TestNoEbiten guards that.
//
// The exit status tells failures apart for scripts: 0 success, 1 a bad
// command line, 2 a file that cannot be read or written, 3 not a map
// file, 4 a damaged map file, 5 a map format version this program cannot
// read.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"hexsandbox/saves"
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
		"path":     {pathUsage, runPath},
		"vision":   {visionUsage, runVision},
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
		for _, name := range []string{"info", "convert", "export", "generate", "path", "vision"} {
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
		return exitCode(err)
	}
	return 0
}

// exitCode is the exit status of a failure (see the package comment),
// from the kinds of error saves reports.
func exitCode(err error) int {
	switch {
	case errors.Is(err, saves.ErrVersion):
		return 5
	case errors.Is(err, saves.ErrCorrupt):
		return 4
	case errors.Is(err, saves.ErrNotMap):
		return 3
	case errors.Is(err, saves.ErrIO):
		return 2
	}
	return 1
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
