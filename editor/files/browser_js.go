//go:build js

package files

import (
	"errors"
	"fmt"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
	"hexsandbox/web/store"
)

// Browser is the Store of the browser build: named maps and the recovery
// autosave in IndexedDB, in the product's format.
type Browser struct{ db *store.DB }

// OpenBrowser opens the browser's map storage.
func OpenBrowser() (*Browser, error) {
	db, err := store.Open()
	if err != nil {
		return nil, err
	}
	return &Browser{db: db}, nil
}

// List returns the saved maps sorted by name.
func (b *Browser) List() ([]Entry, error) {
	slots, err := b.db.List()
	if err != nil {
		return nil, err
	}
	out := make([]Entry, len(slots))
	for i, s := range slots {
		out[i] = Entry{Name: s.Name, Modified: s.Modified, Size: s.Size}
	}
	return out, nil
}

// Exists reports whether a map of that name is saved.
func (b *Browser) Exists(name string) (bool, error) { return b.db.Exists(name) }

// Load reads a saved map.
func (b *Browser) Load(name string) (*hexmap.Grid, hexmap.BatchReport, error) {
	data, err := b.db.Load(name)
	if err != nil {
		return nil, hexmap.BatchReport{}, fmt.Errorf("opening %q: %v", name, err)
	}
	g, info, err := saves.ReadBytes(data)
	if err != nil {
		return nil, hexmap.BatchReport{}, fmt.Errorf("opening %q: %v", name, err)
	}
	return g, info.Dropped, nil
}

// Save writes a map, replacing any of the same name.
func (b *Browser) Save(name string, g *hexmap.Grid) error {
	data, err := Encode(g)
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

// SaveRecovery replaces the autosave.
func (b *Browser) SaveRecovery(name string, g *hexmap.Grid) error {
	data, err := Encode(g)
	if err == nil {
		err = b.db.SaveRecovery(name, data)
	}
	if err != nil {
		return fmt.Errorf("autosave: %v", err)
	}
	return nil
}

// LoadRecovery reads the autosave, or returns ErrNoRecovery.
func (b *Browser) LoadRecovery() (string, *hexmap.Grid, error) {
	name, data, err := b.db.LoadRecovery()
	if errors.Is(err, store.ErrNotFound) {
		return "", nil, ErrNoRecovery
	}
	if err != nil {
		return "", nil, fmt.Errorf("recovery autosave: %v", err)
	}
	g, _, err := saves.ReadBytes(data)
	if err != nil {
		return "", nil, fmt.Errorf("recovery autosave: %v", err)
	}
	if name, err = ValidName(name); err != nil {
		name = "" // the map matters, its old name does not
	}
	return name, g, nil
}

// ClearRecovery removes the autosave.
func (b *Browser) ClearRecovery() error { return b.db.ClearRecovery() }

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
