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
// Failures are one sentence for a person (saves.Explain); `hexmap -v
// COMMAND ...` adds the technical detail on a second line.
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
	verbose := len(args) > 0 && (args[0] == "-v" || args[0] == "--verbose")
	if verbose {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(stderr, "error: no command; usage:")
		printUsage(stderr, cmds)
		return 1
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, "usage:")
		printUsage(stdout, cmds)
		return 0
	}
	cmd, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "error: unknown command %q (hexmap -h lists them)\n", args[0])
		return 1
	}
	if err := cmd.run(args[1:], stdin, stdout); err != nil {
		message := plainFlagWords(oneLine(saves.Explain(err)))
		fmt.Fprintf(stderr, "error: %s\n", message)
		if detail := oneLine(err.Error()); verbose && detail != message {
			fmt.Fprintf(stderr, "detail: %s\n", detail)
		}
		return exitCode(err)
	}
	return 0
}

// printUsage lists the commands' usage lines, one a line.
func printUsage(w io.Writer, cmds map[string]command) {
	for _, name := range []string{"info", "convert", "export", "generate", "path", "vision", "play", "replay", "simulate"} {
		fmt.Fprintln(w, "  "+cmds[name].usage)
	}
	fmt.Fprintln(w, "  hexmap -v COMMAND ... (a failure's technical detail too)")
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

// plainFlagWords rewords the messages of package flag, which every
// command's options go through, for people: "flag provided but not
// defined: -x" becomes "unknown option -x", "invalid value "v" for flag
// -x: parse error" becomes "invalid value "v" for -x".
func plainFlagWords(s string) string {
	return strings.NewReplacer(
		"flag provided but not defined: ", "unknown option ",
		" for flag -", " for -",
		": parse error", "",
		": value out of range", ": too large",
	).Replace(s)
}

func oneLine(s string) string {
	for i, r := range s {
		if r == '\n' {
			return s[:i]
		}
	}
	return s
}
