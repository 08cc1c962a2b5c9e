//go:build js && browser

// These tests need IndexedDB, which Node lacks: web/e2e builds this
// package's test binary and runs it in headless Chromium.
package store

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"syscall/js"
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
	for _, id := range []string{"tab-a", "tab-b"} {
		if err := db.ClearRecovery(id); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := db.LoadRecovery("tab-a"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("LoadRecovery with none: %v, want ErrNotFound", err)
	}
	if err := db.SaveRecovery("tab-a", "island", pattern(500, 5)); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveRecovery("tab-b", "", pattern(300, 6)); err != nil {
		t.Fatal(err)
	}
	name, data, err := db.LoadRecovery("tab-a")
	if err != nil || name != "island" || !bytes.Equal(data, pattern(500, 5)) {
		t.Fatalf("LoadRecovery: %q, %d bytes, %v", name, len(data), err)
	}
	ids, err := db.RecoveryIDs()
	if err != nil || len(ids) != 2 || ids[0].Name != "tab-b" || ids[1].Name != "tab-a" {
		t.Fatalf("RecoveryIDs, newest first: %+v %v", ids, err)
	}
	list, err := db.List()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.Name == "island" || s.Name == "tab-a" {
			t.Errorf("an autosave shows up as slot %q", s.Name)
		}
	}
	for _, id := range []string{"tab-a", "tab-b"} {
		if err := db.ClearRecovery(id); err != nil {
			t.Fatal(err)
		}
	}
	if ids, _ := db.RecoveryIDs(); len(ids) != 0 {
		t.Fatalf("autosaves after clearing: %+v", ids)
	}
}

// A Web Lock held by one holder is refused to the next until released.
func TestHoldLock(t *testing.T) {
	release, held, err := HoldLock("hexsandbox-test-lock")
	if err != nil || !held {
		t.Fatalf("first hold: %v %v", held, err)
	}
	if _, held, err := HoldLock("hexsandbox-test-lock"); held || err != nil {
		t.Fatalf("second hold while held: %v %v", held, err)
	}
	release()
	again, held, err := HoldLock("hexsandbox-test-lock")
	if err != nil || !held {
		t.Fatalf("hold after release: %v %v", held, err)
	}
	again()
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

// putRaw stores v under key as another program (or a bug) might.
func putRaw(t *testing.T, db *DB, key string, v any) {
	t.Helper()
	tx, st, err := db.objectStore(slotsStore, "readwrite")
	if err == nil {
		_, err = call(st, "put", v, key)
	}
	if err == nil {
		err = committed(tx)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// Records that are not a map's are listed as damaged (not left out while
// still taking their name), cannot be opened, and can be deleted or
// saved over.
func TestDamagedRecords(t *testing.T) {
	db := openDB(t)
	obj := js.Global().Get("Object").New()
	obj.Set("data", "text, not bytes")
	junk := map[string]any{"a string": "hello", "a number": 42, "an object": obj, "null": js.Null()}
	for key, v := range junk {
		putRaw(t, db, key, v)
	}
	list, err := db.List()
	if err != nil {
		t.Fatal(err)
	}
	damaged := map[string]bool{}
	for _, s := range list {
		if s.Damaged != "" {
			damaged[s.Name] = true
		}
	}
	for key := range junk {
		if !damaged[key] {
			t.Errorf("%q is not listed as damaged: %+v", key, list)
		}
		if ok, err := db.Exists(key); !ok || err != nil {
			t.Errorf("%q: Exists %v %v", key, ok, err)
		}
		if _, err := db.Load(key); !errors.Is(err, ErrDamaged) {
			t.Errorf("%q: Load gave %v, want ErrDamaged", key, err)
		}
	}
	if err := db.Save("a string", pattern(30, 9)); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Load("a string"); err != nil || !bytes.Equal(got, pattern(30, 9)) {
		t.Errorf("saving over a damaged record: %v", err)
	}
	if err := db.Delete("a number"); err != nil {
		t.Fatal(err)
	}
	list, _ = db.List()
	for _, s := range list {
		if s.Name == "a number" || (s.Name == "a string" && s.Damaged != "") {
			t.Errorf("after delete and save: %+v", s)
		}
	}
	for _, key := range []string{"a string", "an object", "null"} {
		db.Delete(key)
	}
}

// rawOpen opens a database from JavaScript with no handler for version
// changes: a tab of an older build that never lets go.
func rawOpen(t *testing.T, name string, version int) js.Value {
	t.Helper()
	req := js.Global().Get("indexedDB").Call("open", name, version)
	db, err := wait(req)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// Upgrading a database that another tab holds open reports the block
// with a clear message instead of waiting for ever; once the other tab
// lets go, a new open works.
func TestBlockedOpen(t *testing.T) {
	const name = "hexsandbox-blocked-test"
	old := rawOpen(t, name, 1)
	_, err := open(name, 2)
	if !errors.Is(err, ErrBlocked) || !strings.Contains(err.Error(), "close the other") {
		t.Fatalf("open while blocked: %v", err)
	}
	old.Call("close")
	db, err := open(name, 3)
	if err != nil {
		t.Fatalf("open after the other tab closed: %v", err)
	}
	if err := db.Save("x", pattern(10, 1)); err != nil {
		t.Fatal(err)
	}
	// A newer build upgrading it makes this one close and say so.
	newer, err := open(name, 4)
	if err != nil {
		t.Fatalf("a newer open was blocked by ours: %v", err)
	}
	defer newer.Close()
	if _, err := db.Load("x"); !errors.Is(err, ErrUpgraded) {
		t.Errorf("after an upgrade elsewhere: %v, want ErrUpgraded", err)
	}
}
