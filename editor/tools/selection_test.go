package tools

import (
	"testing"

	"hexsandbox/hexmap"
)

func TestRectSelectsRowsAndColumns(t *testing.T) {
	g := newGrid(t)
	got := Rect(g.Topology(), hexmap.FromOffset(4, 5), hexmap.FromOffset(2, 3))
	if len(got) != 9 {
		t.Fatalf("3×3 rectangle: %d cells", len(got))
	}
	for k, p := range got {
		x, z := g.Topology().Offset(p.Index)
		if wx, wz := 2+k%3, 3+k/3; x != wx || z != wz {
			t.Errorf("cell %d at (%d, %d), want (%d, %d)", k, x, z, wx, wz)
		}
	}
	// Off a flat map's edge the rectangle is cut.
	if got := Rect(g.Topology(), hexmap.FromOffset(-2, -2), hexmap.FromOffset(1, 1)); len(got) != 4 {
		t.Errorf("rectangle over the corner: %d cells, want 4", len(got))
	}
	// On a wrapping map it continues over the seam: columns 18..21 are
	// 18, 19, 0, 1.
	w := gridOf(t, 20, 15, true)
	got = Rect(w.Topology(), hexmap.FromOffset(18, 6), hexmap.FromOffset(21, 6))
	var cols []int
	for _, p := range got {
		x, _ := w.Topology().Offset(p.Index)
		cols = append(cols, x)
	}
	if len(cols) != 4 || cols[0] != 18 || cols[1] != 19 || cols[2] != 0 || cols[3] != 1 {
		t.Errorf("rectangle over the seam: columns %v", cols)
	}
}

func TestUnwrapped(t *testing.T) {
	w := gridOf(t, 20, 15, true)
	top := w.Topology()
	i := index(t, w, 0, 6)
	x, _ := top.CellCenter(i)
	if got := Unwrapped(top, i, x+top.WrapSize()); got.X != top.Coordinates(i).X+20 {
		t.Errorf("column 0 hit a map width east: X %d, want %d", got.X, top.Coordinates(i).X+20)
	}
	if got := Unwrapped(top, i, x-top.WrapSize()+3); got.X != top.Coordinates(i).X-20 {
		t.Errorf("column 0 hit a map width west: X %d", got.X)
	}
	if got := Unwrapped(top, i, x+2); got != top.Coordinates(i) {
		t.Errorf("column 0 hit in place: %v", got)
	}
}

// clipMap is a 20×15 map with a river from (5, 5) east to (6, 5) and on
// to (7, 5), a road from (5, 6) east to (6, 6), (6, 6) walled with a note.
func clipMap(t *testing.T, g *hexmap.Grid) (sel *Selection) {
	t.Helper()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(g.SetOutgoingRiver(index(t, g, 5, 5), hexmap.E))
	must(g.SetOutgoingRiver(index(t, g, 6, 5), hexmap.E))
	must(g.AddRoad(index(t, g, 5, 6), hexmap.E))
	g.SetWalled(index(t, g, 6, 6), true)
	g.SetTerrainType(index(t, g, 6, 6), hexmap.Stone)
	must(g.SetNote(index(t, g, 6, 6), "Keep"))
	sel = &Selection{}
	sel.Add(Rect(g.Topology(), hexmap.FromOffset(5, 5), hexmap.FromOffset(7, 6)))
	return sel
}

// countLinks counts river and road links (each once) that both ends agree on.
func countLinks(g *hexmap.Grid) (rivers, roads int) {
	for i, c := range g.Cells() {
		if d := c.OutgoingRiver; d != hexmap.NoDirection {
			if n, ok := g.Topology().Neighbor(i, d); ok && g.Cell(n).IncomingRiver == d.Opposite() {
				rivers++
			}
		}
		for d := hexmap.NE; d <= hexmap.E+2; d++ { // NE, E, SE: each edge once
			if n, ok := g.Topology().Neighbor(i, d); ok && c.HasRoadThroughEdge(d) && g.Cell(n).HasRoadThroughEdge(d.Opposite()) {
				roads++
			}
		}
	}
	return rivers, roads
}

