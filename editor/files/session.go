package files

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

// ErrExists is a save's answer when the name is taken and overwrite was
// not confirmed.
var ErrExists = errors.New("a map of that name exists")

// Session is the map being edited: its grid, the name it is saved under
// ("" until the first save), its undo history, and its recovery
// autosave. The window code calls it on its UI goroutine; the file work
// comes back as Ops, to run off that goroutine (see Op).
type Session struct {
	Store   Store
	Name    string
	Grid    *hexmap.Grid
	History *tools.History
	// Suggested is the name to offer when saving an unnamed map (the file
	// it came from); the window keeps it, the session carries it along
	// when a generated map is undone.
	Suggested string
	// Match is the saved match the map carries (package game's data,
	// opaque here; nil for none): read with the map when the store keeps
	// matches (MatchStore), and written with it by the next save.
	Match []byte

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
	s.Name, s.Grid, s.Match = name, g, nil
	s.History = tools.NewHistory(g, s.historyLimit)
	if saved {
		s.History.MarkSaved()
	} else {
		s.History.MarkUnsaved()
	}
	s.autosave = Autosaver{}
	s.autosaved = s.History.State()
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
	s.Name, s.Suggested, s.Grid, s.History, s.Match = p.name, p.suggested, p.grid, p.history, nil
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

// NewMapOf replaces the map with an empty one on topology t (size and
// wrapping).
func (s *Session) NewMapOf(t hexmap.Topology, seed int64) error {
	g, err := hexmap.NewGridOf(t, noise.New(seed))
	if err != nil {
		return err
	}
	s.Replace("", g, false)
	s.History.MarkSaved() // an empty new map holds nothing worth asking about
	return nil
}

// OpenOp reads the saved map name; once read it replaces the session's
// map, and opened (if not nil) gets what reading it dropped (links that
// cannot be drawn). A failed or cancelled read leaves the session as it
// was.
func (s *Session) OpenOp(name string, opened func(hexmap.BatchReport)) Op {
	store := s.Store
	var g *hexmap.Grid
	var rep hexmap.BatchReport
	var match []byte
	return Op{
		Label:      "Opening " + name,
		Detachable: true,
		Run: func(ctx context.Context) (err error) {
			if ms, ok := store.(MatchStore); ok {
				g, rep, match, err = ms.LoadMatch(ctx, name)
				return err
			}
			g, rep, err = store.Load(ctx, name)
			return err
		},
		Finish: func(err error) {
			if err == nil {
				s.Replace(name, g, true)
				s.Match = match
				if opened != nil {
					opened(rep)
				}
			}
		},
	}
}

// Open reads and opens the saved map name at once (the browser tests'
// hooks use it), and returns what reading it dropped.
func (s *Session) Open(name string) (hexmap.BatchReport, error) {
	var rep hexmap.BatchReport
	err := s.OpenOp(name, func(r hexmap.BatchReport) { rep = r }).Do()
	return rep, err
}

// SaveOp saves the map as it is now under name (the map's own name when
// name is ""): Run writes a copy, so editing may go on meanwhile. Unless
// overwrite is set, Run fails with ErrExists for a name taken by
// another map. Once saved, the session records the state saved and
// removes its autosave.
func (s *Session) SaveOp(name string, overwrite bool) (Op, error) {
	if name == "" {
		if s.Name == "" {
			return Op{}, errors.New("the map has no name yet")
		}
		name = s.Name
	}
	name, err := ValidName(name)
	if err != nil {
		return Op{}, err
	}
	store, g, state, match := s.Store, s.Grid.Clone(), s.History.State(), s.Match
	checkExists, clear := !overwrite && name != s.Name, s.hasAutosave
	return Op{
		Label: "Saving " + name,
		Run: func(ctx context.Context) error {
			if checkExists {
				exists, err := store.Exists(name)
				if err != nil {
					return err
				}
				if exists {
					return fmt.Errorf("%q: %w", name, ErrExists)
				}
			}
			if err := saveWith(ctx, store, name, g, match); err != nil {
				return err
			}
			if clear {
				if err := store.ClearRecovery(); err != nil {
					return fmt.Errorf("%w: %v", ErrAutosaveKept, err)
				}
			}
			return nil
		},
		Finish: func(err error) {
			if err != nil && !errors.Is(err, ErrAutosaveKept) {
				return
			}
			s.Name = name
			s.History.MarkSavedAt(state)
			s.autosave.Done()
			if err == nil {
				s.hasAutosave = false
			}
		},
	}, nil
}

// saveWith saves g under name in store, with match when there is one
// and the store keeps matches.
func saveWith(ctx context.Context, store Store, name string, g *hexmap.Grid, match []byte) error {
	if ms, ok := store.(MatchStore); ok && match != nil {
		return ms.SaveMatch(ctx, name, g, match)
	}
	return store.Save(ctx, name, g)
}

// ErrAutosaveKept is a save's error when the map was saved but its
// autosave could not be removed afterwards: the session counts the map
// as saved.
var ErrAutosaveKept = errors.New("the map is saved, but its recovery autosave could not be removed")

// AutosaveOp is the recovery autosave, when it is due (ok is false
// otherwise): every AutosaveInterval while there are unsaved changes the
// last autosave does not hold, never in the middle of a stroke. Run
// writes a copy of the map; a failed autosave is tried again an interval
// later.
func (s *Session) AutosaveOp(now time.Time) (op Op, ok bool) {
	dirty := s.Modified() && s.History.State() != s.autosaved
	if s.History.InStroke() || !s.autosave.Due(now, dirty) {
		return Op{}, false
	}
	s.autosave.Done()
	store, name, suggested, g, state := s.Store, s.Name, s.Suggested, s.Grid.Clone(), s.History.State()
	return Op{
		Label: "Autosaving",
		Run:   func(ctx context.Context) error { return store.SaveRecovery(ctx, name, suggested, g) },
		Finish: func(err error) {
			if err == nil {
				s.autosaved = state
				s.hasAutosave = true
			}
		},
	}, true
}

// RecoverOp replaces the map at once with a recovery autosave that
// ClaimRecovery gave, as unsaved changes to the map it was made from,
// under that map's names; its undo history starts at the recovered
// state. Run then makes it this editor's own autosave and drops the
// claimed one, so that it is safe at every moment.
func (s *Session) RecoverOp(r *Recovery) Op {
	s.Replace(r.Name, r.Grid, false)
	s.Suggested = r.Suggested
	store, g, state := s.Store, r.Grid.Clone(), s.History.State()
	return Op{
		Label: "Recovering",
		Run: func(ctx context.Context) error {
			if err := store.SaveRecovery(ctx, r.Name, r.Suggested, g); err != nil {
				return err
			}
			return store.DropRecovery(r)
		},
		Finish: func(err error) {
			if err == nil {
				s.autosaved = state
				s.hasAutosave = true
			}
		},
	}
}

// DiscardOp deletes a claimed autosave the user declined.
func (s *Session) DiscardOp(r *Recovery) Op {
	store := s.Store
	return Op{Label: "Discarding the autosave", Run: func(context.Context) error { return store.DropRecovery(r) }}
}

// CloseOp removes this editor's autosave (the user closes the editor on
// purpose) and closes the store.
func (s *Session) CloseOp() Op {
	store := s.Store
	return Op{
		Label: "Closing",
		Run: func(context.Context) error {
			return errors.Join(store.ClearRecovery(), store.Close())
		},
		Finish: func(err error) { s.hasAutosave = false },
	}
}
