//go:build xvfb

package shot

import (
	"os"
	"path/filepath"
	"testing"
)

// Bad input fails with an error before any window opens, and writes
// nothing.
func TestShotBadInput(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.map")
	if err := os.WriteFile(garbage, []byte("not a map at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{
		{MapFile: filepath.Join(dir, "missing.map"), Out: filepath.Join(dir, "a.png"), Width: 64, Height: 64, Frames: 1},
		{MapFile: garbage, Out: filepath.Join(dir, "b.png"), Width: 64, Height: 64, Frames: 1},
		{MapFile: garbage, Out: filepath.Join(dir, "c.png"), Width: 0, Height: 64, Frames: 1},
		{MapFile: garbage, Out: filepath.Join(dir, "d.png"), Width: 64, Height: 100000, Frames: 1},
	} {
		if err := Shot(o); err == nil {
			t.Errorf("Shot(%+v) succeeded", o)
		}
		if _, err := os.Stat(o.Out); err == nil {
			t.Errorf("Shot wrote %s despite the error", o.Out)
		}
	}
}
