package vision

import "hexsandbox/hexmap"

// TransitionSpeed is how fast the cell data fades, in steps of 0..255
// per second (Catlike's HexCellShaderData.transitionSpeed).
const TransitionSpeed = 255

// CellData is what the shaders read about each cell, Catlike's
// HexCellShaderData: four bytes per cell in cell order, the texels of an
// image of Width × Height, as one side sees the map:
//
//	R  visibility, 0 (not seen now) to 255 (seen)
//	G  exploration, 0 (never seen) to 255 (explored)
//	B  terrain type index
//	A  255
//
// Visibility and exploration fade towards what the side sees at
// TransitionSpeed (Update), so that cells come into and go out of view
// over about a second. A new view (SetSide: the turn passes, the map
// loads) shows at once: no side sees the other's view fading out.
type CellData struct {
	vision Source
	grid   *hexmap.Grid
	side   int
	pix    []byte
	moving []int32 // cells fading, each once
	fading []bool  // per cell: in moving
	carry  float64 // fraction of a fade step left from the last Update
	serial uint64
}

// Source is what a CellData shows: whether a side sees cell i now and
// has explored it, brought up to date by Sync; Changes calls f with each
// cell whose answers may have changed since its last call, or reports
// that all may have. A Vision is one; a match of the rules engine,
// followed by its player, another.
type Source interface {
	Visible(side, i int) bool
	Explored(side, i int) bool
	Sync()
	Changes(f func(i int)) (all bool)
}

// NewCellData shows the map as side sees it through v, at once.
func NewCellData(v *Vision, side int) *CellData { return NewCellDataOf(v, v.grid, side) }

// NewCellDataOf shows map g as side sees it through src, at once.
func NewCellDataOf(src Source, g *hexmap.Grid, side int) *CellData {
	n := g.Topology().CellCount()
	d := &CellData{vision: src, grid: g, pix: make([]byte, 4*n), fading: make([]bool, n)}
	d.SetSide(side)
	return d
}

// Pix returns the texels (row by row, 4 bytes each). Callers must not
// modify them; they change in Update and SetSide.
func (d *CellData) Pix() []byte { return d.pix }

// Size is the image's size in texels: the map's width and height.
func (d *CellData) Size() (w, h int) { return d.grid.Topology().Width, d.grid.Topology().Height }

// Serial changes whenever Pix does, so that an uploader knows when.
func (d *CellData) Serial() uint64 { return d.serial }

// Settled reports whether no cell is fading.
func (d *CellData) Settled() bool { return len(d.moving) == 0 }

// Side is the side whose view this is.
func (d *CellData) Side() int { return d.side }

// SetSide shows the map as side sees it, at once (no fade).
func (d *CellData) SetSide(side int) {
	d.side = side
	d.vision.Sync()
	d.vision.Changes(func(int) {}) // all cells are set below
	for i := range d.fading {
		vis, exp := d.target(i)
		d.pix[4*i], d.pix[4*i+1], d.pix[4*i+2], d.pix[4*i+3] = vis, exp, d.grid.Cell(i).TerrainType, 255
		d.fading[i] = false
	}
	d.moving, d.carry = d.moving[:0], 0
	d.serial++
}

// target is what cell i should show: visibility and exploration.
func (d *CellData) target(i int) (vis, exp byte) {
	if d.vision.Visible(d.side, i) {
		vis = 255
	}
	if d.vision.Explored(d.side, i) {
		exp = 255
	}
	return vis, exp
}

// Update takes in what changed since the last call (syncing the vision
// with the grid first) and advances the fades by dt seconds. It reports
// whether Pix changed.
func (d *CellData) Update(dt float64) bool {
	d.vision.Sync()
	before := d.serial
	if d.vision.Changes(d.refresh) {
		for i := range d.fading {
			d.refresh(i)
		}
	}
	steps := d.carry + max(dt, 0)*TransitionSpeed
	delta := int(steps)
	d.carry = steps - float64(delta)
	if delta > 0 && len(d.moving) > 0 {
		d.fade(delta)
		d.serial++
	}
	return d.serial != before
}

// refresh takes in that cell i may have changed: its terrain at once,
// its visibility and exploration to fade towards their new values.
func (d *CellData) refresh(i int) {
	p := d.pix[4*i : 4*i+4 : 4*i+4]
	if t := d.grid.Cell(i).TerrainType; p[2] != t {
		p[2] = t
		d.serial++
	}
	vis, exp := d.target(i)
	if (p[0] != vis || p[1] != exp) && !d.fading[i] {
		d.fading[i] = true
		d.moving = append(d.moving, int32(i))
	}
}

// fade moves every fading cell delta steps towards its target (Catlike's
// UpdateCellData: exploration only ever grows in one view), dropping the
// ones that arrived.
func (d *CellData) fade(delta int) {
	kept := d.moving[:0]
	for _, c := range d.moving {
		p := d.pix[4*c : 4*c+2 : 4*c+2]
		vis, exp := d.target(int(c))
		p[0] = toward(p[0], vis, delta)
		p[1] = toward(p[1], max(exp, p[1]), delta)
		if p[0] != vis || p[1] < exp {
			kept = append(kept, c)
		} else {
			d.fading[c] = false
		}
	}
	d.moving = kept
}

// toward moves v by up to delta towards target.
func toward(v, target byte, delta int) byte {
	if v < target {
		return byte(min(int(v)+delta, int(target)))
	}
	return byte(max(int(v)-delta, int(target)))
}
