// Package filelock holds advisory locks on open files: a running program
// marks a file as its own (a recovery autosave, a save's temporary file)
// and another program can tell, without waiting, whether that owner is
// still running. The system drops a lock when its file is closed or its
// process ends, crash or kill included, so a lock never outlives its
// owner.
package filelock

import "errors"

// ErrLocked is TryLock's answer when another open file holds the lock.
var ErrLocked = errors.New("locked by another program")

// ErrUnsupported is TryLock's answer on systems without file locks
// (the browser build, WASI); callers then fall back on other evidence.
var ErrUnsupported = errors.ErrUnsupported
