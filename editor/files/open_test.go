package files

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"hexsandbox/saves"
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

// A dropped file that is not a map is explained as one sentence naming
// it (saves.Explain), without the readers' words.
func TestOpenFSErrorExplained(t *testing.T) {
	_, err := OpenFS(ctx, fstest.MapFS{"junk.map": {Data: []byte("not a map, just words")}})
	want := "The file junk.map is not a map (it is neither a hexsandbox map nor a Catlike save)."
	if got := saves.Explain(err); got != want {
		t.Errorf("explained as %q, want %q", got, want)
	}
}

// noOpen is a file system whose files must not be opened.
type noOpen struct {
	fstest.MapFS
	t *testing.T
}

func (n noOpen) Open(name string) (fs.File, error) {
	if name != "." {
		n.t.Errorf("%s was opened", name)
	}
	return n.MapFS.Open(name)
}

// A dropped named pipe or device is refused from the drop's listing,
// before it is opened (opening a pipe waits for its writer).
func TestOpenFSRefusesSpecialFilesUnopened(t *testing.T) {
	for _, mode := range []fs.FileMode{fs.ModeNamedPipe, fs.ModeDevice | fs.ModeCharDevice, fs.ModeSocket} {
		fsys := noOpen{fstest.MapFS{"drop.map": {Mode: mode | 0o644}}, t}
		if _, err := OpenFS(ctx, fsys); !errors.Is(err, saves.ErrNotRegular) {
			t.Errorf("dropped %v: %v, want ErrNotRegular", mode, err)
		}
	}
}
