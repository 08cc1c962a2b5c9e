// Package chunk triangulates one 5×5 chunk of a map into layer meshes
// (terrain, rivers, roads, and through the water and features packages
// the water, shore, estuary, wall, feature, bridge and building layers),
// builds each chunk's simplified levels of detail, and keeps a whole
// map's chunks current as edits dirty them: all of them (NewSet), or
// those wanted within a memory budget, built by background workers
// (NewCache). The shapes follow Catlike's HexGridChunk (Hex Map parts
// 2-8, with part 14's splat data).
package chunk

import (
	"hexsandbox/buildings"
	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
	"hexsandbox/water"
)

// Chunk is the triangulated geometry of one chunk.
type Chunk struct {
	Layers [mesh.LayerCount]mesh.Mesh
	// Plan is what the triangulation handed the features package: the
	// connections that may hold walls, the bridges over rivers, and the
	// road, river and bridge footprints of town cells.
	Plan features.Plan
	// towns is scratch kept between builds, behind a pointer: it is
	// large (about 18 KB), and a chunk cache holds a Chunk for every chunk
	// of the map, most of them empty.
	towns *buildings.Builder
	// tints record which cells gave the terrain's vertices their splat
	// types, so that a change of terrain types alone updates them in
	// place (Retint) instead of triangulating the chunk again.
	tints tints
}

// Triangulate fills c with chunk ch of g, reusing c's storage.
func Triangulate(g *hexmap.Grid, ch int, c *Chunk) { triangulate(g, ch, c, allParts) }

// parts selects which layers triangulate fills: this package's own
// (terrain, rivers, roads, and the plan), the water package's, and the
// features package's (which need the plan, so own too).
type parts uint8

const (
	ownParts parts = 1 << iota
	waterParts
	featureParts
	allParts = ownParts | waterParts | featureParts
	// separateLevel makes the vertices of every fan triangle and strip
	// quad their own, as Catlike's meshes have them: for the test that
	// sharing them where the ground is level changes no triangle.
	separateLevel parts = 1 << 7
)

// partsOf is what layer l needs triangulated.
func partsOf(l mesh.Layer) parts {
	switch l {
	case mesh.Water, mesh.WaterShore, mesh.Estuaries:
		return waterParts
	case mesh.Walls, mesh.Features, mesh.Farms, mesh.Bridges, mesh.Buildings, mesh.BuildingDetails:
		return ownParts | featureParts
	}
	return ownParts
}

// triangulate is Triangulate of the layers p selects; the others are
// left empty. Benchmarks time this package's own layers alone with it,
// and the OBJ export builds one layer at a time.
func triangulate(g *hexmap.Grid, ch int, c *Chunk, p parts) {
	for l := range c.Layers {
		c.Layers[l].Clear()
	}
	c.Plan.Reset()
	b := builder{
		g:          g,
		perturber:  geom.PerturberOf(g),
		top:        g.Topology(),
		cells:      g.Cells(),
		terrain:    &c.Layers[mesh.Terrain],
		rivers:     &c.Layers[mesh.Rivers],
		roads:      &c.Layers[mesh.Roads],
		plan:       &c.Plan,
		tints:      &c.tints,
		shareLevel: p&separateLevel == 0,
	}
	b.positions.reset()
	c.tints.reset()
	wm := water.Meshes{
		Water:     &c.Layers[mesh.Water],
		Shore:     &c.Layers[mesh.WaterShore],
		Estuaries: &c.Layers[mesh.Estuaries],
	}
	x0, z0 := geom.ChunkOrigin(g.Topology(), ch)
	for z := z0; z < z0+hexmap.ChunkSizeZ; z++ {
		for x := x0; x < x0+hexmap.ChunkSizeX; x++ {
			i := x + z*g.Topology().Width
			if p&ownParts != 0 {
				b.triangulateCell(i, x, z)
			}
			if p&waterParts != 0 {
				water.TriangulateCell(g, i, wm)
			}
		}
	}
	if p&featureParts != 0 {
		if c.towns == nil {
			c.towns = new(buildings.Builder)
		}
		towns := features.Towns{Massing: &c.Layers[mesh.Buildings], Detail: &c.Layers[mesh.BuildingDetails], Builder: c.towns}
		features.BuildMeshes(g, ch, &c.Plan, &towns, features.Meshes{Features: &c.Layers[mesh.Features],
			Farms: &c.Layers[mesh.Farms], Walls: &c.Layers[mesh.Walls], Bridges: &c.Layers[mesh.Bridges]})
	}
}

// builder carries what the triangulation of one chunk needs; it lives for
// one Triangulate call.
type builder struct {
	g                      *hexmap.Grid
	perturber              geom.Perturber
	cells                  []hexmap.Cell
	terrain, rivers, roads *mesh.Mesh
	plan                   *features.Plan
	center, pcenter        vecT    // the current cell's centre, and perturbed
	pcorners               [7]vecT // its solid corners perturbed, the first again last
	fan                    levelFanShare
	none                   hexmap.Cell // what a missing corner cell reads as
	shareLevel             bool        // levelFan's and levelStrip's sharing wanted
	cell                   int         // the cell being triangulated
	x, z                   int         // its offset coordinates
	top                    hexmap.Topology
	town                   bool   // whether it holds a town (cuts wanted)
	tints                  *tints // where the terrain's splat types come from
	positions              positionCache
}

