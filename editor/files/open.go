package files

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// MaxFileSize bounds what is read from a dropped or opened file; the
// largest legal map is far smaller even uncompressed.
const MaxFileSize = 64 << 20

// Loaded is a map read from outside the Store, with the name to offer
// for saving it.
type Loaded struct {
	Grid *hexmap.Grid
	Name string
	Info saves.Info
}

// OpenPath reads a map file in either format from the file system.
func OpenPath(p string) (Loaded, error) {
	g, info, err := saves.LoadFile(p)
	if err != nil {
		return Loaded{}, err // it names the file already
	}
	return Loaded{Grid: g, Name: NameFromFile(p), Info: info}, nil
}

// OpenFS reads the first map file of fsys (what ebiten.DroppedFiles gives,
// on the desktop and in the browser alike).
func OpenFS(fsys fs.FS) (Loaded, error) {
	var first string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || first != "" {
			return err
		}
		if !d.IsDir() {
			first = p
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		return Loaded{}, fmt.Errorf("dropped files: %v", err)
	}
	if first == "" {
		return Loaded{}, fmt.Errorf("no file was dropped")
	}
	f, err := fsys.Open(first)
	if err != nil {
		return Loaded{}, fmt.Errorf("%s: %v", path.Base(first), err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > MaxFileSize {
		return Loaded{}, fmt.Errorf("%s: %d bytes is too large for a map", path.Base(first), st.Size())
	}
	g, info, err := saves.Read(f)
	if err != nil {
		return Loaded{}, fmt.Errorf("%s: %v", path.Base(first), err)
	}
	return Loaded{Grid: g, Name: NameFromFile(first), Info: info}, nil
}

// NameFromFile turns a file path into a map name to offer: the base name
// without extension, made valid, or "" when nothing usable is left.
func NameFromFile(p string) string {
	base := path.Base(filepath.ToSlash(p))
	if ext := path.Ext(base); ext != "" {
		base = strings.TrimSuffix(base, ext)
	}
	base = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < 0x20 {
			return '_'
		}
		return r
	}, strings.TrimLeft(base, ". "))
	if len([]rune(base)) > MaxNameLength {
		base = string([]rune(base)[:MaxNameLength])
	}
	n, err := ValidName(base)
	if err != nil {
		return ""
	}
	return n
}
