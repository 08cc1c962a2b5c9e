//go:build !(linux || freebsd || openbsd || netbsd || windows || darwin) || android || ios

package clipboard

import "time"

// Write: no clipboard here.
func Write(string) error { return ErrUnsupported }

// Read: no clipboard here.
func Read(time.Duration) (string, error) { return "", ErrUnsupported }
