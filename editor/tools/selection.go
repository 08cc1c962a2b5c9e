package tools

import (
	"math"
	"slices"

	"hexsandbox/hexmap"
)

// Selection is a set of cells, each with the unwrapped coordinates it was
// selected at (see Place), in the order they were added.
type Selection struct {
	places []Place
	has    map[int]bool
}

// Len is the number of cells selected.
func (s *Selection) Len() int { return len(s.places) }

// Empty reports whether nothing is selected.
func (s *Selection) Empty() bool { return len(s.places) == 0 }

// Places returns the selected cells; callers must not modify the slice.
func (s *Selection) Places() []Place { return s.places }

// Contains reports whether cell i is selected.
func (s *Selection) Contains(i int) bool { return s.has[i] }

// Clear selects nothing.
func (s *Selection) Clear() { s.places, s.has = nil, nil }

// Add selects the places not selected yet.
func (s *Selection) Add(ps []Place) {
	if s.has == nil {
		s.has = map[int]bool{}
	}
	for _, p := range ps {
		if !s.has[p.Index] {
			s.has[p.Index] = true
			s.places = append(s.places, p)
		}
	}
}

// Unwrapped returns the coordinates of cell i in the copy of a wrapping
// map around world X worldX (where the pointer hit it): its own
// coordinates moved by whole map widths. On a flat map they are i's own.
func Unwrapped(t hexmap.Topology, i int, worldX float32) hexmap.Coordinates {
	c := t.Coordinates(i)
	if t.Wrapping {
		x, _ := t.CellCenter(i)
		c.X += t.Width * int(math.Round(float64((t.Nearest(x, worldX)-x)/t.WrapSize())))
	}
	return c
}

// Rect returns the cells of the rectangle of rows and columns spanned by
// corners a and b (unwrapped coordinates, so a rectangle dragged across
// the seam of a wrapping map continues over it), row by row from the
// south-west. It holds at most the map's width of columns; cells off a
// flat map are left out.
func Rect(t hexmap.Topology, a, b hexmap.Coordinates) []Place {
	ax, az := a.Offset()
	bx, bz := b.Offset()
	x0, x1 := min(ax, bx), max(ax, bx)
	z0, z1 := max(0, min(az, bz)), min(t.Height-1, max(az, bz))
	if t.Wrapping {
		x1 = min(x1, x0+t.Width-1)
	}
	var out []Place
	for z := z0; z <= z1; z++ {
		for x := x0; x <= x1; x++ {
			at := hexmap.FromOffset(x, z)
			if i, ok := t.Index(at); ok {
				out = append(out, Place{i, at})
			}
		}
	}
	return out
}

// ClipCell is one cell of a Clip: where it lies from the clip's anchor
// (an axial offset), its state, its note, and its town and unit when
// Town or Unit is set (their locations are the cell's where copied).
type ClipCell struct {
	DX, DZ int
	Cell   hexmap.Cell
	Note   string
	Town   *hexmap.Town
	Unit   *hexmap.Unit
}

// Clip is what Copy took: cells relative to an anchor near their middle,
// which is where the pointer holds the clip when it is pasted.
type Clip struct {
	Cells []ClipCell
}

// Copy takes the selected cells of g, with their notes, relative to the
// selected cell nearest the selection's middle.
func Copy(g *hexmap.Grid, sel *Selection) Clip {
	ps := sel.Places()
	if len(ps) == 0 {
		return Clip{}
	}
	var sx, sz float64
	for _, p := range ps {
		x, z := p.At.Center()
		sx, sz = sx+float64(x), sz+float64(z)
	}
	mid := (hexmap.Topology{}).FromPosition(float32(sx/float64(len(ps))), float32(sz/float64(len(ps))))
	anchor := ps[0].At
	for _, p := range ps[1:] {
		if p.At.DistanceTo(mid) < anchor.DistanceTo(mid) {
			anchor = p.At
		}
	}
	c := Clip{Cells: make([]ClipCell, len(ps))}
	for k, p := range ps {
		c.Cells[k] = ClipCell{DX: p.At.X - anchor.X, DZ: p.At.Z - anchor.Z, Cell: g.Cell(p.Index), Note: g.Note(p.Index)}
		if t, ok := g.TownAt(p.Index); ok {
			town := g.Towns()[t]
			c.Cells[k].Town = &town
		}
		if u, ok := g.UnitAt(p.Index); ok {
			unit := g.Units()[u]
			c.Cells[k].Unit = &unit
		}
	}
	return c
}

// Transformed returns the clip turned and mirrored about its anchor by
// tr, with rivers and roads turned with it (walls belong to cells, so
// they follow). The river and road links between its cells stay
// consistent: both ends of a link turn the same way.
func (c Clip) Transformed(tr Transform) Clip {
	out := Clip{Cells: make([]ClipCell, len(c.Cells))}
	for k, cc := range c.Cells {
		cc.DX, cc.DZ = tr.Vector(cc.DX, cc.DZ)
		cc.Cell = tr.Cell(cc.Cell)
		out.Cells[k] = cc
	}
	return out
}

