//go:build js

package files

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"syscall/js"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
	"hexsandbox/web/store"
)

// Browser is the Store of the browser build: named maps and recovery
// autosaves in IndexedDB, in the product's format. Each tab has an
// autosave of its own under a random id, and holds a Web Lock named
// after it for as long as it lives; a later start offers the autosaves
// whose lock nobody holds (their tab is gone).
type Browser struct {
	db *store.DB
	id string

	mu      sync.Mutex
	own     func() // releases this tab's lock; nil without Web Locks
	claimed map[string]func()
}

// lockName is the Web Lock of an autosave.
func lockName(id string) string { return "hexsandbox-recovery:" + id }

// OpenBrowser opens the browser's map storage.
func OpenBrowser() (*Browser, error) {
	db, err := store.Open()
	if err != nil {
		return nil, err
	}
	var id [8]byte
	rand.Read(id[:])
	b := &Browser{db: db, id: hex.EncodeToString(id[:]), claimed: map[string]func(){}}
	if release, held, err := store.HoldLock(lockName(b.id)); err == nil && held {
		b.own = release
	}
	return b, nil
}

// List returns the saved maps sorted by name.
func (b *Browser) List() ([]Entry, error) {
	slots, err := b.db.List()
	if err != nil {
		return nil, err
	}
	out := make([]Entry, len(slots))
	for i, s := range slots {
		out[i] = Entry{Name: s.Name, Modified: s.Modified, Size: s.Size, Damaged: s.Damaged}
		if h, err := saves.PeekBytes(s.Head); err == nil {
			out[i].Shape = h.Shape
		}
	}
	return out, nil
}

// Exists reports whether anything takes the name of map name.
func (b *Browser) Exists(name string) (bool, error) { return b.db.Exists(name) }

// Load reads a saved map.
func (b *Browser) Load(ctx context.Context, name string) (*hexmap.Grid, saves.Info, error) {
	data, err := b.db.Load(name)
	if errors.Is(err, store.ErrDamaged) {
		return nil, saves.Info{}, fmt.Errorf("%q is damaged (%v): delete it, or save a map under its name", name, err)
	}
	if err != nil {
		return nil, saves.Info{}, fmt.Errorf("opening %q: %v", name, err)
	}
	g, info, err := saves.Read(readerFor(ctx, bytes.NewReader(data), int64(len(data))))
	if err != nil {
		return nil, saves.Info{}, fmt.Errorf("opening %q: %w", name, err)
	}
	return g, info, nil
}

// encodeFor writes g with the saved match match in the product's format
// for a task.
func encodeFor(ctx context.Context, g *hexmap.Grid, match []byte) ([]byte, error) {
	var buf bytes.Buffer
	if err := saves.WriteMatch(writerFor(ctx, &buf), g, match); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Save writes a map, replacing any of the same name.
func (b *Browser) Save(ctx context.Context, name string, g *hexmap.Grid, match []byte) error {
	data, err := encodeFor(ctx, g, match)
	if err == nil {
		err = b.db.Save(name, data)
	}
	if err != nil {
		return fmt.Errorf("saving %q: %v", name, err)
	}
	return nil
}

// Delete removes a saved map.
func (b *Browser) Delete(name string) error {
	if err := b.db.Delete(name); err != nil {
		return fmt.Errorf("deleting %q: %v", name, err)
	}
	return nil
}

// SaveRecovery replaces this tab's autosave.
func (b *Browser) SaveRecovery(ctx context.Context, name, suggested string, g *hexmap.Grid) error {
	return b.SaveRecoveryMatch(ctx, name, suggested, g, nil)
}

// SaveRecoveryMatch is SaveRecovery of a map carrying the saved match
// match (nil for none).
func (b *Browser) SaveRecoveryMatch(ctx context.Context, name, suggested string, g *hexmap.Grid, match []byte) error {
	data, err := encodeFor(ctx, g, match)
	if err == nil {
		err = b.db.SaveRecovery(b.id, name, suggested, data)
	}
	if err != nil {
		return fmt.Errorf("autosave: %v", err)
	}
	return nil
}

// ClearRecovery removes this tab's autosave.
func (b *Browser) ClearRecovery() error { return b.db.ClearRecovery(b.id) }

// OwnRecovery reads this tab's autosave, or returns ErrNoRecovery.
func (b *Browser) OwnRecovery() (string, *hexmap.Grid, error) {
	n, g, _, err := b.readRecovery(b.id)
	return n.name, g, err
}

// NewestRecovery reads the newest autosave of any tab and the match it
// carries (nil for none; the browser tests' hooks look at them across
// reloads), or returns ErrNoRecovery.
func (b *Browser) NewestRecovery() (*hexmap.Grid, []byte, error) {
	ids, err := b.db.RecoveryIDs()
	if err != nil {
		return nil, nil, err
	}
	if len(ids) == 0 {
		return nil, nil, ErrNoRecovery
	}
	_, g, match, err := b.readRecovery(ids[0].Name)
	return g, match, err
}

// readRecovery reads the autosave of tab id and the match it carries.
func (b *Browser) readRecovery(id string) (recoveryNames, *hexmap.Grid, []byte, error) {
	name, suggested, data, err := b.db.LoadRecovery(id)
	if errors.Is(err, store.ErrNotFound) {
		return recoveryNames{}, nil, nil, ErrNoRecovery
	}
	if err != nil {
		return recoveryNames{}, nil, nil, fmt.Errorf("recovery autosave: %v", err)
	}
	g, info, err := saves.ReadBytes(data)
	if err != nil {
		return recoveryNames{}, nil, nil, fmt.Errorf("recovery autosave: %w", err)
	}
	valid := func(n string) string {
		if v, err := ValidName(n); err == nil {
			return v
		}
		return "" // the map matters, its old name does not
	}
	return recoveryNames{valid(name), valid(suggested)}, g, info.Match, nil
}

// ClaimRecovery claims and reads the newest autosave whose tab is gone.
func (b *Browser) ClaimRecovery(ctx context.Context) (*Recovery, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	ids, err := b.db.RecoveryIDs()
	if err != nil {
		return nil, err
	}
	for _, s := range ids {
		if s.Name == b.id || b.claimed[s.Name] != nil {
			continue
		}
		release, held, err := store.HoldLock(lockName(s.Name))
		switch {
		case errors.Is(err, errors.ErrUnsupported):
			release = func() {} // no locks: every other autosave counts as left
		case err != nil:
			return nil, err
		case !held:
			continue // its tab is open
		}
		b.claimed[s.Name] = release
		r := &Recovery{key: s.Name, Saved: s.Modified}
		var names recoveryNames
		names, r.Grid, r.Match, r.Err = b.readRecovery(s.Name)
		r.Name, r.Suggested = names.name, names.suggested
		if s.Damaged != "" {
			r.Err = fmt.Errorf("the autosave is damaged: %s", s.Damaged)
		}
		return r, nil
	}
	return nil, ErrNoRecovery
}

// DropRecovery deletes a claimed autosave.
func (b *Browser) DropRecovery(r *Recovery) error {
	err := b.db.ClearRecovery(r.key)
	b.ReleaseRecovery(r)
	return err
}

// ReleaseRecovery gives a claim back for a later start.
func (b *Browser) ReleaseRecovery(r *Recovery) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if release := b.claimed[r.key]; release != nil {
		release()
		delete(b.claimed, r.key)
	}
}

