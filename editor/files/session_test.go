package files

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"hexsandbox/hexmap"
)

// memStore is a Store in memory, so session logic is tested apart from
// the file format. left is an autosave of an editor that is gone, own
// this editor's.
type memStore struct {
	maps    map[string]*hexmap.Grid
	own     *Recovery
	left    *Recovery
	claimed bool
	closed  bool
	prefs   []byte
}

func newMemStore() *memStore { return &memStore{maps: map[string]*hexmap.Grid{}} }

func (m *memStore) List() ([]Entry, error) {
	var out []Entry
	for n := range m.maps {
		out = append(out, Entry{Name: n})
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}
func (m *memStore) Exists(n string) (bool, error) { _, ok := m.maps[n]; return ok, nil }
func (m *memStore) Load(_ context.Context, n string) (*hexmap.Grid, hexmap.BatchReport, error) {
	g, ok := m.maps[n]
	if !ok {
		return nil, hexmap.BatchReport{}, errors.New("no such map")
	}
	return g.Clone(), hexmap.BatchReport{}, nil
}
func (m *memStore) Save(_ context.Context, n string, g *hexmap.Grid) error {
	m.maps[n] = g.Clone()
	return nil
}
func (m *memStore) Delete(n string) error { delete(m.maps, n); return nil }
func (m *memStore) SaveRecovery(_ context.Context, n, suggested string, g *hexmap.Grid) error {
	m.own = &Recovery{Name: n, Suggested: suggested, Grid: g.Clone()}
	return nil
}
func (m *memStore) ClearRecovery() error { m.own = nil; return nil }
func (m *memStore) ClaimRecovery(context.Context) (*Recovery, error) {
	if m.left == nil || m.claimed {
		return nil, ErrNoRecovery
	}
	m.claimed = true
	return &Recovery{Name: m.left.Name, Suggested: m.left.Suggested, Grid: m.left.Grid.Clone(), key: "left"}, nil
}
func (m *memStore) DropRecovery(r *Recovery) error {
	if r.key != "left" || !m.claimed {
		return errors.New("not claimed")
	}
	m.left, m.claimed = nil, false
	return nil
}
func (m *memStore) ReleaseRecovery(*Recovery)  { m.claimed = false }
func (m *memStore) Close() error               { m.closed = true; return nil }
func (m *memStore) SavePrefs(b []byte) error   { m.prefs = b; return nil }
func (m *memStore) LoadPrefs() ([]byte, error) { return m.prefs, nil }

func newSession(t *testing.T) (*Session, *memStore) {
	t.Helper()
	st := newMemStore()
	g, err := hexmap.NewGrid(10, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	return NewSession(st, "", g, 0), st
}

func TestSaveAsAsksBeforeOverwriting(t *testing.T) {
	s, st := newSession(t)
	s.Grid.SetElevation(0, 2)
	if err := s.SaveAs("one", false); err != nil {
		t.Fatal(err)
	}
	if s.Modified() || s.Name != "one" {
		t.Fatalf("after SaveAs: modified %v, name %q", s.Modified(), s.Name)
	}
	s.Grid.SetElevation(1, 2)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	if !st.maps["one"].Equal(s.Grid) {
		t.Error("Save did not write the current map")
	}
	st.maps["two"] = s.Grid.Clone()
	if err := s.SaveAs("two", false); !errors.Is(err, ErrExists) {
		t.Fatalf("SaveAs over another map: %v, want ErrExists", err)
	}
	if err := s.SaveAs("two", true); err != nil || s.Name != "two" {
		t.Fatalf("confirmed overwrite: %v, name %q", err, s.Name)
	}
	if err := s.SaveAs("a/b", true); err == nil {
		t.Error("invalid name accepted")
	}
}

func TestOpenAndNewReplaceTheMap(t *testing.T) {
	s, st := newSession(t)
	other, _ := hexmap.NewGrid(20, 15, 2)
	other.SetElevation(5, 4)
	st.maps["other"] = other
	s.Grid.SetElevation(0, 1)
	if _, err := s.Open("other"); err != nil {
		t.Fatal(err)
	}
	if !s.Grid.Equal(other) || s.Modified() || s.History.CanUndo() {
		t.Error("Open did not give the saved map with a fresh history")
	}
	s.Grid.SetElevation(0, 3) // edits go to the new history
	if !s.History.CanUndo() {
		t.Error("edits after Open are not recorded")
	}
	if err := s.NewMapOf(hexmap.Topology{Width: 40, Height: 30, Wrapping: true}, 9); err != nil {
		t.Fatal(err)
	}
	if s.Grid.Topology().Width != 40 || !s.Grid.Topology().Wrapping || s.Grid.Noise().Seed() != 9 || s.Name != "" || s.Modified() {
		t.Errorf("NewMap: %d wide, wrapping %v, seed %d, name %q, modified %v", s.Grid.Topology().Width, s.Grid.Topology().Wrapping, s.Grid.Noise().Seed(), s.Name, s.Modified())
	}
	if err := s.NewMapOf(hexmap.Topology{Width: 7, Height: 3}, 1); err == nil {
		t.Error("NewMap accepted a size that is not whole chunks")
	}
	if _, err := s.Open("missing"); err == nil {
		t.Error("opening a missing map succeeded")
	}
}

func TestAutosaveAndRecovery(t *testing.T) {
	s, st := newSession(t)
	if err := s.SaveAs("m", false); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	if saved, _ := s.Autosave(t0.Add(time.Hour)); saved {
		t.Error("autosaved a saved map")
	}
	s.Grid.SetElevation(2, 3)
	s.Autosave(t0)
	if saved, _ := s.Autosave(t0.Add(30 * time.Second)); saved {
		t.Error("autosaved before the interval")
	}
	if saved, err := s.Autosave(t0.Add(AutosaveInterval)); !saved || err != nil {
		t.Fatalf("no autosave after the interval: %v", err)
	}
	if st.own == nil || !st.own.Grid.Equal(s.Grid) || st.own.Name != "m" {
		t.Fatal("the autosave does not hold the edited map")
	}
	edited := s.Grid.Clone()

	// A new start: the editor is gone, its autosave is offered, and
	// restoring it gives unsaved changes and makes it the new editor's.
	s2 := recoverIn(t, st)
	if !s2.Grid.Equal(edited) || s2.Name != "m" || !s2.Modified() {
		t.Errorf("recovered: equal %v, name %q, modified %v", s2.Grid.Equal(edited), s2.Name, s2.Modified())
	}
	if st.left != nil || st.own == nil || !st.own.Grid.Equal(edited) {
		t.Errorf("after recovering: the old autosave is still there (%v) or the new one is missing", st.left != nil)
	}
	if err := s2.Save(); err != nil {
		t.Fatal(err)
	}
	if st.own != nil {
		t.Error("saving kept the recovery autosave")
	}
}

func newTestSession(t *testing.T) *Session {
	t.Helper()
	g, err := hexmap.NewGrid(20, 15, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(newMemStore(), "", g, 0)
	if err := s.SaveAs("first", false); err != nil {
		t.Fatal(err)
	}
	return s
}

func generated(t *testing.T, w, h int) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(w, h, 2)
	if err != nil {
		t.Fatal(err)
	}
	g.SetElevation(3, 4)
	return g
}

// A generation is one step: Undo brings the replaced map back with its
// name, history and saved state; Redo brings the generated map back.
func TestReplaceUndoable(t *testing.T) {
	s := newTestSession(t)
	first := s.Grid
	s.Grid.SetElevation(0, 2) // an unsaved edit of the first map
	s.Suggested = "from a file"
	gen := generated(t, 40, 30)
	s.ReplaceUndoable(gen)
	if s.Grid != gen || s.Name != "" || !s.Modified() {
		t.Fatalf("after generating: grid %p, name %q, modified %v", s.Grid, s.Name, s.Modified())
	}
	s.Grid.SetElevation(5, 1) // an edit of the generated map: undone first
	if done, switched := s.Undo(); !done || switched || s.Grid.Cell(5).Elevation != 0 {
		t.Fatalf("first undo: %v %v", done, switched)
	}
	if s.Suggested != "" {
		t.Errorf("the generated map suggests %q", s.Suggested)
	}
	if done, switched := s.Undo(); !done || !switched || s.Grid != first || s.Name != "first" || !s.Modified() || s.Suggested != "from a file" {
		t.Fatalf("second undo: %v %v, grid %p, name %q, modified %v", done, switched, s.Grid, s.Name, s.Modified())
	}
	if done, _ := s.Undo(); !done || s.Grid.Cell(0).Elevation != 0 || s.Modified() {
		t.Fatal("the first map's own edit did not undo back to its saved state")
	}
	if done, _ := s.Undo(); done {
		t.Fatal("undo past the first map's start")
	}
	s.Redo() // the first map's edit again
	if done, switched := s.Redo(); !done || !switched || s.Grid != gen {
		t.Fatalf("redo of the generation: %v %v", done, switched)
	}
	if done, switched := s.Redo(); !done || switched || s.Grid.Cell(5).Elevation != 1 {
		t.Fatal("redo of the generated map's edit")
	}
}

// An edit after undoing a generation drops it from redo, as any edit
// drops redo; opening or making a map drops the generations kept.
func TestReplaceUndoableDroppedByEdits(t *testing.T) {
	s := newTestSession(t)
	s.ReplaceUndoable(generated(t, 20, 15))
	s.Undo()
	s.Grid.SetElevation(1, 3)
	if done, _ := s.Redo(); done {
		t.Fatal("a generation came back over a new edit")
	}
	s.ReplaceUndoable(generated(t, 20, 15))
	if err := s.NewMapOf(hexmap.Topology{Width: 20, Height: 15}, 4); err != nil {
		t.Fatal(err)
	}
	if done, _ := s.Undo(); done {
		t.Fatal("undo after New reached a map from before it")
	}
}

func TestReplaceUndoableKeepsFewMaps(t *testing.T) {
	s := newTestSession(t)
	for range maxReplaced + 3 {
		s.ReplaceUndoable(generated(t, 5, 5))
	}
	undos := 0
	for {
		done, _ := s.Undo()
		if !done {
			break
		}
		undos++
	}
	if undos != maxReplaced {
		t.Fatalf("%d generations undone, want the last %d", undos, maxReplaced)
	}
}

// A save op works on a copy: edits made while it runs stay unsaved.
func TestSaveOpSavesTheMapAsItWas(t *testing.T) {
	s, st := newSession(t)
	s.Grid.SetElevation(0, 2)
	op, err := s.SaveOp("copy", false)
	if err != nil {
		t.Fatal(err)
	}
	at := s.Grid.Clone()
	s.Grid.SetElevation(1, 3) // while the save runs
	if err := op.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	op.Finish(nil)
	if !st.maps["copy"].Equal(at) {
		t.Error("the save holds edits made after it began")
	}
	if !s.Modified() || s.Name != "copy" {
		t.Errorf("after the save: modified %v (want true: an edit came after), name %q", s.Modified(), s.Name)
	}
	s.History.Undo()
	if s.Modified() {
		t.Error("undoing the later edit does not give the saved state")
	}
}

// A failed or cancelled open leaves the session's map alone.
func TestFailedOpenKeepsTheMap(t *testing.T) {
	s, _ := newSession(t)
	s.Grid.SetElevation(0, 4)
	before := s.Grid
	if _, err := s.Open("missing"); err == nil {
		t.Fatal("opened a missing map")
	}
	if s.Grid != before || !s.Modified() {
		t.Error("a failed open replaced the map")
	}
}

// An unnamed map keeps the name it came with through a recovery (the
// showcase, a dropped file's), so that Save As offers it again, and its
// history starts at the recovered state.
func TestRecoveryKeepsTheSuggestedName(t *testing.T) {
	s, st := newSession(t)
	s.Suggested = "showcase"
	s.Grid.SetElevation(2, 3)
	t0 := time.Now()
	s.Autosave(t0)
	if saved, err := s.Autosave(t0.Add(AutosaveInterval)); !saved || err != nil {
		t.Fatalf("no autosave: %v", err)
	}
	if st.own == nil || st.own.Name != "" || st.own.Suggested != "showcase" {
		t.Fatalf("the autosave holds %+v", st.own)
	}
	s2 := recoverIn(t, st)
	if s2.Name != "" || s2.Suggested != "showcase" || s2.History.CanUndo() {
		t.Errorf("recovered: name %q, suggested %q, can undo %v; want unnamed, showcase, a history that starts here",
			s2.Name, s2.Suggested, s2.History.CanUndo())
	}
	if st.own == nil || st.own.Suggested != "showcase" {
		t.Errorf("the recovered map's own autosave lost the name: %+v", st.own)
	}
}

// recoverIn ends the editor whose autosave st holds and starts a new
// session on st that recovers it.
func recoverIn(t *testing.T, st *memStore) *Session {
	t.Helper()
	st.left, st.own = st.own, nil
	s, _ := newSession(t)
	s.Store = st
	r, err := st.ClaimRecovery(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RecoverOp(r).Do(); err != nil {
		t.Fatal(err)
	}
	return s
}
