package saves

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"hexsandbox/hexmap"
	"hexsandbox/internal/filelock"
)

// SaveFile writes g to path atomically in the product's format (see
// WriteFileAtomic).
func SaveFile(path string, g *hexmap.Grid) error { return saveFile(path, g, nil) }

// SaveFileWithMatch is SaveFile with a saved match (see WriteMatch).
func SaveFileWithMatch(path string, g *hexmap.Grid, match []byte) error {
	return writeAtomic(path, nil, func(w io.Writer) error { return WriteMatch(w, g, match) })
}

// saveFile is SaveFile; wrap, when not nil, wraps the temporary file's
// writer so that tests can make a save fail midway.
func saveFile(path string, g *hexmap.Grid, wrap func(io.Writer) io.Writer) error {
	return writeAtomic(path, wrap, func(w io.Writer) error { return Write(w, g) })
}

// WriteFileAtomic writes a file through write without ever leaving it
// half-written: into a temporary file .NAME.tmp-* in the same folder,
// synced, then renamed over the file. A failed write removes the
// temporary file and leaves the file as it was. What is at path is never
// harmed:
//
//   - a symbolic link stays a link, and the file it leads to gets the new
//     content (its temporary file is made in that file's folder);
//   - anything that is not a regular file (a named pipe, a device, a
//     folder, a socket) is refused with ErrNotRegular and left alone;
//   - a file with other hard links is refused with ErrHardLinked and left
//     alone: replacing it would leave the other names with the old
//     content, and writing into it in place could leave it half-written
//     if the program died midway;
//   - the permissions of the file replaced are kept (new files get 0644).
//
// The temporary file is locked while it is written; temporary files of
// the same name that a killed save left behind are removed (see
// RemoveStaleTemps).
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	return writeAtomic(path, nil, write)
}

func writeAtomic(path string, wrap func(io.Writer) io.Writer, write func(io.Writer) error) error {
	return aboutFile(writeTemp(path, wrap, write), path, true)
}

// writeTemp is writeAtomic, its errors not yet marked as about path.
func writeTemp(path string, wrap func(io.Writer) io.Writer, write func(io.Writer) error) (err error) {
	target, perm, err := saveTarget(path)
	if err != nil {
		return err
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	removeStaleTemps(dir, base, time.Now())
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("saving %s: %w", path, ioError(err))
	}
	filelock.TryLock(f) // best effort: tells cleaners that this save still runs
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
	tw := &trackWriter{w: w}
	bw := bufio.NewWriterSize(tw, 64<<10)
	if err = write(bw); err == nil {
		err = bw.Flush()
	}
	if err != nil {
		if tw.err != nil {
			return ioError(err)
		}
		return err // the caller's own failure, as it made it
	}
	if err = f.Chmod(perm); err == nil {
		err = f.Sync()
	}
	if err != nil {
		return ioError(err)
	}
	closed = true
	if err = f.Close(); err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		return ioError(err)
	}
	syncDir(dir)
	return nil
}

// maxLinkHops bounds how many symbolic links a save follows (as the
// systems do, to stop at loops).
const maxLinkHops = 40

// saveTarget is the file a save to path replaces: path itself or, for a
// symbolic link, the file the links lead to; perm is the permissions the
// new file gets. Anything that must not be replaced is refused here,
// before a byte is written.
func saveTarget(path string) (target string, perm fs.FileMode, err error) {
	target = path
	for hops := 0; ; hops++ {
		st, err := os.Lstat(target)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return target, 0o644, nil
		case err != nil:
			return "", 0, fmt.Errorf("saving %s: %w", path, ioError(err))
		case st.Mode()&fs.ModeSymlink != 0:
			if hops == maxLinkHops {
				return "", 0, withKind(fmt.Errorf("saving %s: more than %d symbolic links in a row", path, maxLinkHops), ErrIO)
			}
			link, err := os.Readlink(target)
			if err != nil {
				return "", 0, fmt.Errorf("saving %s: %w", path, ioError(err))
			}
			if !filepath.IsAbs(link) {
				link = filepath.Join(filepath.Dir(target), link)
			}
			target = link
			continue
		case !st.Mode().IsRegular():
			return "", 0, checkRegular(leadsTo(path, target), st, "replace")
		case linkCount(st) > 1:
			return "", 0, withKind(fmt.Errorf("%s has %d hard links: refusing to replace it, which would leave the other names with the old content (save under another name, or remove the other links)",
				leadsTo(path, target), linkCount(st)), ErrHardLinked, ErrIO)
		}
		return target, st.Mode().Perm(), nil
	}
}

// leadsTo names a link's target in messages about it.
func leadsTo(path, target string) string {
	if path == target {
		return path
	}
	return path + " (a link to " + target + ")"
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

// StaleTempAge is how old a save's temporary file must be before it is
// taken for one left behind by a save that was killed: saves take
// seconds, and a running one keeps its file locked besides.
const StaleTempAge = 10 * time.Minute

// RemoveStaleTemps removes from dir the temporary files of saves that
// were killed before they finished: regular files named .NAME.tmp-DIGITS
// (as WriteFileAtomic names them), older than StaleTempAge, that no
// running save holds locked. It returns how many it removed; it fails
// quietly, as a cleanup should.
func RemoveStaleTemps(dir string) int { return removeStaleTemps(dir, "", time.Now()) }

// removeStaleTemps is RemoveStaleTemps for the temporary files of base
// only, or of every name when base is "".
func removeStaleTemps(dir, base string, now time.Time) int {
	des, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, de := range des {
		if !isTempName(de.Name(), base) {
			continue
		}
		p := filepath.Join(dir, de.Name())
		if staleTemp(p, now) && os.Remove(p) == nil {
			n++
		}
	}
	return n
}

// isTempName reports whether name is a save's temporary file (of base,
// unless base is ""): "." + NAME + ".tmp-" + the digits os.CreateTemp
// puts for its "*".
func isTempName(name, base string) bool {
	i := strings.LastIndex(name, ".tmp-")
	if i < 2 || name[0] != '.' || (base != "" && name[1:i] != base) {
		return false
	}
	digits := name[i+len(".tmp-"):]
	return digits != "" && strings.Trim(digits, "0123456789") == ""
}

// staleTemp reports whether the temporary file at path is old and not
// locked by a save that is still running. The lock is released before
// the caller removes the file (Windows cannot remove an open file); no
// save reopens an existing temporary file, so none can start in between.
func staleTemp(path string, now time.Time) bool {
	st, err := os.Lstat(path)
	if err != nil || !st.Mode().IsRegular() || now.Sub(st.ModTime()) < StaleTempAge {
		return false
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	err = filelock.TryLock(f)
	return err == nil || errors.Is(err, filelock.ErrUnsupported)
}
