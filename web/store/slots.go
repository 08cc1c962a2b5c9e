//go:build js

package store

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"syscall/js"
	"time"
)

// Slot is one saved map in a listing. Damaged, when not "", says why
// the record under the name is not a map's (written by something else,
// or broken): it cannot be opened, but it can be deleted or saved over.
type Slot struct {
	Name     string
	Modified time.Time
	Size     int64
	Damaged  string
}

// ErrNotFound is the answer of Load and LoadRecovery when nothing is
// stored under the key.
var ErrNotFound = errors.New("not found in browser storage")

// ErrDamaged is the answer of Load and LoadRecovery for a record that is
// not a map's.
var ErrDamaged = errors.New("damaged record in browser storage")

// objectStore starts a transaction on one object store.
func (d *DB) objectStore(name, mode string) (tx, st js.Value, err error) {
	if d.upgraded.Load() {
		return js.Value{}, js.Value{}, ErrUpgraded
	}
	tx, err = call(d.db, "transaction", name, mode)
	if err != nil {
		return js.Value{}, js.Value{}, err
	}
	st, err = call(tx, "objectStore", name)
	return tx, st, err
}

// committed blocks until a read-write transaction has been committed, so
// that a save is durable before the editor reports it done.
func committed(tx js.Value) error {
	return (<-listen(tx, "oncomplete", "onabort", func(js.Value) outcome { return outcome{} })).err
}

// record is what a slot holds: the bytes and when they were written.
func record(data []byte, now time.Time) js.Value {
	r := js.Global().Get("Object").New()
	r.Set("data", bytesToJS(data))
	r.Set("size", len(data))
	r.Set("modified", now.UnixMilli())
	return r
}

// put writes one record, with extra fields if any, and waits for the
// commit.
func (d *DB) put(storeName, key string, data []byte, extra map[string]any) error {
	if len(data) > MaxBytes {
		return fmt.Errorf("%d bytes is more than the %d a map may have", len(data), MaxBytes)
	}
	r := record(data, time.Now())
	for k, v := range extra {
		r.Set(k, v)
	}
	tx, st, err := d.objectStore(storeName, "readwrite")
	if err == nil {
		_, err = call(st, "put", r, key)
	}
	if err == nil {
		err = committed(tx)
	}
	return err
}

// get reads one record, or returns ErrNotFound.
func (d *DB) get(storeName, key string) (js.Value, error) {
	_, st, err := d.objectStore(storeName, "readonly")
	if err != nil {
		return js.Value{}, err
	}
	req, err := call(st, "get", key)
	if err != nil {
		return js.Value{}, err
	}
	r, err := wait(req)
	if err != nil {
		return js.Value{}, err
	}
	if r.IsUndefined() {
		return js.Value{}, ErrNotFound
	}
	if err := checkRecord(r); err != nil {
		return js.Value{}, err
	}
	return r, nil
}

// remove deletes one record (deleting a missing key is no error) and
// waits for the commit.
func (d *DB) remove(storeName, key string) error {
	tx, st, err := d.objectStore(storeName, "readwrite")
	if err == nil {
		_, err = call(st, "delete", key)
	}
	if err == nil {
		err = committed(tx)
	}
	return err
}

