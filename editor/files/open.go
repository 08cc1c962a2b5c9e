package files

import (
	"context"
	"fmt"
	"io"
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

// OpenPath reads a map file in either format from the file system,
// refusing anything that is not a regular file before opening it; ctx
// cancels the read and takes its progress.
func OpenPath(ctx context.Context, p string) (Loaded, error) {
	g, info, err := loadFile(ctx, p)
	if err != nil {
		return Loaded{}, err // it names the file already
	}
	return Loaded{Grid: g, Name: NameFromFile(p), Info: info}, nil
}

// OpenPathOp is OpenPath as an Op: the map read is passed to use.
func OpenPathOp(p string, use func(Loaded)) Op {
	return loadOp("Opening "+filepath.Base(p), func(ctx context.Context) (Loaded, error) { return OpenPath(ctx, p) }, use)
}

// OpenFSOp is OpenFS as an Op: the map read is passed to use.
func OpenFSOp(fsys fs.FS, use func(Loaded)) Op {
	return loadOp("Opening the dropped file", func(ctx context.Context) (Loaded, error) { return OpenFS(ctx, fsys) }, use)
}

// loadOp reads a map with load off the UI loop and passes it to use.
func loadOp(label string, load func(context.Context) (Loaded, error), use func(Loaded)) Op {
	var l Loaded
	return Op{
		Label:      label,
		Detachable: true,
		Run:        func(ctx context.Context) (err error) { l, err = load(ctx); return err },
		Finish: func(err error) {
			if err == nil {
				use(l)
			}
		},
	}
}

// OpenFS reads the first map file of fsys (what ebiten.DroppedFiles gives,
// on the desktop and in the browser alike). Like OpenPath it looks at
// what the file is before opening it (the listing of a drop says, from
// the file system), and again once it is open.
func OpenFS(ctx context.Context, fsys fs.FS) (Loaded, error) {
	var first fs.DirEntry
	var firstPath string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || first != nil {
			return err
		}
		if !d.IsDir() {
			first, firstPath = d, p
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		return Loaded{}, fmt.Errorf("dropped files: %v", err)
	}
	if first == nil {
		return Loaded{}, fmt.Errorf("no file was dropped")
	}
	base := path.Base(firstPath)
	if err := checkDropped(base, first.Type()); err != nil {
		return Loaded{}, err
	}
	f, err := fsys.Open(firstPath)
	if err != nil {
		return Loaded{}, saves.AboutFile(err, base, false)
	}
	defer f.Close()
	st, err := f.Stat()
	switch {
	case err != nil:
		return Loaded{}, saves.AboutFile(err, base, false)
	case checkDropped(base, st.Mode()) != nil:
		return Loaded{}, checkDropped(base, st.Mode())
	case st.Size() > MaxFileSize:
		return Loaded{}, fmt.Errorf("%s: %d bytes is too large for a map", base, st.Size())
	}
	g, info, err := saves.Read(readerFor(ctx, io.LimitReader(f, MaxFileSize), st.Size()))
	if err != nil {
		return Loaded{}, saves.AboutFile(err, base, false)
	}
	return Loaded{Grid: g, Name: NameFromFile(firstPath), Info: info}, nil
}

// checkDropped refuses a dropped file that is not a regular one.
func checkDropped(base string, m fs.FileMode) error {
	if m.Type() == 0 {
		return nil
	}
	return fmt.Errorf("%s is %s: %w", base, saves.DescribeMode(m), saves.ErrNotRegular)
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
