package hexmap

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A batch hands the feed one change per touched cell, from its state
// before the batch to its state after, all of one edit.
func TestBatchOneChangePerCell(t *testing.T) {
	g := mustGrid(t, 15, 10)
	randomEdits(g, 1, 500)
	before := g.Clone()
	r := g.Follow()
	g.Batch(EditRules, func() { randomEdits(g, 2, 3000) })
	changes, complete := r.Read()
	if !complete || len(changes) == 0 {
		t.Fatalf("%d changes, complete %v", len(changes), complete)
	}
	seen := map[int]bool{}
	for _, c := range changes {
		if seen[c.Index] {
			t.Fatalf("cell %d changed twice in one batch", c.Index)
		}
		seen[c.Index] = true
		if c.Edit != changes[0].Edit {
			t.Fatal("a batch's changes carry different edits")
		}
		if c.Before != before.Cell(c.Index) || c.After != g.Cell(c.Index) {
			t.Fatalf("cell %d: change is not from its state before to after the batch", c.Index)
		}
	}
	for i := range g.Topology().CellCount() {
		if !seen[i] && g.Cell(i) != before.Cell(i) {
			t.Fatalf("cell %d changed without a change in the feed", i)
		}
	}
}

// Edits in a batch may break the rules on the way (a river left flowing
// uphill by a later elevation change); EditRules repairs that once at the
// end, so the map is as consistent as after edits one by one.
func TestBatchEditRulesLeaveConsistentMap(t *testing.T) {
	for seed := range uint64(5) {
		for _, wrap := range []bool{false, true} {
			g := mustGridOf(t, Topology{Width: 15, Height: 10, Wrapping: wrap})
			g.Batch(EditRules, func() { randomEdits(g, seed, 4000) })
			checkConsistent(t, g)
		}
	}
}

// Whole cells written in a batch are repaired at its end, and the report
// counts what was dropped, worked out by hand.
func TestBatchReportsDroppedLinks(t *testing.T) {
	g := mustGrid(t, 10, 10)
	at := func(x, z int) int { return x + z*10 }
	uphill := NewCell()
	uphill.OutgoingRiver = E
	high := NewCell()
	high.Elevation = 2
	high.IncomingRiver = W
	roadA, roadB := NewCell(), NewCell()
	roadA.Roads = 1 << uint(E)
	roadB.Roads = 1 << uint(W)
	roadB.Elevation = 3 // a road over a cliff
	special := NewCell()
	special.SpecialIndex = 2
	special.OutgoingRiver = E
	below := NewCell()
	below.IncomingRiver = W
	rep := g.Batch(EditRules, func() {
		g.SetCell(at(2, 2), uphill)
		g.SetCell(at(3, 2), high)
		g.SetCell(at(2, 5), roadA)
		g.SetCell(at(3, 5), roadB)
		g.SetCell(at(6, 6), special)
		g.SetCell(at(7, 6), below)
	})
	want := BatchReport{DroppedRivers: 1, DroppedRoads: 1, ClearedSpecials: 1}
	if rep != want {
		t.Errorf("report %+v, want %+v", rep, want)
	}
	if g.Cell(at(2, 2)).HasRiver() || g.Cell(at(3, 2)).HasRiver() {
		t.Error("uphill river kept")
	}
	if g.Cell(at(2, 5)).HasRoads() || g.Cell(at(3, 5)).HasRoads() {
		t.Error("road over a cliff kept")
	}
	if c := g.Cell(at(6, 6)); c.IsSpecial() || c.OutgoingRiver != E || g.Cell(at(7, 6)).IncomingRiver != W {
		t.Errorf("special on a river: cell %+v", c)
	}
	checkConsistent(t, g)
}

// linkRules keep what a file holds as written (an uphill river), and
// NoRules restore states exactly.
func TestBatchRuleLevels(t *testing.T) {
	g := mustGrid(t, 10, 10)
	a, b := 22, 23
	out, in := NewCell(), NewCell()
	out.OutgoingRiver = E
	in.IncomingRiver = W
	in.Elevation = 4
	rep := g.Batch(linkRules, func() { g.SetCell(a, out); g.SetCell(b, in) })
	if rep.Dropped() || g.Cell(a) != out || g.Cell(b) != in {
		t.Fatalf("linkRules changed a consistent uphill river: %+v", rep)
	}
	one := NewCell()
	one.Roads = 1
	g.Batch(NoRules, func() { g.SetCell(50, one) })
	if g.Cell(50) != one {
		t.Fatal("NoRules changed the cell it restored")
	}
}

// A batch of edits ends in the same map whether its rules run at the end
// or after every edit, when no edit depends on a rule's cascade: here
// every edit is a plain value, so the two must agree exactly.
func TestBatchOfPlainValuesEqualsEditsOneByOne(t *testing.T) {
	one, batch := mustGrid(t, 15, 10), mustGrid(t, 15, 10)
	paint := func(g *Grid) {
		rng := rand.New(rand.NewPCG(3, 4))
		for range 2000 {
			i := rng.IntN(g.Topology().CellCount())
			switch rng.IntN(4) {
			case 0:
				g.SetTerrainType(i, uint8(rng.IntN(5)))
			case 1:
				g.SetUrbanLevel(i, rng.IntN(4))
			case 2:
				g.SetWalled(i, rng.IntN(2) == 0)
			case 3:
				g.SetElevation(i, rng.IntN(5))
			}
		}
	}
	paint(one)
	batch.Batch(EditRules, func() { paint(batch) })
	if !slices.Equal(one.Cells(), batch.Cells()) {
		t.Fatal("a batch of plain edits differs from the same edits one by one")
	}
}

func TestBatchesDoNotNest(t *testing.T) {
	g := mustGrid(t, 5, 5)
	r := g.Follow()
	g.Batch(NoRules, func() {
		g.SetElevation(0, 1)
		g.Batch(NoRules, func() { g.SetElevation(1, 1) })
		if !g.batch.active {
			t.Fatal("the inner batch ended the outer one")
		}
		if r.Pending() {
			t.Fatal("changes published before the batch ended")
		}
	})
	if changes, _ := r.Read(); len(changes) != 2 || changes[0].Edit != changes[1].Edit {
		t.Fatalf("nested batch: %+v", changes)
	}
}
