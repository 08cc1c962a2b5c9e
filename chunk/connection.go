package chunk

import (
	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/internal/vec"
)

// triangulateConnection is Catlike's TriangulateConnection: the bridge
// between cell i's solid edge e1 and its neighbour in d (flat strip or
// terraces, with river bed, river surface or waterfall, and road), then
// the corner it owns with the next neighbour. pe1 is e1 perturbed.
func (b *builder) triangulateConnection(d hexmap.Direction, i int, center vecT, e1, pe1 hexmap.EdgeVertices) {
	n, ok := b.neighbor(i, d)
	if !ok {
		return
	}
	cell, nb := b.cells[i], b.cells[n]
	nPos := b.position(n)
	bridge := hexmap.Bridge(d)
	bridge[1] = nPos[1] - center[1]
	e2 := hexmap.NewEdgeVertices(vec.Add(e1.V1, bridge), vec.Add(e1.V5, bridge))

	hasRiver := cell.HasRiverThroughEdge(d)
	hasRoad := cell.HasRoadThroughEdge(d)
	if carvesRiverBed(nb, d.Opposite()) {
		e2.V3[1] = nb.StreamBedY()
	}
	pe2 := b.perturbEdge(e2)
	if hasRiver {
		b.triangulateRiverConnection(d, cell, nb, pe1, pe2)
	}
	if edgeType(cell, nb) == hexmap.Slope {
		b.triangulateEdgeTerraces(e1, pe1, cell, e2, pe2, nb, hasRoad)
	} else {
		b.edgeStrip(pe1, weights1(), cell.TerrainType, pe2, weights2(), nb.TerrainType, hasRoad)
	}

	nn, hasCorner := 0, false
	if d <= hexmap.E {
		nn, hasCorner = b.neighbor(i, d.Next())
	}
	var next hexmap.Cell
	if hasCorner {
		next = b.cells[nn]
	}
	var conn *features.Connection
	if features.WallsMayStand(cell, nb, next, hasCorner) {
		b.plan.Connections = append(b.plan.Connections, features.Connection{Cell: i, Neighbor: n, Dir: d, Near: pe1, Far: pe2})
		conn = &b.plan.Connections[len(b.plan.Connections)-1]
	}
	if !hasCorner {
		return
	}
	v5 := vec.Add(e1.V5, hexmap.Bridge(d.Next()))
	v5[1] = b.position(nn)[1]
	if conn != nil {
		conn.Next, conn.HasCorner = nn, true
		conn.Corner = [3]vecT{e1.V5, e2.V5, v5}
		conn.PerturbedCorner = [3]vecT{pe1.V5, pe2.V5, b.perturb(v5)}
	}
	// The corner starts from its lowest cell, keeping clockwise order.
	switch {
	case cell.Elevation <= nb.Elevation && cell.Elevation <= next.Elevation:
		b.triangulateCorner(e1.V5, cell, e2.V5, nb, v5, next)
	case cell.Elevation <= nb.Elevation:
		b.triangulateCorner(v5, next, e1.V5, cell, e2.V5, nb)
	case nb.Elevation <= next.Elevation:
		b.triangulateCorner(e2.V5, nb, v5, next, e1.V5, cell)
	default:
		b.triangulateCorner(v5, next, e1.V5, cell, e2.V5, nb)
	}
}

// triangulateEdgeTerraces is Catlike's TriangulateEdgeTerraces: a slope
// becomes TerraceSteps strips, alternating flat and sloped. pbegin and
// pend are begin and end perturbed.
func (b *builder) triangulateEdgeTerraces(begin, pbegin hexmap.EdgeVertices, beginCell hexmap.Cell, end, pend hexmap.EdgeVertices, endCell hexmap.Cell, hasRoad bool) {
	t1, t2 := beginCell.TerrainType, endCell.TerrainType
	e2 := b.perturbEdge(hexmap.TerraceLerpEdges(begin, end, 1))
	w2 := terraceLerpWeights(weights1(), weights2(), 1)
	b.edgeStrip(pbegin, weights1(), t1, e2, w2, t2, hasRoad)
	for step := 2; step < hexmap.TerraceSteps; step++ {
		e1, w1 := e2, w2
		e2 = b.perturbEdge(hexmap.TerraceLerpEdges(begin, end, step))
		w2 = terraceLerpWeights(weights1(), weights2(), step)
		b.edgeStrip(e1, w1, t1, e2, w2, t2, hasRoad)
	}
	b.edgeStrip(e2, w2, t1, pend, weights2(), t2, hasRoad)
}

// triangulateRiverConnection adds the river surface across a connection
// when both cells are dry, or the part of a waterfall above the water
// when one of them is underwater (part 8). The edges come perturbed.
func (b *builder) triangulateRiverConnection(d hexmap.Direction, cell, nb hexmap.Cell, e1, e2 hexmap.EdgeVertices) {
	switch {
	case !cell.IsUnderwater() && !nb.IsUnderwater():
		reversed := cell.HasIncomingRiver() && cell.IncomingRiver == d
		b.triangulateRiverQuad(e1.V2, e1.V4, e2.V2, e2.V4, cell.RiverSurfaceY(), nb.RiverSurfaceY(), 0.8, reversed)
	case !cell.IsUnderwater() && cell.Elevation > nb.WaterLevel:
		b.triangulateWaterfallInWater(e1.V2, e1.V4, e2.V2, e2.V4, cell.RiverSurfaceY(), nb.RiverSurfaceY(), nb.WaterSurfaceY())
	case cell.IsUnderwater() && !nb.IsUnderwater() && nb.Elevation > cell.WaterLevel:
		b.triangulateWaterfallInWater(e2.V4, e2.V2, e1.V4, e1.V2, nb.RiverSurfaceY(), cell.RiverSurfaceY(), cell.WaterSurfaceY())
	}
}
