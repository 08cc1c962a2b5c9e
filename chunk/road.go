package chunk

import (
	"github.com/ungerik/go3d/vec2"

	"hexsandbox/buildings"
	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
)

// roadInterpolators says how far along the centre-to-corner lines the
// road's sides sit: half way when a road leaves through the edge or its
// neighbouring edge, else a quarter.
func roadInterpolators(d hexmap.Direction, cell *hexmap.Cell) (l, r float32) {
	if cell.HasRoadThroughEdge(d) {
		return 0.5, 0.5
	}
	l, r = 0.25, 0.25
	if cell.HasRoadThroughEdge(d.Previous()) {
		l = 0.5
	}
	if cell.HasRoadThroughEdge(d.Next()) {
		r = 0.5
	}
	return l, r
}

// triangulateRoad is the road of one sixth: a segment out to the edge
// when the road leaves there, else just the rounded edge of the centre.
// The centre points are unperturbed, the edge pe perturbed.
func (b *builder) triangulateRoad(center, mL, mR vecT, pe *geom.EdgeVertices, hasRoadThroughEdge bool) {
	pc, pl, pr := b.perturb(center), b.perturb(mL), b.perturb(mR)
	if !hasRoadThroughEdge {
		b.triangulateRoadEdge(pc, pl, pr)
		return
	}
	pm := b.perturb(vec.Lerp(mL, mR, 0.5))
	b.triangulateRoadSegment(pl, pm, pr, pe.V2, pe.V3, pe.V4)
	b.roads.AddTriangle(pc, pl, pm)
	b.roads.AddTriangleUV(vec2.T{1, 0}, vec2.T{0, 0}, vec2.T{1, 0})
	b.roads.AddTriangle(pc, pm, pr)
	b.roads.AddTriangleUV(vec2.T{1, 0}, vec2.T{1, 0}, vec2.T{0, 0})
}

// triangulateRoadEdge is one triangle of road fading out to its sides,
// between perturbed points.
func (b *builder) triangulateRoadEdge(center, mL, mR vecT) {
	b.roads.AddTriangle(center, mL, mR)
	b.roads.AddTriangleUV(vec2.T{1, 0}, vec2.T{0, 0}, vec2.T{0, 0})
}

// triangulateRoadSegment is two quads between perturbed points, v1 v2 v3
// across the near side and v4 v5 v6 across the far side, with u = 1
// along the middle.
func (b *builder) triangulateRoadSegment(v1, v2, v3, v4, v5, v6 vecT) {
	b.roads.AddQuad(v1, v2, v4, v5)
	b.roads.AddQuadUVRect(0, 1, 0, 0)
	b.roads.AddQuad(v2, v3, v5, v6)
	b.roads.AddQuadUVRect(1, 0, 0, 0)
}

// triangulateRoadAdjacentToRiver fits the road of a sixth without river
// around the river of its cell (Catlike part 7), and records the bridges
// that features draw across it (part 11).
func (b *builder) triangulateRoadAdjacentToRiver(d hexmap.Direction, cell *hexmap.Cell, center vecT, e, pe *geom.EdgeVertices) {
	hasRoadThroughEdge := cell.HasRoadThroughEdge(d)
	previousHasRiver := cell.HasRiverThroughEdge(d.Previous())
	nextHasRiver := cell.HasRiverThroughEdge(d.Next())
	il, ir := roadInterpolators(d, cell)
	roadCenter := center

	switch {
	case riverBeginOrEnd(*cell):
		// Push the road away from where the river starts or ends.
		roadCenter = vec.Add(roadCenter, vec.Scale(geom.SolidEdgeMiddle(riverBeginOrEndDirection(*cell).Opposite()), 1.0/3))
	case cell.IncomingRiver == cell.OutgoingRiver.Opposite():
		// Straight river: the road keeps to one side, bridged across.
		var corner vecT
		if previousHasRiver {
			if !hasRoadThroughEdge && !cell.HasRoadThroughEdge(d.Next()) {
				return
			}
			corner = geom.SecondSolidCorner(d)
		} else {
			if !hasRoadThroughEdge && !cell.HasRoadThroughEdge(d.Previous()) {
				return
			}
			corner = geom.FirstSolidCorner(d)
		}
		roadCenter = vec.Add(roadCenter, vec.Scale(corner, 0.5))
		if cell.IncomingRiver == d.Next() && (cell.HasRoadThroughEdge(d.Next2()) || cell.HasRoadThroughEdge(d.Opposite())) {
			b.addBridge(roadCenter, vec.Sub(center, vec.Scale(corner, 0.5)))
		}
		center = vec.Add(center, vec.Scale(corner, 0.25))
	case cell.IncomingRiver == cell.OutgoingRiver.Previous():
		// Zig-zag: move the road centre off the river's sharp bend.
		roadCenter = vec.Sub(roadCenter, vec.Scale(geom.SecondCorner(cell.IncomingRiver), 0.2))
	case cell.IncomingRiver == cell.OutgoingRiver.Next():
		roadCenter = vec.Sub(roadCenter, vec.Scale(geom.FirstCorner(cell.IncomingRiver), 0.2))
	case previousHasRiver && nextHasRiver:
		// Inside of a curve: only a road through this edge fits.
		if !hasRoadThroughEdge {
			return
		}
		offset := vec.Scale(geom.SolidEdgeMiddle(d), geom.InnerToOuter)
		roadCenter = vec.Add(roadCenter, vec.Scale(offset, 0.7))
		center = vec.Add(center, vec.Scale(offset, 0.5))
	default:
		// Outside of a curve: the road centre sits in the middle direction.
		middle := d
		if previousHasRiver {
			middle = d.Next()
		} else if nextHasRiver {
			middle = d.Previous()
		}
		if !cell.HasRoadThroughEdge(middle) && !cell.HasRoadThroughEdge(middle.Previous()) && !cell.HasRoadThroughEdge(middle.Next()) {
			return
		}
		offset := geom.SolidEdgeMiddle(middle)
		roadCenter = vec.Add(roadCenter, vec.Scale(offset, 0.25))
		if d == middle && cell.HasRoadThroughEdge(d.Opposite()) {
			b.addBridge(roadCenter, vec.Sub(center, vec.Scale(offset, geom.InnerToOuter*0.7)))
		}
	}

	mL := vec.Lerp(roadCenter, e.V1, il)
	mR := vec.Lerp(roadCenter, e.V5, ir)
	b.triangulateRoad(roadCenter, mL, mR, pe, hasRoadThroughEdge)
	b.cutRoad(roadCenter, mL, mR, e, hasRoadThroughEdge)
	if previousHasRiver {
		b.triangulateRoadEdge(b.perturb(roadCenter), b.perturb(center), b.perturb(mL))
		b.cut(buildings.Road, roadCenter, center, mL)
	}
	if nextHasRiver {
		b.triangulateRoadEdge(b.perturb(roadCenter), b.perturb(mR), b.perturb(center))
		b.cut(buildings.Road, roadCenter, mR, center)
	}
}

// addBridge records a bridge between two unperturbed road centres, where
// Catlike calls HexFeatureManager.AddBridge.
func (b *builder) addBridge(roadCenter1, roadCenter2 vecT) {
	b.plan.Bridges = append(b.plan.Bridges, features.Bridge{RoadCenter1: roadCenter1, RoadCenter2: roadCenter2})
	b.cutBridge(roadCenter1, roadCenter2)
}
