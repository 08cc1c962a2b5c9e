//go:build xvfb && (linux || freebsd || openbsd || netbsd) && !android

package clipboard

import (
	"strings"
	"testing"
	"time"
)

// What Write puts on the clipboard, a second connection to the X server
// reads, as another program pasting would; a second Write replaces it;
// a text over MaxBytes is refused and leaves the clipboard as it was.
func TestWriteThenRead(t *testing.T) {
	for _, text := range []string{"http://127.0.0.1:8080/#join=ab12-ff00", "ünïcode · links"} {
		if err := Write(text); err != nil {
			t.Fatal(err)
		}
		got, err := Read(5 * time.Second)
		if err != nil || got != text {
			t.Fatalf("read %q, %v; wrote %q", got, err, text)
		}
	}
	if err := Write(strings.Repeat("x", MaxBytes+1)); err == nil {
		t.Fatal("a text over MaxBytes was written")
	}
	if got, err := Read(5 * time.Second); err != nil || got != "ünïcode · links" {
		t.Fatalf("after the refused write: %q, %v", got, err)
	}
}