// List returns the saved slots sorted by name.
func (d *DB) List() ([]Slot, error) {
	out, err := d.all(slotsStore)
	if err != nil {
		return nil, fmt.Errorf("listing maps: %v", err)
	}
	slices.SortFunc(out, func(a, b Slot) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// all lists the records of an object store, in one transaction.
func (d *DB) all(storeName string) ([]Slot, error) {
	_, st, err := d.objectStore(storeName, "readonly")
	if err != nil {
		return nil, err
	}
	keysReq, err := call(st, "getAllKeys")
	if err != nil {
		return nil, err
	}
	keysDone := pending(keysReq)
	valsReq, err := call(st, "getAll")
	if err != nil {
		return nil, err
	}
	valsDone := pending(valsReq)
	keys, vals := <-keysDone, <-valsDone
	if err := errors.Join(keys.err, vals.err); err != nil {
		return nil, err
	}
	return slots(keys.val, vals.val), nil
}

// slots pairs the keys and records of the slots store. Records under
// keys that are not strings cannot be map names and are left out; any
// other record that is not a map's is listed as damaged, so that the
// user sees why its name is taken.
func slots(keys, vals js.Value) []Slot {
	n := min(keys.Length(), vals.Length())
	out := make([]Slot, 0, n)
	for i := range n {
		k, v := keys.Index(i), vals.Index(i)
		if k.Type() != js.TypeString {
			continue
		}
		s := Slot{Name: k.String()}
		if err := checkRecord(v); err != nil {
			s.Damaged = err.Error()
		} else {
			s.Size = int64(numberOr(v.Get("size"), 0))
			s.Modified = time.UnixMilli(int64(numberOr(v.Get("modified"), 0)))
		}
		out = append(out, s)
	}
	return out
}

// checkRecord tells whether r is a record as record() makes them: an
// object whose data is bytes.
func checkRecord(r js.Value) error {
	if r.Type() != js.TypeObject || r.IsNull() {
		return fmt.Errorf("%w: a %s, not a map record", ErrDamaged, r.Type())
	}
	data := r.Get("data")
	if !data.InstanceOf(js.Global().Get("Uint8Array")) && !data.InstanceOf(js.Global().Get("ArrayBuffer")) {
		return fmt.Errorf("%w: a record without map data", ErrDamaged)
	}
	return nil
}

func numberOr(v js.Value, def float64) float64 {
	if v.Type() != js.TypeNumber {
		return def
	}
	return v.Float()
}

// Exists reports whether a slot of that name is saved.
func (d *DB) Exists(name string) (bool, error) {
	_, st, err := d.objectStore(slotsStore, "readonly")
	if err != nil {
		return false, err
	}
	req, err := call(st, "count", name)
	if err != nil {
		return false, err
	}
	n, err := wait(req)
	if err != nil {
		return false, err
	}
	return n.Int() > 0, nil
}

// Load returns the bytes saved under name, or ErrNotFound.
func (d *DB) Load(name string) ([]byte, error) {
	r, err := d.get(slotsStore, name)
	if err != nil {
		return nil, err
	}
	return bytesFromJS(r.Get("data"))
}

// Save stores data under name, replacing what was there.
func (d *DB) Save(name string, data []byte) error { return d.put(slotsStore, name, data, nil) }

// Delete removes a slot.
func (d *DB) Delete(name string) error { return d.remove(slotsStore, name) }

// SaveRecovery replaces the autosave of the tab id with data and the
// name the map is edited under, in one record so that they cannot
// disagree.
func (d *DB) SaveRecovery(id, name string, data []byte) error {
	return d.put(recoveryStore, id, data, map[string]any{"name": name})
}

// LoadRecovery returns the autosave of id and its map name, or
// ErrNotFound.
func (d *DB) LoadRecovery(id string) (name string, data []byte, err error) {
	r, err := d.get(recoveryStore, id)
	if err != nil {
		return "", nil, err
	}
	if data, err = bytesFromJS(r.Get("data")); err != nil {
		return "", nil, err
	}
	if n := r.Get("name"); n.Type() == js.TypeString {
		name = n.String()
	}
	return name, data, nil
}

// ClearRecovery removes the autosave of id.
func (d *DB) ClearRecovery(id string) error { return d.remove(recoveryStore, id) }

// RecoveryIDs lists the autosaves, newest first.
func (d *DB) RecoveryIDs() ([]Slot, error) {
	out, err := d.all(recoveryStore)
	if err != nil {
		return nil, fmt.Errorf("listing autosaves: %v", err)
	}
	slices.SortFunc(out, func(a, b Slot) int { return b.Modified.Compare(a.Modified) })
	return out, nil
}
