package chunk

import (
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
)

// The builder's cache of cell positions gives geom.CellPosition for every
// cell asked in any order, on a map big enough that cells share slots
// (a cell's slot then holds another cell's position until asked again).
func TestPositionCacheIsCellPosition(t *testing.T) {
	for _, top := range []hexmap.Topology{{Width: 5, Height: 60}, {Width: 20, Height: 15, Wrapping: true}} {
		g := testGridOf(t, top, 4)
		b := builder{g: g, perturber: geom.PerturberOf(g)}
		b.positions.reset()
		rng := rand.New(rand.NewPCG(8, 9))
		for range 5 * g.Topology().CellCount() {
			i := rng.IntN(g.Topology().CellCount())
			if got, want := *b.position(i), geom.CellPosition(g, i); got != want {
				t.Fatalf("%v cell %d: cached position %v, CellPosition %v", top, i, got, want)
			}
		}
	}
}
