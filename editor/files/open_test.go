package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file that is not a map, or is missing, is reported with its path,
// once: the message is shown to the user as it is.
func TestOpenPathErrorNamesFileOnce(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.hexmap")
	if err := os.WriteFile(bad, []byte("not a map at all, just some words"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{bad, filepath.Join(dir, "missing.hexmap")} {
		_, err := OpenPath(ctx, p)
		if err == nil {
			t.Fatalf("%s: opened", p)
		}
		if n := strings.Count(err.Error(), filepath.Base(p)); n != 1 {
			t.Errorf("%s: the error names the file %d times: %v", p, n, err)
		}
	}
}
