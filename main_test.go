//go:build xvfb

package main

import (
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hexsandbox/render/shot"
)

// Without a display the program must say so in one line, not panic in
// ebiten's initialisation.
func TestNoDisplayIsOneLine(t *testing.T) {
	cmd := exec.Command(buildBinary(t))
	cmd.Env = withoutDisplay()
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1; output:\n%s", err, out)
	}
	text := strings.TrimRight(string(out), "\n")
	if strings.Count(text, "\n") != 0 || !strings.HasPrefix(text, "error: ") || !strings.Contains(text, "xvfb-run") {
		t.Fatalf("want one line 'error: … xvfb-run …', got:\n%s", out)
	}
}

func TestBadArgumentsAreOneLine(t *testing.T) {
	for _, args := range [][]string{
		{"shot", "only-one-arg"},
		{"shot", "-width", "0", "a.hexmap", "b.png"},
		{"shot", "-w", "100", "a.hexmap", "b.png"}, // no such flag: one line, not the usage
		{"shot", "-frames", "0", "a.hexmap", "b.png"},
		{"shot", "-frames", "100000000", "a.hexmap", "b.png"},
		{"shot", "-zoom", "5", "a.hexmap", "b.png"},
		{"a.hexmap", "b.hexmap"},
	} {
		var stderr strings.Builder
		if code := run(args, io.Discard, &stderr); code != 1 {
			t.Errorf("%q: exit %d, want 1", args, code)
		}
		if text := strings.TrimRight(stderr.String(), "\n"); strings.Contains(text, "\n") || !strings.HasPrefix(text, "error: ") {
			t.Errorf("%q: want one error line, got %q", args, stderr.String())
		}
	}
}

func TestShotOfMissingFileFails(t *testing.T) {
	var stderr strings.Builder
	out := filepath.Join(t.TempDir(), "x.png")
	missing := filepath.Join(t.TempDir(), "missing.hexmap")
	if code := run([]string{"shot", missing, out}, io.Discard, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1 (stderr %q)", code, stderr.String())
	}
	if want := "error: No such file: " + missing + "\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a failed shot left %s behind", out)
	}
}

func TestHelpPrintsUsage(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-help"}, {"--help"}, {"-h"}, {"shot", "-h"}, {"shot", "--help"}, {"shot", "-zoom", "1", "-help"}} {
		var stderr strings.Builder
		if code := run(args, io.Discard, &stderr); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
		if stderr.String() != usage() || !strings.HasPrefix(stderr.String(), "usage: hexsandbox") {
			t.Errorf("%q: printed %q, want the usage", args, stderr.String())
		}
	}
}

// Help needs no display: the binary's constructor prints the same usage
// text as the Go code, from the same usage.h, before ebiten starts.
func TestHelpWithoutDisplay(t *testing.T) {
	bin := buildBinary(t)
	for _, args := range [][]string{{"--help"}, {"-help"}, {"-h"}, {"help"}, {"shot", "-h"}, {"shot", "--help"}} {
		cmd := exec.Command(bin, args...)
		cmd.Env = withoutDisplay()
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
			t.Errorf("%q without a display: %v, want exit status 2", args, err)
		}
		if stderr.String() != usage() {
			t.Errorf("%q without a display printed %q, want the usage", args, stderr.String())
		}
	}
}

// Every flag is described in the usage text, with its default where it
// has one (on its line or the next; a switch that is off unless given has
// none, as in Go's own flag usage): the text is written by hand, so this
// keeps it honest.
func TestUsageNamesEveryFlag(t *testing.T) {
	lines := strings.Split(usage(), "\n")
	fs := flag.NewFlagSet("shot", flag.ContinueOnError)
	var o shot.Options
	var maps string
	shotFlags(fs, &o, &maps)
	fs.VisitAll(func(f *flag.Flag) {
		for k, l := range lines {
			if !strings.HasPrefix(strings.TrimSpace(l), "-"+f.Name+" ") {
				continue
			}
			near := l
			if k+1 < len(lines) {
				near += lines[k+1]
			}
			b, isSwitch := f.Value.(interface{ IsBoolFlag() bool })
			offSwitch := isSwitch && b.IsBoolFlag() && f.DefValue == "false"
			if f.DefValue != "" && f.DefValue != "NaN" && !offSwitch && !strings.Contains(near, "(default "+f.DefValue+")") {
				t.Errorf("-%s: its default %s is not given: %q", f.Name, f.DefValue, near)
			}
			return
		}
		t.Errorf("-%s is not in the usage text", f.Name)
	})
}

func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "hexsandbox")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func withoutDisplay() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	return env
}

// A shot without OUT goes into the screenshots folder beside the maps
// folder, and the full path is printed.
func TestShotGoesToScreenshotsFolder(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	out, err := exec.Command(bin, "shot", "-width", "64", "-height", "48", "-maps", filepath.Join(dir, "maps"),
		filepath.Join("editor", "showcase", "showcase.hexmap")).Output()
	if err != nil {
		t.Fatalf("shot: %v", err)
	}
	got := strings.TrimSpace(strings.TrimPrefix(string(out), "wrote "))
	if !filepath.IsAbs(got) || filepath.Dir(got) != filepath.Join(dir, "screenshots") || !strings.HasPrefix(filepath.Base(got), "showcase-shot-") {
		t.Fatalf("shot printed %q, want the full path of a file in %s", out, filepath.Join(dir, "screenshots"))
	}
	if st, err := os.Stat(got); err != nil || st.Size() == 0 {
		t.Errorf("no picture at %s: %v", got, err)
	}
}
