package water

import (
	"github.com/ungerik/go3d/vec2"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
)

// Shore UVs: v is 0 on the water side and 1 on the land side, so the
// shader can grow foam towards the land; u is unused (0). Functions, not
// variables, so the package keeps no mutable state.
func shoreWater() vec2.T { return vec2.T{0, 0} }
func shoreLand() vec2.T  { return vec2.T{0, 1} }

// shore is Catlike's TriangulateWaterShore for the edge d towards a land
// neighbour. The water side is the subdivided water hexagon edge; the
// land side is the neighbour's solid edge, found from its centre, so the
// strip reaches under the land's own solid hexagon instead of stopping at
// a plain bridge.
func (t *cellWater) shore(d hexmap.Direction) {
	e1 := t.waterEdge(d)
	w := t.m.Water
	w.AddTriangle(t.pCenter, e1.V1, e1.V2)
	w.AddTriangle(t.pCenter, e1.V2, e1.V3)
	w.AddTriangle(t.pCenter, e1.V3, e1.V4)
	w.AddTriangle(t.pCenter, e1.V4, e1.V5)

	nc := t.neighborCenter(d)
	e2 := t.perturbEdge(geom.NewEdgeVertices(
		vec.Add(nc, geom.SecondSolidCorner(d.Opposite())),
		vec.Add(nc, geom.FirstSolidCorner(d.Opposite())),
	))
	if t.cell.HasRiverThroughEdge(d) {
		t.estuary(e1, e2, t.cell.IncomingRiver == d)
	} else {
		t.shoreStrip(e1, e2)
	}
	t.shoreCorner(d, e1, e2)
}

// shoreStrip is the plain shore: four quads from water to land.
func (t *cellWater) shoreStrip(e1, e2 geom.EdgeVertices) {
	s, w, l := t.m.Shore, shoreWater(), shoreLand()
	s.AddQuad(e1.V1, e1.V2, e2.V1, e2.V2)
	s.AddQuadUV(w, w, l, l)
	s.AddQuad(e1.V2, e1.V3, e2.V2, e2.V3)
	s.AddQuadUV(w, w, l, l)
	s.AddQuad(e1.V3, e1.V4, e2.V3, e2.V4)
	s.AddQuadUV(w, w, l, l)
	s.AddQuad(e1.V4, e1.V5, e2.V4, e2.V5)
	s.AddQuadUV(w, w, l, l)
}

// shoreCorner fills the corner after the shore edge d. Its third point is
// the next neighbour's water corner when that neighbour is underwater and
// its solid corner when it is land, with the shore value to match.
func (t *cellWater) shoreCorner(d hexmap.Direction, e1, e2 geom.EdgeVertices) {
	next, ok := t.g.Topology().Neighbor(t.i, d.Next())
	if !ok {
		return
	}
	third, uv := geom.FirstSolidCorner(d.Previous()), shoreLand()
	if t.g.Cell(next).IsUnderwater() {
		third, uv = geom.FirstWaterCorner(d.Previous()), shoreWater()
	}
	v3 := t.perturb(vec.Add(t.neighborCenter(d.Next()), third))
	t.m.Shore.AddTriangle(e1.V5, e2.V5, v3)
	t.m.Shore.AddTriangleUV(shoreWater(), shoreLand(), uv)
}

// waterEdge is the perturbed, subdivided edge d of the water hexagon; its
// ends are the cached corners, the same points the open water uses.
func (t *cellWater) waterEdge(d hexmap.Direction) geom.EdgeVertices {
	e := geom.NewEdgeVertices(vec.Add(t.center, geom.FirstWaterCorner(d)), vec.Add(t.center, geom.SecondWaterCorner(d)))
	return geom.EdgeVertices{
		V1: t.corners[d], V2: t.perturb(e.V2), V3: t.perturb(e.V3),
		V4: t.perturb(e.V4), V5: t.corners[d.Next()],
	}
}
