package chunk

import (
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"
)

// Changes of terrain type alone take the retint path (no chunk is
// triangulated again), and the retinted chunks equal a triangulation of
// the map from scratch, bit for bit: on a flat map and across the seam
// of a wrapping one, with edits at chunk borders (whose connections the
// neighbouring chunks own).
func TestRetintMatchesTriangulation(t *testing.T) {
	for _, top := range []hexmap.Topology{{Width: 20, Height: 15}, {Width: 20, Height: 15, Wrapping: true}} {
		g := testGridOf(t, top, 7)
		s := NewSet(g)
		rng := rand.New(rand.NewPCG(7, 3))
		for batch := range 20 {
			for range 1 + rng.IntN(30) {
				x := []int{0, 4, 5, 9, 10, 14, 15, 19}[rng.IntN(8)] // chunk border columns
				if rng.IntN(3) == 0 {
					x = rng.IntN(top.Width)
				}
				i, _ := top.IndexOffset(x, rng.IntN(top.Height))
				g.SetTerrainType(i, uint8(rng.IntN(int(hexmap.TerrainTypeCount))))
			}
			dirty, tinted := s.stale()
			if len(dirty) > 0 || len(tinted) == 0 {
				t.Fatalf("%v batch %d: %d chunks to triangulate, %d to retint; want all retinted", top, batch, len(dirty), len(tinted))
			}
			for _, ch := range tinted {
				s.Chunks[ch].Retint(g)
			}
			if d := sameMeshes(s, NewSetWorkers(g.Clone(), 1)); d != "" {
				t.Fatalf("%v after batch %d: %s", top, batch, d)
			}
		}
		// A change of height as well as terrain is triangulated again.
		g.SetTerrainType(33, hexmap.Snow)
		g.SetElevation(33, int(g.Cell(33).Elevation)+1)
		if dirty, _ := s.stale(); len(dirty) == 0 {
			t.Errorf("%v: a change of height is not triangulated again", top)
		}
	}
}
