package files

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/saves"
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
	// Match is the saved match the map's file carries (saves.Info.Match),
	// nil for none: a save writes it back, so that re-saving a map keeps
	// its match. Replace drops it; who opens a file sets it.
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
	match           []byte
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
	return parkedMap{name: s.Name, suggested: s.Suggested, match: s.Match, grid: s.Grid, history: s.History}
}

// use makes a parked map the current one.
func (s *Session) use(p parkedMap) {
	s.Name, s.Suggested, s.Match, s.Grid, s.History = p.name, p.suggested, p.match, p.grid, p.history
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
// map (with the match its file carries), and opened (if not nil) gets
// what reading it dropped (links that cannot be drawn). A failed or
// cancelled read leaves the session as it was.
func (s *Session) OpenOp(name string, opened func(hexmap.BatchReport)) Op {
	store := s.Store
	var g *hexmap.Grid
	var info saves.Info
	return Op{
		Label:      "Opening " + name,
		Detachable: true,
		Run: func(ctx context.Context) (err error) {
			g, info, err = store.Load(ctx, name)
			return err
		},
		Finish: func(err error) {
			if err == nil {
				s.Replace(name, g, true)
				s.Match = info.Match
				if opened != nil {
					opened(info.Dropped)
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
	store, g, match, state := s.Store, s.Grid.Clone(), s.Match, s.History.State()
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
			if err := store.Save(ctx, name, g, match); err != nil {
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

// AutosaveMatchOp is the recovery autosave of the map with the match
// being played (a saved match; the window makes one at each turn's
// start), whether or not the map has unsaved changes: a person gets
// back to the match after a crash, from this editor's recovery slot,
// never the map's own file. Run writes a copy.
func (s *Session) AutosaveMatchOp(match []byte) Op {
	s.autosave.Done()
	store, name, suggested, g, state := s.Store, s.Name, s.Suggested, s.Grid.Clone(), s.History.State()
	return Op{
		Label: "Autosaving the match",
		Run:   func(ctx context.Context) error { return saveRecovery(ctx, store, name, suggested, g, match) },
		Finish: func(err error) {
			if err == nil {
				s.autosaved = state
				s.hasAutosave = true
			}
		},
	}
}

// saveRecovery writes the recovery autosave of g with match, when store
// keeps matches in its autosaves (else the map alone).
func saveRecovery(ctx context.Context, store Store, name, suggested string, g *hexmap.Grid, match []byte) error {
	if mr, ok := store.(MatchRecoverer); ok && match != nil {
		return mr.SaveRecoveryMatch(ctx, name, suggested, g, match)
	}
	return store.SaveRecovery(ctx, name, suggested, g)
}

// RecoverOp replaces the map at once with a recovery autosave that
// ClaimRecovery gave, as unsaved changes to the map it was made from,
// under that map's names, with the match it carries; its undo history
// starts at the recovered state. Run then makes it this editor's own autosave and drops the
// claimed one, so that it is safe at every moment.
func (s *Session) RecoverOp(r *Recovery) Op {
	s.Replace(r.Name, r.Grid, false)
	s.Suggested, s.Match = r.Suggested, r.Match
	store, g, state := s.Store, r.Grid.Clone(), s.History.State()
	return Op{
		Label: "Recovering",
		Run: func(ctx context.Context) error {
			if err := saveRecovery(ctx, store, r.Name, r.Suggested, g, r.Match); err != nil {
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
