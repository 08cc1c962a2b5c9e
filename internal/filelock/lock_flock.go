//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package filelock

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// TryLock takes an exclusive lock on f without waiting. Locks belong to
// the open file, so two opens of one path conflict even in one process.
func TryLock(f *os.File) error {
	err := flock(f, unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return ErrLocked
	}
	return err
}

// Unlock releases a lock taken by TryLock (closing f does too).
func Unlock(f *os.File) error { return flock(f, unix.LOCK_UN) }

func flock(f *os.File, how int) error {
	raw, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var lockErr error
	if err := raw.Control(func(fd uintptr) {
		for {
			lockErr = unix.Flock(int(fd), how)
			if lockErr != unix.EINTR {
				return
			}
		}
	}); err != nil {
		return err
	}
	return lockErr
}