func TestCopyPasteKeepsCellsAndLinks(t *testing.T) {
	g := newGrid(t)
	sel := clipMap(t, g)
	clip := Copy(g, sel)
	if len(clip.Cells) != 6 {
		t.Fatalf("clip of %d cells, want 6", len(clip.Cells))
	}
	h := NewHistory(g, 0)
	feed := g.Follow()
	before := g.Clone()
	rep := Paste(g, clip, hexmap.FromOffset(12, 10))
	if rep.Cells != 6 || rep.Dropped() {
		t.Errorf("paste: %+v, want 6 cells and nothing dropped", rep)
	}
	changes, _ := feed.Read()
	for _, c := range changes {
		if c.Edit != changes[0].Edit {
			t.Fatal("the paste reached the feed as more than one edit")
		}
	}
	if rivers, roads := countLinks(g); rivers != 4 || roads != 2 {
		t.Errorf("after the paste %d river and %d road links, want 4 and 2", rivers, roads)
	}
	// The anchor is the selected cell nearest the middle: (6, 5) or
	// (6, 6); the note and the wall land one row apart from the river.
	var noted int = -1
	for _, n := range g.Notes() {
		if n.Cell != index(t, g, 6, 6) {
			noted = n.Cell
		}
	}
	if noted < 0 || !g.Cell(noted).Walled || g.Cell(noted).TerrainType != hexmap.Stone {
		t.Fatalf("the pasted note sits on %d (walled %v)", noted, noted >= 0 && g.Cell(noted).Walled)
	}
	if u, _ := h.Len(); u != 1 {
		t.Errorf("the paste is %d undo steps, want 1", u)
	}
	h.Undo()
	if !g.Equal(before) {
		t.Error("undoing the paste left a difference (cells or notes)")
	}
}

// Turned one step clockwise, the clip's river that flowed E flows SE,
// the road's E edge becomes SE, and every link inside the clip survives.
func TestPasteTurnsRiversAndRoads(t *testing.T) {
	g := newGrid(t)
	clip := Copy(g, clipMap(t, g))
	g2 := newGrid(t)
	Paste(g2, clip.Transformed(Transform{Turns: 1}), hexmap.FromOffset(10, 7))
	if rivers, roads := countLinks(g2); rivers != 2 || roads != 1 {
		t.Fatalf("turned paste: %d river and %d road links, want 2 and 1", rivers, roads)
	}
	for i, c := range g2.Cells() {
		if c.HasOutgoingRiver() && c.OutgoingRiver != hexmap.SE {
			t.Errorf("cell %d: river flows %v, want SE", i, c.OutgoingRiver)
		}
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			if c.HasRoadThroughEdge(d) && d != hexmap.SE && d != hexmap.NW {
				t.Errorf("cell %d: road through %v, want SE/NW only", i, d)
			}
		}
	}
	// Mirrored, the river flows W.
	g3 := newGrid(t)
	Paste(g3, clip.Transformed(Transform{Mirror: true}), hexmap.FromOffset(10, 7))
	for i, c := range g3.Cells() {
		if c.HasOutgoingRiver() && c.OutgoingRiver != hexmap.W {
			t.Errorf("mirrored: cell %d river flows %v, want W", i, c.OutgoingRiver)
		}
	}
	if rivers, _ := countLinks(g3); rivers != 2 {
		t.Errorf("mirrored paste has %d river links, want 2", rivers)
	}
}

