// Package mesh owns the indexed triangle meshes that triangulation
// produces and the renderer draws: positions, flat normals, optional
// colours, UV sets and terrain splat data, and the layer each mesh belongs
// to. It knows nothing about hex cells or ebiten.
//
// Winding follows Catlike (Unity): front faces are clockwise seen from
// above with X to the right and Z up the screen, and a triangle's normal
// is normalize(cross(b-a, c-a)).
package mesh

import (
	"hexsandbox/internal/vec"

	"github.com/ungerik/go3d/vec2"
	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// MaxVertices is the most vertices one mesh may hold: the renderer draws
// with uint16 indices.
const MaxVertices = 1 << 16

// Layer names what a mesh is, and so how it is drawn.
type Layer int

// The layers of a chunk, in Catlike's order with the farms apart, then
// the towns' buildings (masses, and the details drawn only near the
// camera). Opaque layers first.
const (
	Terrain Layer = iota
	Walls
	Features
	Bridges
	Farms // farm fields: drawn like features, but cast no shadow
	Buildings
	BuildingDetails
	Rivers
	Roads
	Water
	WaterShore
	Estuaries
	LayerCount
)

// Opaque reports whether the layer is drawn into the depth buffer.
func (l Layer) Opaque() bool { return l <= BuildingDetails }

// CastsShadows reports whether the layer casts shadows: the opaque ones
// but farms, which lie flat on the ground (Catlike's farm prefabs cast
// none), and the buildings' details, drawn only near the camera (their
// buildings cast the shadow).
func (l Layer) CastsShadows() bool { return l.Opaque() && l != Farms && l != BuildingDetails }

// Name is the layer's name in exports (OBJ object names).
func (l Layer) Name() string {
	return [...]string{"terrain", "walls", "features", "bridges", "farms", "buildings", "building_details", "rivers", "roads", "water", "water_shore", "estuaries"}[l]
}

// Mesh is an indexed triangle mesh. Positions and Normals always have one
// entry per vertex; each optional attribute is either empty or has one
// entry per vertex.
type Mesh struct {
	Positions []vec3.T
	Normals   []vec3.T
	Colors    []vec4.T // RGBA in [0, 1]
	UV        []vec2.T
	UV2       []vec2.T
	Terrain   []vec3.T // the triangle's three terrain type indices
	Weights   []vec3.T // splat weights selecting among Terrain
	Indices   []uint16
}

// Clear empties the mesh and keeps its storage for reuse.
func (m *Mesh) Clear() {
	m.Positions = m.Positions[:0]
	m.Normals = m.Normals[:0]
	m.Colors = m.Colors[:0]
	m.UV = m.UV[:0]
	m.UV2 = m.UV2[:0]
	m.Terrain = m.Terrain[:0]
	m.Weights = m.Weights[:0]
	m.Indices = m.Indices[:0]
}

// VertexCount is the number of vertices.
func (m *Mesh) VertexCount() int { return len(m.Positions) }

// TriangleCount is the number of triangles.
func (m *Mesh) TriangleCount() int { return len(m.Indices) / 3 }

// Overflowed reports whether more vertices were added than uint16 indices
// can address; such a mesh must not be drawn.
func (m *Mesh) Overflowed() bool { return len(m.Positions) > MaxVertices }

// AddTriangle adds a triangle with its own three vertices and flat normal.
func (m *Mesh) AddTriangle(a, b, c vec3.T) {
	base := uint16(len(m.Positions))
	n := faceNormal(a, b, c).V()
	m.Positions = append(m.Positions, a, b, c)
	m.Normals = append(m.Normals, n, n, n)
	m.Indices = append(m.Indices, base, base+1, base+2)
}

// AddQuad adds the quad a-b-c-d, with a b along one side and c d along the
// other, as Catlike's AddQuad: triangles (a, c, b) and (b, c, d). The four
// vertices are shared by both triangles and get the quad's mean normal.
func (m *Mesh) AddQuad(a, b, c, d vec3.T) {
	base := uint16(len(m.Positions))
	n := faceNormal(a, c, b).Plus(faceNormal(b, c, d)).Normalized().V()
	m.Positions = append(m.Positions, a, b, c, d)
	m.Normals = append(m.Normals, n, n, n, n)
	m.Indices = append(m.Indices, base, base+2, base+1, base+1, base+2, base+3)
}

// AddTriangleColor sets one colour for the last triangle's vertices.
func (m *Mesh) AddTriangleColor(c vec4.T) { m.Colors = append(m.Colors, c, c, c) }

// AddQuadColor sets one colour for the last quad's vertices.
func (m *Mesh) AddQuadColor(c vec4.T) { m.Colors = append(m.Colors, c, c, c, c) }

// AddTriangleUV sets the last triangle's UVs.
func (m *Mesh) AddTriangleUV(a, b, c vec2.T) { m.UV = append(m.UV, a, b, c) }

// AddTriangleUV2 sets the last triangle's second UVs.
func (m *Mesh) AddTriangleUV2(a, b, c vec2.T) { m.UV2 = append(m.UV2, a, b, c) }

// AddQuadUV sets the last quad's UVs vertex by vertex.
func (m *Mesh) AddQuadUV(a, b, c, d vec2.T) { m.UV = append(m.UV, a, b, c, d) }

// AddQuadUV2 sets the last quad's second UVs vertex by vertex.
func (m *Mesh) AddQuadUV2(a, b, c, d vec2.T) { m.UV2 = append(m.UV2, a, b, c, d) }

// AddQuadUVRect sets the last quad's UVs from a rectangle, as Catlike's
// AddQuadUV(uMin, uMax, vMin, vMax).
func (m *Mesh) AddQuadUVRect(uMin, uMax, vMin, vMax float32) {
	m.UV = append(m.UV, vec2.T{uMin, vMin}, vec2.T{uMax, vMin}, vec2.T{uMin, vMax}, vec2.T{uMax, vMax})
}

// AddTriangleTerrain sets the last triangle's terrain types and the splat
// weight of each vertex.
func (m *Mesh) AddTriangleTerrain(types, w1, w2, w3 vec3.T) {
	m.Terrain = append(m.Terrain, types, types, types)
	m.Weights = append(m.Weights, w1, w2, w3)
}

// AddQuadTerrain sets the last quad's terrain types and vertex weights.
func (m *Mesh) AddQuadTerrain(types, w1, w2, w3, w4 vec3.T) {
	m.Terrain = append(m.Terrain, types, types, types, types)
	m.Weights = append(m.Weights, w1, w2, w3, w4)
}

// Bounds returns the axis-aligned box around all vertices; ok is false
// for an empty mesh.
//
// It compares values kept in registers, coordinate by coordinate, which
// takes less than half the time of min and max on whole vec3.T values
// (the renderer finds every chunk's boxes with it); a zero bound keeps
// the sign of the first vertex that had it.
func (m *Mesh) Bounds() (lo, hi vec3.T, ok bool) {
	ps := m.Positions
	if len(ps) == 0 {
		return lo, hi, false
	}
	x0, y0, z0 := ps[0][0], ps[0][1], ps[0][2]
	x1, y1, z1 := x0, y0, z0
	for i := range ps {
		p := &ps[i]
		if p[0] < x0 {
			x0 = p[0]
		}
		if p[0] > x1 {
			x1 = p[0]
		}
		if p[1] < y0 {
			y0 = p[1]
		}
		if p[1] > y1 {
			y1 = p[1]
		}
		if p[2] < z0 {
			z0 = p[2]
		}
		if p[2] > z1 {
			z1 = p[2]
		}
	}
	return vec3.T{x0, y0, z0}, vec3.T{x1, y1, z1}, true
}

// faceNormal is the unit normal (b-a)×(c-a) of triangle abc.
func faceNormal(a, b, c vec3.T) vec.XYZ {
	pa := vec.Of(a)
	return vec.Of(b).Minus(pa).Cross(vec.Of(c).Minus(pa)).Normalized()
}
