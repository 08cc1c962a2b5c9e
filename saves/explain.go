package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// fileError records which file an error is about and whether it was
// being read or written, for Explain. Its message is the error's own,
// unchanged: the detail for logs and verbose output.
type fileError struct {
	path  string
	write bool
	err   error
}

func (e *fileError) Error() string { return e.err.Error() }
func (e *fileError) Unwrap() error { return e.err }

// AboutFile marks err as about reading (write false) or writing path,
// for Explain: for a file read through Read, which knows no path.
func AboutFile(err error, path string, write bool) error { return aboutFile(err, path, write) }

// aboutFile marks err as about reading (write false) or writing path.
func aboutFile(err error, path string, write bool) error {
	if err == nil {
		return nil
	}
	var fe *fileError
	if errors.As(err, &fe) {
		return err
	}
	return &fileError{path: path, write: write, err: err}
}

// Explain is err as one sentence for a person: what went wrong with
// which file, without system calls, format details or the names of
// temporary files. Errors that are not about a map file (or not of this
// package) come back as their own message.
func Explain(err error) string {
	if err == nil {
		return ""
	}
	var fe *fileError
	if !errors.As(err, &fe) {
		return err.Error()
	}
	p := fe.path
	verb := "read"
	if fe.write {
		verb = "write"
	}
	var nr *notRegularError
	if errors.As(err, &nr) {
		return fmt.Sprintf("Cannot %s %s: it is %s, not a file.", verb, nr.path, nr.what)
	}
	switch {
	case errors.Is(err, ErrHardLinked):
		return capitalize(err.Error()) + "."
	case errors.Is(err, fs.ErrNotExist) && fe.write:
		return fmt.Sprintf("Cannot write %s: the folder does not exist.", p)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("No such file: %s", p)
	case errors.Is(err, fs.ErrPermission) && fe.write:
		return fmt.Sprintf("Cannot write %s: permission denied (the folder or the file is read-only for you).", p)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf("Cannot read %s: permission denied.", p)
	case errors.Is(err, ErrIO):
		return fmt.Sprintf("Cannot %s %s: %s.", verb, p, systemReason(err))
	case errors.Is(err, ErrNotMap):
		return fmt.Sprintf("The file %s is not a map (it is neither a hexsandbox map nor a Catlike save).", p)
	case errors.Is(err, ErrVersion):
		return fmt.Sprintf("The map %s is in a format version this program cannot read (a newer program may).", p)
	case errors.Is(err, ErrCorrupt):
		return fmt.Sprintf("The map %s is damaged (cut short or altered) and cannot be read.", p)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) { // any other refusal of the system's
		return fmt.Sprintf("Cannot %s %s: %s.", verb, p, systemReason(err))
	}
	return err.Error()
}

// systemReason is the system's own words for a failed file operation
// ("no space left on device"), without the operation and the path,
// which may be a temporary file's; it starts in lower case, as it stands
// mid-sentence (wasm's system spells its messages capitalised).
func systemReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return uncapitalize(pe.Err.Error())
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return uncapitalize(le.Err.Error())
	}
	return "the file system refused"
}

// uncapitalize is s with its first letter in lower case.
func uncapitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
