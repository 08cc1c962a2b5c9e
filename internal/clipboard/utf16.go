package clipboard

import (
	"errors"
	"fmt"
	"slices"
	"unicode/utf16"
)

// The text as Windows keeps it (windows.go): CF_UNICODETEXT, UTF-16
// ending in a NUL. These conversions are apart from the system calls so
// that every platform's tests check them.

// toUTF16 is text as CF_UNICODETEXT: its UTF-16 units and a closing
// NUL. A text over MaxBytes is refused, and so is one holding a NUL,
// where every program that pastes would cut it short. Bytes that are
// not UTF-8 become U+FFFD, as Go's conversions to runes make them.
func toUTF16(text string) ([]uint16, error) {
	switch {
	case len(text) > MaxBytes:
		return nil, tooLong(len(text))
	case slices.Contains([]byte(text), 0):
		return nil, errors.New("the clipboard: the text holds a NUL character, which would end it there")
	}
	return append(utf16.Encode([]rune(text)), 0), nil
}

// unitsToRead is how many UTF-16 units of a clipboard block of size
// bytes fromUTF16 needs: all, up to MaxBytes+1. A text of at most
// MaxBytes bytes of UTF-8 has at most MaxBytes units (each gives one
// byte or more), so its NUL lies within; a block without one there holds
// a longer text, and no more of it is read.
func unitsToRead(size uintptr) int {
	return int(min(size/2, MaxBytes+1))
}

// fromUTF16 is the text of CF_UNICODETEXT units u, up to the first NUL
// (or all of u, from a program that left none out), refused when it is
// over MaxBytes as UTF-8. Lone surrogates become U+FFFD.
func fromUTF16(u []uint16) (string, error) {
	end := slices.Index(u, 0)
	if end < 0 {
		if len(u) > MaxBytes {
			return "", fmt.Errorf("over %d units of text: the clipboard takes at most %d bytes here", MaxBytes, MaxBytes)
		}
		end = len(u)
	}
	text := string(utf16.Decode(u[:end]))
	if len(text) > MaxBytes {
		return "", tooLong(len(text))
	}
	return text, nil
}
