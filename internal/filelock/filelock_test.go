//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows

package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func open(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// A lock excludes every other open of the file until it is released,
// by Unlock or by closing the file.
func TestLockExcludesOtherOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	a, b := open(t, path), open(t, path)
	if err := TryLock(a); err != nil {
		t.Fatalf("first lock: %v", err)
	}
	if err := TryLock(b); !errors.Is(err, ErrLocked) {
		t.Fatalf("second open locked a held file: %v, want ErrLocked", err)
	}
	if err := Unlock(a); err != nil {
		t.Fatal(err)
	}
	if err := TryLock(b); err != nil {
		t.Fatalf("lock after Unlock: %v", err)
	}
	c := open(t, path)
	if err := TryLock(c); !errors.Is(err, ErrLocked) {
		t.Fatalf("third open: %v, want ErrLocked", err)
	}
	b.Close()
	if err := TryLock(c); err != nil {
		t.Fatalf("lock after the holder closed: %v", err)
	}
}
