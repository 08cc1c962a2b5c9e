package files

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// Ext is the extension of maps in the product's format.
const Ext = ".hexmap"

// recoveryMap and recoveryName are the autosave and the name of the map
// it belongs to; the leading dot keeps them out of listings and out of
// reach of map names.
const (
	recoveryMap  = ".recovery" + Ext
	recoveryName = ".recovery.name"
)

// Dir is the desktop Store: one file per map in a folder.
type Dir struct{ Path string }

// DefaultDir is os.UserConfigDir()/hexsandbox/maps.
func DefaultDir() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no folder for maps: %v (use -maps DIR)", err)
	}
	return filepath.Join(base, "hexsandbox", "maps"), nil
}

// OpenDir returns the Store in path, creating the folder if needed.
func OpenDir(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, fmt.Errorf("maps folder: %v", err)
	}
	return &Dir{Path: path}, nil
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

// List returns the maps in the folder, sorted by name.
func (d *Dir) List() ([]Entry, error) {
	des, err := os.ReadDir(d.Path)
	if err != nil {
		return nil, fmt.Errorf("listing maps: %v", err)
	}
	var out []Entry
	for _, de := range des {
		name, ok := strings.CutSuffix(de.Name(), Ext)
		if !ok || de.IsDir() || strings.HasPrefix(name, ".") {
			continue
		}
		info, err := de.Info()
		if err != nil {
			continue // removed while listing
		}
		out = append(out, Entry{Name: name, Modified: info.ModTime(), Size: info.Size()})
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// Exists reports whether a map of that name is saved.
func (d *Dir) Exists(name string) (bool, error) {
	p, err := d.file(name)
	if err != nil {
		return false, err
	}
	_, err = os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// Load reads a saved map.
func (d *Dir) Load(name string) (*hexmap.Grid, hexmap.BatchReport, error) {
	p, err := d.file(name)
	if err != nil {
		return nil, hexmap.BatchReport{}, err
	}
	g, info, err := saves.LoadFile(p)
	if err != nil {
		return nil, hexmap.BatchReport{}, fmt.Errorf("opening %q: %v", name, err)
	}
	return g, info.Dropped, nil
}

// Save writes a map atomically, replacing any of the same name.
func (d *Dir) Save(name string, g *hexmap.Grid) error {
	p, err := d.file(name)
	if err != nil {
		return err
	}
	if err := saves.SaveFile(p, g); err != nil {
		return fmt.Errorf("saving %q: %v", name, err)
	}
	return nil
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

// SaveRecovery replaces the autosave.
func (d *Dir) SaveRecovery(name string, g *hexmap.Grid) error {
	if err := saves.SaveFile(filepath.Join(d.Path, recoveryMap), g); err != nil {
		return fmt.Errorf("autosave: %v", err)
	}
	if err := os.WriteFile(filepath.Join(d.Path, recoveryName), []byte(name), 0o644); err != nil {
		return fmt.Errorf("autosave: %v", err)
	}
	return nil
}

// LoadRecovery reads the autosave, or returns ErrNoRecovery.
func (d *Dir) LoadRecovery() (string, *hexmap.Grid, error) {
	path := filepath.Join(d.Path, recoveryMap)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return "", nil, ErrNoRecovery
	}
	g, _, err := saves.LoadFile(path)
	if err != nil {
		return "", nil, fmt.Errorf("recovery autosave: %v", err)
	}
	name, err := os.ReadFile(filepath.Join(d.Path, recoveryName))
	if err != nil || len(name) > 4*MaxNameLength {
		name = nil // the map matters, its old name does not
	}
	n, err := ValidName(string(name))
	if err != nil {
		n = ""
	}
	return n, g, nil
}

// ClearRecovery removes the autosave (after a save, or when declined).
func (d *Dir) ClearRecovery() error {
	var errs []error
	for _, f := range []string{recoveryMap, recoveryName} {
		if err := os.Remove(filepath.Join(d.Path, f)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
