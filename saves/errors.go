package saves

import (
	"errors"
	"io"
)

// The kinds of failure that callers tell apart with errors.Is. Every
// error of the readers, LoadFile, Open and the savers is of at least one
// kind; the message says what exactly went wrong, in one line.
var (
	// ErrNotMap: the data is not a map file of either format.
	ErrNotMap = errors.New("not a map file")
	// ErrCorrupt: a map file, but damaged: cut short, a checksum that
	// does not match, values out of range.
	ErrCorrupt = errors.New("damaged map file")
	// ErrVersion: a map file of a format version this program cannot read.
	ErrVersion = errors.New("unsupported map format version")
	// ErrIO: the file could not be read or written (missing, no
	// permission, disk full, not a regular file).
	ErrIO = errors.New("file input/output error")
	// ErrNotRegular: the path is a named pipe, a device, a folder or a
	// socket; it is refused before being opened and left untouched. Such
	// errors are ErrIO too.
	ErrNotRegular = errors.New("not a regular file")
	// ErrHardLinked: a save would replace a file that has other hard
	// links, which would then keep the old content. Such errors are ErrIO
	// too.
	ErrHardLinked = errors.New("file has other hard links")
)

// kindError gives an error its kinds without changing its message.
type kindError struct {
	kinds []error
	err   error
}

func (e *kindError) Error() string   { return e.err.Error() }
func (e *kindError) Unwrap() []error { return append([]error{e.err}, e.kinds...) }

func withKind(err error, kinds ...error) error {
	if err == nil {
		return nil
	}
	return &kindError{kinds: kinds, err: err}
}

// hasKind reports whether err already carries one of the kinds.
func hasKind(err error) bool {
	for _, k := range []error{ErrNotMap, ErrCorrupt, ErrVersion, ErrIO} {
		if errors.Is(err, k) {
			return true
		}
	}
	return false
}

// trackReader keeps the first error of the reader under a map reader
// other than the end of the data, so that a failed read is reported as
// what it is (ErrIO) rather than as the damage it seems to cause.
type trackReader struct {
	r   io.Reader
	err error
}

func (t *trackReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if err != nil && err != io.EOF && t.err == nil {
		t.err = err
	}
	return n, err
}

// readError classifies a reader's error: a failure of the underlying
// reader is ErrIO (with its own message), anything else without a kind
// is damage.
func readError(err, readErr error) error {
	switch {
	case readErr != nil:
		return withKind(readErr, ErrIO)
	case hasKind(err):
		return err
	}
	return withKind(err, ErrCorrupt)
}

// trackWriter does for the file under a save what trackReader does for
// reads: a save failing because the file could not be written is ErrIO,
// one failing in the caller's write function keeps that function's error.
type trackWriter struct {
	w   io.Writer
	err error
}

func (t *trackWriter) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	if err != nil && t.err == nil {
		t.err = err
	}
	return n, err
}

// ioError marks a file system error as ErrIO (an *fs.PathError names
// its path already).
func ioError(err error) error {
	if err == nil || errors.Is(err, ErrIO) {
		return err
	}
	return withKind(err, ErrIO)
}
