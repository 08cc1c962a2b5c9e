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
	// Suggested is the name to offer when saving an unnamed map (the file
	// it came from); the window keeps it, the session carries it along
	// when a generated map is undone.
	Suggested string

	// Maps a generation replaced (newest last), and maps undone back over
	// (for redo), each with its name and history: Undo before a
	// generated map's first edit brings back the map it replaced.
	replaced, undone []parkedMap
	// returned is the History.State() of a map brought back by Undo: an
	// edit since then drops the maps to redo, as any new edit drops redo.
	returned uint64

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

// maxReplaced bounds the generated-over maps kept for undo.
const maxReplaced = 8

// parkedMap is a map set aside while another is edited.
type parkedMap struct {
	name, suggested string
	grid            *hexmap.Grid
	history         *tools.History
}

// Replace switches to another map, dropping the old one's history (and
// any maps kept for undoing generations).
// saved tells whether g is what the store holds under name.
func (s *Session) Replace(name string, g *hexmap.Grid, saved bool) {
	if s.History != nil {
		s.History.Detach()
	}
	for _, p := range append(s.replaced, s.undone...) {
		p.history.Detach()
	}
	s.replaced, s.undone = nil, nil
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

// ReplaceUndoable switches to the generated map g, unnamed and unsaved,
// as one step that Undo takes back: the map it replaces is kept with its
// name and history.
func (s *Session) ReplaceUndoable(g *hexmap.Grid) {
	for _, p := range s.undone {
		p.history.Detach()
	}
	s.undone = nil
	s.replaced = append(s.replaced, s.park())
	if len(s.replaced) > maxReplaced {
		s.replaced[0].history.Detach()
		s.replaced = s.replaced[1:]
	}
	s.use(parkedMap{grid: g, history: tools.NewHistory(g, s.historyLimit)})
	s.History.MarkUnsaved()
}

// Undo undoes the last edit of the map or, when the map has none left
// and was generated over another, brings that other map back. It reports
// whether it did anything and whether the map itself changed (the
// caller then shows the new map).
func (s *Session) Undo() (done, switched bool) {
	if s.History.Undo() {
		return true, false
	}
	if s.History.InStroke() || len(s.replaced) == 0 {
		return false, false
	}
	s.undone = append(s.undone, s.park())
	last := len(s.replaced) - 1
	s.use(s.replaced[last])
	s.replaced = s.replaced[:last]
	s.returned = s.History.State()
	return true, true
}

// Redo redoes the last undone edit or, at the end of the map's redo
// steps, the generation Undo took back, unless the map was edited since.
func (s *Session) Redo() (done, switched bool) {
	if s.History.Redo() {
		return true, false
	}
	if s.History.InStroke() || len(s.undone) == 0 {
		return false, false
	}
	if s.History.State() != s.returned {
		for _, p := range s.undone {
			p.history.Detach()
		}
		s.undone = nil
		return false, false
	}
	s.replaced = append(s.replaced, s.park())
	last := len(s.undone) - 1
	s.use(s.undone[last])
	s.undone = s.undone[:last]
	return true, true
}

// park sets the current map aside; its history keeps following it.
func (s *Session) park() parkedMap {
	return parkedMap{name: s.Name, suggested: s.Suggested, grid: s.Grid, history: s.History}
}

// use makes a parked map the current one.
func (s *Session) use(p parkedMap) {
	s.Name, s.Suggested, s.Grid, s.History = p.name, p.suggested, p.grid, p.history
	s.autosave = Autosaver{}
	s.autosaved = ^uint64(0) // the recovery autosave, if any, holds another map
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
	return s.NewMapOf(hexmap.Topology{Width: width, Height: height}, seed)
}

// NewMapOf replaces the map with an empty one on topology t (size and
// wrapping).
func (s *Session) NewMapOf(t hexmap.Topology, seed int64) error {
	g, err := hexmap.NewGridOf(t, hexmap.NewNoise(seed))
	if err != nil {
		return err
	}
	s.Replace("", g, false)
	s.History.MarkSaved() // an empty new map holds nothing worth asking about
	return nil
}

// Open replaces the map with the saved map name, and returns what
// reading it dropped.
func (s *Session) Open(name string) (hexmap.BatchReport, error) {
	g, rep, err := s.Store.Load(name)
	if err != nil {
		return rep, err
	}
	s.Replace(name, g, true)
	return rep, nil
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