// Composing transforms is the same as applying them one after another,
// to offsets and to directions, for all 12 of them.
func TestTransformThen(t *testing.T) {
	var all []Transform
	for k := range 6 {
		all = append(all, Transform{Turns: k}, Transform{Turns: k, Mirror: true})
	}
	for _, a := range all {
		for _, b := range all {
			ab := a.Then(b)
			x, z := a.Vector(2, -1)
			x, z = b.Vector(x, z)
			if wx, wz := ab.Vector(2, -1); wx != x || wz != z {
				t.Errorf("%+v then %+v: vector (%d, %d), composed (%d, %d)", a, b, x, z, wx, wz)
			}
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				if b.Dir(a.Dir(d)) != ab.Dir(d) {
					t.Errorf("%+v then %+v: %v → %v, composed %v", a, b, d, b.Dir(a.Dir(d)), ab.Dir(d))
				}
			}
		}
	}
	// Six turns and two mirrors are no change.
	tr := Transform{}
	for range 6 {
		tr = tr.Then(Transform{Turns: 1})
	}
	if tr != (Transform{}) || (Transform{Mirror: true}).Then(Transform{Mirror: true}) != (Transform{}) {
		t.Errorf("six turns: %+v", tr)
	}
	// A direction turned matches the offset of its step turned.
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		step := hexmap.Coordinates{}.Step(d)
		for _, tr := range all {
			x, z := tr.Vector(step.X, step.Z)
			if want := (hexmap.Coordinates{}).Step(tr.Dir(d)); want.X != x || want.Z != z {
				t.Errorf("%+v: step %v → (%d, %d), but direction → %v", tr, d, x, z, tr.Dir(d))
			}
		}
	}
}

// A clip pasted over the seam of a wrapping map keeps its links across
// it, and the cells land in the columns on both sides.
func TestPasteAcrossTheSeam(t *testing.T) {
	g := newGrid(t)
	clip := Copy(g, clipMap(t, g))
	w := gridOf(t, 20, 15, true)
	rep := Paste(w, clip, hexmap.FromOffset(19, 7))
	if rep.Cells != 6 || rep.Dropped() {
		t.Errorf("paste over the seam: %+v", rep)
	}
	if rivers, roads := countLinks(w); rivers != 2 || roads != 1 {
		t.Errorf("over the seam: %d river and %d road links, want 2 and 1", rivers, roads)
	}
	cols := map[int]bool{}
	for i, c := range w.Cells() {
		if c.HasRiver() || c.HasRoads() || c.Walled {
			x, _ := w.Topology().Offset(i)
			cols[x] = true
		}
	}
	if !cols[19] || !cols[0] {
		t.Errorf("pasted cells in columns %v, want both sides of the seam", cols)
	}
}

// Links that leave the clip without a partner where it lands are
// dropped and counted; pasting half a river cuts it.
func TestPasteDropsLinksAtTheEdge(t *testing.T) {
	g := newGrid(t)
	clipMap(t, g)
	half := &Selection{}
	half.Add([]Place{{index(t, g, 5, 5), hexmap.FromOffset(5, 5)}}) // the river's source only
	rep := Paste(g, Copy(g, half), hexmap.FromOffset(12, 10))
	if rep.DroppedRivers != 1 {
		t.Errorf("pasting the source of a river alone dropped %d river ends, want 1", rep.DroppedRivers)
	}
}

func TestClearEmptiesTheSelection(t *testing.T) {
	g := newGrid(t)
	sel := clipMap(t, g)
	rep := Clear(g, sel)
	for _, p := range sel.Places() {
		if c := g.Cell(p.Index); c != hexmap.NewCell() || g.Note(p.Index) != "" {
			t.Errorf("cell %d after Clear: %+v, note %q", p.Index, c, g.Note(p.Index))
		}
	}
	// The river and the road lay wholly inside the selection: nothing
	// outside it lost a partner.
	if rivers, roads := countLinks(g); rivers != 0 || roads != 0 || rep.DroppedRivers != 0 {
		t.Errorf("after Clear: %d rivers, %d roads, report %+v", rivers, roads, rep)
	}
}
