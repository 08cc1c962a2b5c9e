package tools

import (
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
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

// Notes are undone and redone like cells: each change of a note is a
// step, and a paste's cells and notes are one step together.
func TestNotesAreUndoable(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	g.SetNote(3, "Ashford")
	h.Modified() // reads the history, as the window does every frame
	g.SetNote(3, "Ashby")
	if u, _ := h.Len(); u != 2 {
		t.Fatalf("two note edits made %d steps", u)
	}
	h.Undo()
	if g.Note(3) != "Ashford" {
		t.Errorf("undo: note %q, want Ashford", g.Note(3))
	}
	h.Undo()
	if g.Note(3) != "" || g.NoteCount() != 0 {
		t.Errorf("undo: note %q, want none", g.Note(3))
	}
	h.Redo()
	if g.Note(3) != "Ashford" {
		t.Errorf("redo: note %q", g.Note(3))
	}
	sel := &Selection{}
	sel.Add([]Place{{3, g.Topology().Coordinates(3)}})
	before := g.Clone()
	Paste(g, Copy(g, sel), g.Topology().Coordinates(40))
	if u, _ := h.Len(); u != 2 {
		t.Errorf("a paste of a cell with a note made %d steps, want 1 more than 1", u)
	}
	h.Undo()
	if !g.Equal(before) {
		t.Error("undoing the paste did not take back its note")
	}
}

func placeUnit(t *testing.T, g *hexmap.Grid, i int, side uint8) hexmap.Unit {
	t.Helper()
	u := hexmap.Unit{Location: g.Topology().Coordinates(i), Side: side, MovesLeft: hexmap.UnitSpeed}
	if err := g.AddUnit(u); err != nil {
		t.Fatal(err)
	}
	return u
}

// Placing and removing units are undo steps like any edit, and a stroke
// that floods a unit's cell brings the unit back when undone.
func TestUnitEditsAreUndoable(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	empty := g.Clone()
	h.BeginStroke()
	placeUnit(t, g, 5, 1)
	placeUnit(t, g, 6, 2)
	h.EndStroke()
	placed := g.Clone()
	g.RemoveUnit(5)
	removed := g.Clone()
	if u, _ := h.Len(); u != 2 {
		t.Fatalf("%d steps, want 2", u)
	}
	if !h.Undo() || !g.Equal(placed) {
		t.Fatal("undo of the removal")
	}
	if !h.Undo() || !g.Equal(empty) {
		t.Fatalf("undo of the placement: units %v", g.Units())
	}
	if !h.Redo() || !h.Redo() || !g.Equal(removed) {
		t.Fatal("redo")
	}
	h.BeginStroke()
	g.SetWaterLevel(6, 1)
	h.EndStroke()
	if g.Occupied(6) {
		t.Fatal("the flooded unit stayed")
	}
	if !h.Undo() || !g.Equal(removed) || !g.Occupied(6) {
		t.Fatalf("undo of the flood: units %v", g.Units())
	}
	if !h.Redo() || g.Occupied(6) {
		t.Fatal("redo of the flood left the unit")
	}
}

// A move in play is no undo step; it leaves the map modified for good
// (undo cannot get back to the saved state), and undo afterwards still
// restores cells but no longer touches units.
func TestMovesAreNotUndoable(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	u := placeUnit(t, g, 5, 1)
	h.MarkSaved()
	g.SetElevation(30, 2)
	u.Location = g.Topology().Coordinates(7)
	if err := g.PutUnit(0, u); err != nil {
		t.Fatal(err)
	}
	if n, _ := h.Len(); n != 2 {
		t.Fatalf("%d steps, want 2 (placement, elevation)", n)
	}
	if !h.Undo() || g.Cell(30).Elevation != 0 {
		t.Fatal("undo of the elevation")
	}
	if !h.Modified() {
		t.Fatal("a map whose unit moved reads as saved")
	}
	if !h.Undo() || !g.Occupied(7) || len(g.Units()) != 1 {
		t.Fatalf("undo of the placement after a move touched units: %v", g.Units())
	}
	h.MarkSaved()
	if h.Modified() {
		t.Fatal("modified right after a save")
	}
	g.SetSideInTurn(2)
	if !h.Modified() {
		t.Fatal("passing the turn left the map unmodified")
	}
}

// Placing and removing towns are undo steps, and water raised over a
// town removes it in the same step as the water: undo brings both back,
// the town at its place in the list.
func TestTownEditsAreUndoable(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	empty := g.Clone()
	for k, name := range []string{"Ash", "Birch"} {
		h.BeginStroke()
		if err := g.PlaceTown(hexmap.Town{Location: g.Topology().Coordinates(5 + k), Name: name, Owner: uint8(k)}); err != nil {
			t.Fatal(err)
		}
		h.EndStroke()
	}
	placed := g.Clone()
	h.BeginStroke()
	g.SetWaterLevel(5, 1)
	h.EndStroke()
	if _, ok := g.TownAt(5); ok || len(g.Towns()) != 1 {
		t.Fatalf("the flooded town stayed: %v", g.Towns())
	}
	flooded := g.Clone()
	if n, _ := h.Len(); n != 3 {
		t.Fatalf("%d steps, want 3 (two towns, the flood)", n)
	}
	if !h.Undo() || !g.Equal(placed) || g.Cell(5).IsUnderwater() {
		t.Fatalf("undo of the flood: towns %v", g.Towns())
	}
	if k, ok := g.TownAt(5); !ok || k != 0 || g.Towns()[0].Name != "Ash" {
		t.Fatalf("the town came back at %d %v", k, ok)
	}
	if !h.Redo() || !g.Equal(flooded) {
		t.Fatal("redo of the flood left the town")
	}
	if !h.Undo() || !h.Undo() || !h.Undo() || !g.Equal(empty) {
		t.Fatalf("undo of the placements: towns %v", g.Towns())
	}
}

// A change of the scenario setup read by itself is an undo step that marks
// the map modified; undo and redo put the setup back and forth.
func TestSetupEditsAreUndoable(t *testing.T) {
	g := newGrid(t)
	h := NewHistory(g, 0)
	h.MarkSaved()
	first := scenario.Setup{Seed: 7, Sides: []scenario.Side{{Side: 1, Team: 1}, {Side: 2, Team: 1}}}
	second := scenario.Setup{Seed: 7, Sides: first.Sides, Victory: scenario.Victory{Rounds: 30}}
	for _, s := range []scenario.Setup{first, second} {
		if err := g.SetSetup(s); err != nil {
			t.Fatal(err)
		}
		h.State() // the editor reads the history every frame: one change a step
	}
	if n, _ := h.Len(); n != 2 || !h.Modified() {
		t.Fatalf("%d steps, modified %v; want 2 and modified", n, h.Modified())
	}
	if !h.Undo() || g.Setup().Victory.Rounds != 0 || g.Setup().Seed != 7 {
		t.Fatalf("after one undo: %+v", g.Setup())
	}
	if !h.Undo() || g.Setup().Seed != 0 || len(g.Setup().Sides) != 0 || h.Modified() {
		t.Fatalf("after two undos: %+v, modified %v", g.Setup(), h.Modified())
	}
	if !h.Redo() || !h.Redo() || g.Setup().Victory.Rounds != 30 || len(g.Setup().Sides) != 2 {
		t.Fatalf("after the redos: %+v", g.Setup())
	}
}
