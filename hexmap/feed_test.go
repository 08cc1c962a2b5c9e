package hexmap

import (
	"slices"
	"testing"
)

// replay applies changes to a copy of the map as it was, checking that
// each Before is the state the previous change left.
func replay(t *testing.T, name string, g *Grid, changes []Change) {
	t.Helper()
	for k, c := range changes {
		if g.Cell(c.Index) != c.Before {
			t.Fatalf("%s: change %d of cell %d: Before differs from the cell's state", name, k, c.Index)
		}
		if c.Before == c.After {
			t.Fatalf("%s: change %d reports no change", name, k)
		}
		g.SetCell(c.Index, c.After)
	}
}

// Two consumers reading at different paces each see every change, in
// order: replaying what either read on the original rebuilds the map.
func TestTwoReadersSeeEveryChange(t *testing.T) {
	g := mustGrid(t, 15, 10)
	original := g.Clone()
	eager, lazy := g.Follow(), g.Follow()
	var fromEager, fromLazy []Change
	for round := range 30 {
		randomEdits(g, uint64(round), 100)
		changes, complete := eager.Read()
		if !complete {
			t.Fatal("eager reader lost changes")
		}
		fromEager = append(fromEager, changes...)
		if round%7 == 6 {
			changes, complete := lazy.Read()
			if !complete {
				t.Fatal("lazy reader lost changes")
			}
			fromLazy = append(fromLazy, changes...)
		}
	}
	changes, _ := lazy.Read()
	fromLazy = append(fromLazy, changes...)
	if len(fromEager) == 0 || len(fromEager) != len(fromLazy) {
		t.Fatalf("eager read %d changes, lazy %d", len(fromEager), len(fromLazy))
	}
	for name, changes := range map[string][]Change{"eager": fromEager, "lazy": fromLazy} {
		r := original.Clone()
		replay(t, name, r, changes)
		if !slices.Equal(r.Cells(), g.Cells()) {
			t.Fatalf("%s: replaying the changes does not give the edited map", name)
		}
	}
	// Undo: restoring Before states in reverse gives back the original.
	for k := len(fromEager) - 1; k >= 0; k-- {
		g.SetCell(fromEager[k].Index, fromEager[k].Before)
	}
	if !g.Equal(original) {
		t.Fatal("undoing all changes does not give back the original map")
	}
}

// A reader sees only what happened after Follow, and nothing once closed;
// closing it leaves the other reader's changes alone.
func TestReaderFollowAndClose(t *testing.T) {
	g := mustGrid(t, 5, 5)
	g.SetElevation(0, 2)
	a := g.Follow()
	b := g.Follow()
	if a.Pending() {
		t.Fatal("a new reader has changes from before it followed")
	}
	g.SetElevation(1, 2)
	a.Close()
	if a.Pending() {
		t.Fatal("a closed reader has changes pending")
	}
	if changes, _ := a.Read(); len(changes) != 0 {
		t.Fatal("a closed reader read changes")
	}
	changes, complete := b.Read()
	if !complete || len(changes) != 1 || changes[0].Index != 1 || changes[0].After.Elevation != 2 {
		t.Fatalf("other reader read %+v, complete %v; want the one change of cell 1", changes, complete)
	}
}

// A reader that never reads does not make the feed grow without bound:
// past the backlog the oldest changes go, and the reader is told.
func TestFeedBacklogIsBounded(t *testing.T) {
	g := mustGrid(t, 5, 5)
	idle := g.Follow()
	busy := g.Follow()
	for k := range maxFeedBacklog + 10 {
		g.SetElevation(k%25, k%7+1)
		if k%1000 == 0 {
			busy.Read()
		}
	}
	if len(g.feed.records) > maxFeedBacklog {
		t.Fatalf("the feed holds %d changes, more than the backlog %d", len(g.feed.records), maxFeedBacklog)
	}
	if _, complete := idle.Read(); complete {
		t.Fatal("the idle reader was not told that it lost changes")
	}
	g.SetElevation(0, 0)
	if changes, complete := idle.Read(); !complete || len(changes) != 1 {
		t.Fatalf("after catching up the idle reader got %d changes, complete %v", len(changes), complete)
	}
}

// An edit method's changes, its cascade included, share one Edit; the
// next call is another edit.
func TestEditsAreGrouped(t *testing.T) {
	g := mustGrid(t, 10, 10)
	r := g.Follow()
	a := 4 + 4*10
	n, _ := g.Topology().Neighbor(a, E)
	if g.SetOutgoingRiver(a, E) != nil {
		t.Fatal("river refused")
	}
	g.SetElevation(n, 5) // the river now flows uphill: removed at both ends
	changes, _ := r.Read()
	edits := map[uint64][]int{}
	var order []uint64
	for _, c := range changes {
		if _, ok := edits[c.Edit]; !ok {
			order = append(order, c.Edit)
		}
		edits[c.Edit] = append(edits[c.Edit], c.Index)
	}
	if len(order) != 2 {
		t.Fatalf("%d edits, want 2: %v", len(order), edits)
	}
	// The river: both cells; the elevation: n, then both river ends.
	if got := edits[order[0]]; !slices.Equal(got, []int{a, n}) {
		t.Errorf("river edit changed cells %v, want [%d %d]", got, a, n)
	}
	if got := edits[order[1]]; len(got) != 3 || got[0] != n {
		t.Errorf("elevation edit changed cells %v, want %d then the two river ends", got, n)
	}
}
