package chunk

import (
	"hexsandbox/hexmap"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// Catlike's HexMesh perturbs every vertex it is given, except through its
// Unperturbed variants. Here callers perturb each point once and the
// helpers add vertices as given: perturbation moves only X and Z, and
// from X and Z alone, so a perturbed point may take a new height later.

func (b *builder) perturb(p vecT) vecT { return b.perturber.Perturb(p) }

// perturbEdge perturbs the five vertices of an edge.
func (b *builder) perturbEdge(e hexmap.EdgeVertices) hexmap.EdgeVertices {
	return hexmap.EdgeVertices{V1: b.perturb(e.V1), V2: b.perturb(e.V2), V3: b.perturb(e.V3), V4: b.perturb(e.V4), V5: b.perturb(e.V5)}
}

// terrainTypes is the splat type triple of one triangle or quad.
func terrainTypes(x, y, z uint8) vecT { return vecT{float32(x), float32(y), float32(z)} }

// terrainTriangle adds a terrain triangle with splat data.
func (b *builder) terrainTriangle(v1, v2, v3, types, w1, w2, w3 vecT) {
	b.terrain.AddTriangle(v1, v2, v3)
	b.terrain.AddTriangleTerrain(types, w1, w2, w3)
}

// terrainQuad adds a terrain quad with splat data.
func (b *builder) terrainQuad(v1, v2, v3, v4, types, w1, w2, w3, w4 vecT) {
	addQuad(b.terrain, v1, v2, v3, v4)
	b.terrain.AddQuadTerrain(types, w1, w2, w3, w4)
}

// edgeFan is Catlike's TriangulateEdgeFan: four triangles from the centre
// to the five edge vertices, all of one cell. Arguments are perturbed.
func (b *builder) edgeFan(center vecT, e hexmap.EdgeVertices, t uint8) {
	types := terrainTypes(t, t, t)
	w := weights1()
	b.terrainTriangle(center, e.V1, e.V2, types, w, w, w)
	b.terrainTriangle(center, e.V2, e.V3, types, w, w, w)
	b.terrainTriangle(center, e.V3, e.V4, types, w, w, w)
	b.terrainTriangle(center, e.V4, e.V5, types, w, w, w)
}

// edgeStrip is Catlike's TriangulateEdgeStrip: four quads between two
// perturbed edges, the first weighted w1 and the second w2, with a road
// segment on top when hasRoad.
func (b *builder) edgeStrip(e1 hexmap.EdgeVertices, w1 vecT, t1 uint8, e2 hexmap.EdgeVertices, w2 vecT, t2 uint8, hasRoad bool) {
	types := terrainTypes(t1, t2, t1)
	b.terrainQuad(e1.V1, e1.V2, e2.V1, e2.V2, types, w1, w1, w2, w2)
	b.terrainQuad(e1.V2, e1.V3, e2.V2, e2.V3, types, w1, w1, w2, w2)
	b.terrainQuad(e1.V3, e1.V4, e2.V3, e2.V4, types, w1, w1, w2, w2)
	b.terrainQuad(e1.V4, e1.V5, e2.V4, e2.V5, types, w1, w1, w2, w2)
	if hasRoad {
		b.triangulateRoadSegment(e1.V2, e1.V3, e1.V4, e2.V2, e2.V3, e2.V4)
	}
}

// addQuad is mesh.AddQuad (same vertices, winding and shared normal per
// quad) with the normal taken from the cross product of the diagonals:
// one cross product and one square root instead of three, which matters
// because quads are most of the terrain. For a planar quad it is the same
// normal.
func addQuad(m *mesh.Mesh, a, b, c, d vecT) {
	base := uint16(len(m.Positions))
	n := vec.Of(d).Minus(vec.Of(a)).Cross(vec.Of(b).Minus(vec.Of(c))).Normalized().V()
	m.Positions = append(m.Positions, a, b, c, d)
	m.Normals = append(m.Normals, n, n, n, n)
	m.Indices = append(m.Indices, base, base+2, base+1, base+1, base+2, base+3)
}
