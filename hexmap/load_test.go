package hexmap

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func emptyCells(n int) []Cell {
	cells := make([]Cell, n)
	for i := range cells {
		cells[i] = NewCell()
	}
	return cells
}

func TestFromCellsRejectsBadValues(t *testing.T) {
	cases := []struct {
		name, want string
		edit       func(c *Cell)
	}{
		{"terrain", "terrain type", func(c *Cell) { c.TerrainType = 5 }},
		{"elevation high", "elevation", func(c *Cell) { c.Elevation = MaxElevation + 1 }},
		{"elevation low", "elevation", func(c *Cell) { c.Elevation = MinElevation - 1 }},
		{"water", "water level", func(c *Cell) { c.WaterLevel = 300 }},
		{"urban", "feature level", func(c *Cell) { c.UrbanLevel = 4 }},
		{"farm", "feature level", func(c *Cell) { c.FarmLevel = 4 }},
		{"plant", "feature level", func(c *Cell) { c.PlantLevel = 9 }},
		{"special", "special index", func(c *Cell) { c.SpecialIndex = 4 }},
		{"incoming", "incoming river", func(c *Cell) { c.IncomingRiver = 6 }},
		{"outgoing", "outgoing river", func(c *Cell) { c.OutgoingRiver = -2 }},
		{"roads", "road bits", func(c *Cell) { c.Roads = 1 << 6 }},
	}
	for _, tc := range cases {
		cells := emptyCells(50)
		tc.edit(&cells[13])
		g, _, err := FromCells(Topology{Width: 10, Height: 5}, sharedTestNoise, cells)
		if err == nil || g != nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "(3, 1)") {
			t.Errorf("%s: error %q does not name %q at cell (3, 1)", tc.name, err, tc.want)
		}
	}
}

func TestFromCellsRejectsBadSizes(t *testing.T) {
	cases := []struct {
		w, h int
		n    int
		want string
	}{
		{0, 5, 0, "positive"},
		{7, 5, 35, "multiple"},
		{MaxCellCount + 5, 5, 0, "limit"},
		{10, 5, 49, "49 cells"},
	}
	for _, tc := range cases {
		if _, _, err := FromCells(Topology{Width: tc.w, Height: tc.h}, sharedTestNoise, emptyCells(tc.n)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("FromCells(%d, %d, %d cells) error %v, want it to mention %q", tc.w, tc.h, tc.n, err, tc.want)
		}
	}
}

func TestFromCellsKeepsConsistentMap(t *testing.T) {
	g := mustGrid(t, 10, 10)
	randomEdits(g, 4, 2000)
	h, rep, err := FromCells(g.Topology(), g.Noise(), slices.Clone(g.Cells()))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(h.Cells(), g.Cells()) {
		t.Fatal("a consistent map was changed")
	}
	if rep.Dropped() {
		t.Fatalf("a consistent map reports dropped links: %+v", rep)
	}
}

