// Command hexmap is the headless map tool of hexsandbox: it reads, checks,
// converts, exports and generates map files and finds paths and what a
// unit sees on them without a display. It must never import
// ebiten, directly or indirectly (ebiten panics at start-up on Linux when
// there is no display); TestNoEbiten guards that.
//
// The exit status tells failures apart for scripts: 0 success, 1 a bad
// command line, 2 a file that cannot be read or written, 3 not a map
// file, 4 a damaged map file or saved match, 5 a map format version this program cannot
// read.
//
// `hexmap play` and `hexmap replay` run matches of package game headless:
// play speaks the protocol of docs/protocol.md on stdin and stdout.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"hexsandbox/game"
	"hexsandbox/saves"
)

// command is one subcommand: its usage line and what it runs (with
// standard input, for the commands that read it).
type command struct {
	usage string
	run   func(args []string, stdin io.Reader, stdout io.Writer) error
}

// noInput adapts a command that reads no input.
func noInput(run func(args []string, stdout io.Writer) error) func([]string, io.Reader, io.Writer) error {
	return func(args []string, _ io.Reader, stdout io.Writer) error { return run(args, stdout) }
}

func commands() map[string]command {
	return map[string]command{
		"info":     {"hexmap info FILE", noInput(runInfo)},
		"convert":  {"hexmap convert IN OUT", noInput(runConvert)},
		"export":   {"hexmap export FILE OUT.obj", noInput(runExport)},
		"generate": {generateUsage, noInput(runGenerate)},
		"path":     {pathUsage, noInput(runPath)},
		"vision":   {visionUsage, noInput(runVision)},
		"play":     {playUsage, runPlay},
		"replay":   {replayUsage, noInput(runReplay)},
		"simulate": {simulateUsage, noInput(runSimulate)},
	}
}

func main() {
	os.Exit(runWith(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line with empty standard input.
func run(args []string, stdout, stderr io.Writer) int {
	return runWith(args, strings.NewReader(""), stdout, stderr)
}

// runWith executes one command line and returns the exit status. Errors
// are one line on stderr, never a stack trace.
func runWith(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 {
		fmt.Fprintln(stderr, "error: no command; usage:")
		for _, name := range []string{"info", "convert", "export", "generate", "path", "vision", "play", "replay", "simulate"} {
			fmt.Fprintln(stderr, "  "+cmds[name].usage)
		}
		return 1
	}
	cmd, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "error: unknown command %q\n", args[0])
		return 1
	}
	if err := cmd.run(args[1:], stdin, stdout); err != nil {
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
	case errors.Is(err, saves.ErrCorrupt), errors.Is(err, game.ErrSaved):
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
