package tools

import "hexsandbox/hexmap"

// Path returns the cells a pointer passes over going straight from cell a
// to cell b, a and b included, each next to the one before: the hex line,
// one cell per step of the distance between them, sampled on the segment
// between their centres (nudged off the edges between cells). The editor
// reads the pointer once a frame, and a fast drag or a slow frame moves
// it more than a cell: painting the path keeps strokes, rivers and roads
// whole.
func Path(t hexmap.Topology, a, b int) []int {
	n := t.Distance(a, b)
	ax, az := t.CellCenter(a)
	bx, bz := t.CellCenter(b)
	const nudge = 1e-3
	out := make([]int, 0, n+1)
	for k := 0; k <= n; k++ {
		f := float32(1)
		if n > 0 {
			f = float32(k) / float32(n)
		}
		c, ok := t.CellUnder(ax+(bx-ax)*f+nudge, az+(bz-az)*f+2*nudge)
		if ok && (len(out) == 0 || out[len(out)-1] != c) {
			out = append(out, c)
		}
	}
	return out
}
