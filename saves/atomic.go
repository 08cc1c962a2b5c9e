package saves

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"hexsandbox/hexmap"
)

// SaveFile writes g to path atomically in the product's format (see
// WriteFileAtomic).
func SaveFile(path string, g *hexmap.Grid) error { return saveFile(path, g, nil) }

// saveFile is SaveFile; wrap, when not nil, wraps the temporary file's
// writer so that tests can make a save fail midway.
func saveFile(path string, g *hexmap.Grid, wrap func(io.Writer) io.Writer) error {
	return writeAtomic(path, wrap, func(w io.Writer) error { return Write(w, g) })
}

// WriteFileAtomic writes a file through write: into a temporary file in
// the same folder, synced, then renamed over path. A failed write removes
// the temporary file and leaves path as it was.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	return writeAtomic(path, nil, write)
}

func writeAtomic(path string, wrap func(io.Writer) io.Writer, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	tmp := f.Name()
	closed := false
	defer func() {
		if err != nil {
			if !closed {
				f.Close()
			}
			os.Remove(tmp)
			err = fmt.Errorf("saving %s: %w", path, err)
		}
	}()
	var w io.Writer = f
	if wrap != nil {
		w = wrap(f)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = f.Chmod(fileMode(path)); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	closed = true
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// fileMode keeps the permissions of the file being replaced; new files
// get the usual 0644 (CreateTemp's 0600 would hide maps from other users).
func fileMode(path string) os.FileMode {
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		return st.Mode().Perm()
	}
	return 0o644
}

// syncDir makes the rename durable where the system allows syncing a
// folder; where it does not, the rename is still atomic.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// CatlikeExt is the file extension of Catlike Hex Map saves.
const CatlikeExt = ".map"

// FormatFor returns the format a file name asks for: Catlike's version 5
// for a .map file (any case), the product's for any other name.
func FormatFor(path string) Format {
	if strings.EqualFold(filepath.Ext(path), CatlikeExt) {
		return FormatCatlike
	}
	return FormatHexsandbox
}

// WriteFormat writes g in format f.
func WriteFormat(w io.Writer, g *hexmap.Grid, f Format) error {
	if f == FormatCatlike {
		return WriteCatlike(w, g)
	}
	return Write(w, g)
}

// SaveFileFor writes g to path atomically in the format its name asks
// for (FormatFor) and returns that format.
func SaveFileFor(path string, g *hexmap.Grid) (Format, error) {
	f := FormatFor(path)
	return f, WriteFileAtomic(path, func(w io.Writer) error { return WriteFormat(w, g, f) })
}
