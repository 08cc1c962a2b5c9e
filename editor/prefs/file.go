//go:build !js

package prefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"hexsandbox/saves"
)

// FileName is the preferences file's name in the config folder.
const FileName = "settings.json"

// File keeps Prefs in a JSON file.
type File struct{ Path string }

// DefaultDir is os.UserConfigDir()/hexsandbox, where the maps folder
// lives too.
func DefaultDir() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no folder for settings: %v", err)
	}
	return filepath.Join(base, "hexsandbox"), nil
}

// InDir is the preferences file in folder dir.
func InDir(dir string) File { return File{Path: filepath.Join(dir, FileName)} }

// Load reads the file; a missing file gives the defaults without error.
func (f File) Load() (Prefs, error) {
	r, err := os.Open(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return Default(), err
	}
	defer r.Close()
	p, err := decode(r)
	if err != nil {
		err = fmt.Errorf("%s: %v", f.Path, err)
	}
	return p, err
}

// Save writes the file atomically, creating its folder if needed: a
// failed save leaves the old file as it was.
func (f File) Save(p Prefs) error {
	data, err := encode(p)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
		return fmt.Errorf("settings folder: %v", err)
	}
	return saves.WriteFileAtomic(f.Path, func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}
