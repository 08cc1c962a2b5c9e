package chunk

import (
	"github.com/ungerik/go3d/vec2"

	"hexsandbox/buildings"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
)

// riverBeginOrEnd reports whether a river starts or ends in cell c.
func riverBeginOrEnd(c hexmap.Cell) bool { return c.HasIncomingRiver() != c.HasOutgoingRiver() }

// riverBeginOrEndDirection is the one river direction of a cell where a
// river starts or ends.
func riverBeginOrEndDirection(c hexmap.Cell) hexmap.Direction {
	if c.HasIncomingRiver() {
		return c.IncomingRiver
	}
	return c.OutgoingRiver
}

// withY returns p at height y.
func withY(p vecT, y float32) vecT {
	p[1] = y
	return p
}

// carvesRiverBed reports whether cell sinks the middle of its solid edge d
// to its stream bed: as in Catlike, in every cell a river crosses, under
// standing water too, where the bed runs on as a channel in the lake's
// floor (the renderer colours water by its depth, so the channel reads as
// a little deeper water).
func carvesRiverBed(cell *hexmap.Cell, d hexmap.Direction) bool {
	return cell.HasRiverThroughEdge(d)
}

// triangulateWithRiverBeginOrEnd is the sixth of a cell where a river
// starts or ends: the channel narrows to the centre, and the surface ends
// in a single triangle. e is the solid edge, pe the same perturbed.
func (b *builder) triangulateWithRiverBeginOrEnd(cell ref, center vecT, e, pe *geom.EdgeVertices) {
	m := geom.NewEdgeVertices(vec.Lerp(center, e.V1, 0.5), vec.Lerp(center, e.V5, 0.5))
	m.V3[1] = e.V3[1]
	var pm geom.EdgeVertices
	b.perturbEdge(&pm, &m)
	pc := b.perturb(center)
	t := cell
	ts := terrainTypes(t, t, t)
	b.edgeStrip(&pm, weights1(), pe, weights1(), &ts, false)
	b.edgeFan(&pc, &pm, t)
	b.cut(buildings.River, center, e.V2, e.V4)
	if cell.IsUnderwater() {
		return
	}
	reversed := cell.HasIncomingRiver()
	y := geom.RiverSurfaceY(*cell.Cell)
	b.triangulateRiverQuad(pm.V2, pm.V4, pe.V2, pe.V4, y, y, 0.6, reversed)
	b.rivers.AddTriangle(withY(pc, y), withY(pm.V2, y), withY(pm.V4, y))
	if reversed {
		b.rivers.AddTriangleUV(vec2.T{0.5, 0.4}, vec2.T{1, 0.2}, vec2.T{0, 0.2})
	} else {
		b.rivers.AddTriangleUV(vec2.T{0.5, 0.4}, vec2.T{0, 0.6}, vec2.T{1, 0.6})
	}
}

// triangulateWithRiver is the sixth of a cell a river flows through: the
// centre becomes a line (centerL, centerR) shaped by where the river goes
// next, and the channel runs from it to the edge.
func (b *builder) triangulateWithRiver(d hexmap.Direction, cell ref, center vecT, e, pe *geom.EdgeVertices) {
	var cL, cR vec.XYZ // centerL and centerR
	c := vec.Of(center)
	switch {
	case cell.HasRiverThroughEdge(d.Opposite()): // straight
		cL = c.Plus(solidCorners[d.Previous()].Times(0.25))
		cR = c.Plus(solidCorners[d.Next()+1].Times(0.25))
	case cell.HasRiverThroughEdge(d.Next()): // sharp turn
		cL, cR = c, c.Lerp(vec.At(&e.V5), 2.0/3)
	case cell.HasRiverThroughEdge(d.Previous()): // sharp turn
		cL, cR = c.Lerp(vec.At(&e.V1), 2.0/3), c
	case cell.HasRiverThroughEdge(d.Next2()): // gentle curve
		cL = c
		cR = c.Plus(solidMiddles[d.Next()].Times(0.5 * geom.InnerToOuter))
	default: // gentle curve
		cL = c.Plus(solidMiddles[d.Previous()].Times(0.5 * geom.InnerToOuter))
		cR = c
	}
	var m, pm geom.EdgeVertices
	m.SetBetweenOuter(cL.Lerp(vec.At(&e.V1), 0.5), cR.Lerp(vec.At(&e.V5), 0.5), geom.RiverEdgeOuterStep)
	m.V3[1] = e.V3[1]
	b.perturbEdge(&pm, &m)
	var centerL, centerR, pl, pc, pr vecT
	cL.Store(&centerL)
	cR.Store(&centerR)
	cL.Lerp(cR, 0.5).WithY(e.V3[1]).Store(&pc)
	b.perturbTo(&pl, &centerL)
	b.perturbTo(&pc, &pc)
	b.perturbTo(&pr, &centerR)

	t := cell
	w := weights1()
	types := terrainTypes(t, t, t)
	b.edgeStrip(&pm, w, pe, w, &types, false)
	b.terrainTriangle(&pl, &pm.V1, &pm.V2, &types, w, w, w)
	b.terrainQuad(&pl, &pc, &pm.V2, &pm.V3, &types, w, w, w, w)
	b.terrainQuad(&pc, &pr, &pm.V3, &pm.V4, &types, w, w, w, w)
	b.terrainTriangle(&pr, &pm.V4, &pm.V5, &types, w, w, w)
	b.cut(buildings.River, centerL, m.V2, m.V4, centerR)
	b.cut(buildings.River, m.V2, e.V2, e.V4, m.V4)

	if cell.IsUnderwater() {
		return
	}
	reversed := cell.IncomingRiver == d
	y := geom.RiverSurfaceY(*cell.Cell)
	b.triangulateRiverQuad(pl, pr, pm.V2, pm.V4, y, y, 0.4, reversed)
	b.triangulateRiverQuad(pm.V2, pm.V4, pe.V2, pe.V4, y, y, 0.6, reversed)
}

