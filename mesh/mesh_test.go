package mesh

import (
	"testing"

	"github.com/ungerik/go3d/vec3"
)

// A triangle wound clockwise seen from above (centre, north corner,
// north-east corner, as Catlike's hexagon fans) faces up.
func TestClockwiseFromAboveFacesUp(t *testing.T) {
	var m Mesh
	m.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 10}, vec3.T{8.66, 0, 5})
	for i, n := range m.Normals {
		if n[1] < 0.999 {
			t.Fatalf("normal %d = %v, want up", i, n)
		}
	}
	var r Mesh
	r.AddTriangle(vec3.T{0, 0, 0}, vec3.T{8.66, 0, 5}, vec3.T{0, 0, 10})
	if r.Normals[0][1] > -0.999 {
		t.Fatalf("counter-clockwise triangle normal %v, want down", r.Normals[0])
	}
}

// AddQuad follows Catlike: v1 v2 along one side, v3 v4 along the other,
// triangles (v1, v3, v2) and (v2, v3, v4) sharing two vertices.
func TestQuadSharesVerticesAndWinding(t *testing.T) {
	var m Mesh
	// An edge running south (a, b) and its bridge to the east (c, d).
	a, b := vec3.T{0, 0, 0}, vec3.T{0, 0, -10}
	c, d := vec3.T{10, 0, 0}, vec3.T{10, 0, -10}
	m.AddQuad(a, b, c, d)
	if m.VertexCount() != 4 || m.TriangleCount() != 2 {
		t.Fatalf("quad has %d vertices, %d triangles; want 4, 2", m.VertexCount(), m.TriangleCount())
	}
	want := []uint16{0, 2, 1, 1, 2, 3}
	for i, idx := range m.Indices {
		if idx != want[i] {
			t.Fatalf("indices %v, want %v", m.Indices, want)
		}
	}
	if m.Normals[0][1] < 0.999 {
		t.Fatalf("quad normal %v, want up", m.Normals[0])
	}
}

// A triangle and a quad in one mesh: the quad's indices follow the
// triangle's vertices, the bounds hold both, Clear empties everything.
func TestBoundsAndClear(t *testing.T) {
	var a Mesh
	a.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	a.AddTriangleUV([2]float32{0, 0}, [2]float32{0, 1}, [2]float32{1, 0})
	a.AddQuad(vec3.T{0, 1, 0}, vec3.T{1, 1, 0}, vec3.T{0, 1, -1}, vec3.T{1, 1, -1})
	a.AddQuadUVRect(0, 1, 0, 1)
	if a.VertexCount() != 7 || len(a.UV) != 7 {
		t.Fatalf("%d vertices, %d UVs; want 7, 7", a.VertexCount(), len(a.UV))
	}
	for _, i := range a.Indices[3:] {
		if i < 3 {
			t.Fatalf("quad index %d points into the triangle", i)
		}
	}
	lo, hi, ok := a.Bounds()
	if !ok || lo != (vec3.T{0, 0, -1}) || hi != (vec3.T{1, 1, 1}) {
		t.Fatalf("bounds %v..%v ok=%v", lo, hi, ok)
	}
	a.Clear()
	if _, _, ok := a.Bounds(); ok || a.VertexCount() != 0 || len(a.UV) != 0 {
		t.Fatal("Clear left data behind")
	}
}

func TestOverflowIsReported(t *testing.T) {
	var m Mesh
	for range MaxVertices / 3 {
		m.AddTriangle(vec3.T{}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	}
	if m.Overflowed() {
		t.Fatalf("%d vertices reported as overflow", m.VertexCount())
	}
	m.AddTriangle(vec3.T{}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	if !m.Overflowed() {
		t.Fatalf("%d vertices not reported as overflow", m.VertexCount())
	}
}

func TestLayers(t *testing.T) {
	seen := map[string]bool{}
	for l := Terrain; l < LayerCount; l++ {
		if seen[l.Name()] {
			t.Fatalf("layer name %q used twice", l.Name())
		}
		seen[l.Name()] = true
		opaque := l == Terrain || l == Walls || l == Features || l == Bridges || l == Farms || l == Buildings || l == BuildingDetails
		if l.Opaque() != opaque {
			t.Errorf("%s: Opaque() = %v", l.Name(), l.Opaque())
		}
		if casts := opaque && l != Farms && l != BuildingDetails; l.CastsShadows() != casts {
			t.Errorf("%s: CastsShadows() = %v", l.Name(), l.CastsShadows())
		}
	}
}
