package buildings

import (
	"math"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/mesh"
)

// CutKind is what a Cut covers.
type CutKind uint8

// The kinds of ground that buildings keep off.
const (
	Road CutKind = iota
	River
)

// Cut is ground in a cell that buildings keep off: a convex polygon of up
// to six points on the ground plane (world X and Z, unperturbed), as the
// triangulation laid a road piece, a river channel or a bridge there.
type Cut struct {
	Cell int32 // the caller's cell index, to group cuts by cell
	Kind CutKind
	N    uint8         // points used
	P    [6][2]float32 // X, Z
}

// Spot is where the hash grid put an urban feature in a cell without
// roads (Catlike's feature spots): a loose lot of that size class
// (0 large .. 2 small) at that angle (degrees) stands there.
type Spot struct {
	X, Z  float32
	Size  int
	Angle float32
}

// Disc is ground something else stands on (a tree, a field): no
// building comes nearer to its centre than R.
type Disc struct{ X, Z, R float32 }

// Cell is one urban cell as the caller sees it.
type Cell struct {
	// Center is the unperturbed centre; its Y is the height of the
	// cell's flat solid ground.
	Center vec3.T
	// Solid is the solid hexagon's corners relative to Center (X, Z), in
	// Catlike's order: clockwise from north.
	Solid [6][2]float32
	Level int  // urban level 1..3
	Roads bool // roads cross the cell: city blocks between them
	Cuts  []Cut
	Spots []Spot // loose lots, for cells without roads
	Taken []Disc
}

// Ground is the map the buildings stand on.
type Ground interface {
	// Hash is the hash grid at world point (x, z): five values in [0, 1).
	Hash(x, z float32) [5]float32
	// Perturb moves a point as the triangulation's noise moves the
	// ground, so buildings stay on their lots.
	Perturb(x, z float32) (float32, float32)
}

// Meshes are where Add puts a cell's buildings: the building masses
// (drawn at any distance) and the details (parapets, chimneys, paved
// strips), which the renderer leaves out far away.
type Meshes struct {
	Massing, Detail *mesh.Mesh
}

// MaxCellTriangles is the most triangles Add spends on one cell, masses
// and details together; a cell that would need more keeps its masses and
// loses details, then the last buildings.
const MaxCellTriangles = 1500

// Builder turns urban cells into buildings. Its storage is reused from
// cell to cell; a Builder is not safe for concurrent use.
type Builder struct {
	ins   insetter
	reg   region
	cache map[blockKey]*blockEntry // free ground by quantised cut layout
	lots  []lot                    // candidates
	kept  []lot                    // lots that fit
	plan  []building
	pave  []blockPaving
	work  scratch
	// The cell being planned.
	cell   *Cell
	ground Ground
	// The solid hexagon (local) and its margin, for solid.
	solid       [6][2]float32
	hex, margin []pt
	marginIn    float64 // the margin's inscribed radius
	budget      int     // triangles per cell; 0 is MaxCellTriangles (tests set less)
}

// Building is one planned building, for callers that inspect the plan.
type Building struct {
	// Footprint is the ground outline, perturbed, in world X and Z,
	// counter-clockwise seen with X right and Z up.
	Footprint [][2]float32
	Floors    int
	Height    float32 // of the highest point above the ground (ridge or flat roof)
	Setback   bool
	Pitched   bool
}

// Plan returns the buildings cell c gets, without building meshes.
func (b *Builder) Plan(c *Cell, g Ground) []Building {
	b.planCell(c, g)
	out := make([]Building, 0, len(b.plan))
	for i := range b.plan {
		p := &b.plan[i]
		fp := make([][2]float32, len(p.poly))
		for k, q := range p.poly {
			x, z := b.world(c, g, q)
			fp[k] = [2]float32{x, z}
		}
		out = append(out, Building{Footprint: fp, Floors: p.floors, Height: float32(p.top + p.rise), Setback: p.setBack, Pitched: p.roof == roofGable || p.roof == roofHip})
	}
	return out
}

// Add builds cell c's buildings into m and returns how many triangles
// that took.
func (b *Builder) Add(c *Cell, g Ground, m Meshes) int {
	b.planCell(c, g)
	return b.emitCell(c, g, m)
}

// world is the perturbed world position of local point q of cell c.
func (b *Builder) world(c *Cell, g Ground, q pt) (float32, float32) {
	return g.Perturb(c.Center[0]+float32(q.x), c.Center[2]+float32(q.z))
}

// quantum is the grid local coordinates snap to before any geometry, so
// that cells with the same layout get the same blocks to the bit.
const quantum = 1.0 / 1024

