package project

import (
	"testing"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// flatGrid fills layers with a grid of separate triangles, as Catlike
// builds them: neighbours repeat each other's vertices. Terrain gets splat
// data that differs between columns, features colours that differ between
// rows, so only some repeated vertices are the same in every attribute.
func flatGrid() *[mesh.LayerCount]mesh.Mesh {
	var layers [mesh.LayerCount]mesh.Mesh
	t, f := &layers[mesh.Terrain], &layers[mesh.Features]
	for i := range 12 {
		for j := range 12 {
			x, z := float32(20+5*i), float32(20+5*j)
			a, b, c, d := vec3.T{x, 0, z}, vec3.T{x, 0, z + 5}, vec3.T{x + 5, 0, z}, vec3.T{x + 5, 0, z + 5}
			types := vec3.T{float32(i % 3), 1, 2}
			t.AddTriangle(a, b, c)
			t.AddTriangleTerrain(types, vec3.T{1, 0, 0}, vec3.T{0, 1, 0}, vec3.T{0, 0, 1})
			t.AddTriangle(c, b, d)
			t.AddTriangleTerrain(types, vec3.T{0, 0, 1}, vec3.T{0, 1, 0}, vec3.T{1, 0, 0})
			up := vec3.T{0, 2, 0}
			f.AddTriangle(vec3.Add(&a, &up), vec3.Add(&b, &up), vec3.Add(&c, &up))
			f.AddTriangleColor(vec4.T{float32(j%2) * 0.5, 0.3, 0.2, 1})
		}
	}
	return &layers
}

// Drawing the welded triangles gives exactly the triangles and vertex
// values of drawing the meshes as they are, with fewer vertices.
func TestWeldedBuildIsTheSame(t *testing.T) {
	layers := flatGrid()
	shared := chunksOf(layers)
	plain := []ChunkMeshes{shared[0]}
	plain[0].welded = [mesh.LayerCount]*welded{}
	for _, zoom := range []float64{0, 0.5, 1} {
		v := testView(zoom, 25)
		var bw, bp Builder
		bw.View, bw.Light, bp.View, bp.Light = v, DefaultLighting(), v, DefaultLighting()
		bw.Build(shared)
		bp.Build(plain)
		for _, pair := range [][2]*Batches{{&bw.Terrain, &bp.Terrain}, {&bw.Lit, &bp.Lit}} {
			w, p := expand(pair[0]), expand(pair[1])
			if len(w) == 0 || len(w) != len(p) {
				t.Fatalf("zoom %v: %d welded triangle vertices, %d plain", zoom, len(w), len(p))
			}
			for i := range w {
				if w[i] != p[i] {
					t.Fatalf("zoom %v: triangle vertex %d welded %+v, plain %+v", zoom, i, w[i], p[i])
				}
			}
		}
		if bw.Terrain.Vertices() >= bp.Terrain.Vertices() {
			t.Fatalf("zoom %v: welding kept %d of %d terrain vertices", zoom, bw.Terrain.Vertices(), bp.Terrain.Vertices())
		}
	}
}

// expand lists each triangle's three vertices in drawing order.
func expand(b *Batches) []Vertex {
	var out []Vertex
	for _, bt := range b.List() {
		for _, i := range bt.Indices {
			out = append(out, bt.Vertices[i])
		}
	}
	return out
}

// Vertices that differ in any attribute, even by the sign of a zero, or
// in whether they have it at all, stay apart.
func TestWeldKeepsDifferentVertices(t *testing.T) {
	var m mesh.Mesh
	m.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	m.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	m.AddTriangle(vec3.T{float32(negZero()), 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	m.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 1}, vec3.T{1, 0, 0})
	m.Colors = make([]vec4.T, 12)
	m.Colors[9] = vec4.T{0, 0, 0.5, 1} // the fourth triangle's first vertex
	var w welded
	w.weld(&m)
	want := []uint16{0, 1, 2, 0, 1, 2, 3, 1, 2, 4, 1, 2}
	if len(w.indices) != len(want) || len(w.source) != 5 {
		t.Fatalf("indices %v, source %v", w.indices, w.source)
	}
	for k := range want {
		if w.indices[k] != want[k] {
			t.Fatalf("indices %v, want %v", w.indices, want)
		}
	}
	m.Colors = m.Colors[:10] // vertices 10 and 11 have no colour now
	w.weld(&m)
	if len(w.source) != 7 {
		t.Fatalf("%d distinct vertices with partial colours, want 7", len(w.source))
	}
}

func negZero() float64 {
	z := 0.0
	return -z
}
