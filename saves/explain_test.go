package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"hexsandbox/hexmap"
)

// Permission errors cannot be provoked when the tests run as root, so the
// errors the system would give are built here as the savers wrap them.
func TestExplainPermissionDenied(t *testing.T) {
	tmp := &fs.PathError{Op: "open", Path: "/ro/.x.map.tmp-123", Err: syscall.EACCES}
	write := aboutFile(ioError(tmp), "/ro/x.map", true)
	if got, want := Explain(write), "Cannot write /ro/x.map: permission denied (the folder or the file is read-only for you)."; got != want {
		t.Errorf("write: %q, want %q", got, want)
	}
	read := aboutFile(ioError(&fs.PathError{Op: "open", Path: "/p/x.map", Err: syscall.EACCES}), "/p/x.map", false)
	if got, want := Explain(read), "Cannot read /p/x.map: permission denied."; got != want {
		t.Errorf("read: %q, want %q", got, want)
	}
	full := aboutFile(ioError(&os.LinkError{Op: "rename", Old: "/d/.x.tmp-1", New: "/d/x", Err: syscall.ENOSPC}), "/d/x", true)
	if got := Explain(full); got != "Cannot write /d/x: no space left on device." {
		t.Errorf("disk full: %q", got)
	}
	if !errors.Is(write, ErrIO) || !errors.Is(write, fs.ErrPermission) {
		t.Error("the marked error lost its kinds")
	}
}

// A save into a folder that does not exist names the file asked for,
// never the temporary file, and keeps the detail in Error.
func TestExplainMissingFolderNamesNoTemporaryFile(t *testing.T) {
	target := filepath.Join(t.TempDir(), "no", "x.map")
	g, err := hexmap.NewGrid(5, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	err = SaveFile(target, g)
	if got, want := Explain(err), "Cannot write "+target+": the folder does not exist."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if !strings.Contains(err.Error(), "tmp-") {
		t.Errorf("detail %q lost the system's words", err)
	}
}

// Errors that are not about a file are their own message.
func TestExplainOtherErrors(t *testing.T) {
	if got := Explain(errors.New("speed 0 out of range")); got != "speed 0 out of range" {
		t.Errorf("%q", got)
	}
	if Explain(nil) != "" {
		t.Error("nil explained")
	}
}
