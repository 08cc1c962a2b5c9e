package water

import (
	"github.com/ungerik/go3d/vec2"

	"hexsandbox/hexmap/geom"
)

// estuary is Catlike's TriangulateEstuary: where a river crosses the shore
// edge, the strip becomes a trapezoid that meets the river's end. e1 is
// the water edge, e2 the land edge (whose V2 and V4 are where the river
// quad ends). Two shore triangles fill the sides; the estuary mesh holds
// a quad turned towards the middle, the middle triangle and a second quad,
// which makes the shape symmetric.
//
// UV carries the shore value in v and, in u, how much river shows (0 at
// the trapezoid's outer land corners, where the river fades out). UV2 is
// the river flow, continuing the river's v from 0.8 at the land edge; for
// a river flowing out of the water the flow is mirrored and reversed.
func (t *cellWater) estuary(e1, e2 geom.EdgeVertices, incomingRiver bool) {
	s := t.m.Shore
	s.AddTriangle(e2.V1, e1.V2, e1.V1)
	s.AddTriangleUV(vec2.T{0, 1}, vec2.T{0, 0}, vec2.T{0, 0})
	s.AddTriangle(e2.V5, e1.V5, e1.V4)
	s.AddTriangleUV(vec2.T{0, 1}, vec2.T{0, 0}, vec2.T{0, 0})

	m := t.m.Estuaries
	m.AddQuad(e2.V1, e1.V2, e2.V2, e1.V3)
	m.AddQuadUV(vec2.T{0, 1}, vec2.T{0, 0}, vec2.T{1, 1}, vec2.T{0, 0})
	if incomingRiver {
		m.AddQuadUV2(vec2.T{1.5, 1}, vec2.T{0.7, 1.15}, vec2.T{1, 0.8}, vec2.T{0.5, 1.1})
	} else {
		m.AddQuadUV2(vec2.T{-0.5, -0.2}, vec2.T{0.3, -0.35}, vec2.T{0, 0}, vec2.T{0.5, -0.3})
	}

	m.AddTriangle(e1.V3, e2.V2, e2.V4)
	m.AddTriangleUV(vec2.T{0, 0}, vec2.T{1, 1}, vec2.T{1, 1})
	if incomingRiver {
		m.AddTriangleUV2(vec2.T{0.5, 1.1}, vec2.T{1, 0.8}, vec2.T{0, 0.8})
	} else {
		m.AddTriangleUV2(vec2.T{0.5, -0.3}, vec2.T{0, 0}, vec2.T{1, 0})
	}

	m.AddQuad(e1.V3, e1.V4, e2.V4, e2.V5)
	m.AddQuadUV(vec2.T{0, 0}, vec2.T{0, 0}, vec2.T{1, 1}, vec2.T{0, 1})
	if incomingRiver {
		m.AddQuadUV2(vec2.T{0.5, 1.1}, vec2.T{0.3, 1.15}, vec2.T{0, 0.8}, vec2.T{-0.5, 1})
	} else {
		m.AddQuadUV2(vec2.T{0.5, -0.3}, vec2.T{0.7, -0.35}, vec2.T{1, 0}, vec2.T{1.5, -0.2})
	}
}
