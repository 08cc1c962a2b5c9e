package chunk

import (
	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
)

// triangulateConnection is Catlike's TriangulateConnection: the bridge
// between cell i's solid edge e1 and its neighbour in d (flat strip or
// terraces, with river bed, river surface or waterfall, and road), then
// the corner it owns with the next neighbour. e1 is the cell's solid
// edge in d, pe1 the same perturbed.
func (b *builder) triangulateConnection(d hexmap.Direction, i int, e1, pe1 *geom.EdgeVertices) {
	n, ok := b.neighbor(d)
	if !ok {
		return
	}
	cell, nb := b.ref(i), b.ref(n)
	bridge := bridges[d].WithY(b.position(n)[1] - b.center[1])
	var e2 geom.EdgeVertices
	e2.SetBetween(vec.At(&e1.V1).Plus(bridge), vec.At(&e1.V5).Plus(bridge))

	hasRiver := cell.HasRiverThroughEdge(d)
	hasRoad := cell.HasRoadThroughEdge(d)
	if carvesRiverBed(nb.Cell, d.Opposite()) {
		e2.V3[1] = geom.StreamBedY(*nb.Cell)
	}
	var pe2 geom.EdgeVertices
	b.perturbEdge(&pe2, &e2)
	if hasRiver {
		b.triangulateRiverConnection(d, cell.Cell, nb.Cell, pe1, &pe2)
	}
	if edgeType(cell.Cell, nb.Cell) == hexmap.Slope {
		b.triangulateEdgeTerraces(e1, pe1, cell, &e2, &pe2, nb, hasRoad)
	} else {
		s := terrainTypes(cell, nb, cell)
		b.edgeStrip(pe1, weights1(), &pe2, weights2(), &s, hasRoad)
	}

	nn, hasCorner := 0, false
	if d <= hexmap.E {
		nn, hasCorner = b.neighbor(d.Next())
	}
	next := ref{Cell: &b.none}
	if hasCorner {
		next = b.ref(nn)
	}
	var conn *features.Connection
	if features.WallsMayStand(*cell.Cell, *nb.Cell, *next.Cell, hasCorner) {
		b.plan.Connections = append(b.plan.Connections, features.Connection{Cell: i, Neighbor: n, Dir: d, Near: *pe1, Far: pe2})
		conn = &b.plan.Connections[len(b.plan.Connections)-1]
	}
	if !hasCorner {
		return
	}
	var here, there, beyond corner
	here.set(&e1.V5, &pe1.V5, cell)
	there.set(&e2.V5, &pe2.V5, nb)
	vec.At(&e1.V5).Plus(bridges[d.Next()]).WithY(b.position(nn)[1]).Store(&beyond.p)
	b.perturbTo(&beyond.pp, &beyond.p)
	beyond.cell = next
	if conn != nil {
		conn.Next, conn.HasCorner = nn, true
		conn.Corner = [3]vecT{here.p, there.p, beyond.p}
		conn.PerturbedCorner = [3]vecT{here.pp, there.pp, beyond.pp}
	}
	// The corner starts from its lowest cell, keeping clockwise order.
	switch {
	case cell.Elevation <= nb.Elevation && cell.Elevation <= next.Elevation:
		b.triangulateCorner(&here, &there, &beyond)
	case cell.Elevation <= nb.Elevation:
		b.triangulateCorner(&beyond, &here, &there)
	case nb.Elevation <= next.Elevation:
		b.triangulateCorner(&there, &beyond, &here)
	default:
		b.triangulateCorner(&beyond, &here, &there)
	}
}

// triangulateEdgeTerraces is Catlike's TriangulateEdgeTerraces: a slope
// becomes TerraceSteps strips, alternating flat and sloped. pbegin and
// pend are begin and end perturbed.
func (b *builder) triangulateEdgeTerraces(begin, pbegin *geom.EdgeVertices, beginCell ref, end, pend *geom.EdgeVertices, endCell ref, hasRoad bool) {
	// Two buffers, the step's edge and the one before, swapped.
	var steps [2]geom.EdgeVertices
	e1, e2 := &steps[0], &steps[1]
	b.perturbTerraceEdge(e2, begin, end, 1)
	w2 := terraceLerpWeights(weights1(), weights2(), 1)
	s := terrainTypes(beginCell, endCell, beginCell) // every step's
	b.edgeStrip(pbegin, weights1(), e2, w2, &s, hasRoad)
	for step := 2; step < geom.TerraceSteps; step++ {
		e1, e2 = e2, e1
		w1 := w2
		b.perturbTerraceEdge(e2, begin, end, step)
		w2 = terraceLerpWeights(weights1(), weights2(), step)
		b.edgeStrip(e1, w1, e2, w2, &s, hasRoad)
	}
	b.edgeStrip(e2, w2, pend, weights2(), &s, hasRoad)
}

// triangulateRiverConnection adds the river surface across a connection
// when both cells are dry, or the part of a waterfall above the water
// when one of them is underwater (part 8). The edges come perturbed.
func (b *builder) triangulateRiverConnection(d hexmap.Direction, cell, nb *hexmap.Cell, e1, e2 *geom.EdgeVertices) {
	switch {
	case !cell.IsUnderwater() && !nb.IsUnderwater():
		reversed := cell.HasIncomingRiver() && cell.IncomingRiver == d
		b.triangulateRiverQuad(e1.V2, e1.V4, e2.V2, e2.V4, geom.RiverSurfaceY(*cell), geom.RiverSurfaceY(*nb), 0.8, reversed)
	case !cell.IsUnderwater() && cell.Elevation > nb.WaterLevel:
		b.triangulateWaterfallInWater(e1.V2, e1.V4, e2.V2, e2.V4, geom.RiverSurfaceY(*cell), geom.RiverSurfaceY(*nb), geom.WaterSurfaceY(*nb))
	case cell.IsUnderwater() && !nb.IsUnderwater() && nb.Elevation > cell.WaterLevel:
		b.triangulateWaterfallInWater(e2.V4, e2.V2, e1.V4, e1.V2, geom.RiverSurfaceY(*nb), geom.RiverSurfaceY(*cell), geom.WaterSurfaceY(*cell))
	}
}
