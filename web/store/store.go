//go:build js

// Package store keeps maps in the browser: named slots and a recovery
// autosave in IndexedDB, downloads of a map as a file, and reading files
// the user picks from disk. Every call that waits for the browser blocks
// the calling goroutine, so it must not run inside a js.FuncOf callback
// (the game's Update runs in its own goroutine and may call it).
package store

import (
	"errors"
	"fmt"
	"syscall/js"
)

// dbName and dbVersion name the IndexedDB database; a new version adds
// object stores in upgrade.
const (
	dbName    = "hexsandbox"
	dbVersion = 1
)

// Object stores: slots keeps named maps; recovery keeps the autosave
// under recoveryKey.
const (
	slotsStore    = "slots"
	recoveryStore = "recovery"
	recoveryKey   = "current"
)

// MaxBytes bounds what a slot or file may hold, so a corrupt record or a
// huge file cannot make the game allocate without limit.
const MaxBytes = 64 << 20

// DB is an open IndexedDB database of maps.
type DB struct{ db js.Value }

// Open opens (creating if needed) the browser's map database.
func Open() (*DB, error) {
	idb := js.Global().Get("indexedDB")
	if !idb.Truthy() {
		return nil, errors.New("this browser has no IndexedDB storage")
	}
	req, err := call(idb, "open", dbName, dbVersion)
	if err != nil {
		return nil, fmt.Errorf("opening browser storage: %v", err)
	}
	upgrade := js.FuncOf(func(this js.Value, args []js.Value) any {
		db := req.Get("result")
		names := db.Get("objectStoreNames")
		for _, s := range []string{slotsStore, recoveryStore} {
			if !names.Call("contains", s).Bool() {
				db.Call("createObjectStore", s)
			}
		}
		return nil
	})
	defer upgrade.Release()
	req.Set("onupgradeneeded", upgrade)
	db, err := wait(req)
	if err != nil {
		return nil, fmt.Errorf("opening browser storage: %v", err)
	}
	return &DB{db: db}, nil
}

// Close closes the database; the DB must not be used afterwards.
func (d *DB) Close() { d.db.Call("close") }
