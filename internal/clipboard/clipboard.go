// Package clipboard reads and writes the text of the desktop's system
// clipboard: X11's CLIPBOARD selection on Linux and the BSDs, through the
// X server of $DISPLAY (the one the window uses, XWayland under
// Wayland); Windows' clipboard through user32 (CF_UNICODETEXT); macOS's
// pasteboard through its pbcopy and pbpaste programs. Elsewhere, and in
// the browser, it answers ErrUnsupported and callers fall back to
// showing the text. It holds no state between calls: on X11 a written
// text is served by a goroutine of its own until another program, or
// the next Write, takes the clipboard; Windows and macOS keep it
// themselves.
package clipboard

import (
	"errors"
	"fmt"
)

// MaxBytes bounds the text read or written: a seat's link or a map's
// name, never a file (larger texts would need X11's incremental
// transfers).
const MaxBytes = 64 << 10

// ErrUnsupported: this platform's clipboard is not reached.
var ErrUnsupported = errors.New("no system clipboard on this platform")

// ErrEmpty: the clipboard holds no text.
var ErrEmpty = errors.New("the clipboard holds no text")

// tooLong is the error of a text over MaxBytes.
func tooLong(n int) error {
	return fmt.Errorf("%d bytes: the clipboard takes at most %d here", n, MaxBytes)
}
