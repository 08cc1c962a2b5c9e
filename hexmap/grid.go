package hexmap

import (
	"slices"

	"github.com/ungerik/go3d/vec3"
)

// MaxCellCount is the largest width or height in cells a grid may have.
// Loaders check sizes against it before they allocate anything.
const MaxCellCount = 640

// Unit is a unit standing on a cell (Catlike part 18), kept so that files
// that carry units keep them.
type Unit struct {
	Location    Coordinates
	Orientation float32
}

// Change records one cell's state before and after an edit, for undo.
type Change struct {
	Index         int
	Before, After Cell
}

// Grid is a map: width × height cells in rows, split into 5×5 chunks,
// with the seeded noise that shapes it. Create it with NewGrid.
type Grid struct {
	width, height int
	cells         []Cell
	noise         *Noise
	wrapping      bool
	// Units placed on the map; the model keeps them for the file formats.
	Units []Unit

	dirty    []bool // per chunk: must be re-triangulated
	recorder func(Change)
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

// NewGrid returns a grid of empty cells with noise built from seed.
func NewGrid(width, height int, seed int64) (*Grid, error) {
	if err := ValidateSize(width, height); err != nil {
		return nil, err
	}
	return NewGridWithNoise(width, height, NewNoise(seed))
}

// NewGridWithNoise is NewGrid with noise already built, which grids of the
// same seed may share.
func NewGridWithNoise(width, height int, noise *Noise) (*Grid, error) {
	if err := ValidateSize(width, height); err != nil {
		return nil, err
	}
	g := &Grid{width: width, height: height, noise: noise}
	g.cells = make([]Cell, width*height)
	for i := range g.cells {
		g.cells[i] = NewCell()
	}
	g.dirty = make([]bool, g.ChunkCount())
	g.MarkAllDirty()
	return g, nil
}

// Width is the number of cells per row.
func (g *Grid) Width() int { return g.width }

// Height is the number of rows.
func (g *Grid) Height() int { return g.height }

// CellCount is Width × Height.
func (g *Grid) CellCount() int { return len(g.cells) }

// ChunkCountX is the number of chunks per chunk row.
func (g *Grid) ChunkCountX() int { return g.width / ChunkSizeX }

// ChunkCountZ is the number of chunk rows.
func (g *Grid) ChunkCountZ() int { return g.height / ChunkSizeZ }

// ChunkCount is the number of chunks.
func (g *Grid) ChunkCount() int { return g.ChunkCountX() * g.ChunkCountZ() }

// Noise returns the map's seeded noise and hash grid.
func (g *Grid) Noise() *Noise { return g.noise }

// Seed returns the map's seed.
func (g *Grid) Seed() int64 { return g.noise.seed }

// Wrapping reports the east-west wrapping flag of a Catlike v5 map; the
// model keeps it but lays the map out flat.
func (g *Grid) Wrapping() bool { return g.wrapping }

// SetWrapping sets the wrapping flag kept for file round trips.
func (g *Grid) SetWrapping(w bool) { g.wrapping = w }

// Cell returns the cell at index i (x + z × Width).
func (g *Grid) Cell(i int) Cell { return g.cells[i] }

// Cells returns all cells in row order. Callers must not modify them.
func (g *Grid) Cells() []Cell { return g.cells }

// Index returns the index of the cell at c, or false when off the map.
func (g *Grid) Index(c Coordinates) (int, bool) {
	x, z := c.Offset()
	if x < 0 || x >= g.width || z < 0 || z >= g.height {
		return 0, false
	}
	return x + z*g.width, true
}

// Coordinates returns the coordinates of cell i.
func (g *Grid) Coordinates(i int) Coordinates {
	return FromOffset(i%g.width, i/g.width)
}

// Neighbor returns the index of the neighbour of cell i in direction d,
// or false at the map's border.
func (g *Grid) Neighbor(i int, d Direction) (int, bool) {
	return g.Index(g.Coordinates(i).Step(d))
}

// ChunkOf returns the chunk that holds cell i.
func (g *Grid) ChunkOf(i int) int {
	x, z := i%g.width, i/g.width
	return x/ChunkSizeX + (z/ChunkSizeZ)*g.ChunkCountX()
}

// ChunkCells returns the indices of the cells of chunk ch, row by row.
func (g *Grid) ChunkCells(ch int) []int {
	x0 := (ch % g.ChunkCountX()) * ChunkSizeX
	z0 := (ch / g.ChunkCountX()) * ChunkSizeZ
	out := make([]int, 0, ChunkSizeX*ChunkSizeZ)
	for z := z0; z < z0+ChunkSizeZ; z++ {
		for x := x0; x < x0+ChunkSizeX; x++ {
			out = append(out, x+z*g.width)
		}
	}
	return out
}

// CellPosition is the centre of cell i in world space, its Y the
// elevation jittered by noise as in Catlike's HexCell.Elevation.
func (g *Grid) CellPosition(i int) vec3.T {
	x, z := CellCenter(i%g.width, i/g.width)
	p := vec3.T{x, 0, z}
	s := g.noise.Sample(p)
	p[1] = float32(g.cells[i].Elevation)*ElevationStep + (s[1]*2-1)*ElevationPerturbStrength
	return p
}

// CellUnder returns the cell whose (unperturbed) hexagon holds the world
// point (x, z), or false when it is off the map.
func (g *Grid) CellUnder(x, z float32) (int, bool) {
	return g.Index(FromPosition(x, z))
}

// EdgeType returns the edge type from cell i to its neighbour in d.
func (g *Grid) EdgeType(i int, d Direction) EdgeType {
	n, ok := g.Neighbor(i, d)
	if !ok {
		return Flat
	}
	return EdgeTypeOf(int(g.cells[i].Elevation), int(g.cells[n].Elevation))
}

// ElevationDifference is the absolute elevation difference to neighbour d.
func (g *Grid) ElevationDifference(i int, d Direction) int {
	n, ok := g.Neighbor(i, d)
	if !ok {
		return 0
	}
	return abs(int(g.cells[i].Elevation) - int(g.cells[n].Elevation))
}

// MarkAllDirty marks every chunk for re-triangulation.
func (g *Grid) MarkAllDirty() {
	for i := range g.dirty {
		g.dirty[i] = true
	}
}

// DirtyChunks returns the chunks to re-triangulate, in ascending order,
// and clears the marks.
func (g *Grid) DirtyChunks() []int {
	var out []int
	for i, d := range g.dirty {
		if d {
			out = append(out, i)
			g.dirty[i] = false
		}
	}
	return out
}

// PeekDirtyChunks returns the chunks to re-triangulate without clearing.
func (g *Grid) PeekDirtyChunks() []int {
	var out []int
	for i, d := range g.dirty {
		if d {
			out = append(out, i)
		}
	}
	return out
}

// SetRecorder installs a function called with every cell change; nil
// stops recording. The editor builds undo on it.
func (g *Grid) SetRecorder(r func(Change)) { g.recorder = r }

// Clone returns a deep copy of the grid sharing the immutable noise.
func (g *Grid) Clone() *Grid {
	c := *g
	c.cells = slices.Clone(g.cells)
	c.Units = slices.Clone(g.Units)
	c.dirty = slices.Clone(g.dirty)
	c.recorder = nil
	return &c
}

// Equal reports whether two grids hold the same map: size, seed,
// wrapping, cells and units.
func (g *Grid) Equal(o *Grid) bool {
	return g.width == o.width && g.height == o.height && g.Seed() == o.Seed() &&
		g.wrapping == o.wrapping && slices.Equal(g.cells, o.cells) && slices.Equal(g.Units, o.Units)
}

// set is the single entry point of every change to a cell: it stores the
// new state, tells the recorder and marks the chunks to re-triangulate.
// Changes that only touch a cell's own features (levels, specials,
// exploration) dirty its own chunk; anything else can change geometry
// shared with neighbours (bridges, corners, walls, shores), so their
// chunks are marked too.
func (g *Grid) set(i int, c Cell) {
	old := g.cells[i]
	if old == c {
		return
	}
	g.cells[i] = c
	if g.recorder != nil {
		g.recorder(Change{Index: i, Before: old, After: c})
	}
	g.dirty[g.ChunkOf(i)] = true
	if !onlyOwnFeatures(old, c) {
		for d := NE; d <= NW; d++ {
			if n, ok := g.Neighbor(i, d); ok {
				g.dirty[g.ChunkOf(n)] = true
			}
		}
	}
}

func onlyOwnFeatures(a, b Cell) bool {
	a.UrbanLevel, a.FarmLevel, a.PlantLevel, a.SpecialIndex, a.Explored =
		b.UrbanLevel, b.FarmLevel, b.PlantLevel, b.SpecialIndex, b.Explored
	return a == b
}
