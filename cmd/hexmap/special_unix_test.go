//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"hexsandbox/saves"
)

// `hexmap convert IN /dev/full` (as root it replaced the system's
// device) and the other commands refuse special files with one line and
// exit 2, leaving them as they were; reading a named pipe does not wait
// for a writer.
func TestSpecialFilesRefused(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, "good.hexmap", func(b *bytes.Buffer) error { return saves.Write(b, knownMap(t, 3)) })
	dev := filepath.Join(dir, "full")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		// Not root: a link to the real device stands in (a wrong convert
		// would replace the link, not the device).
		if err := os.Symlink("/dev/full", dev); err != nil {
			t.Fatal(err)
		}
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"convert", good, dev},
		{"convert", good, fifo},
		{"export", good, dev},
		{"info", fifo},
		{"convert", fifo, filepath.Join(dir, "out.hexmap")},
		{"export", fifo, filepath.Join(dir, "out.obj")},
	} {
		before := map[string]os.FileInfo{}
		for _, p := range []string{dev, fifo} {
			before[p], _ = os.Lstat(p)
		}
		expectFailure(t, 2, ", not a file.", args...)
		for p, st := range before {
			if now, err := os.Lstat(p); err != nil || now.Mode() != st.Mode() || !os.SameFile(now, st) {
				t.Errorf("%v changed %s", args, p)
			}
		}
	}
	if names, _ := os.ReadDir(dir); len(names) != 2 {
		t.Errorf("folder holds %v", names)
	}
}
