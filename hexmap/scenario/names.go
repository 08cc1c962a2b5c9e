package scenario

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The names of a scenario's pieces: its towns' names and its units'
// types.
const (
	MaxTownNameLength = 32         // characters of a town's name
	MaxUnitTypeLength = 16         // bytes of a unit type's name
	DefaultUnitType   = "spearman" // a unit placed without a type, or read from a file older than types
)

// The reasons CheckTownName and CheckUnitType refuse a name.
var (
	ErrBadTownName = errors.New("a town's name is 1 to 32 printable characters on one line, without spaces around it")
	ErrBadUnitType = errors.New("a unit's type is 1 to 16 lowercase letters, digits or '-'")
)

// CheckTownName returns ErrBadTownName unless name is a town's name:
// valid UTF-8, 1 to MaxTownNameLength printable characters (spaces
// inside it only), nothing to trim around it.
func CheckTownName(name string) error {
	if name == "" || !utf8.ValidString(name) || strings.TrimSpace(name) != name ||
		utf8.RuneCountInString(name) > MaxTownNameLength {
		return ErrBadTownName
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return ErrBadTownName
		}
	}
	return nil
}

// CheckUnitType returns ErrBadUnitType unless name is a unit type's name:
// 1 to MaxUnitTypeLength bytes, each a lowercase ASCII letter, a digit
// or '-'. Rulesets name their types the same way.
func CheckUnitType(name string) error {
	if name == "" || len(name) > MaxUnitTypeLength {
		return ErrBadUnitType
	}
	for _, b := range []byte(name) {
		if (b < 'a' || b > 'z') && (b < '0' || b > '9') && b != '-' {
			return ErrBadUnitType
		}
	}
	return nil
}
