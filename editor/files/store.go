// Package files is the editor's map storage, apart from any window code:
// named maps in a Store (a folder on the desktop; the browser build adds
// an IndexedDB one in *_js.go files), the recovery autosave, and reading
// map files dropped on the window or given on the command line.
package files

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// Entry is one saved map in a listing.
type Entry struct {
	Name     string
	Modified time.Time
	Size     int64
}

// Store keeps named maps and the one recovery autosave. Names are
// validated with ValidName before they reach a Store.
type Store interface {
	List() ([]Entry, error) // sorted by name
	Exists(name string) (bool, error)
	// Load returns the map and what reading it dropped (links that
	// cannot be drawn; see saves.Info).
	Load(name string) (*hexmap.Grid, hexmap.BatchReport, error)
	Save(name string, g *hexmap.Grid) error
	Delete(name string) error

	// SaveRecovery replaces the recovery autosave: the map and the name
	// it was being edited under ("" for an unnamed map).
	SaveRecovery(name string, g *hexmap.Grid) error
	// LoadRecovery returns the autosave, or ErrNoRecovery.
	LoadRecovery() (name string, g *hexmap.Grid, err error)
	ClearRecovery() error
}

// ErrNoRecovery is LoadRecovery's answer when there is no autosave.
var ErrNoRecovery = errors.New("no recovery autosave")

// MaxNameLength bounds map names, which become file names.
const MaxNameLength = 64

// ValidName returns the name without surrounding spaces, or an error if
// it cannot be a map name: empty, too long, or with characters that file
// systems or the listing would trip over.
func ValidName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", errors.New("the map needs a name")
	case utf8.RuneCountInString(name) > MaxNameLength:
		return "", fmt.Errorf("map name longer than %d characters", MaxNameLength)
	case strings.HasPrefix(name, "."):
		return "", errors.New("map names cannot start with a dot")
	case strings.ContainsAny(name, `/\:*?"<>|`):
		return "", fmt.Errorf("map name %q: no / \\ : * ? \" < > | please", name)
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return "", fmt.Errorf("map name %q has a control character", name)
		}
	}
	return name, nil
}

// Encode writes g in the product's format into a byte slice, for stores
// that keep bytes (the browser's).
func Encode(g *hexmap.Grid) ([]byte, error) { return encode(g, saves.FormatHexsandbox) }

func encode(g *hexmap.Grid, f saves.Format) ([]byte, error) {
	var b bytes.Buffer
	if err := saves.WriteFormat(&b, g, f); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
