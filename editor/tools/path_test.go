package tools

import (
	"testing"

	"hexsandbox/hexmap"
)

// A path between any two cells starts and ends at them, steps only to
// neighbours, and is as short as the two cells are apart.
func TestPathStepsToNeighbours(t *testing.T) {
	top := hexmap.Topology{Width: 20, Height: 15}
	for a := 0; a < top.CellCount(); a += 7 {
		for b := 0; b < top.CellCount(); b += 11 {
			p := Path(top, a, b)
			if p[0] != a || p[len(p)-1] != b {
				t.Fatalf("path %d→%d = %v: wrong ends", a, b, p)
			}
			if len(p) != top.Distance(a, b)+1 {
				t.Fatalf("path %d→%d has %d cells, the cells are %d apart", a, b, len(p), top.Distance(a, b))
			}
			for k := 1; k < len(p); k++ {
				if top.Distance(p[k-1], p[k]) != 1 {
					t.Fatalf("path %d→%d = %v: %d and %d are not neighbours", a, b, p, p[k-1], p[k])
				}
			}
		}
	}
}
