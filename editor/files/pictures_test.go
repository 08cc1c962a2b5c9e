package files

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hexsandbox/saves"
)

// A picture that cannot be written reads as a sentence naming where it
// was to go, without the system call's name: here its folder would have
// to be made inside a regular file.
func TestWritePNGFailureReadsAsSentence(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "screenshots")
	if err := os.WriteFile(blocker, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := WritePNG(filepath.Join(blocker, "sub", "x.png"), image.NewRGBA(image.Rect(0, 0, 2, 2)))
	if err == nil {
		t.Fatal("writing below a regular file succeeded")
	}
	msg := saves.Explain(err)
	if !strings.Contains(msg, blocker) || strings.Contains(msg, "mkdir") || strings.Contains(msg, "picture folder") {
		t.Errorf("message %q: want a sentence naming %s, without the system call", msg, blocker)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the failed write left %d entries in the folder, want only the blocker", len(entries))
	}
}
