// Package files is the editor's map storage, apart from any window code:
// named maps in a Store (a folder on the desktop; the browser build adds
// an IndexedDB one in *_js.go files), the recovery autosaves (one per
// running editor), reading map files dropped on the window or given on
// the command line, and the tasks that do all this file work off the
// editor's UI loop, with progress and cancelling.
package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// Entry is one saved map in a listing. Damaged, when not "", says why
// the entry cannot be opened (not a regular file, a record that is not a
// map's); it can still be deleted, or saved over. Shape is the map's, as
// its file's header says (zero when the header does not read).
type Entry struct {
	Name     string
	Modified time.Time
	Size     int64
	Damaged  string
	Shape    hexmap.Topology
}

// MatchRecoverer is a Store whose recovery autosaves also carry the
// match being played (a saved match, as Store.Save takes it).
type MatchRecoverer interface {
	SaveRecoveryMatch(ctx context.Context, name, suggested string, g *hexmap.Grid, match []byte) error
}

// Store keeps named maps and recovery autosaves. Names are validated
// with ValidName before they reach a Store. Its methods do file work and
// run off the UI loop (in a Task); a Store is safe for use by one task
// at a time besides the goroutine that made it. Load and the saves stop
// when ctx is cancelled and report their progress into it.
type Store interface {
	List() ([]Entry, error) // sorted by name
	Exists(name string) (bool, error)
	// Load returns the map and what its file said besides (what reading
	// it dropped, the saved match it carries; see saves.Info).
	Load(ctx context.Context, name string) (*hexmap.Grid, saves.Info, error)
	// Save writes g with the saved match match (nil for none; see
	// saves.WriteMatch).
	Save(ctx context.Context, name string, g *hexmap.Grid, match []byte) error
	Delete(name string) error

	// SaveRecovery replaces this editor's recovery autosave: the map, the
	// name it is edited under ("" for an unnamed map) and, for an unnamed
	// map, the name it came with (which Save As offers: a file's,
	// "showcase"), together. Every running editor has its own, held for
	// as long as it runs.
	SaveRecovery(ctx context.Context, name, suggested string, g *hexmap.Grid) error
	// ClearRecovery removes this editor's autosave.
	ClearRecovery() error
	// ClaimRecovery finds the newest autosave left by an editor that is
	// no longer running, claims it so that no other editor offers it,
	// and reads it; ErrNoRecovery when there is none. A claim lasts until
	// DropRecovery, ReleaseRecovery or Close.
	ClaimRecovery(ctx context.Context) (*Recovery, error)
	// DropRecovery deletes a claimed autosave (declined, or taken over).
	DropRecovery(r *Recovery) error
	// ReleaseRecovery gives a claimed autosave back for a later start.
	ReleaseRecovery(r *Recovery)
	// Close lets go of this editor's autosave slot and of its claims.
	Close() error

	// SavePrefs and LoadPrefs keep the editor's preferences (the last
	// map, the tool settings) as bytes of at most MaxPrefsSize;
	// LoadPrefs returns nil bytes when none were saved.
	SavePrefs(data []byte) error
	LoadPrefs() ([]byte, error)
}

// MaxPrefsSize bounds the preferences a store reads back.
const MaxPrefsSize = 64 << 10

// Recovery is an autosave left by an editor that ended without saving.
// Err, when not nil, says why it cannot be read (Grid is nil then).
type Recovery struct {
	Name      string // the map it was edited under, "" for an unnamed map
	Suggested string // for an unnamed map, the name it came with
	Grid      *hexmap.Grid
	Match     []byte // the saved match it carries, nil for none
	Saved     time.Time
	Err       error
	key       string // the store's handle
}

// Title is the name to show for the recovered map, "" when it had none.
func (r *Recovery) Title() string {
	if r.Name != "" {
		return r.Name
	}
	return r.Suggested
}

// ErrNoRecovery is ClaimRecovery's answer when there is no autosave to
// offer.
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
