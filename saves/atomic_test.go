package saves

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// failingWriter accepts limit bytes, then fails: a disk filling up midway.
type failingWriter struct {
	w     io.Writer
	limit int
}

var errDiskFull = errors.New("disk full")

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.limit {
		n, _ := f.w.Write(p[:f.limit])
		f.limit = 0
		return n, errDiskFull
	}
	f.limit -= len(p)
	return f.w.Write(p)
}

func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestSaveFileAndLoadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "map.hexmap")
	g := testMap(t, 40, 30, 6)
	if err := SaveFile(path, g); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("saved file mode %v, err %v; want 0644", st.Mode(), err)
	}
	got, info, err := LoadFileWith(path, sharedNoise)
	if err != nil || info.Format != FormatHexsandbox {
		t.Fatalf("LoadFile: %v, %+v", err, info)
	}
	requireEqual(t, got, g)
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Fatalf("folder holds %v after a save, want only the map", names)
	}
}

// A save that fails midway leaves the old file byte-identical and no
// temporary file behind.
func TestSaveFailingMidwayKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "map.hexmap")
	if err := SaveFile(path, testMap(t, 20, 15, 1)); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(path)
	for _, limit := range []int{0, 10, 100, 1000} {
		err := saveFile(path, testMap(t, 80, 60, 2), func(w io.Writer) io.Writer {
			return &failingWriter{w: w, limit: limit}
		})
		if !errors.Is(err, errDiskFull) || !strings.Contains(err.Error(), path) {
			t.Fatalf("failing save after %d bytes: error %v", limit, err)
		}
		if now, _ := os.ReadFile(path); !bytes.Equal(now, old) {
			t.Fatalf("failing save after %d bytes changed the old file", limit)
		}
		if names := dirEntries(t, dir); len(names) != 1 {
			t.Fatalf("failing save left %v", names)
		}
	}
	// A good save replaces the file and keeps its permissions.
	g := testMap(t, 20, 15, 3)
	if err := SaveFile(path, g); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v after replacing a 0600 file", st.Mode().Perm())
	}
	got, _, err := LoadFileWith(path, sharedNoise)
	if err != nil {
		t.Fatal(err)
	}
	requireEqual(t, got, g)
}

// A rename that fails (the target is a folder) also cleans up.
func TestSaveRenameFails(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "taken")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "keep"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := SaveFile(target, testMap(t, 5, 5, 1)); err == nil {
		t.Fatal("save over a folder succeeded")
	}
	if names := dirEntries(t, dir); len(names) != 1 || names[0] != "taken" {
		t.Fatalf("failed rename left %v", names)
	}
	if names := dirEntries(t, target); len(names) != 1 {
		t.Fatalf("folder changed: %v", names)
	}
}

func TestSaveIntoMissingFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "map.hexmap")
	if err := SaveFile(path, testMap(t, 5, 5, 1)); err == nil || !strings.Contains(err.Error(), "saving") {
		t.Fatalf("save into a missing folder: %v", err)
	}
}

func TestLoadFileFailures(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.hexmap")
	if err := os.WriteFile(bad, []byte("not a map at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{bad, filepath.Join(dir, "absent.hexmap")} {
		g, _, err := LoadFile(path)
		if err == nil || g != nil {
			t.Fatalf("LoadFile(%s) = %v, %v", path, g, err)
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("error %q does not name the file", err)
		}
	}
}

// A failed load must leave the caller's open map alone: the reader
// builds a new grid and never touches another.
func TestFailedLoadKeepsOpenMap(t *testing.T) {
	open := testMap(t, 10, 5, 1)
	before := open.Clone()
	data := writeNativeBytes(t, open)
	data = data[:len(data)-10]
	g, _, err := ReadWith(bytes.NewReader(data), sharedNoise)
	if err == nil || g != nil {
		t.Fatal("cut file accepted")
	}
	if !open.Equal(before) {
		t.Fatal("open map changed")
	}
}
