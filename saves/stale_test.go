package saves

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// touch makes a file whose modification time is age ago.
func touch(t *testing.T, path string, age time.Duration) {
	t.Helper()
	if err := os.WriteFile(path, []byte("half a save"), 0o600); err != nil {
		t.Fatal(err)
	}
	when := time.Now().Add(-age)
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
}

// A save removes the temporary files a killed save of the same file left
// (old ones only); RemoveStaleTemps removes those of every file. Nothing
// that is not a save's temporary file is touched.
func TestStaleTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	old := 2 * StaleTempAge
	files := map[string]time.Duration{
		".map.hexmap.tmp-123":    old,               // a killed save of map.hexmap
		".map.hexmap.tmp-456":    time.Second,       // too young: maybe still being written
		".other.map.tmp-77":      old,               // a killed save of another file
		"map.hexmap.tmp-1":       old,               // no leading dot: not ours
		".map.hexmap.tmp-12x":    old,               // not CreateTemp's digits
		".map.hexmap.tmp-":       old,               // no digits
		".map.hexmap.bak":        old,               // not a temporary file
		".map.hexmap.tmp-9.keep": old,               // something else named after one
		"notes.txt":              old,               // a user's file
		".map.hexmap.tmp-8":      StaleTempAge / 10, // young
	}
	for name, age := range files {
		touch(t, filepath.Join(dir, name), age)
	}
	if err := SaveFile(filepath.Join(dir, "map.hexmap"), testMap(t, 5, 5, 1)); err != nil {
		t.Fatal(err)
	}
	want := []string{}
	for name := range files {
		if name != ".map.hexmap.tmp-123" {
			want = append(want, name)
		}
	}
	want = append(want, "map.hexmap")
	slices.Sort(want)
	if got := dirEntries(t, dir); !slices.Equal(got, want) {
		t.Fatalf("after a save the folder holds\n%v\nwant\n%v", got, want)
	}
	if n := RemoveStaleTemps(dir); n != 1 {
		t.Errorf("RemoveStaleTemps removed %d files, want 1", n)
	}
	want = slices.DeleteFunc(want, func(n string) bool { return n == ".other.map.tmp-77" })
	if got := dirEntries(t, dir); !slices.Equal(got, want) {
		t.Fatalf("after RemoveStaleTemps the folder holds\n%v\nwant\n%v", got, want)
	}
}
