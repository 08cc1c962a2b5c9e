//go:build windows

package filelock

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// TryLock takes an exclusive lock on f without waiting. Locks belong to
// the open file, so two opens of one path conflict even in one process.
func TryLock(f *os.File) error {
	err := lockFile(f, func(h windows.Handle, ol *windows.Overlapped) error {
		return windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	})
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return ErrLocked
	}
	return err
}

// Unlock releases a lock taken by TryLock (closing f does too).
func Unlock(f *os.File) error {
	return lockFile(f, func(h windows.Handle, ol *windows.Overlapped) error {
		return windows.UnlockFileEx(h, 0, 1, 0, ol)
	})
}

// lockFile runs op on the first byte of f (a lock range past the end of
// the file is allowed, so empty files lock too).
func lockFile(f *os.File, op func(windows.Handle, *windows.Overlapped) error) error {
	raw, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var opErr error
	if err := raw.Control(func(fd uintptr) {
		opErr = op(windows.Handle(fd), new(windows.Overlapped))
	}); err != nil {
		return err
	}
	return opErr
}
