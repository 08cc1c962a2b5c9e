package hexmap

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// chunksAround lists, from offset arithmetic alone, the chunks of a 10×10
// grid (2×2 chunks) holding cell (x, z) and, when wide, its neighbours.
func chunksAround(x, z int, wide bool) []int {
	set := map[int]bool{}
	add := func(x, z int) {
		if x >= 0 && x < 10 && z >= 0 && z < 10 {
			set[x/5+(z/5)*2] = true
		}
	}
	add(x, z)
	if wide {
		// Neighbours in offset form: same row ±1, and the two cells above
		// and below, shifted east on odd rows.
		shift := z & 1
		add(x-1, z)
		add(x+1, z)
		for _, dz := range []int{-1, 1} {
			add(x-1+shift, z+dz)
			add(x+shift, z+dz)
		}
	}
	var out []int
	for ch := range 4 {
		if set[ch] {
			out = append(out, ch)
		}
	}
	return out
}

func TestChunksAroundBorderCell(t *testing.T) {
	// Sanity of the helper itself: (4, 4) touches chunks 0, 1, 2 but not 3.
	if got := chunksAround(4, 4, true); !slices.Equal(got, []int{0, 1, 2}) {
		t.Fatalf("chunksAround(4, 4) = %v", got)
	}
}

func TestDirtyOwnChunkOnly(t *testing.T) {
	edits := map[string]func(g *Grid, i int){
		"urban":   func(g *Grid, i int) { g.SetUrbanLevel(i, 2) },
		"farm":    func(g *Grid, i int) { g.SetFarmLevel(i, 1) },
		"plant":   func(g *Grid, i int) { g.SetPlantLevel(i, 3) },
		"special": func(g *Grid, i int) { g.SetSpecialIndex(i, 1) },
	}
	for name, edit := range edits {
		for _, cell := range [][2]int{{4, 4}, {5, 5}, {2, 2}, {4, 9}} {
			g := mustGrid(t, 10, 10)
			edit(g, cell[0]+cell[1]*10)
			want := chunksAround(cell[0], cell[1], false)
			if got := g.DirtyChunks(); !slices.Equal(got, want) {
				t.Errorf("%s at %v dirtied %v, want %v", name, cell, got, want)
			}
		}
	}
}

func TestDirtyNeighbourChunks(t *testing.T) {
	edits := map[string]func(g *Grid, i int){
		"elevation": func(g *Grid, i int) { g.SetElevation(i, 1) },
		"water":     func(g *Grid, i int) { g.SetWaterLevel(i, 1) },
		"walls":     func(g *Grid, i int) { g.SetWalled(i, true) },
		"terrain":   func(g *Grid, i int) { g.SetTerrainType(i, Snow) },
	}
	for name, edit := range edits {
		for _, cell := range [][2]int{{4, 4}, {5, 5}, {2, 2}, {4, 9}, {5, 3}, {0, 5}} {
			g := mustGrid(t, 10, 10)
			edit(g, cell[0]+cell[1]*10)
			want := chunksAround(cell[0], cell[1], true)
			if got := g.DirtyChunks(); !slices.Equal(got, want) {
				t.Errorf("%s at %v dirtied %v, want %v", name, cell, got, want)
			}
		}
	}
}

// A river or road from a border cell dirties both cells' surroundings.
func TestDirtyLinks(t *testing.T) {
	links := map[string]func(g *Grid, i int) bool{
		"river": func(g *Grid, i int) bool { return g.SetOutgoingRiver(i, E) },
		"road":  func(g *Grid, i int) bool { return g.AddRoad(i, E) },
	}
	for name, link := range links {
		g := mustGrid(t, 10, 10)
		if !link(g, 4+4*10) {
			t.Fatalf("%s refused", name)
		}
		want := unionSorted(chunksAround(4, 4, true), chunksAround(5, 4, true))
		if got := g.DirtyChunks(); !slices.Equal(got, want) {
			t.Errorf("%s (4,4)→(5,4) dirtied %v, want %v", name, got, want)
		}
		if got := g.DirtyChunks(); len(got) != 0 {
			t.Errorf("DirtyChunks did not clear the marks: %v", got)
		}
	}
}

