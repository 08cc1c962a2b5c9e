//go:build js && browser

// These tests need IndexedDB, which Node lacks: web/e2e builds this
// package's test binary and runs it in headless Chromium.
package store

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"
)

func openDB(t *testing.T) *DB {
	t.Helper()
	db, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

// pattern returns n bytes that differ between seeds and use every byte
// value, so a lossy copy through JavaScript would show.
func pattern(n int, seed byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7) ^ seed
	}
	return b
}

func TestSlotsRoundTrip(t *testing.T) {
	db := openDB(t)
	before := time.Now().Add(-time.Second)
	maps := map[string][]byte{"alpha": pattern(1000, 1), "Beta map": pattern(70000, 2), "empty": {}}
	for name, data := range maps {
		if err := db.Save(name, data); err != nil {
			t.Fatalf("Save %q: %v", name, err)
		}
	}
	list, err := db.List()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range list {
		names = append(names, s.Name)
		if want := int64(len(maps[s.Name])); s.Size != want {
			t.Errorf("%q: size %d, want %d", s.Name, s.Size, want)
		}
		if s.Modified.Before(before) {
			t.Errorf("%q: modified %v, before the save at %v", s.Name, s.Modified, before)
		}
	}
	if got := fmt.Sprint(names); got != "[Beta map alpha empty]" {
		t.Errorf("List names %s, want them sorted: [Beta map alpha empty]", got)
	}
	for name, want := range maps {
		got, err := db.Load(name)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Load %q: %d bytes, err %v; want the %d saved", name, len(got), err, len(want))
		}
	}
}

func TestSaveReplacesAndDelete(t *testing.T) {
	db := openDB(t)
	if err := db.Save("twice", pattern(10, 3)); err != nil {
		t.Fatal(err)
	}
	if err := db.Save("twice", pattern(20, 4)); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Load("twice"); err != nil || !bytes.Equal(got, pattern(20, 4)) {
		t.Fatalf("second save not kept: %v %v", got, err)
	}
	if ok, err := db.Exists("twice"); !ok || err != nil {
		t.Fatalf("Exists after save: %v %v", ok, err)
	}
	if err := db.Delete("twice"); err != nil {
		t.Fatal(err)
	}
	if ok, err := db.Exists("twice"); ok || err != nil {
		t.Fatalf("Exists after delete: %v %v", ok, err)
	}
	if _, err := db.Load("twice"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Load after delete: %v, want ErrNotFound", err)
	}
	if err := db.Delete("never saved"); err != nil {
		t.Fatalf("deleting a missing slot: %v", err)
	}
}

func TestRecovery(t *testing.T) {
	db := openDB(t)
	if err := db.ClearRecovery(); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := db.LoadRecovery(); !errors.Is(err, ErrNotFound) {
		t.Fatalf("LoadRecovery with none: %v, want ErrNotFound", err)
	}
	if err := db.SaveRecovery("island", "showcase", pattern(500, 5)); err != nil {
		t.Fatal(err)
	}
	name, suggested, data, err := db.LoadRecovery()
	if err != nil || name != "island" || suggested != "showcase" || !bytes.Equal(data, pattern(500, 5)) {
		t.Fatalf("LoadRecovery: %q (%q), %d bytes, %v", name, suggested, len(data), err)
	}
	list, err := db.List()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.Name == "island" || s.Name == recoveryKey {
			t.Errorf("the autosave shows up as slot %q", s.Name)
		}
	}
	if err := db.ClearRecovery(); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := db.LoadRecovery(); !errors.Is(err, ErrNotFound) {
		t.Fatalf("LoadRecovery after clear: %v", err)
	}
}

func TestPersistsAcrossOpen(t *testing.T) {
	db := openDB(t)
	if err := db.Save("kept", pattern(64, 6)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	again := openDB(t)
	if got, err := again.Load("kept"); err != nil || !bytes.Equal(got, pattern(64, 6)) {
		t.Fatalf("after reopening: %v %v", got, err)
	}
}

func TestTooLarge(t *testing.T) {
	db := openDB(t)
	if err := db.Save("huge", make([]byte, MaxBytes+1)); err == nil {
		t.Fatal("saving more than MaxBytes succeeded")
	}
	if ok, _ := db.Exists("huge"); ok {
		t.Fatal("the refused save left a slot behind")
	}
}

func TestDownloadAndReadFile(t *testing.T) {
	if err := Download("test.hexmap", pattern(100, 7)); err != nil {
		t.Fatal(err)
	}
	// ReadFile on a File made here stands in for one from the picker.
	file := newFile("drop.map", pattern(3000, 8))
	p := ReadFile(file)
	if p.Err != nil || p.Name != "drop.map" || !bytes.Equal(p.Data, pattern(3000, 8)) {
		t.Fatalf("ReadFile: %q %d bytes %v", p.Name, len(p.Data), p.Err)
	}
}
