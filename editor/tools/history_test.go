package tools

import (
	"testing"
)

func TestStrokeIsOneUndoStep(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	before := g.Clone()
	var tr DragTracker
	s := Settings{ApplyElevation: true, Elevation: 2, River: Yes, Road: Yes, BrushSize: 1}
	h.BeginStroke()
	for x := 3; x <= 8; x++ {
		i := index(t, g, x, 6)
		s.Apply(g, i, tr.Step(g, i))
	}
	h.EndStroke()
	after := g.Clone()
	if after.Equal(before) {
		t.Fatal("the stroke changed nothing")
	}
	if u, r := h.Len(); u != 1 || r != 0 {
		t.Fatalf("history has %d undo, %d redo steps, want 1, 0", u, r)
	}
	if !h.Modified() {
		t.Error("not modified after a stroke")
	}
	if !h.Undo() || !g.Equal(before) {
		t.Fatal("undo did not restore the map")
	}
	if h.Modified() {
		t.Error("modified after undoing back to the saved state")
	}
	if !h.Redo() || !g.Equal(after) {
		t.Fatal("redo did not restore the stroke")
	}
	if h.Redo() {
		t.Error("redo with nothing to redo")
	}
}

func TestEditsOutsideStrokesAreStepsOfTheirOwn(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	g.SetElevation(1, 3)
	g.SetElevation(2, 3)
	if u, _ := h.Len(); u != 2 {
		t.Fatalf("%d steps, want 2", u)
	}
}

func TestNewEditClearsRedo(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	g.SetElevation(1, 3)
	h.Undo()
	g.SetElevation(2, 1)
	if h.CanRedo() {
		t.Error("redo survived a new edit")
	}
	if h.Changes() != 1 {
		t.Errorf("history holds %d changes, want 1", h.Changes())
	}
}

func TestHistoryMemoryIsBounded(t *testing.T) {
	g := newGrid(t)
	const limit = 50
	h := NewHistory(g, limit)
	for n := range 200 {
		h.BeginStroke()
		(Settings{ApplyElevation: true, Elevation: n%5 + 1, BrushSize: 1}).Apply(g, index(t, g, n%20, 7), Drag{})
		h.EndStroke()
		if h.Changes() > limit {
			t.Fatalf("after %d strokes the history holds %d changes, limit %d", n+1, h.Changes(), limit)
		}
	}
	u, _ := h.Len()
	if u == 0 || u >= 200 {
		t.Errorf("%d undo steps kept, want some but not all", u)
	}
	for h.Undo() {
	}
	if !h.Modified() {
		t.Error("after undoing every kept step the map counts as saved, but old steps were forgotten")
	}
}

func TestSaveMarkTracksState(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	g.SetElevation(1, 3)
	h.MarkSaved()
	if h.Modified() {
		t.Error("modified right after save")
	}
	h.Undo()
	if !h.Modified() {
		t.Error("undo past the save is not a modification")
	}
	h.Redo()
	if h.Modified() {
		t.Error("redo back to the saved state is a modification")
	}
	h.MarkUnsaved()
	if !h.Modified() {
		t.Error("MarkUnsaved did not mark")
	}
}

// A save of a copy taken earlier marks that state, not the current one.
func TestMarkSavedAtEarlierState(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	g.SetElevation(1, 3)
	copied := h.State()
	g.SetElevation(2, 4) // edited while the copy was being written
	h.MarkSavedAt(copied)
	if !h.Modified() {
		t.Error("the edit after the copy counts as saved")
	}
	h.Undo()
	if h.Modified() {
		t.Error("back at the copied state the map counts as modified")
	}
}

func TestEditedBackIsNoStep(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	h.BeginStroke()
	g.SetElevation(4, 2)
	g.SetElevation(4, 0)
	h.EndStroke()
	if h.CanUndo() {
		t.Error("a stroke that changed nothing became an undo step")
	}
}