// Close lets go of this tab's lock and its claims, and of the database.
func (b *Browser) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for key, release := range b.claimed {
		release()
		delete(b.claimed, key)
	}
	if b.own != nil {
		b.own()
		b.own = nil
	}
	b.db.Close()
	return nil
}

// prefsKey is where the preferences live in the page's localStorage.
const prefsKey = "hexsandbox.prefs"

// SavePrefs keeps the preferences in the page's localStorage.
func (b *Browser) SavePrefs(data []byte) error {
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return errors.New("this browser keeps no preferences (no localStorage)")
	}
	return store.Catch(func() { ls.Call("setItem", prefsKey, string(data)) })
}

// LoadPrefs reads the preferences, nil when there are none.
func (b *Browser) LoadPrefs() ([]byte, error) {
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return nil, nil
	}
	v := ls.Call("getItem", prefsKey)
	if v.Type() != js.TypeString {
		return nil, nil
	}
	s := v.String() // localStorage holds a few MB at most
	if len(s) > MaxPrefsSize {
		return nil, fmt.Errorf("preferences larger than %d bytes", MaxPrefsSize)
	}
	return []byte(s), nil
}

// Download offers g to the user as a file named after the map.
func Download(name string, g *hexmap.Grid) error {
	return download(name, Ext, g, Encode)
}

// DownloadCatlike offers g as a Catlike Hex Map save (.map).
func DownloadCatlike(name string, g *hexmap.Grid) error {
	return download(name, saves.CatlikeExt, g, EncodeCatlike)
}

func download(name, ext string, g *hexmap.Grid, encode func(*hexmap.Grid) ([]byte, error)) error {
	data, err := encode(g)
	if err != nil {
		return fmt.Errorf("download: %v", err)
	}
	if name == "" {
		name = "map"
	}
	return store.Download(name+ext, data)
}

// ErrCanceled is the error of a PickFile result when the user chose no
// file.
var ErrCanceled = store.ErrCanceled

// PickFile opens the browser's file picker for a map in either format
// and returns at once; the channel receives the map read from the chosen
// file (an error wrapping store.ErrCanceled if none was chosen).
func PickFile() <-chan LoadResult {
	out := make(chan LoadResult, 1)
	picked := store.PickFile(Ext + ",.map,application/octet-stream")
	go func() {
		p := <-picked
		if p.Err != nil {
			out <- LoadResult{Err: p.Err}
			return
		}
		l, err := ReadBytes(p.Name, p.Data)
		out <- LoadResult{Loaded: l, Err: err}
	}()
	return out
}

// LoadResult is a map read from a file the user picked, or why not.
type LoadResult struct {
	Loaded
	Err error
}

// ReadBytes reads a map in either format from the bytes of a file.
func ReadBytes(fileName string, data []byte) (Loaded, error) {
	g, info, err := saves.ReadBytes(data)
	if err != nil {
		return Loaded{}, fmt.Errorf("%s: %v", fileName, err)
	}
	return Loaded{Grid: g, Name: NameFromFile(fileName), Info: info}, nil
}