func TestDirtyUnchangedCellMarksNothing(t *testing.T) {
	g := mustGrid(t, 10, 10)
	g.SetElevation(44, 0)
	g.SetUrbanLevel(44, 0)
	g.RemoveRoads(44)
	if got := g.PeekDirtyChunks(); len(got) != 0 {
		t.Fatalf("no-op edits dirtied %v", got)
	}
	g.SetWalled(44, true)
	if p := g.PeekDirtyChunks(); !slices.Equal(p, g.DirtyChunks()) || len(p) == 0 {
		t.Fatal("PeekDirtyChunks disagrees with DirtyChunks")
	}
}

func unionSorted(a, b []int) []int {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

// randomEdits applies a mix of every kind of edit to g, deterministically.
func randomEdits(g *Grid, seed uint64, count int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	n := g.CellCount()
	for range count {
		i := rng.IntN(n)
		d := Direction(rng.IntN(6))
		switch rng.IntN(10) {
		case 0:
			g.SetElevation(i, rng.IntN(7))
		case 1:
			g.SetWaterLevel(i, rng.IntN(4))
		case 2:
			g.SetOutgoingRiver(i, d)
		case 3:
			g.AddRoad(i, d)
		case 4:
			g.SetSpecialIndex(i, rng.IntN(4))
		case 5:
			g.SetUrbanLevel(i, rng.IntN(4))
			g.SetFarmLevel(i, rng.IntN(4))
			g.SetPlantLevel(i, rng.IntN(4))
		case 6:
			g.SetWalled(i, rng.IntN(2) == 0)
		case 7:
			g.SetTerrainType(i, uint8(rng.IntN(5)))
		case 8:
			g.RemoveRiver(i)
		case 9:
			g.RemoveRoad(i, d)
		}
	}
}

func TestRecorderReportsEveryChange(t *testing.T) {
	g := mustGrid(t, 15, 10)
	original := g.Clone()
	var changes []Change
	g.SetRecorder(func(c Change) { changes = append(changes, c) })
	randomEdits(g, 3, 3000)
	// Replaying the After states on the original must rebuild the map,
	// and each Before must be the state left by the previous change.
	replay := original.Clone()
	for k, c := range changes {
		if replay.Cell(c.Index) != c.Before {
			t.Fatalf("change %d of cell %d: Before differs from the cell's state", k, c.Index)
		}
		if c.Before == c.After {
			t.Fatalf("change %d reports no change", k)
		}
		replay.Restore(c.Index, c.After)
	}
	if !slices.Equal(replay.Cells(), g.Cells()) {
		t.Fatal("replaying the recorded changes does not give the edited map")
	}
	// Undo: restoring Before states in reverse gives back the original.
	g.SetRecorder(nil)
	for k := len(changes) - 1; k >= 0; k-- {
		g.Restore(changes[k].Index, changes[k].Before)
	}
	if !g.Equal(original) {
		t.Fatal("undoing all changes does not give back the original map")
	}
}

func TestRecorderStops(t *testing.T) {
	g := mustGrid(t, 5, 5)
	calls := 0
	g.SetRecorder(func(Change) { calls++ })
	g.SetElevation(0, 2)
	g.SetRecorder(nil)
	g.SetElevation(0, 3)
	if calls != 1 {
		t.Fatalf("recorder called %d times, want 1", calls)
	}
}

// Random edits must keep every link consistent, the invariant FromCells
// repairs towards: repairing an edited map changes nothing.
func TestEditsKeepLinksConsistent(t *testing.T) {
	g := mustGrid(t, 15, 10)
	randomEdits(g, 9, 4000)
	h, err := FromCells(g.Width(), g.Height(), g.Noise(), slices.Clone(g.Cells()))
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.CellCount() {
		if g.Cell(i) != h.Cell(i) {
			t.Fatalf("cell %d: edits left %+v, repair gives %+v", i, g.Cell(i), h.Cell(i))
		}
		c := g.Cell(i)
		if c.HasOutgoingRiver() {
			n, _ := g.Neighbor(i, c.OutgoingRiver)
			if !c.IsValidRiverDestination(g.Cell(n)) {
				t.Fatalf("cell %d: river flows uphill", i)
			}
		}
		for d := NE; d <= NW; d++ {
			if c.HasRoadThroughEdge(d) && (g.ElevationDifference(i, d) > 1 || c.IsSpecial() || c.HasRiverThroughEdge(d)) {
				t.Fatalf("cell %d: road through %v breaks a rule", i, d)
			}
		}
		if c.IsSpecial() && c.HasRiver() {
			t.Fatalf("cell %d: special on a river", i)
		}
	}
}
