package files

import (
	"errors"
	"fmt"
	"time"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
)

// ErrExists is SaveAs's answer when the name is taken and overwrite was
// not confirmed.
var ErrExists = errors.New("a map of that name exists")

// Session is the map being edited: its grid, the name it is saved under
// ("" until the first save), its undo history, and the recovery
// autosave. The window code calls it; it never touches the window.
type Session struct {
	Store   Store
	Name    string
	Grid    *hexmap.Grid
	History *tools.History

	autosave     Autosaver
	autosaved    uint64 // History.State() of the last autosave
	hasAutosave  bool
	historyLimit int
}

// NewSession edits g under name (g already matches the saved file when
// name is not "").
func NewSession(store Store, name string, g *hexmap.Grid, historyLimit int) *Session {
	s := &Session{Store: store, historyLimit: historyLimit}
	s.Replace(name, g, name != "")
	return s
}

// Replace switches to another map, dropping the old one's history.
// saved tells whether g is what the store holds under name.
func (s *Session) Replace(name string, g *hexmap.Grid, saved bool) {
	if s.History != nil {
		s.History.Detach()
	}
	s.Name, s.Grid = name, g
	s.History = tools.NewHistory(g, s.historyLimit)
	if saved {
		s.History.MarkSaved()
	} else {
		s.History.MarkUnsaved()
	}
	s.autosave = Autosaver{}
	s.autosaved = s.History.State()
	s.hasAutosave = false
}

// Modified reports whether there are unsaved changes.
func (s *Session) Modified() bool { return s.History.Modified() }

// Title is the map's name for the window title and dialogs.
func (s *Session) Title() string {
	if s.Name == "" {
		return "untitled"
	}
	return s.Name
}

// NewMap replaces the map with an empty one of the given size.
func (s *Session) NewMap(width, height int, seed int64) error {
	g, err := hexmap.NewGrid(width, height, seed)
	if err != nil {
		return err
	}
	s.Replace("", g, false)
	s.History.MarkSaved() // an empty new map holds nothing worth asking about
	return nil
}

// Open replaces the map with the saved map name.
func (s *Session) Open(name string) error {
	g, err := s.Store.Load(name)
	if err != nil {
		return err
	}
	s.Replace(name, g, true)
	return nil
}

// Save writes the map under its name, which must be set.
func (s *Session) Save() error {
	if s.Name == "" {
		return errors.New("the map has no name yet")
	}
	return s.saveAs(s.Name)
}

// SaveAs writes the map under a new name. Unless overwrite is set it
// returns ErrExists for a name that is taken by another map.
func (s *Session) SaveAs(name string, overwrite bool) error {
	name, err := ValidName(name)
	if err != nil {
		return err
	}
	if !overwrite && name != s.Name {
		exists, err := s.Store.Exists(name)
		if err != nil {
			return err
		}
		if exists {
			return fmt.Errorf("%q: %w", name, ErrExists)
		}
	}
	return s.saveAs(name)
}

func (s *Session) saveAs(name string) error {
	if err := s.Store.Save(name, s.Grid); err != nil {
		return err
	}
	s.Name = name
	s.History.MarkSaved()
	s.autosave.Done()
	if s.hasAutosave {
		s.hasAutosave = false
		return s.Store.ClearRecovery()
	}
	return nil
}

// Autosave writes the recovery autosave when it is due; it reports
// whether it wrote one.
func (s *Session) Autosave(now time.Time) (bool, error) {
	dirty := s.Modified() && s.History.State() != s.autosaved
	if s.History.InStroke() || !s.autosave.Due(now, dirty) {
		return false, nil
	}
	s.autosave.Done()
	s.autosaved = s.History.State()
	s.hasAutosave = true
	return true, s.Store.SaveRecovery(s.Name, s.Grid)
}

// Recover replaces the map with the recovery autosave, as unsaved
// changes to the map it was made from.
func (s *Session) Recover() error {
	name, g, err := s.Store.LoadRecovery()
	if err != nil {
		return err
	}
	s.Replace(name, g, false)
	s.hasAutosave = true
	return nil
}

// DiscardRecovery deletes the autosave (the user declined it, or closed
// the map on purpose).
func (s *Session) DiscardRecovery() error {
	s.hasAutosave = false
	return s.Store.ClearRecovery()
}
