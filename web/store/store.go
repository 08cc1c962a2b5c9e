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
	"sync/atomic"
	"syscall/js"
)

// dbName and dbVersion name the IndexedDB database; a new version adds
// object stores in upgrade.
const (
	dbName    = "hexsandbox"
	dbVersion = 1
)

// Object stores: slots keeps named maps; recovery keeps the autosaves,
// one per tab under the tab's id (earlier versions kept one, under
// "current", which is offered like any autosave whose tab is gone).
const (
	slotsStore    = "slots"
	recoveryStore = "recovery"
)

// MaxBytes bounds what a slot or file may hold, so a corrupt record or a
// huge file cannot make the game allocate without limit.
const MaxBytes = 64 << 20

// ErrBlocked is Open's answer when another tab of the game holds the
// database open at an older version and does not let it be upgraded.
var ErrBlocked = errors.New("browser storage is blocked: another hexsandbox tab holds an older version of it open; close the other hexsandbox tabs and reload this page")

// ErrUpgraded is the answer of every call after a newer version of the
// game, in another tab, upgraded the database: this tab closed its
// connection so as not to block that upgrade.
var ErrUpgraded = errors.New("browser storage was upgraded by a newer hexsandbox in another tab: reload this page")

// DB is an open IndexedDB database of maps.
type DB struct {
	db        js.Value
	onVersion js.Func     // closes db when another tab upgrades it
	upgraded  atomic.Bool // db was closed for an upgrade elsewhere
}

// Open opens (creating if needed) the browser's map database.
func Open() (*DB, error) { return open(dbName, dbVersion) }

// open opens database name at version. A request that the browser
// reports blocked is given up with ErrBlocked; should it go through
// later, the connection it opens is closed at once.
func open(name string, version int) (*DB, error) {
	idb := js.Global().Get("indexedDB")
	if !idb.Truthy() {
		return nil, errors.New("this browser has no IndexedDB storage")
	}
	req, err := call(idb, "open", name, version)
	if err != nil {
		return nil, fmt.Errorf("opening browser storage: %v", err)
	}
	ch := make(chan outcome, 4) // room for every event the request fires
	var abandoned atomic.Bool
	var funcs []js.Func
	release := func() {
		for _, h := range []string{"onupgradeneeded", "onblocked", "onsuccess", "onerror"} {
			req.Set(h, js.Null())
		}
		for _, f := range funcs {
			f.Release()
		}
	}
	handle := func(event string, f func() (outcome, bool)) {
		fn := js.FuncOf(func(js.Value, []js.Value) any {
			o, final := f()
			if final && abandoned.Load() {
				if o.val.Truthy() {
					o.val.Call("close")
				}
				release()
				return nil
			}
			ch <- o
			return nil
		})
		funcs = append(funcs, fn)
		req.Set(event, fn)
	}
	handle("onupgradeneeded", func() (outcome, bool) { upgrade(req.Get("result")); return outcome{}, false })
	handle("onblocked", func() (outcome, bool) { return outcome{err: ErrBlocked}, false })
	handle("onsuccess", func() (outcome, bool) { return outcome{val: req.Get("result")}, true })
	handle("onerror", func() (outcome, bool) { return outcome{err: jsError(req.Get("error"))}, true })
	for {
		o := <-ch
		switch {
		case errors.Is(o.err, ErrBlocked):
			abandoned.Store(true)
			return nil, o.err
		case o.err != nil:
			release()
			return nil, fmt.Errorf("opening browser storage: %v", o.err)
		case o.val.Truthy():
			release()
			return newDB(o.val), nil
		}
		// onupgradeneeded: the outcome of the request is still to come.
	}
}

// upgrade creates the object stores a new or older database lacks.
func upgrade(db js.Value) {
	names := db.Get("objectStoreNames")
	for _, s := range []string{slotsStore, recoveryStore} {
		if !names.Call("contains", s).Bool() {
			db.Call("createObjectStore", s)
		}
	}
}

// newDB wraps an open connection, closing it when another tab needs to
// upgrade the database (keeping it open would block that tab).
func newDB(db js.Value) *DB {
	d := &DB{db: db}
	d.onVersion = js.FuncOf(func(js.Value, []js.Value) any {
		d.upgraded.Store(true)
		db.Call("close")
		return nil
	})
	db.Set("onversionchange", d.onVersion)
	return d
}

// Close closes the database; the DB must not be used afterwards.
func (d *DB) Close() {
	d.db.Set("onversionchange", js.Null())
	d.db.Call("close")
	d.onVersion.Release()
}
