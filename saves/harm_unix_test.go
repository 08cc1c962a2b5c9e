//go:build unix

package saves

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// mkfifo makes a named pipe with no writer: opening it for reading the
// ordinary way waits until one comes.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}

// deviceNode is a character device to save onto: /dev/null's twin made
// in the test's folder where the system allows it (as root), otherwise a
// link to /dev/null itself (the link is what a wrong save would replace).
func deviceNode(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "null")
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		return p
	}
	if err := os.Symlink("/dev/null", p); err != nil {
		t.Fatal(err)
	}
	return p
}

// What is at path must still be what st described: the same kind of
// file, the same node.
func requireUntouched(t *testing.T, path string, st os.FileInfo) {
	t.Helper()
	now, err := os.Lstat(path)
	if err != nil || now.Mode() != st.Mode() || !os.SameFile(now, st) {
		t.Fatalf("%s was replaced or changed: %v → %v (%v)", path, st.Mode(), now.Mode(), err)
	}
}

// Saving onto a named pipe, a device node or a link to a device refuses
// with ErrNotRegular and leaves them as they were.
func TestSaveOntoSpecialFilesRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.hexmap")
	mkfifo(t, fifo)
	dev := deviceNode(t, dir)
	toNull := filepath.Join(dir, "tonull.hexmap")
	if err := os.Symlink("/dev/null", toNull); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, dev, toNull} {
		before, err := os.Lstat(path)
		if err != nil {
			t.Fatal(err)
		}
		err = SaveFile(path, testMap(t, 5, 5, 1))
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: %v, want ErrNotRegular", path, err)
		}
		requireUntouched(t, path, before)
		err = WriteFileAtomic(path, func(io.Writer) error { return nil })
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("WriteFileAtomic %s: %v", path, err)
		}
	}
	if names := dirEntries(t, dir); len(names) != 3 {
		t.Errorf("folder holds %v", names)
	}
}

// A hard-linked file is refused: both names keep the same file and its
// content.
func TestSaveOntoHardLinkRefused(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.hexmap"), filepath.Join(dir, "b.hexmap")
	if err := SaveFile(a, testMap(t, 10, 5, 1)); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(a)
	before, _ := os.Lstat(a)
	err := SaveFile(b, testMap(t, 10, 5, 2))
	if !errors.Is(err, ErrHardLinked) || !errors.Is(err, ErrIO) {
		t.Fatalf("save onto a hard link: %v", err)
	}
	for _, p := range []string{a, b} {
		requireUntouched(t, p, before)
		requireBytes(t, p, old)
	}
	if names := dirEntries(t, dir); len(names) != 2 {
		t.Errorf("folder holds %v", names)
	}
}

// Loading a named pipe without a writer, a device or a folder is refused
// at once, before the file is opened; nothing waits or reads endlessly.
func TestLoadSpecialFilesRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.hexmap")
	mkfifo(t, fifo)
	for _, path := range []string{fifo, "/dev/zero", dir} {
		done := make(chan error, 1)
		go func() { _, _, err := LoadFile(path); done <- err }()
		var err error
		select {
		case err = <-done:
		case <-time.After(20 * time.Second): // a failure bound, not a wait for a result
			if path == fifo {
				// Let the stuck reader go: a writer of our own opens and closes.
				if w, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil {
					w.Close()
				}
			}
			t.Fatalf("LoadFile(%s) blocked", path)
		}
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("LoadFile(%s): %v, want ErrNotRegular", path, err)
		}
	}
}