func TestFromCellsRepairsLinks(t *testing.T) {
	const w = 10
	at := func(x, z int) int { return x + z*w }
	cells := emptyCells(w * 10)
	// A river out of (2, 2) with no incoming end at its neighbour.
	cells[at(2, 2)].OutgoingRiver = E
	// An incoming river at (5, 5) with nobody flowing in.
	cells[at(5, 5)].IncomingRiver = W
	// Rivers and roads that leave the map.
	cells[at(0, 0)].OutgoingRiver = W
	cells[at(9, 9)].IncomingRiver = NE
	cells[at(0, 4)].Roads = 1 << uint(W)
	// A road that only one side has.
	cells[at(6, 2)].Roads = 1 << uint(E)
	// A road on both sides but across a river edge.
	cells[at(2, 7)].OutgoingRiver = E
	cells[at(3, 7)].IncomingRiver = W
	cells[at(2, 7)].Roads = 1 << uint(E)
	cells[at(3, 7)].Roads = 1 << uint(W)
	// A good road, kept.
	cells[at(6, 6)].Roads = 1 << uint(E)
	cells[at(7, 6)].Roads = 1 << uint(W)
	// A cell flowing out and in through the same edge.
	cells[at(4, 0)].OutgoingRiver = E
	cells[at(4, 0)].IncomingRiver = E
	cells[at(5, 0)].IncomingRiver = W
	g, rep, err := FromCells(Topology{Width: w, Height: 10}, sharedTestNoise, cells)
	if err != nil {
		t.Fatal(err)
	}
	// Counted by hand from the cases above: rivers (2,2) out, (5,5) in,
	// (0,0) out, (9,9) in and (4,0)'s in through its out edge; roads
	// (0,4) off the map, (6,2) one-sided, (2,7)-(3,7) across a river.
	if rep.DroppedRivers != 5 || rep.DroppedRoads != 3 {
		t.Errorf("report %+v, want 5 rivers and 3 roads dropped", rep)
	}
	for _, p := range [][2]int{{2, 2}, {5, 5}, {0, 0}, {9, 9}} {
		if g.Cell(at(p[0], p[1])).HasRiver() {
			t.Errorf("broken river at %v kept", p)
		}
	}
	for _, p := range [][2]int{{0, 4}, {6, 2}, {2, 7}, {3, 7}} {
		if g.Cell(at(p[0], p[1])).HasRoads() {
			t.Errorf("broken road at %v kept", p)
		}
	}
	if !g.Cell(at(2, 7)).HasOutgoingRiver() || !g.Cell(at(3, 7)).HasIncomingRiver() {
		t.Error("good river (2,7)→(3,7) dropped")
	}
	if !g.Cell(at(6, 6)).HasRoadThroughEdge(E) || !g.Cell(at(7, 6)).HasRoadThroughEdge(W) {
		t.Error("good road (6,6)-(7,6) dropped")
	}
	c := g.Cell(at(4, 0))
	if c.HasIncomingRiver() || c.OutgoingRiver != E || g.Cell(at(5, 0)).IncomingRiver != W {
		t.Errorf("same-edge river: cell %+v", c)
	}
}

// FromCells of cells with random river and road ends, many broken, keeps
// exactly the links that are whole: checked pair by pair, not through
// FromCells itself, on flat and wrapping maps. (A river in and out
// through one edge, whose outcome depends on its partners, is the
// hand-worked test's.)
func TestFromCellsKeepsExactlyTheWholeLinks(t *testing.T) {
	for _, wrap := range []bool{false, true} {
		top := Topology{Width: 15, Height: 10, Wrapping: wrap}
		rng := rand.New(rand.NewPCG(7, 11))
		cells := emptyCells(top.CellCount())
		for i := range cells {
			if rng.IntN(2) == 0 {
				cells[i].OutgoingRiver = Direction(rng.IntN(6))
			}
			if d := Direction(rng.IntN(6)); rng.IntN(2) == 0 && d != cells[i].OutgoingRiver {
				cells[i].IncomingRiver = d
			}
			cells[i].Roads = uint8(rng.IntN(64))
		}
		g, _, err := FromCells(top, sharedTestNoise, slices.Clone(cells))
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cells {
			got := g.Cell(i)
			// A river end is whole when the neighbour has the other end.
			riverWhole := func(d Direction, other func(Cell) Direction) bool {
				n, ok := top.Neighbor(i, d)
				return ok && other(cells[n]) == d.Opposite()
			}
			wantOut := c.OutgoingRiver != NoDirection && riverWhole(c.OutgoingRiver, func(n Cell) Direction { return n.IncomingRiver })
			if got.HasOutgoingRiver() != wantOut || (wantOut && got.OutgoingRiver != c.OutgoingRiver) {
				t.Fatalf("wrap %v cell %d: outgoing river %v from %v, want kept %v", wrap, i, got.OutgoingRiver, c.OutgoingRiver, wantOut)
			}
			wantIn := c.IncomingRiver != NoDirection && riverWhole(c.IncomingRiver, func(n Cell) Direction { return n.OutgoingRiver })
			if got.HasIncomingRiver() != wantIn {
				t.Fatalf("wrap %v cell %d: incoming river %v from %v, want kept %v", wrap, i, got.IncomingRiver, c.IncomingRiver, wantIn)
			}
			for d := NE; d <= NW; d++ {
				n, ok := top.Neighbor(i, d)
				want := c.HasRoadThroughEdge(d) && ok && cells[n].HasRoadThroughEdge(d.Opposite())
				if want { // the river through that edge, as FromCells keeps it
					want = !(got.HasRiverThroughEdge(d) || g.Cell(n).HasRiverThroughEdge(d.Opposite()))
				}
				if got.HasRoadThroughEdge(d) != want {
					t.Fatalf("wrap %v cell %d: road through %v kept %v, want %v", wrap, i, d, got.HasRoadThroughEdge(d), want)
				}
			}
		}
	}
}
