//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package filelock

import "os"

// TryLock reports ErrUnsupported: this system has no file locks.
func TryLock(*os.File) error { return ErrUnsupported }

// Unlock does nothing where there are no locks.
func Unlock(*os.File) error { return nil }
