package hexmap

import (
	"testing"

	"github.com/ungerik/go3d/vec3"
)

// A Perturber's CellPosition is the grid's, for every cell of a flat and
// a wrapping map with rough elevations.
func TestPerturberCellPositionIsGrids(t *testing.T) {
	for _, top := range []Topology{{15, 10, false}, {15, 10, true}} {
		g := mustGridOf(t, top)
		for i := range g.CellCount() {
			g.SetElevation(i, i%7-2)
		}
		p := g.Perturber()
		for i := range g.CellCount() {
			x, y, z := p.CellPosition(g, i)
			if got, want := (vec3.T{x, y, z}), g.CellPosition(i); got != want {
				t.Fatalf("%v cell %d: Perturber.CellPosition %v, Grid.CellPosition %v", top, i, got, want)
			}
		}
	}
}
