//go:build darwin && !ios

package clipboard

import (
	"os"
	"time"
)

// macOS: the pasteboard through pbcopy and pbpaste, the system's own
// programs, since reaching AppKit's NSPasteboard needs cgo (or an
// Objective-C bridge) and the program is built without. Each call starts
// a process: a few milliseconds, for a command a person gives.

// writeWait bounds the wait for pbcopy.
const writeWait = 2 * time.Second

// utf8Env is this process's environment with a UTF-8 locale: pbcopy and
// pbpaste read and write text in the locale's encoding, and a program
// started from the Finder has none set (they would take the text as
// Mac Roman and turn "ü" into two letters).
func utf8Env() []string {
	return append(os.Environ(), "LANG=en_US.UTF-8", "LC_ALL=en_US.UTF-8")
}

// Write puts text on the pasteboard.
func Write(text string) error {
	if len(text) > MaxBytes {
		return tooLong(len(text))
	}
	_, err := run(writeWait, utf8Env(), text, "pbcopy")
	return err
}

// Read is the pasteboard's text, waiting at most timeout for pbpaste.
func Read(timeout time.Duration) (string, error) {
	text, err := run(timeout, utf8Env(), "", "pbpaste", "-Prefer", "txt")
	if err == nil && text == "" {
		return "", ErrEmpty
	}
	return text, err
}
