package nav
import ("testing";"fmt";"time")
func TestDbg(t *testing.T) {
	for _, sz := range [][2]int{{80,60},{320,320}} {
	g := newGrid(t, sz[0], sz[1], false)
	f := NewFinder(g)
	q := Query{From: 0, To: g.CellCount()-1, Speed: 24}
	f.FindPath(q)
	n := 50
	if sz[0] > 100 { n = 3 }
	best := time.Hour
	for range 40 {
		t0 := time.Now()
		for range n { f.FindPath(q) }
		best = min(best, time.Since(t0)/time.Duration(n))
	}
	fmt.Println(sz, "best", best)
	}
}