// triangulateAdjacentToRiver is a sixth without river in a cell with one:
// its centre moves out of the river's way, and roads fit around it.
func (b *builder) triangulateAdjacentToRiver(d hexmap.Direction, cell ref, center vecT, e, pe *geom.EdgeVertices) {
	if cell.HasRoads() {
		b.triangulateRoadAdjacentToRiver(d, cell.Cell, center, e, pe)
	}
	c := vec.Of(center)
	if cell.HasRiverThroughEdge(d.Next()) {
		if cell.HasRiverThroughEdge(d.Previous()) {
			// Inside of a curve: the centre moves to the edge's middle.
			c = c.Plus(solidMiddles[d].Times(geom.InnerToOuter * 0.5))
		} else if cell.HasRiverThroughEdge(d.Previous2()) {
			// Beside a straight river.
			c = c.Plus(solidCorners[d].Times(0.25))
		}
	} else if cell.HasRiverThroughEdge(d.Previous()) && cell.HasRiverThroughEdge(d.Next2()) {
		c = c.Plus(solidCorners[d+1].Times(0.25))
	}
	var m, pm geom.EdgeVertices
	m.SetBetween(c.Lerp(vec.At(&e.V1), 0.5), c.Lerp(vec.At(&e.V5), 0.5))
	b.perturbEdge(&pm, &m)
	t := cell
	ts := terrainTypes(t, t, t)
	b.edgeStrip(&pm, weights1(), pe, weights1(), &ts, false)
	var pc vecT
	c.Store(&pc)
	b.perturbTo(&pc, &pc)
	b.edgeFan(&pc, &pm, t)
}

// triangulateRiverQuad adds a river surface quad between perturbed
// points, from height y1 (v1, v2) to y2 (v3, v4). U runs across the
// river, V along the flow from v to v+0.2, mirrored when the river flows
// the other way.
func (b *builder) triangulateRiverQuad(v1, v2, v3, v4 vecT, y1, y2, v float32, reversed bool) {
	b.rivers.AddQuad(withY(v1, y1), withY(v2, y1), withY(v3, y2), withY(v4, y2))
	if reversed {
		b.rivers.AddQuadUVRect(1, 0, 0.8-v, 0.6-v)
	} else {
		b.rivers.AddQuadUVRect(0, 1, v, v+0.2)
	}
}

// triangulateWaterfallInWater adds the part of a waterfall above the
// water surface waterY. The vertices come perturbed, so the lower pair is
// pulled up to the surface along the slant of the full waterfall, and the
// quad is added as it is.
func (b *builder) triangulateWaterfallInWater(v1, v2, v3, v4 vecT, y1, y2, waterY float32) {
	v1, v2, v3, v4 = withY(v1, y1), withY(v2, y1), withY(v3, y2), withY(v4, y2)
	t := (waterY - y2) / (y1 - y2)
	v3 = vec.Lerp(v3, v1, t)
	v4 = vec.Lerp(v4, v2, t)
	b.rivers.AddQuad(v1, v2, v3, v4)
	b.rivers.AddQuadUVRect(0, 1, 0.8, 1)
}
