//go:build !js

package prefs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What is saved is what the next run loads; a missing file is the
// defaults without complaint.
func TestSaveLoad(t *testing.T) {
	f := InDir(filepath.Join(t.TempDir(), "cfg"))
	p, err := f.Load()
	if err != nil || p != Default() {
		t.Fatalf("no file: %+v, %v; want the defaults", p, err)
	}
	want := Prefs{Shadows: false, Resolution: 75}
	if err := f.Save(want); err != nil {
		t.Fatal(err)
	}
	if got, err := f.Load(); err != nil || got != want {
		t.Fatalf("loaded %+v, %v; saved %+v", got, err, want)
	}
	entries, err := os.ReadDir(filepath.Dir(f.Path))
	if err != nil || len(entries) != 1 {
		t.Fatalf("the folder holds %v (%v): temporary files left behind?", entries, err)
	}
}

// A bad record gives the defaults and an error that names the file;
// saving a resolution the editor does not offer is refused and leaves the
// file alone.
func TestBadRecords(t *testing.T) {
	dir := t.TempDir()
	f := InDir(dir)
	for _, bad := range []string{"{", `{"resolution": 33}`, `{"shadows": "yes"}`, strings.Repeat(" ", maxBytes+1)} {
		if err := os.WriteFile(f.Path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := f.Load()
		if err == nil || !strings.Contains(err.Error(), f.Path) {
			t.Errorf("record %.20q: error %v, want one naming the file", bad, err)
		}
		if p != Default() {
			t.Errorf("record %.20q: %+v, want the defaults", bad, p)
		}
	}
	if err := f.Save(Prefs{Shadows: true, Resolution: 100}); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(Prefs{Resolution: 42}); err == nil {
		t.Error("a resolution of 42% was saved")
	}
	if p, err := f.Load(); err != nil || p.Resolution != 100 {
		t.Errorf("after the refused save: %+v, %v", p, err)
	}
}
