// Package water triangulates standing water over underwater cells, as in
// Catlike's Hex Map part 8: open water with its bridges and corners, shore
// strips where water meets land, and estuaries where a river meets the
// shore.
package water

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// Meshes are the water layers of the chunk being triangulated.
type Meshes struct {
	Water, Shore, Estuaries *mesh.Mesh
}

// TriangulateCell adds the water of cell i, when it is underwater, to m.
// Every vertex is perturbed by the grid's noise, as Catlike's water meshes
// perturb all their vertices, and lies at the cell's water surface. An
// index off the map adds nothing; a nil layer is filled into a discarded
// mesh so that callers may ask for only some layers.
func TriangulateCell(g *hexmap.Grid, i int, m Meshes) {
	if g == nil || i < 0 || i >= g.Topology().CellCount() || !g.Cell(i).IsUnderwater() {
		return
	}
	t := newCellWater(g, i, m)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		t.triangulate(d)
	}
}

// cellWater carries what the six directions of one cell share.
type cellWater struct {
	g    *hexmap.Grid
	top  hexmap.Topology
	p    geom.Perturber
	m    Meshes
	i    int
	cell hexmap.Cell
	y    float32 // the cell's water surface
	// center is the cell centre at the water surface, unperturbed;
	// pCenter is it perturbed and corners[k] is the perturbed water corner
	// k, each computed once although two or more triangles share them.
	center, pCenter vec3.T
	corners         [6]vec3.T
}

func newCellWater(g *hexmap.Grid, i int, m Meshes) cellWater {
	if m.Water == nil {
		m.Water = &mesh.Mesh{}
	}
	if m.Shore == nil {
		m.Shore = &mesh.Mesh{}
	}
	if m.Estuaries == nil {
		m.Estuaries = &mesh.Mesh{}
	}
	t := cellWater{g: g, top: g.Topology(), p: geom.PerturberOf(g), m: m, i: i, cell: g.Cell(i)}
	t.y = geom.WaterSurfaceY(t.cell)
	x, z := t.top.CellCenter(i)
	t.center = vec3.T{x, t.y, z}
	t.pCenter = t.perturb(t.center)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		t.corners[d] = t.perturb(vec.Add(t.center, geom.FirstWaterCorner(d)))
	}
	return t
}

// triangulate is Catlike's TriangulateWater: a land neighbour makes the
// edge a shore, anything else (water or the map's border) open water.
func (t *cellWater) triangulate(d hexmap.Direction) {
	n, ok := t.g.Topology().Neighbor(t.i, d)
	if ok && !t.g.Cell(n).IsUnderwater() {
		t.shore(d)
		return
	}
	t.openWater(d, ok)
}

// openWater adds the water hexagon's triangle in direction d and, for the
// directions NE..SE that own them, the bridge to an underwater neighbour
// and (NE and E only) the corner with the next neighbour when it is
// underwater too.
func (t *cellWater) openWater(d hexmap.Direction, hasNeighbor bool) {
	c1, c2 := t.corners[d], t.corners[d.Next()]
	t.m.Water.AddTriangle(t.pCenter, c1, c2)
	if d > hexmap.SE || !hasNeighbor {
		return
	}
	// The bridge's far side is the neighbour's own water edge, built from
	// its centre (the same point as c + WaterBridge(d)), so both cells
	// perturb identical inputs and the join is exact.
	nc := t.neighborCenter(d)
	e1 := t.perturb(vec.Add(nc, geom.SecondWaterCorner(d.Opposite())))
	e2 := t.perturb(vec.Add(nc, geom.FirstWaterCorner(d.Opposite())))
	t.m.Water.AddQuad(c1, c2, e1, e2)
	if d > hexmap.E {
		return
	}
	next, ok := t.g.Topology().Neighbor(t.i, d.Next())
	if !ok || !t.g.Cell(next).IsUnderwater() {
		return
	}
	v3 := t.perturb(vec.Add(t.neighborCenter(d.Next()), geom.FirstWaterCorner(d.Previous())))
	t.m.Water.AddTriangle(c2, e2, v3)
}

// neighborCenter is the unperturbed centre of the neighbour in d raised
// to this cell's water surface (Catlike's "position with y replaced"),
// placed next to this cell: across the seam of a wrapping map a map width
// east or west. Within the map it is the very computation the neighbour
// makes for its own centre, so shared points come out bit-identical.
func (t *cellWater) neighborCenter(d hexmap.Direction) vec3.T {
	n, _ := t.top.Neighbor(t.i, d)
	x, z := t.top.CellCenter(n)
	return vec3.T{x + t.top.NeighborShift(t.i, n), t.y, z}
}

func (t *cellWater) perturb(p vec3.T) vec3.T { return t.p.Perturb(p) }

func (t *cellWater) perturbEdge(e geom.EdgeVertices) geom.EdgeVertices {
	return geom.EdgeVertices{
		V1: t.perturb(e.V1), V2: t.perturb(e.V2), V3: t.perturb(e.V3),
		V4: t.perturb(e.V4), V5: t.perturb(e.V5),
	}
}
