package chunk_test

import (
	"fmt"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/mesh"
)

// Triangulating the one chunk of a flat 5×5 map: each cell is six fans of
// four triangles (25 × 24 = 600), each of the 56 pairs of neighbours gets
// a bridge of four quads (448 triangles), and each of the 32 corners where
// three cells meet one triangle: 1080 terrain triangles. Raising the
// middle cell one step turns its six bridges into terraces of five strips
// (6 × 4 × 8 more triangles) and its six corners into terraced corners of
// nine triangles (6 × 8 more): 1320.
func ExampleTriangulate() {
	g, err := hexmap.NewGrid(5, 5, 1)
	if err != nil {
		panic(err)
	}
	var c chunk.Chunk
	chunk.Triangulate(g, 0, &c)
	fmt.Println("flat:", c.Layers[mesh.Terrain].TriangleCount())

	g.SetElevation(12, 1) // the middle cell, one step up
	chunk.Triangulate(g, 0, &c)
	fmt.Println("one raised cell:", c.Layers[mesh.Terrain].TriangleCount())
	// Output:
	// flat: 1080
	// one raised cell: 1320
}
