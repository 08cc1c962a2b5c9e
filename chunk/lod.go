package chunk

import (
	"unsafe"

	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// LOD is a chunk's simplified levels of detail, for chunks far away or
// small on screen: surfaces that only carry the height of the map (the
// top of each cell: its land, or its water where it is underwater).
// What a cell looks like there is the renderer's: it colours every point
// by the cell under it, so neither mesh needs a vertex per cell corner to
// show crisp cells. Both are built from the model alone and cover every
// cell of the chunk, with a margin beyond the perturbed cell edges, so
// that chunks drawn at any mix of levels leave no holes.
type LOD struct {
	// Fine is the lattice of cell centres: a vertex at the top of each cell
	// of the chunk and of the ring around it, and every lattice triangle
	// (three mutually neighbouring cells) that touches a cell of the chunk.
	// Neighbouring chunks draw the triangles between them both, the same
	// way, so they meet exactly.
	Fine mesh.Mesh
	// Coarse is one quad over the chunk's cells (and the margin) at their
	// mean top height, for views where a cell is a few pixels wide.
	Coarse mesh.Mesh
}

// lodMargin is how far the coarse quad reaches beyond the chunk's
// unperturbed cell edges: more than perturbation moves an edge.
const lodMargin = geom.CellPerturbStrength + 1

// Bytes is the memory the LOD's meshes hold.
func (l *LOD) Bytes() int64 { return meshBytes(&l.Fine) + meshBytes(&l.Coarse) }

// TriangulateLOD fills l with the levels of detail of chunk ch of g,
// reusing l's storage.
func TriangulateLOD(g *hexmap.Grid, ch int, l *LOD) {
	l.Fine.Clear()
	l.Coarse.Clear()
	x0, z0 := geom.ChunkOrigin(g.Topology(), ch)
	lat := lattice{g: g, top: g.Topology(), x0: x0 - 1, z0: z0 - 1}
	up := vec3.T{0, 1, 0}
	in := func(x, z int) bool {
		return x >= x0 && x < x0+hexmap.ChunkSizeX && z >= z0 && z < z0+hexmap.ChunkSizeZ
	}
	// Vertices: the chunk's cells and their ring, 7×7 lattice points. The
	// two corners of the 7×7 that neighbour no cell of the chunk are in
	// no triangle; they stand at 0, so that the mesh depends only on the
	// cells the chunk's triangles reach.
	for z := z0 - 1; z <= z0+hexmap.ChunkSizeZ; z++ {
		for x := x0 - 1; x <= x0+hexmap.ChunkSizeX; x++ {
			cx, cz := hexmap.FromOffset(x, z).Center()
			y := float32(0)
			if in(x, z) || touches(x, z, in) {
				y = lat.height(x, z)
			}
			l.Fine.Positions = append(l.Fine.Positions, vec3.T{cx, y, cz})
			l.Fine.Normals = append(l.Fine.Normals, up)
		}
	}
	// Triangles: each lattice triangle once, by the cell that owns it as
	// Catlike's cells own their corners (with the NE and E neighbours,
	// and with the E and SE ones), when one of its cells is in the chunk.
	for z := z0 - 1; z <= z0+hexmap.ChunkSizeZ; z++ {
		for x := x0 - 2; x <= x0+hexmap.ChunkSizeX; x++ {
			for _, d := range [2]hexmap.Direction{hexmap.NE, hexmap.E} {
				ax, az := step(x, z, d)
				bx, bz := step(x, z, d.Next())
				if !in(x, z) && !in(ax, az) && !in(bx, bz) {
					continue
				}
				l.Fine.Indices = append(l.Fine.Indices, lat.index(x, z), lat.index(ax, az), lat.index(bx, bz))
			}
		}
	}
	lat.coarse(&l.Coarse, x0, z0)
}

// touches reports whether a neighbour of (x, z) is in.
func touches(x, z int, in func(x, z int) bool) bool {
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if in(step(x, z, d)) {
			return true
		}
	}
	return false
}

// step is the offset coordinates of the neighbour of (x, z) in d, on or
// off the map.
func step(x, z int, d hexmap.Direction) (int, int) {
	return hexmap.FromOffset(x, z).Step(d).Offset()
}

// lattice is the grid of lattice points of one chunk's fine LOD: the
// points from (x0, z0), 7 to a row.
type lattice struct {
	g      *hexmap.Grid
	top    hexmap.Topology
	x0, z0 int
}

const latticeSide = hexmap.ChunkSizeX + 2

func (l *lattice) index(x, z int) uint16 {
	return uint16((x - l.x0) + (z-l.z0)*latticeSide)
}

// height is the top of the cell at (x, z): its centre's height, or its
// water surface when underwater. Off the map it is the nearest cell's,
// so the border cells' own tops reach beyond their edges; across the
// seam of a wrapping map it is the cell there.
func (l *lattice) height(x, z int) float32 {
	z = min(max(z, 0), l.top.Height-1)
	if !l.top.Wrapping {
		x = min(max(x, 0), l.top.Width-1)
	}
	i, _ := l.top.IndexOffset(x, z)
	return CellTop(l.g, i)
}

// CellTop is the height a cell shows from far away: its centre's height
// with the elevation jitter, or its water surface when underwater.
func CellTop(g *hexmap.Grid, i int) float32 {
	c := g.Cell(i)
	if c.IsUnderwater() {
		return geom.WaterSurfaceY(c)
	}
	return geom.CellPosition(g, i)[1]
}

// coarse fills m with one quad over the chunk's cells at (x0, z0), at
// their mean top height.
func (l *lattice) coarse(m *mesh.Mesh, x0, z0 int) {
	var sum float32
	n := 0
	for z := z0; z < z0+hexmap.ChunkSizeZ; z++ {
		for x := x0; x < x0+hexmap.ChunkSizeX; x++ {
			sum += l.height(x, z)
			n++
		}
	}
	y := sum / float32(n)
	west, south, east, north := l.top.BlockBounds(x0, z0, x0+hexmap.ChunkSizeX, z0+hexmap.ChunkSizeZ, lodMargin)
	m.AddQuad(vec3.T{west, y, south}, vec3.T{east, y, south}, vec3.T{west, y, north}, vec3.T{east, y, north})
}

// meshBytes is the memory m's storage holds (its capacity).
func meshBytes(m *mesh.Mesh) int64 {
	const v3, v4, v2 = 12, 16, 8
	n := (cap(m.Positions)+cap(m.Normals)+cap(m.Terrain)+cap(m.Weights))*v3 +
		cap(m.Colors)*v4 + (cap(m.UV)+cap(m.UV2))*v2 + cap(m.Indices)*2
	return int64(n)
}

// Bytes is the memory the chunk's meshes, plan and tint runs hold.
func (c *Chunk) Bytes() int64 {
	var n int64
	for l := range c.Layers {
		n += meshBytes(&c.Layers[l])
	}
	p := &c.Plan
	n += int64(cap(p.Connections))*int64(unsafe.Sizeof(features.Connection{})) +
		int64(cap(p.Bridges))*int64(unsafe.Sizeof(features.Bridge{})) +
		int64(cap(p.Cuts))*int64(unsafe.Sizeof(p.Cuts[0]))
	n += int64(cap(c.tints.runs)) * int64(unsafe.Sizeof(tintRun{}))
	return n
}
