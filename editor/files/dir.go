package files

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/filelock"
	"hexsandbox/saves"
)

// Ext is the extension of maps in the product's format.
const Ext = ".hexmap"

// Recovery autosaves are hidden files of the maps folder, one per
// running editor, named by a random id: .recovery-ID.hexmap holds the
// map and its name (see recovery.go) and .recovery-ID.lock is locked by
// the editor for as long as it runs, so that another editor offers only
// the autosaves of editors that are gone. The leading dot keeps them out
// of listings and out of reach of map names. legacyMap and legacyName
// are the single autosave of earlier versions, offered once like an
// orphan.
const (
	recoveryPrefix = ".recovery-"
	lockExt        = ".lock"
	legacyMap      = ".recovery" + Ext
	legacyName     = ".recovery.name"
	legacyKey      = "legacy"
	// prefsFile is the editor's preferences (SavePrefs).
	prefsFile = ".editor-prefs.json"
)

// Dir is the desktop Store: one file per map in a folder.
type Dir struct {
	Path string

	mu      sync.Mutex
	own     *slot            // this editor's autosave slot, from its first autosave
	claimed map[string]*slot // orphaned autosaves claimed by this editor
}

// slot is an autosave's lock, held open.
type slot struct {
	key  string
	lock *os.File
}

// DefaultDir is os.UserConfigDir()/hexsandbox/maps.
func DefaultDir() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no folder for maps: %v (use -maps DIR)", err)
	}
	return filepath.Join(base, "hexsandbox", "maps"), nil
}

// OpenDir returns the Store in path, creating the folder if needed, and
// removes the temporary files that saves killed midway left in it.
func OpenDir(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, fmt.Errorf("maps folder: %v", err)
	}
	saves.RemoveStaleTemps(path)
	return &Dir{Path: path, claimed: map[string]*slot{}}, nil
}

// file is the path of map name; names are checked again here so that no
// caller can reach outside the folder.
func (d *Dir) file(name string) (string, error) {
	n, err := ValidName(name)
	if err != nil {
		return "", err
	}
	return filepath.Join(d.Path, n+Ext), nil
}

