package chunk

import (
	"hexsandbox/hexmap"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// A change of terrain type alone moves no vertex: it only changes the
// splat types of the terrain triangles its cell gave them (its own and
// its connections' and corners', which neighbouring chunks own too).
// Triangulation records, in runs of terrain vertices, which three cells
// gave each its types; Retint then updates the types in place, which is
// what a fill of terrain over thousands of cells needs to stay quick.

// tintRun is a run of terrain vertices, from start to the next run's
// start (or the mesh's end), whose splat types come from cells.
type tintRun struct {
	start int32
	cells [3]int32
}

// tints are a chunk's runs, in vertex order, and the last run's cells
// (none: -1).
type tints struct {
	runs []tintRun
	last [3]int32
}

func (t *tints) reset() { t.runs, t.last = t.runs[:0], [3]int32{-1, -1, -1} }

// add notes that the vertices from start on take their types from cells;
// consecutive triangles of the same cells (a fan, a strip) share a run.
// The cells are compared and copied number by number: they were just
// written so (see emit.go).
func (t *tints) add(start int, cells *[3]int32) {
	if t.last[0] != cells[0] || t.last[1] != cells[1] || t.last[2] != cells[2] {
		t.push(start, cells)
	}
}

// push is add's new run, apart so that add is inlined.
func (t *tints) push(start int, cells *[3]int32) {
	c0, c1, c2 := cells[0], cells[1], cells[2]
	t.last[0], t.last[1], t.last[2] = c0, c1, c2
	r := &grow(&t.runs, 1)[0] // written field by field, not built and copied
	r.start = int32(start)
	r.cells[0], r.cells[1], r.cells[2] = c0, c1, c2
}

// Retint sets the splat types of c's terrain vertices from the cells'
// current terrain types: the same result as triangulating c again when
// nothing but terrain types changed since it was triangulated. Sets
// made by NewSet and NewCache both retint their chunks so.
func (c *Chunk) Retint(g *hexmap.Grid) {
	m := &c.Layers[mesh.Terrain]
	cells, runs := g.Cells(), c.tints.runs
	for k, r := range runs {
		end := int32(len(m.Terrain))
		if k+1 < len(runs) {
			end = runs[k+1].start
		}
		types := vec.XYZ{X: float32(cells[r.cells[0]].TerrainType), Y: float32(cells[r.cells[1]].TerrainType), Z: float32(cells[r.cells[2]].TerrainType)}
		ts := m.Terrain[r.start:end]
		for v := range ts {
			types.Store(&ts[v])
		}
	}
}
