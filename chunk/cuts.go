package chunk

import (
	"hexsandbox/buildings"
	"hexsandbox/features"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
)

// Cuts: while triangulating a cell that will hold a town, the builder
// records the ground its roads, river channels and bridges cover, exactly
// as it lays them (unperturbed), so that the town's blocks and lots come
// from the same geometry as the map.

// beginCell notes which cell the builder is on, and whether its cuts are
// wanted.
func (b *builder) beginCell(i int) {
	b.cell = i
	b.town = features.HasTown(b.cells[i])
}

// cut records a convex piece of ground of the current cell.
func (b *builder) cut(kind buildings.CutKind, pts ...vecT) {
	if !b.town {
		return
	}
	c := buildings.Cut{Cell: int32(b.cell), Kind: kind, N: uint8(len(pts))}
	for k, p := range pts {
		c.P[k] = [2]float32{p[0], p[2]}
	}
	b.plan.Cuts = append(b.plan.Cuts, c)
}

// cutRoad records the road of one sixth as triangulateRoad lays it: to
// the solid edge e when it leaves there, else the rounded end at the
// centre.
func (b *builder) cutRoad(center, mL, mR vecT, e *geom.EdgeVertices, hasRoadThroughEdge bool) {
	if hasRoadThroughEdge {
		b.cut(buildings.Road, center, mL, e.V2, e.V4, mR)
	} else {
		b.cut(buildings.Road, center, mL, mR)
	}
}

// cutBridge records the deck of a bridge between two road centres.
func (b *builder) cutBridge(a, c vecT) {
	const halfWidth, overhang = 1.7, 0.4
	d := vec.Sub(c, a)
	l := d.Length()
	if l == 0 {
		return
	}
	u := vec.Scale(d, 1/l)
	n := vecT{-u[2], 0, u[0]}
	a, c = vec.Sub(a, vec.Scale(u, overhang)), vec.Add(c, vec.Scale(u, overhang))
	b.cut(buildings.Road, vec.Add(a, vec.Scale(n, halfWidth)), vec.Sub(a, vec.Scale(n, halfWidth)), vec.Sub(c, vec.Scale(n, halfWidth)), vec.Add(c, vec.Scale(n, halfWidth)))
}
