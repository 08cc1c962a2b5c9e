package files

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"hexsandbox/mapgen"
	"hexsandbox/saves"
)

// Importing a Catlike Hex Map save gives the same cells, the file's
// name to save under, and says which format it came from.
func TestOpenPathImportsCatlikeSaves(t *testing.T) {
	g, err := mapgen.Showcase(20, 15, 3)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := saves.WriteCatlike(&buf, g); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "Old World.map")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := OpenPath(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "Old World" || l.Info.Format != saves.FormatCatlike {
		t.Errorf("name %q, format %q; want %q, %q", l.Name, l.Info.Format, "Old World", saves.FormatCatlike)
	}
	if !slices.Equal(l.Grid.Cells(), g.Cells()) {
		t.Error("imported cells differ from the map that was written")
	}

	if err := os.WriteFile(path, buf.Bytes()[:buf.Len()/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenPath(ctx, path); err == nil {
		t.Error("a truncated Catlike save was accepted")
	}
}