// List returns the maps in the folder, sorted by name. Entries that are
// not regular files (a folder, a named pipe, a broken link) are listed
// as damaged: they take a map's name, and the user should see why.
func (d *Dir) List() ([]Entry, error) {
	des, err := os.ReadDir(d.Path)
	if err != nil {
		return nil, fmt.Errorf("listing maps: %v", err)
	}
	var out []Entry
	for _, de := range des {
		name, ok := strings.CutSuffix(de.Name(), Ext)
		if !ok || strings.HasPrefix(name, ".") {
			continue
		}
		e := Entry{Name: name}
		info, err := os.Stat(filepath.Join(d.Path, de.Name())) // through links
		switch {
		case errors.Is(err, fs.ErrNotExist) && de.Type()&fs.ModeSymlink != 0:
			e.Damaged = "a link to nothing"
		case err != nil:
			continue // removed while listing
		case !info.Mode().IsRegular():
			e.Damaged = saves.DescribeMode(info.Mode()) + ", not a map file"
		default:
			e.Modified, e.Size = info.ModTime(), info.Size()
			e.Shape = peekShape(filepath.Join(d.Path, de.Name()))
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// peekShape is the shape of the map in file p, from its header; zero
// when it does not read.
func peekShape(p string) hexmap.Topology {
	f, err := saves.Open(p)
	if err != nil {
		return hexmap.Topology{}
	}
	defer f.Close()
	h, err := saves.Peek(f)
	if err != nil {
		return hexmap.Topology{}
	}
	return h.Shape
}

// Exists reports whether anything takes the name of map name.
func (d *Dir) Exists(name string) (bool, error) {
	p, err := d.file(name)
	if err != nil {
		return false, err
	}
	_, err = os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// Load reads a saved map.
func (d *Dir) Load(ctx context.Context, name string) (*hexmap.Grid, saves.Info, error) {
	p, err := d.file(name)
	if err != nil {
		return nil, saves.Info{}, err
	}
	g, info, err := loadFile(ctx, p)
	if err != nil {
		return nil, saves.Info{}, fmt.Errorf("opening %q: %w", name, err)
	}
	return g, info, nil
}

// Save writes a map atomically, replacing any of the same name (see
// saves.WriteFileAtomic for what is never replaced).
func (d *Dir) Save(ctx context.Context, name string, g *hexmap.Grid, match []byte) error {
	p, err := d.file(name)
	if err != nil {
		return err
	}
	return saves.WriteFileAtomic(p, func(w io.Writer) error { return saves.WriteMatch(writerFor(ctx, w), g, match) })
}

// Delete removes a saved map.
func (d *Dir) Delete(name string) error {
	p, err := d.file(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil {
		return fmt.Errorf("deleting %q: %v", name, err)
	}
	return nil
}

func (d *Dir) recoveryPath(key string) string {
	if key == legacyKey {
		return filepath.Join(d.Path, legacyMap)
	}
	return filepath.Join(d.Path, recoveryPrefix+key+Ext)
}

func (d *Dir) lockPath(key string) string {
	if key == legacyKey {
		return filepath.Join(d.Path, ".recovery"+lockExt)
	}
	return filepath.Join(d.Path, recoveryPrefix+key+lockExt)
}

// SaveRecovery replaces this editor's autosave, taking its slot at the
// first call.
func (d *Dir) SaveRecovery(ctx context.Context, name, suggested string, g *hexmap.Grid) error {
	return d.SaveRecoveryMatch(ctx, name, suggested, g, nil)
}

// SaveRecoveryMatch is SaveRecovery of a map carrying the saved match
// match (nil for none).
func (d *Dir) SaveRecoveryMatch(ctx context.Context, name, suggested string, g *hexmap.Grid, match []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.own == nil {
		s, err := d.newSlot()
		if err != nil {
			return fmt.Errorf("autosave: %v", err)
		}
		d.own = s
	}
	err := saves.WriteFileAtomic(d.recoveryPath(d.own.key), func(w io.Writer) error {
		return writeRecoveryMatch(writerFor(ctx, w), recoveryNames{name, suggested}, g, match)
	})
	if err != nil {
		return fmt.Errorf("autosave: %w", err)
	}
	return nil
}

// newSlot makes and locks a lock file of a new random id. The file is
// created new (O_EXCL), so it is this editor's alone; cleaners remove
// only lock files older than saves.StaleTempAge, so none removes it
// before the lock is taken.
func (d *Dir) newSlot() (*slot, error) {
	for range 8 {
		var id [8]byte
		rand.Read(id[:])
		key := hex.EncodeToString(id[:])
		f, err := os.OpenFile(d.lockPath(key), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if err := filelock.TryLock(f); err != nil && !errors.Is(err, filelock.ErrUnsupported) {
			f.Close()
			return nil, err
		}
		return &slot{key: key, lock: f}, nil
	}
	return nil, errors.New("no free autosave name")
}

// OwnRecovery reads this editor's autosave (tests and the browser
// tests' hooks look at it); ErrNoRecovery before the first.
func (d *Dir) OwnRecovery() (string, *hexmap.Grid, error) {
	d.mu.Lock()
	own := d.own
	d.mu.Unlock()
	if own == nil {
		return "", nil, ErrNoRecovery
	}
	names, g, _, err := d.readRecovery(own.key)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, ErrNoRecovery
	}
	return names.name, g, err
}

// OwnRecoveryMatch is the match this editor's autosave carries (nil for
// none); ErrNoRecovery before the first.
func (d *Dir) OwnRecoveryMatch() ([]byte, error) {
	d.mu.Lock()
	own := d.own
	d.mu.Unlock()
	if own == nil {
		return nil, ErrNoRecovery
	}
	_, _, match, err := d.readRecovery(own.key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoRecovery
	}
	return match, err
}

// ClearRecovery removes this editor's autosave (after a save, or on a
// deliberate close).
func (d *Dir) ClearRecovery() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.own == nil {
		return nil
	}
	if err := os.Remove(d.recoveryPath(d.own.key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing the autosave: %v", err)
	}
	return nil
}

// orphan is an autosave on disk and when it was written.
type orphan struct {
	key string
	mod time.Time
}

// orphans lists the autosaves in the folder other than this editor's and
// its claims, newest first, and removes lock files left without an
// autosave by editors that are gone.
func (d *Dir) orphans() ([]orphan, error) {
	des, err := os.ReadDir(d.Path)
	if err != nil {
		return nil, fmt.Errorf("recovery: %v", err)
	}
	var out []orphan
	for _, de := range des {
		name := de.Name()
		key, isMap := strings.CutSuffix(strings.TrimPrefix(name, recoveryPrefix), Ext)
		if name == legacyMap {
			key, isMap = legacyKey, true
		} else if !strings.HasPrefix(name, recoveryPrefix) {
			continue
		}
		if !isMap {
			d.removeStaleLock(name)
			continue
		}
		if (d.own != nil && key == d.own.key) || d.claimed[key] != nil {
			continue
		}
		if info, err := de.Info(); err == nil && info.Mode().IsRegular() {
			out = append(out, orphan{key, info.ModTime()})
		}
	}
	slices.SortFunc(out, func(a, b orphan) int { return b.mod.Compare(a.mod) })
	return out, nil
}

// removeStaleLock removes a lock file whose autosave is gone, when it is
// old and nobody holds it.
func (d *Dir) removeStaleLock(name string) {
	key, ok := strings.CutSuffix(strings.TrimPrefix(name, recoveryPrefix), lockExt)
	if !ok || (d.own != nil && key == d.own.key) || d.claimed[key] != nil {
		return
	}
	if _, err := os.Lstat(d.recoveryPath(key)); !errors.Is(err, fs.ErrNotExist) {
		return
	}
	p := filepath.Join(d.Path, name)
	st, err := os.Lstat(p)
	if err != nil || !st.Mode().IsRegular() || time.Since(st.ModTime()) < saves.StaleTempAge {
		return
	}
	if f, err := os.OpenFile(p, os.O_RDWR, 0); err == nil {
		free := filelock.TryLock(f) == nil
		f.Close()
		if free {
			os.Remove(p)
		}
	}
}

// ClaimRecovery claims and reads the newest autosave whose editor is
// gone: one whose lock file is not locked.
func (d *Dir) ClaimRecovery(ctx context.Context) (*Recovery, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	list, err := d.orphans()
	if err != nil {
		return nil, err
	}
	for _, o := range list {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(d.lockPath(o.key), os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			continue
		}
		if err := filelock.TryLock(f); err != nil && !errors.Is(err, filelock.ErrUnsupported) {
			f.Close() // its editor still runs
			continue
		}
		d.claimed[o.key] = &slot{key: o.key, lock: f}
		r := &Recovery{key: o.key, Saved: o.mod}
		var names recoveryNames
		names, r.Grid, r.Match, r.Err = d.readRecovery(o.key)
		r.Name, r.Suggested = names.name, names.suggested
		if r.Err != nil {
			r.Err = fmt.Errorf("the autosave %s cannot be read: %w", filepath.Base(d.recoveryPath(o.key)), r.Err)
		}
		return r, nil
	}
	return nil, ErrNoRecovery
}

// readRecovery reads the autosave of key and the match it carries.
func (d *Dir) readRecovery(key string) (recoveryNames, *hexmap.Grid, []byte, error) {
	if key == legacyKey {
		name, g, err := d.readLegacy()
		return recoveryNames{name: name}, g, nil, err
	}
	f, err := saves.Open(d.recoveryPath(key))
	if err != nil {
		return recoveryNames{}, nil, nil, err
	}
	defer f.Close()
	return readRecoveryMatch(io.LimitReader(f, MaxFileSize))
}

// readLegacy reads the autosave of earlier versions: a map file and a
// file with its name.
func (d *Dir) readLegacy() (string, *hexmap.Grid, error) {
	g, _, err := saves.LoadFile(filepath.Join(d.Path, legacyMap))
	if err != nil {
		return "", nil, err
	}
	name, err := os.ReadFile(filepath.Join(d.Path, legacyName))
	if err != nil || len(name) > maxRecoveryName {
		name = nil
	}
	n, err := ValidName(string(name))
	if err != nil {
		n = ""
	}
	return n, g, nil
}

// DropRecovery deletes a claimed autosave and its lock file.
func (d *Dir) DropRecovery(r *Recovery) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.claimed[r.key]
	if s == nil {
		return errors.New("that autosave is not claimed")
	}
	var errs []error
	paths := []string{d.recoveryPath(r.key)}
	if r.key == legacyKey {
		paths = append(paths, filepath.Join(d.Path, legacyName))
	}
	for _, p := range paths {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	d.closeSlot(s, len(errs) == 0)
	delete(d.claimed, r.key)
	return errors.Join(errs...)
}

// ReleaseRecovery gives a claim back, for a later start to offer.
func (d *Dir) ReleaseRecovery(r *Recovery) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if s := d.claimed[r.key]; s != nil {
		d.closeSlot(s, false)
		delete(d.claimed, r.key)
	}
}

// closeSlot lets go of a slot's lock, removing the lock file first when
// asked (its autosave is gone, so nobody needs it).
func (d *Dir) closeSlot(s *slot, remove bool) {
	if remove {
		os.Remove(d.lockPath(s.key))
	}
	s.lock.Close()
}

// Close lets go of this editor's slot (its lock file goes too unless an
// autosave is left, which a later start will then offer) and of its
// claims. The Dir must not be used afterwards.
func (d *Dir) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.own != nil {
		_, err := os.Lstat(d.recoveryPath(d.own.key))
		d.closeSlot(d.own, errors.Is(err, fs.ErrNotExist))
		d.own = nil
	}
	for key, s := range d.claimed {
		d.closeSlot(s, false)
		delete(d.claimed, key)
	}
	return nil
}

// SavePrefs writes the preferences atomically.
func (d *Dir) SavePrefs(data []byte) error {
	err := saves.WriteFileAtomic(filepath.Join(d.Path, prefsFile), func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
	if err != nil {
		return fmt.Errorf("saving preferences: %v", err)
	}
	return nil
}

// LoadPrefs reads the preferences, nil when there are none.
func (d *Dir) LoadPrefs() ([]byte, error) {
	f, err := saves.Open(filepath.Join(d.Path, prefsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("preferences: %v", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxPrefsSize+1))
	if err == nil && len(b) > MaxPrefsSize {
		err = fmt.Errorf("larger than %d bytes", MaxPrefsSize)
	}
	if err != nil {
		return nil, fmt.Errorf("preferences: %v", err)
	}
	return b, nil
}

// loadFile reads a map file for a task: it refuses what is not a
// regular file or too large to be a map, reports progress and stops when
// the task is cancelled.
func loadFile(ctx context.Context, path string) (*hexmap.Grid, saves.Info, error) {
	return saves.LoadFileFrom(path, noise.New, func(f *os.File, size int64) (io.Reader, error) {
		if size > MaxFileSize {
			return nil, fmt.Errorf("%d bytes is too large for a map", size)
		}
		return readerFor(ctx, io.LimitReader(f, MaxFileSize), size), nil
	})
}