func quantise(v float32) float64 { return math.Round(float64(v)/quantum) * quantum }

// solidHex returns c's solid hexagon, local and counter-clockwise, and
// sets b.margin to it inset by the cell margin. Both depend only on
// c.Solid, the same for every cell, so they are kept.
func (b *Builder) solidHex(c *Cell) []pt {
	if b.hex != nil && b.solid == c.Solid {
		return b.hex
	}
	p := make([]pt, 6)
	for i := range 6 {
		q := c.Solid[5-i]
		p[i] = pt{quantise(q[0]), quantise(q[1])}
	}
	b.hex, b.solid, b.margin, b.marginIn = p, c.Solid, nil, 0
	if r, ok := b.ins.inset(p, uniform(6, cellMargin-1e-6)); ok {
		b.margin = clonePts(r.poly)
		b.marginIn = boundaryDist(b.margin, pt{})
	}
	return p
}

// localCut appends cut k of c, relative to the centre and
// counter-clockwise, to dst.
func localCut(dst []pt, c *Cell, k Cut) []pt {
	p := dst[:0]
	for i := range int(k.N) {
		p = append(p, pt{quantise(k.P[i][0] - c.Center[0]), quantise(k.P[i][1] - c.Center[2])})
	}
	if area(p) < 0 {
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	return p
}

// scratch is reusable storage for one call.
type scratch struct {
	fl     []float64
	cuts   []float64
	widths []float64
	foot   [][2]float32
	top    [][2]float32
	tris   []int
	ear    []int
	built  []bool
	piece  []pt
	pieceW [][2]float32
	idx    []uint16
	ring   ringBuf
	clip   []pt
	// Side storage for clipping lots.
	clipSides, sides []side
	cuts2            [][]pt
	kinds            []edgeKind
	edges            edgeTable
}

// floats returns n scratch float64s (overwritten by the next call).
func (s *scratch) floats(n int) []float64 {
	if cap(s.fl) < n {
		s.fl = make([]float64, n)
	}
	return s.fl[:n]
}

// hashAt is the hash grid at local point q of cell c.
func hashAt(c *Cell, g Ground, q pt) [5]float32 {
	return g.Hash(c.Center[0]+float32(q.x), c.Center[2]+float32(q.z))
}

// dice turns hash-grid values into a stream of numbers in [0, 1): a
// splitmix64 generator seeded from the values' bits and a salt.
type dice struct{ s uint64 }

func newDice(h [5]float32, salt uint32) dice {
	s := uint64(math.Float32bits(h[0])) | uint64(math.Float32bits(h[1]))<<32
	s ^= (uint64(math.Float32bits(h[2])) | uint64(math.Float32bits(h[3]))<<32) * 0x9E3779B97F4A7C15
	s ^= uint64(math.Float32bits(h[4]))<<7 ^ uint64(salt)*0xD1B54A32D192ED03
	return dice{s}
}

func (d *dice) next() float64 {
	d.s += 0x9E3779B97F4A7C15
	z := d.s
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	z ^= z >> 31
	return float64(z>>11) / (1 << 53)
}

// planCell fills b.plan (and b.pave) with cell c's buildings.
func (b *Builder) planCell(c *Cell, g Ground) {
	b.cell, b.ground = c, g
	b.lots, b.kept, b.pave, b.plan = b.lots[:0], b.kept[:0], b.pave[:0], b.plan[:0]
	if c.Level < 1 || c.Level > 3 {
		return
	}
	hex := b.solidHex(c)
	cuts, kinds := b.work.cuts2[:0], b.work.kinds[:0]
	for _, k := range c.Cuts {
		if k.N < 3 {
			continue
		}
		var old []pt // storage of an earlier cell's cut here
		if len(cuts) < cap(cuts) {
			old = cuts[:len(cuts)+1][len(cuts)]
		}
		cuts = append(cuts, localCut(old, c, k))
		kinds = append(kinds, [...]edgeKind{edgeRoad, edgeRiver}[min(int(k.Kind), 1)])
	}
	b.work.cuts2, b.work.kinds = cuts, kinds
	check := true
	if c.Roads {
		e := b.layout(hex, cuts, kinds)
		var salt uint32
		for k, plan := range b.plansFor(e, c.Level) {
			if plan.pave != nil {
				b.pave = append(b.pave, blockPaving{plan.pave, k})
			}
			salt = uint32(k) << 8
			for i := range plan.pieces {
				salt = b.pieceLots(c, &plan.pieces[i], salt)
			}
		}
		// Lots cut from blocks keep their paved distance from every cut
		// by construction, unless an obstacle stood free in a block.
		check = e.holes
	} else {
		b.looseLots(c)
	}
	for i := range b.lots {
		if !check || b.fits(&b.lots[i], b.margin, cuts, c, !c.Roads) {
			b.kept = append(b.kept, b.lots[i])
		}
	}
	capFloors := 6 + min(int(hashAt(c, g, pt{})[3]*3), 2)
	for _, l := range b.kept {
		// Reslice rather than append, to reuse the slot's storage.
		if len(b.plan) == cap(b.plan) {
			b.plan = append(b.plan, building{})
		} else {
			b.plan = b.plan[:len(b.plan)+1]
		}
		if !b.mass(&b.plan[len(b.plan)-1], c, l, capFloors) {
			b.plan = b.plan[:len(b.plan)-1]
		}
	}
	if c.Roads {
		b.exposePartyWalls() // loose lots have no party walls
	}
}

// blockPaving is a block's paving, and which block of the cell it is.
type blockPaving struct {
	*paving
	block int
}

// builtOn reports whether any planned building stands in block k (the
// salt of its lot counts in steps of 256 from the block's).
func (b *Builder) builtOn(k int) bool {
	for i := range b.plan {
		if int(b.plan[i].salt>>8) == k {
			return true
		}
	}
	return false
}

// exposePartyWalls gives windows to party walls that no neighbour
// shares, where the lot next door stayed empty, and notes how high the
// neighbour hides each shared one (the part below is never drawn). Two
// lots that share an edge were cut along the same line, so an edge is
// found by its midpoint.
func (b *Builder) exposePartyWalls() {
	t := &b.work.edges
	t.gen++
	for i := range b.plan {
		m := &b.plan[i]
		for k, r := range m.roles {
			if r == Party {
				t.put(m.poly[k], m.poly[(k+1)%len(m.poly)], i)
			}
		}
	}
	for i := range b.plan {
		m := &b.plan[i]
		m.cover = m.cover[:0]
		for k, r := range m.roles {
			m.cover = append(m.cover, -foundation)
			if r != Party {
				continue
			}
			if j := t.other(m.poly[k], m.poly[(k+1)%len(m.poly)], i); j >= 0 {
				m.cover[k] = b.plan[j].podium
			} else {
				m.roles[k] = Back
			}
		}
	}
}

// edgeTable finds the buildings that have an edge, by its midpoint; a
// new generation empties it.
type edgeTable struct {
	gen   uint32
	slots [1 << edgeBits]edgeSlot
}

const edgeBits = 9

type edgeSlot struct {
	kx, kz   uint64
	building int
	gen      uint32
}

// edgeKey is an edge's midpoint on a fine grid: the two lots' copies of
// an edge agree to rounding (clipped from either side of a diagonal, its
// ends come out a few ulps apart).
func edgeKey(p, q pt) (uint64, uint64) {
	const grid = 1 << 14
	return uint64(int64(math.Round((p.x + q.x) * 0.5 * grid))), uint64(int64(math.Round((p.z + q.z) * 0.5 * grid)))
}

// put records that building i has the edge p-q (either way round).
func (t *edgeTable) put(p, q pt, i int) {
	kx, kz := edgeKey(p, q)
	for h := (kx*0x9E3779B97F4A7C15 ^ kz*0xC2B2AE3D27D4EB4F) >> (64 - edgeBits); ; h = (h + 1) & (1<<edgeBits - 1) {
		s := &t.slots[h]
		if s.gen != t.gen {
			*s = edgeSlot{kx: kx, kz: kz, building: i, gen: t.gen}
			return
		}
	}
}

// other returns a building other than i that has the edge p-q, or -1.
func (t *edgeTable) other(p, q pt, i int) int {
	kx, kz := edgeKey(p, q)
	for h := (kx*0x9E3779B97F4A7C15 ^ kz*0xC2B2AE3D27D4EB4F) >> (64 - edgeBits); ; h = (h + 1) & (1<<edgeBits - 1) {
		s := &t.slots[h]
		if s.gen != t.gen {
			return -1
		}
		if s.kx == kx && s.kz == kz && s.building != i {
			return s.building
		}
	}
}

// DiscFree reports whether a disc of radius r about world point (x, z)
// (unperturbed) keeps off every building of the cell last planned.
func (b *Builder) DiscFree(x, z, r float32) bool {
	if b.cell == nil {
		return true
	}
	q := pt{float64(x - b.cell.Center[0]), float64(z - b.cell.Center[2])}
	for i := range b.plan {
		if !discClear(b.plan[i].poly, q, float64(r)) {
			return false
		}
	}
	return true
}
