package saves

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Saving onto a symbolic link keeps the link and gives its target the
// new content, atomically in the target's folder, with the target's
// permissions.
func TestSaveThroughSymlink(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real", "map.hexmap")
	links := filepath.Join(root, "links")
	for _, d := range []string{filepath.Dir(real), links} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := SaveFile(real, testMap(t, 10, 5, 1)); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(real, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(links, "map.hexmap")
	if err := os.Symlink(filepath.Join("..", "real", "map.hexmap"), link); err != nil {
		t.Fatal(err)
	}
	// A second link to the first: both are followed.
	link2 := filepath.Join(links, "again.hexmap")
	if err := os.Symlink("map.hexmap", link2); err != nil {
		t.Fatal(err)
	}
	for k, path := range []string{link, link2} {
		g := testMap(t, 20, 15, uint64(2+k))
		if err := SaveFile(path, g); err != nil {
			t.Fatalf("saving through %s: %v", path, err)
		}
		if st, err := os.Lstat(path); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s is no longer a link: %v %v", path, st.Mode(), err)
		}
		got, _, err := LoadFileWith(real, sharedNoise)
		if err != nil {
			t.Fatal(err)
		}
		requireEqual(t, got, g)
		if st, _ := os.Stat(real); st.Mode().Perm() != 0o600 {
			t.Errorf("the target's mode became %v", st.Mode().Perm())
		}
	}
	if names := dirEntries(t, filepath.Dir(real)); len(names) != 1 {
		t.Errorf("target folder holds %v", names)
	}
	if names := dirEntries(t, links); len(names) != 2 {
		t.Errorf("links folder holds %v", names)
	}
}

// A link to nothing yet is followed too: the save creates its target.
func TestSaveThroughDanglingSymlink(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link.hexmap")
	if err := os.Symlink("made.hexmap", link); err != nil {
		t.Fatal(err)
	}
	g := testMap(t, 10, 5, 1)
	if err := SaveFile(link, g); err != nil {
		t.Fatal(err)
	}
	got, _, err := LoadFileWith(filepath.Join(dir, "made.hexmap"), sharedNoise)
	if err != nil {
		t.Fatal(err)
	}
	requireEqual(t, got, g)
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
}

func TestSaveSymlinkLoopFails(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink("b", a)
	os.Symlink("a", b)
	if err := SaveFile(a, testMap(t, 5, 5, 1)); !errors.Is(err, ErrIO) {
		t.Fatalf("save onto a link loop: %v", err)
	}
	if names := dirEntries(t, dir); len(names) != 2 {
		t.Fatalf("folder holds %v", names)
	}
}

// A folder where the map should be is refused before anything is
// written, with one clear error, and left alone.
func TestSaveOntoFolderRefused(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "taken.hexmap")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	err := SaveFile(target, testMap(t, 5, 5, 1))
	if !errors.Is(err, ErrNotRegular) || !errors.Is(err, ErrIO) {
		t.Fatalf("save onto a folder: %v", err)
	}
	if st, err := os.Stat(target); err != nil || !st.IsDir() {
		t.Fatal("the folder is gone")
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Fatalf("folder holds %v", names)
	}
}

// Bytes read back from path must be want.
func requireBytes(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s changed: %d bytes, %v", path, len(got), err)
	}
}
