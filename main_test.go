//go:build xvfb

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Without a display the program must say so in one line, not panic in
// ebiten's initialisation.
func TestNoDisplayIsOneLine(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "hexsandbox")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
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
		{"shot", "-w", "0", "a.hexmap", "b.png"},
		{"shot", "-frames", "0", "a.hexmap", "b.png"},
		{"shot", "-frames", "100000000", "a.hexmap", "b.png"},
		{"shot", "-zoom", "5", "a.hexmap", "b.png"},
		{"a.hexmap", "b.hexmap"},
	} {
		var stderr strings.Builder
		if code := run(args, &stderr); code != 1 {
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
	if code := run([]string{"shot", missing, out}, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1 (stderr %q)", code, stderr.String())
	}
	if n := strings.Count(stderr.String(), missing); n != 1 {
		t.Errorf("the error names the file %d times: %q", n, stderr.String())
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a failed shot left %s behind", out)
	}
}

func TestHelpPrintsUsage(t *testing.T) {
	for _, arg := range []string{"help", "-help", "--help"} {
		var stderr strings.Builder
		if code := run([]string{arg}, &stderr); code != 2 {
			t.Errorf("%s: exit %d, want 2", arg, code)
		}
		if !strings.Contains(stderr.String(), "usage: hexsandbox") {
			t.Errorf("%s: no usage in %q", arg, stderr.String())
		}
	}
}
