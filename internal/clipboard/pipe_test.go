package clipboard

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// childEnv names what this test binary does when run lets it run as the
// program it starts (TestMain), standing in for pbcopy and pbpaste on
// every platform.
const childEnv = "HEXSANDBOX_CLIPBOARD_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		os.Exit(m.Run())
	case "echo": // pbpaste's part: the input back
		io.Copy(os.Stdout, os.Stdin)
	case "flood":
		os.Stdout.WriteString(strings.Repeat("y", 3*MaxBytes))
	case "hang":
		time.Sleep(time.Minute)
	case "fail":
		fmt.Fprintln(os.Stderr, "no pasteboard server\nsecond line")
		os.Exit(1)
	}
	os.Exit(0)
}

func child(role string) []string { return append(os.Environ(), childEnv+"="+role) }

// The program's output is the text; its input is what was given.
func TestRunGivesAndTakesText(t *testing.T) {
	text := "ünïcode · links\nline two"
	got, err := run(10*time.Second, child("echo"), text, os.Args[0])
	if err != nil || got != text {
		t.Fatalf("%q, %v; want %q", got, err, text)
	}
}

// An output over MaxBytes is refused, with its size.
func TestRunRefusesLongOutput(t *testing.T) {
	got, err := run(10*time.Second, child("flood"), "", os.Args[0])
	if err == nil || got != "" || !strings.Contains(err.Error(), fmt.Sprint(3*MaxBytes)) {
		t.Fatalf("%d bytes, %v; want a refusal naming %d bytes", len(got), err, 3*MaxBytes)
	}
}

// A program that never ends is killed at the timeout: run returns well
// before the minute it would sleep.
func TestRunKillsAHangingProgram(t *testing.T) {
	start := time.Now()
	_, err := run(200*time.Millisecond, child("hang"), "", os.Args[0])
	if took := time.Since(start); err == nil || took > 20*time.Second {
		t.Fatalf("returned after %v with %v", took, err)
	}
	if !strings.Contains(err.Error(), "no answer within") {
		t.Fatalf("error %q does not say it timed out", err)
	}
}

// A program that fails gives the first line of what it said; a missing
// program gives a one-line error.
func TestRunReportsFailures(t *testing.T) {
	_, err := run(10*time.Second, child("fail"), "", os.Args[0])
	if err == nil || !strings.HasSuffix(err.Error(), "no pasteboard server") {
		t.Fatalf("%v; want the program's first line", err)
	}
	_, err = run(10*time.Second, nil, "", "hexsandbox-no-such-program")
	if err == nil || strings.Contains(err.Error(), "\n") {
		t.Fatalf("%v; want a one-line error", err)
	}
}
