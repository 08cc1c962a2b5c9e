//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows

package saves

import (
	"os"
	"path/filepath"
	"testing"

	"hexsandbox/internal/filelock"
)

// An old temporary file that a running save holds locked (a save that
// has been stopped for long, say) is left alone until the lock goes.
func TestLockedTempKept(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".map.hexmap.tmp-42")
	touch(t, p, 2*StaleTempAge)
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := filelock.TryLock(f); err != nil {
		t.Fatal(err)
	}
	if n := RemoveStaleTemps(dir); n != 0 {
		t.Fatalf("removed %d locked files", n)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatal("the locked temporary file is gone")
	}
	f.Close()
	if n := RemoveStaleTemps(dir); n != 1 {
		t.Fatalf("removed %d files after the lock went, want 1", n)
	}
}
