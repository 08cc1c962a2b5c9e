package files

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

func TestExportCatlike(t *testing.T) {
	g, err := hexmap.NewGrid(20, 15, 5)
	if err != nil {
		t.Fatal(err)
	}
	g.SetElevation(7, -2)
	if err := g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(3, 4), Orientation: 90, Side: 1, MovesLeft: hexmap.UnitSpeed}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, want := range map[string]string{"a": "a.map", "b.map": "b.map", "c.hexmap": "c.hexmap.map", "d.MAP": "d.MAP"} {
		got := CatlikePath(filepath.Join(dir, name))
		err := ExportCatlike(ctx, got, g)
		if err != nil || got != filepath.Join(dir, want) {
			t.Fatalf("export %q: %q, %v", name, got, err)
		}
		data, err := os.ReadFile(got)
		if err != nil {
			t.Fatal(err)
		}
		var spec bytes.Buffer
		if err := saves.WriteCatlike(&spec, g); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, spec.Bytes()) {
			t.Fatalf("%s holds %d bytes, not the Catlike file", got, len(data))
		}
		if enc, _ := EncodeCatlike(g); !bytes.Equal(enc, data) {
			t.Fatal("EncodeCatlike differs from the exported file")
		}
	}
	if err := ExportCatlike(ctx, "  ", g); err == nil {
		t.Error("export to an empty name")
	}
	if err := ExportCatlike(ctx, CatlikePath(filepath.Join(dir, "missing", "x")), g); err == nil {
		t.Error("export into a missing folder")
	}
}