// Cell returns c with its rivers' directions and its roads' edges mapped
// through the transform.
func (t Transform) Cell(c hexmap.Cell) hexmap.Cell {
	c.IncomingRiver = t.Dir(c.IncomingRiver)
	c.OutgoingRiver = t.Dir(c.OutgoingRiver)
	var roads uint8
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if c.HasRoadThroughEdge(d) {
			roads |= 1 << uint(t.Dir(d))
		}
	}
	c.Roads = roads
	return c
}

// Then is the transform that applies t and then o.
func (t Transform) Then(o Transform) Transform {
	if o.Mirror {
		// M·R^k = R^-k·M: a mirror after turns undoes their sense.
		return Transform{Turns: (6 - t.Turns + o.Turns) % 6, Mirror: !t.Mirror}
	}
	return Transform{Turns: (t.Turns + o.Turns) % 6, Mirror: t.Mirror}
}

// Targets returns where the clip's cells land with its anchor on at
// (unwrapped coordinates), clip cell k at position k; cells off a flat
// map get index -1.
func (c Clip) Targets(t hexmap.Topology, at hexmap.Coordinates) []Place {
	out := make([]Place, len(c.Cells))
	for k, cc := range c.Cells {
		p := hexmap.Coordinates{X: at.X + cc.DX, Z: at.Z + cc.DZ}
		i, ok := t.Index(p)
		if !ok {
			i = -1
		}
		out[k] = Place{i, p}
	}
	return out
}

// PasteReport says what a paste did.
type PasteReport struct {
	Cells        int // cells written (those on the map)
	Towns, Units int // towns and units placed with them
	hexmap.BatchReport
}

// Paste writes the clip with its anchor on at as one batch with
// Catlike's edit rules (one chunk rebuild, one undo step): every target
// cell takes the clip cell's state and note (exploration, kept apart by
// the grid, stays as it was).
// Links that leave the pasted area and find no partner there, and what
// the rules forbid (a river now flowing uphill at the edge, a road onto
// a cliff), are dropped and counted in the report. The target cells'
// towns and units give way to the clip's; a pasted town whose name the
// map has already is renamed (UniqueTownName); a town or unit the rules
// then refuse (its cell ended underwater) is left out.
func Paste(g *hexmap.Grid, c Clip, at hexmap.Coordinates) PasteReport {
	targets := c.Targets(g.Topology(), at)
	var rep PasteReport
	written := make(map[int]int, len(targets)) // cell → clip cell
	rep.BatchReport = g.Batch(hexmap.EditRules, func() {
		for k, p := range targets {
			if _, done := written[p.Index]; p.Index < 0 || done {
				continue // a clip wider than a wrapping map: the first copy wins
			}
			written[p.Index] = k
			cell := c.Cells[k].Cell
			g.SetCell(p.Index, cell)
			g.SetNote(p.Index, c.Cells[k].Note) // checked when it was copied
			rep.Cells++
		}
	})
	for _, p := range targets {
		if k, ok := written[p.Index]; ok && p.Index >= 0 {
			rep.Towns, rep.Units = rep.Towns+pasteTown(g, p.Index, c.Cells[k].Town), rep.Units+pasteUnit(g, p.Index, c.Cells[k].Unit)
			delete(written, p.Index)
		}
	}
	return rep
}

// pasteTown puts a copy of t (when not nil) on cell i in place of the
// town there; it returns 1 when it placed one.
func pasteTown(g *hexmap.Grid, i int, t *hexmap.Town) int {
	if k, ok := g.TownAt(i); ok {
		g.RemoveTown(k)
	}
	if t == nil {
		return 0
	}
	town := *t
	town.Location, town.Name = g.Topology().Coordinates(i), UniqueTownName(g, t.Name)
	if g.PlaceTown(town) != nil {
		return 0
	}
	return 1
}

// pasteUnit puts a copy of u (when not nil) on cell i in place of the
// unit there; it returns 1 when it placed one.
func pasteUnit(g *hexmap.Grid, i int, u *hexmap.Unit) int {
	g.RemoveUnit(i)
	if u == nil {
		return 0
	}
	unit := *u
	unit.Location = g.Topology().Coordinates(i)
	if g.AddUnit(unit) != nil {
		return 0
	}
	return 1
}

// Clear resets the selected cells to empty ones (flat sand, dry, with
// nothing on them, no note, no town, no unit) as one batch with the
// edit rules: Cut and Delete.
func Clear(g *hexmap.Grid, sel *Selection) hexmap.BatchReport {
	rep := g.Batch(hexmap.EditRules, func() {
		for _, p := range sel.Places() {
			cell := hexmap.NewCell()
			g.SetCell(p.Index, cell)
			g.SetNote(p.Index, "")
		}
	})
	for _, p := range sel.Places() {
		pasteTown(g, p.Index, nil)
		pasteUnit(g, p.Index, nil)
	}
	return rep
}

// Indices returns the cells of places, in order.
func Indices(ps []Place) []int {
	out := make([]int, 0, len(ps))
	for _, p := range ps {
		if p.Index >= 0 {
			out = append(out, p.Index)
		}
	}
	return slices.Clip(out)
}
