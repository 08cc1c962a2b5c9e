package chunk

import (
	"slices"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

// chunksAround lists, from offset arithmetic alone, the chunks of a 10×10
// grid (2×2 chunks) holding cell (x, z) and, when wide, its neighbours'.
// On a wrapping map columns -1 and 10 are columns 9 and 0.
func chunksAround(x, z int, wide, wrap bool) []int {
	set := map[int]bool{}
	add := func(x, z int) {
		if wrap {
			x = (x + 10) % 10
		}
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

// dirtyNoise is shared by the dirty-chunk tests' grids: building a
// noise table per test grid would dominate their time.
var dirtyNoise = noise.New(1)

func dirtySet(t *testing.T, wrap bool) *Set {
	t.Helper()
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: 10, Height: 10, Wrapping: wrap}, dirtyNoise)
	if err != nil {
		t.Fatal(err)
	}
	return NewSetWorkers(g, 1)
}

// Feature levels and specials dirty only their own chunk (Catlike's
// RefreshSelfOnly).
func TestDirtyOwnChunkOnly(t *testing.T) {
	edits := map[string]func(g *hexmap.Grid, i int){
		"urban":   func(g *hexmap.Grid, i int) { g.SetUrbanLevel(i, 2) },
		"farm":    func(g *hexmap.Grid, i int) { g.SetFarmLevel(i, 1) },
		"plant":   func(g *hexmap.Grid, i int) { g.SetPlantLevel(i, 3) },
		"special": func(g *hexmap.Grid, i int) { g.SetSpecialIndex(i, 1) },
	}
	for name, edit := range edits {
		for _, cell := range [][2]int{{4, 4}, {5, 5}, {2, 2}, {4, 9}} {
			s := dirtySet(t, false)
			edit(s.Grid, cell[0]+cell[1]*10)
			want := chunksAround(cell[0], cell[1], false, false)
			if got := s.DirtyChunks(); !slices.Equal(got, want) {
				t.Errorf("%s at %v dirtied %v, want %v", name, cell, got, want)
			}
		}
	}
}

// Everything else dirties the neighbours' chunks too, across the seam of
// a wrapping map.
func TestDirtyNeighbourChunks(t *testing.T) {
	edits := map[string]func(g *hexmap.Grid, i int){
		"elevation": func(g *hexmap.Grid, i int) { g.SetElevation(i, 1) },
		"water":     func(g *hexmap.Grid, i int) { g.SetWaterLevel(i, 1) },
		"walls":     func(g *hexmap.Grid, i int) { g.SetWalled(i, true) },
		"terrain":   func(g *hexmap.Grid, i int) { g.SetTerrainType(i, hexmap.Snow) },
	}
	for _, wrap := range []bool{false, true} {
		for name, edit := range edits {
			for _, cell := range [][2]int{{4, 4}, {5, 5}, {2, 2}, {4, 9}, {5, 3}, {0, 5}, {9, 3}, {0, 2}} {
				s := dirtySet(t, wrap)
				edit(s.Grid, cell[0]+cell[1]*10)
				want := chunksAround(cell[0], cell[1], true, wrap)
				if got := s.DirtyChunks(); !slices.Equal(got, want) {
					t.Errorf("wrap %v: %s at %v dirtied %v, want %v", wrap, name, cell, got, want)
				}
			}
		}
	}
}

// A river or road dirties both cells' surroundings, and reading the
// dirty chunks consumes them.
func TestDirtyLinks(t *testing.T) {
	links := map[string]func(g *hexmap.Grid, i int) bool{
		"river": func(g *hexmap.Grid, i int) bool { return g.SetOutgoingRiver(i, hexmap.E) == nil },
		"road":  func(g *hexmap.Grid, i int) bool { return g.AddRoad(i, hexmap.E) == nil },
	}
	for name, link := range links {
		s := dirtySet(t, false)
		if !link(s.Grid, 4+4*10) {
			t.Fatalf("%s refused", name)
		}
		want := unionSorted(chunksAround(4, 4, true, false), chunksAround(5, 4, true, false))
		if got := s.DirtyChunks(); !slices.Equal(got, want) {
			t.Errorf("%s (4,4)→(5,4) dirtied %v, want %v", name, got, want)
		}
		if got := s.DirtyChunks(); len(got) != 0 {
			t.Errorf("DirtyChunks did not consume the changes: %v", got)
		}
	}
}

func TestDirtyUnchangedCellMarksNothing(t *testing.T) {
	s := dirtySet(t, false)
	g := s.Grid
	g.SetElevation(44, 0)
	g.SetUrbanLevel(44, 0)
	g.RemoveRoads(44)
	if got := s.DirtyChunks(); len(got) != 0 {
		t.Fatalf("no-op edits dirtied %v", got)
	}
}

// The mesh consumer and another follower of the same grid (undo, say) do
// not take changes from each other.
func TestDirtyChunksLeaveOtherReadersAlone(t *testing.T) {
	s := dirtySet(t, false)
	other := s.Grid.Follow()
	s.Grid.SetElevation(0, 2)
	if len(s.DirtyChunks()) == 0 {
		t.Fatal("no dirty chunk")
	}
	if changes, _ := other.Read(); len(changes) != 1 {
		t.Fatalf("the other reader got %d changes, want 1", len(changes))
	}
}

func unionSorted(a, b []int) []int {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

func TestAffectsNeighbors(t *testing.T) {
	base := hexmap.NewCell()
	own := []func(c *hexmap.Cell){
		func(c *hexmap.Cell) { c.UrbanLevel = 2 }, func(c *hexmap.Cell) { c.FarmLevel = 1 },
		func(c *hexmap.Cell) { c.PlantLevel = 3 }, func(c *hexmap.Cell) { c.SpecialIndex = 1 },
	}
	shared := []func(c *hexmap.Cell){
		func(c *hexmap.Cell) { c.Elevation = 1 }, func(c *hexmap.Cell) { c.WaterLevel = 1 },
		func(c *hexmap.Cell) { c.Walled = true }, func(c *hexmap.Cell) { c.TerrainType = hexmap.Snow },
		func(c *hexmap.Cell) { c.Roads = 1 }, func(c *hexmap.Cell) { c.OutgoingRiver = hexmap.E },
	}
	for k, f := range own {
		after := base
		f(&after)
		if affectsNeighbors(hexmap.Change{Before: base, After: after}) {
			t.Errorf("own-feature change %d affects neighbours", k)
		}
	}
	for k, f := range shared {
		after := base
		f(&after)
		if !affectsNeighbors(hexmap.Change{Before: base, After: after}) {
			t.Errorf("shared change %d does not affect neighbours", k)
		}
	}
}