// neighbor returns the neighbour of the current cell in d, or false at
// the border.
func (b *builder) neighbor(d hexmap.Direction) (int, bool) {
	return b.top.Index(hexmap.FromOffset(b.x, b.z).Step(d))
}

// position is Catlike's cell.Position, the centre with the elevation
// jittered, read through the chunk's cache of them.
func (b *builder) position(i int) *vecT {
	c := &b.positions
	k := i & (len(c.cell) - 1)
	if c.cell[k] != int32(i) {
		p := &c.p[k]
		p[0], p[1], p[2] = b.perturber.CellPosition(b.g, i)
		c.cell[k] = int32(i)
	}
	return &c.p[k]
}

// positionCache holds the cell positions a chunk's triangulation asked
// for: a position's height takes a noise sample, and each is asked for by
// its cell and by up to five neighbours' connections and corners. It is
// direct-mapped by cell number: 128 slots keep a chunk's rows and its rim
// apart on maps of any width but the narrowest.
type positionCache struct {
	cell [128]int32
	p    [128]vecT
}

func (c *positionCache) reset() {
	for k := range c.cell {
		c.cell[k] = -1
	}
}

// triangulateCell is Catlike's Triangulate(HexCell) of cell i at offset
// x, z: one pass per direction.
func (b *builder) triangulateCell(i, x, z int) {
	b.beginCell(i)
	b.x, b.z = x, z
	b.fan.reset()
	c := &b.center
	*c = *b.position(i)
	b.perturbTo(&b.pcenter, c)
	// Each solid corner ends one sixth's edge and begins the next's:
	// perturbed once for both.
	for d, sc := range solidCorners[:6] {
		p := &b.pcorners[d]
		vec.At(c).Plus(sc).Store(p)
		b.perturbTo(p, p)
	}
	b.pcorners[6] = b.pcorners[0]
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		b.triangulateDirection(d, i)
	}
}

// solidCorners are geom.FirstSolidCorner of each direction and, once
// more at the end, of the first (each direction's SecondSolidCorner is
// the next one's first); bridges are geom.Bridge of each direction,
// solidMiddles geom.SolidEdgeMiddle: looked up at every sixth instead of
// computed from the corners again.
var solidCorners, bridges, solidMiddles = func() (c [7]vec.XYZ, br, mid [6]vec.XYZ) {
	for d := range hexmap.Direction(6) {
		c[d], br[d], mid[d] = vec.Of(geom.FirstSolidCorner(d)), vec.Of(geom.Bridge(d)), vec.Of(geom.SolidEdgeMiddle(d))
	}
	c[6] = vec.Of(geom.SecondSolidCorner(hexmap.NW))
	return c, br, mid
}()

// triangulateDirection is Catlike's Triangulate(direction, cell): the
// solid part of one sixth of the cell, then its connection when it owns it.
func (b *builder) triangulateDirection(d hexmap.Direction, i int) {
	cell := b.ref(i)
	center := vec.At(&b.center)
	var e, pe geom.EdgeVertices
	e.SetBetween(center.Plus(solidCorners[d]), center.Plus(solidCorners[d+1]))
	if carvesRiverBed(cell.Cell, d) {
		e.V3[1] = geom.StreamBedY(*cell.Cell)
	}
	pe.V1 = b.pcorners[d]
	b.perturbTo(&pe.V2, &e.V2)
	b.perturbTo(&pe.V3, &e.V3)
	b.perturbTo(&pe.V4, &e.V4)
	pe.V5 = b.pcorners[d+1]
	switch {
	case !cell.HasRiver():
		b.triangulateWithoutRiver(d, cell, b.center, &e, &pe)
	case !cell.HasRiverThroughEdge(d):
		b.triangulateAdjacentToRiver(d, cell, b.center, &e, &pe)
	case riverBeginOrEnd(*cell.Cell):
		b.triangulateWithRiverBeginOrEnd(cell, b.center, &e, &pe)
	default:
		b.triangulateWithRiver(d, cell, b.center, &e, &pe)
	}
	if d <= hexmap.SE {
		b.triangulateConnection(d, i, &e, &pe)
	}
}

// triangulateWithoutRiver is a plain fan, with roads on top when the cell
// has any. e is the solid edge, pe the same perturbed.
func (b *builder) triangulateWithoutRiver(d hexmap.Direction, cell ref, center vecT, e, pe *geom.EdgeVertices) {
	if !b.shareLevel || !b.levelFan(d, pe, cell) {
		b.edgeFan(&b.pcenter, pe, cell)
	}
	if cell.HasRoads() {
		il, ir := roadInterpolators(d, cell.Cell)
		mL, mR := vec.Lerp(center, e.V1, il), vec.Lerp(center, e.V5, ir)
		b.triangulateRoad(center, mL, mR, pe, cell.HasRoadThroughEdge(d))
		b.cutRoad(center, mL, mR, e, cell.HasRoadThroughEdge(d))
	}
}
