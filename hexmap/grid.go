package hexmap

import (
	"maps"
	"slices"

	"hexsandbox/hexmap/noise"
	"hexsandbox/hexmap/scenario"
)

// MaxCellCount is the largest width or height in cells a grid may have.
// Loaders check sizes against it before they allocate anything.
const MaxCellCount = 640

// Grid is a map: cells in rows on a Topology (a whole number of chunks),
// with the seeded noise that shapes it. Create it with NewGrid or
// NewGridOf. Every edit goes through its methods, which apply Catlike's
// rules and publish each changed cell on the grid's change feed.
type Grid struct {
	top   Topology
	cells []Cell
	noise *noise.Noise
	units unitState
	towns townState
	// setup is the scenario's settings (setup.go); setupEdits counts
	// their changes.
	setup      scenario.Setup
	setupEdits uint64
	// notes are the map notes by cell (notes.go); noteEdits counts their
	// changes.
	notes     map[int]string
	noteEdits uint64
	// explored is per side what its units have seen (vision sets it).
	explored exploration

	feed  changeFeed
	edit  uint64 // the current (or last) edit's serial
	depth int    // nesting of edit methods: the outermost starts an edit
	batch batchState
}

// ValidateSize returns an error unless width × height is a whole number
// of chunks within MaxCellCount.
func ValidateSize(width, height int) error {
	switch {
	case width <= 0 || height <= 0:
		return errorf("map size %d×%d: must be positive", width, height)
	case width > MaxCellCount || height > MaxCellCount:
		return errorf("map size %d×%d: larger than the limit of %d×%d", width, height, MaxCellCount, MaxCellCount)
	case width%ChunkSizeX != 0 || height%ChunkSizeZ != 0:
		return errorf("map size %d×%d: not a multiple of the %d×%d chunk size", width, height, ChunkSizeX, ChunkSizeZ)
	}
	return nil
}

// NewGrid returns a flat grid of empty cells with noise built from seed.
func NewGrid(width, height int, seed int64) (*Grid, error) {
	if err := ValidateSize(width, height); err != nil {
		return nil, err
	}
	return NewGridOf(Topology{Width: width, Height: height}, noise.New(seed))
}

// NewGridOf returns a grid of empty cells on topology t.
func NewGridOf(t Topology, n *noise.Noise) (*Grid, error) {
	if err := ValidateSize(t.Width, t.Height); err != nil {
		return nil, err
	}
	g := &Grid{top: t, noise: n}
	g.cells = make([]Cell, t.CellCount())
	g.explored.bits = make([]uint8, t.CellCount())
	for i := range g.cells {
		g.cells[i] = NewCell()
	}
	return g, nil
}

// Topology returns the map's shape: size and wrapping.
func (g *Grid) Topology() Topology { return g.top }

// Noise returns the map's seeded noise and hash grid.
func (g *Grid) Noise() *noise.Noise { return g.noise }

// Cell returns the cell at index i (x + z × Width).
func (g *Grid) Cell(i int) Cell { return g.cells[i] }

// Cells returns all cells in row order. Callers must not modify them.
func (g *Grid) Cells() []Cell { return g.cells }

// elevationDifference is the absolute elevation difference to neighbour d.
func (g *Grid) elevationDifference(i int, d Direction) int {
	n, ok := g.top.Neighbor(i, d)
	if !ok {
		return 0
	}
	return abs(int(g.cells[i].Elevation) - int(g.cells[n].Elevation))
}

// Clone returns a deep copy of the grid sharing the immutable noise.
func (g *Grid) Clone() *Grid {
	c := *g
	c.cells = slices.Clone(g.cells)
	c.units = g.units.clone()
	c.towns = g.towns.clone()
	c.setup = g.Setup()
	c.notes = maps.Clone(g.notes)
	c.explored = g.explored.clone()
	c.feed = changeFeed{}
	c.batch = batchState{}
	c.depth = 0
	return &c
}

// Equal reports whether two grids hold the same map: size, seed,
// wrapping, cells, units, the side in turn, towns, the setup, each
// side's exploration and the notes.
func (g *Grid) Equal(o *Grid) bool {
	return g.top == o.top && g.noise.Seed() == o.noise.Seed() && slices.Equal(g.cells, o.cells) && g.units.equal(o.units) &&
		slices.Equal(g.towns.list, o.towns.list) && g.setup.Equal(o.setup) &&
		slices.Equal(g.explored.bits, o.explored.bits) && maps.Equal(g.notes, o.notes)
}

// begin and end bracket every edit method: the outermost call starts a
// new edit, whose changes share one Edit serial in the feed. A batch is
// one edit however many methods it calls.
func (g *Grid) begin() {
	if g.depth == 0 {
		g.edit++
	}
	g.depth++
}

func (g *Grid) end() { g.depth-- }

// set is the single entry point of every change to a cell: it stores the
// new state and publishes the change on the feed (in a batch, once when
// the batch ends), and removes a unit the change put underwater.
func (g *Grid) set(i int, c Cell) {
	old := g.cells[i]
	if old == c {
		return
	}
	g.cells[i] = c
	if g.batch.active {
		g.batch.touch(i, old)
		return
	}
	g.feed.append(Change{Index: i, Before: old, After: c, Edit: g.edit})
	g.drown(i)
}
