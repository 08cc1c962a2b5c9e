package saves

import (
	"fmt"
	"io/fs"
	"os"
)

// Open opens a map file for reading. A path that is not a regular file
// (a named pipe, a device, a folder, a socket) is refused with
// ErrNotRegular before it is opened, so that reading never waits for a
// pipe's writer or reads a device without end. The path is opened
// without blocking and checked again once open, in case it was swapped
// in between. A symbolic link is followed to what it points at.
func Open(path string) (*os.File, error) {
	f, err := open(path)
	return f, aboutFile(err, path, false)
}

func open(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, ioError(err)
	}
	if err := checkRegular(path, st, "read"); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, ioError(err)
	}
	if st, err = f.Stat(); err != nil {
		err = ioError(err)
	} else {
		err = checkRegular(path, st, "read")
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkRegular refuses anything but a regular file, naming what it is
// and what was not done to it.
func checkRegular(path string, st fs.FileInfo, verb string) error {
	if st.Mode().IsRegular() {
		return nil
	}
	return withKind(&notRegularError{path, DescribeMode(st.Mode()), verb}, ErrNotRegular, ErrIO)
}

// notRegularError is checkRegular's refusal: path is what (a folder, a
// named pipe…), so it was not verb-ed (read, replaced).
type notRegularError struct{ path, what, verb string }

func (e *notRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file: refusing to %s it", e.path, e.what, e.verb)
}

// DescribeMode names the kind of file a mode is, for messages: "a folder",
// "a named pipe (FIFO)", "a device"…
func DescribeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}
