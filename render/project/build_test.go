package project

import (
	"math"
	"testing"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec2"
	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

func chunksOf(layers *[mesh.LayerCount]mesh.Mesh) []ChunkMeshes {
	c := make([]ChunkMeshes, 1)
	c[0].Set(layers)
	return c
}

func testView(zoom, rot float64) View {
	c := Camera{X: 50, Z: 50, Zoom: zoom, Rotation: rot, MaxX: 100, MaxZ: 100}
	return c.View(320, 240)
}

// A triangle facing up, wound as Catlike winds fronts (clockwise from
// above), must survive back-face culling seen from above; reversed, not.
func TestBackFaceCulling(t *testing.T) {
	var layers [mesh.LayerCount]mesh.Mesh
	layers[mesh.Features].AddTriangle(vec3.T{45, 0, 45}, vec3.T{50, 0, 55}, vec3.T{55, 0, 45})
	if n := layers[mesh.Features].Normals[0]; n[1] <= 0 {
		t.Fatalf("front triangle's normal %v does not point up", n)
	}
	layers[mesh.Walls].AddTriangle(vec3.T{45, 0, 45}, vec3.T{55, 0, 45}, vec3.T{50, 0, 55})
	for _, zoom := range []float64{0, 1} {
		b := build(Options{View: testView(zoom, 30), Light: DefaultLighting()}, chunksOf(&layers))
		if got := b.Lit.Triangles(); got != 1 {
			t.Fatalf("zoom %v: %d triangles kept, want the front one only", zoom, got)
		}
		if v := b.Lit.List()[0].Vertices[0]; v.ColorR != defaultColor(mesh.Features)[0] {
			t.Fatalf("kept the wrong triangle: colour %v", v.ColorR)
		}
	}
}

// Terrain is not closed: both windings are kept.
func TestTerrainNotCulled(t *testing.T) {
	var layers [mesh.LayerCount]mesh.Mesh
	layers[mesh.Terrain].AddTriangle(vec3.T{45, 0, 45}, vec3.T{50, 0, 55}, vec3.T{55, 0, 45})
	layers[mesh.Terrain].AddTriangle(vec3.T{45, 1, 45}, vec3.T{55, 1, 45}, vec3.T{50, 1, 55})
	b := build(Options{View: testView(0.5, 0), Light: DefaultLighting()}, chunksOf(&layers))
	if got := b.Terrain.Triangles(); got != 2 {
		t.Fatalf("%d terrain triangles, want 2", got)
	}
}

func TestFrustumCulling(t *testing.T) {
	v := testView(0.5, 0)
	in := Box{Lo: vec3.T{45, 0, 45}, Hi: vec3.T{55, 5, 55}, Valid: true}
	if ok, lo, hi := v.Visible(in); !ok || lo <= 0 || hi <= lo {
		t.Fatalf("box at the centre: visible %v, w %v..%v", ok, lo, hi)
	}
	for _, b := range []Box{
		{Lo: vec3.T{5000, 0, 45}, Hi: vec3.T{5010, 5, 55}, Valid: true},   // far right
		{Lo: vec3.T{45, 0, -4000}, Hi: vec3.T{55, 5, -3990}, Valid: true}, // far behind/below
		{Lo: vec3.T{45, 900, 45}, Hi: vec3.T{55, 905, 55}, Valid: true},   // above the eye
		{},
	} {
		if ok, _, _ := v.Visible(b); ok {
			t.Fatalf("box %+v reported visible", b)
		}
	}
}

// A triangle reaching behind the eye is clipped at the near plane: every
// emitted vertex has w ≥ NearClip and finite screen coordinates.
func TestNearPlaneClipping(t *testing.T) {
	c := Camera{X: 50, Z: 50, Zoom: 1, MaxX: 100, MaxZ: 100}
	v := c.View(320, 240)
	eye, _, _, fwd := c.Basis()
	ahead := vec3.T{eye[0] + fwd[0]*20, eye[1] + fwd[1]*20, eye[2] + fwd[2]*20}
	behind := vec3.T{eye[0] - fwd[0]*20, eye[1] - fwd[1]*20, eye[2] - fwd[2]*20}
	var layers [mesh.LayerCount]mesh.Mesh
	layers[mesh.Terrain].AddTriangle(vec3.T{ahead[0] - 5, ahead[1], ahead[2]}, behind, vec3.T{ahead[0] + 5, ahead[1], ahead[2]})
	b := build(Options{View: v, Light: DefaultLighting()}, chunksOf(&layers))
	if got := b.Terrain.Triangles(); got != 2 {
		t.Fatalf("clipping one vertex behind the eye gave %d triangles, want 2", got)
	}
	for _, x := range b.Terrain.List()[0].Vertices {
		if w := 1 / x.Custom0; w < NearClip*0.999 || w > 30 {
			t.Fatalf("vertex w %v outside [near, 30]", w)
		}
	}
	if b.Near < NearClip {
		t.Fatalf("depth range starts at %v, before the near plane", b.Near)
	}
}

// Translucent triangles come out sorted from far to near.
func TestTranslucentSorted(t *testing.T) {
	var layers [mesh.LayerCount]mesh.Mesh
	for i, y := range []float32{0, 8, 3, 12, 1} {
		l := []mesh.Layer{mesh.Water, mesh.Roads, mesh.Rivers, mesh.WaterShore, mesh.Estuaries}[i]
		layers[l].AddTriangle(vec3.T{45, y, 45}, vec3.T{50, y, 55}, vec3.T{55, y, 45})
	}
	b := build(Options{View: testView(0.3, 0), Light: DefaultLighting()}, chunksOf(&layers))
	list := b.Translucent.List()
	if len(list) != 1 || len(list[0].Vertices) != 15 {
		t.Fatalf("translucent batches %d", len(list))
	}
	prev := float32(1e9)
	for k := 0; k < 15; k += 3 {
		w := 1 / list[0].Vertices[k].Custom0
		if w > prev {
			t.Fatalf("triangle %d at w %v after one at %v: not back to front", k/3, w, prev)
		}
		prev = w
	}
}

// The hot-path packers (static vertices, packStatic, packTranslucent)
// agree with the general one (gather + vertex) that clipping uses, for
// every pack.
func TestFastPackersMatchGeneral(t *testing.T) {
	var m mesh.Mesh
	m.AddTriangle(vec3.T{45, 2, 45}, vec3.T{50, 3, 55}, vec3.T{55, 1, 45})
	m.Colors = append(m.Colors, vec4.T{0.1, 0.2, 0.3, 1}, vec4.T{0.4, 0.5, 0.6, 1}, vec4.T{0.7, 0.8, 0.9, 1})
	m.AddTriangleUV(vec2.T{0, 0.5}, vec2.T{1, 0.25}, vec2.T{0.5, 1})
	m.AddTriangleUV2(vec2.T{0.3, 0.1}, vec2.T{0.2, 0.9}, vec2.T{1.5, 0.4})
	m.AddTriangleTerrain(vec3.T{1, 3, 4}, vec3.T{1, 0, 0}, vec3.T{0, 1, 0}, vec3.T{0.2, 0.3, 0.5})
	plain, partial := m, m
	plain.Colors = nil
	partial.Colors, partial.Weights = m.Colors[:1], m.Weights[:2] // the general path
	var b Builder
	b.Build(&Options{View: testView(0.6, 15), Light: DefaultLighting()}, nil) // allocates the scratch arrays
	def := [4]float32{0.9, 0.8, 0.7, 1}
	for _, mm := range []*mesh.Mesh{&m, &plain, &partial} {
		b.numbering(mm, &welded{})
		b.project(mm)
		for _, p := range []pack{packTerrain, packLit} {
			b.remap[0], b.remap[1], b.remap[2] = 1, 1, 1
			fast := b.packStatic(mm.Positions, b.fillStatic(nil, mm, p, def), nil, b.remap[:3], make([]Vertex, 0, 3))
			for i := range 3 {
				q, a := &b.proj[i], gather(mm, i, def)
				if slow := b.vertex(&a, q.sx, q.sy, q.w, p, 0); fast[i] != slow || b.remap[i] != uint16(i) {
					t.Fatalf("pack %d vertex %d: fast %+v, general %+v", p, i, fast[i], slow)
				}
			}
		}
	}
	for i := range 3 {
		q, a := &b.proj[i], gather(&m, i, def)
		var fast Vertex
		b.packTranslucent(&fast, &m, i, KindEstuary)
		if slow := b.vertex(&a, q.sx, q.sy, q.w, packTranslucent, KindEstuary); fast != slow {
			t.Fatalf("translucent vertex %d: fast %+v, general %+v", i, fast, slow)
		}
	}
}

// TestBuildingDetailsNearOnly: a building mass is drawn near and far;
// its details only while the camera is within DetailDistance. Both go
// to the facade batches with their facade coordinates (divided by w)
// and code.
func TestBuildingDetailsNearOnly(t *testing.T) {
	var layers [mesh.LayerCount]mesh.Mesh
	for _, l := range []mesh.Layer{mesh.Buildings, mesh.BuildingDetails} {
		m := &layers[l]
		m.AddTriangle(vec3.T{45, 0, 45}, vec3.T{50, 0, 55}, vec3.T{55, 0, 45})
		m.AddTriangleColor(vec4.T{0.5, 0.5, 0.5, 0.25})
		m.AddTriangleUV(vec2.T{0, 0}, vec2.T{3, 0}, vec2.T{0, 2})
		m.AddTriangleUV2(vec2.T{2, 9}, vec2.T{2, 9}, vec2.T{2, 9})
	}
	near := build(Options{View: testView(1, 0), Light: DefaultLighting()}, chunksOf(&layers))
	far := build(Options{View: testView(0, 0), Light: DefaultLighting()}, chunksOf(&layers))
	nearView, farView := testView(1, 0), testView(0, 0)
	if ok, d, _ := nearView.Visible(Box{Lo: vec3.T{45, 0, 45}, Hi: vec3.T{55, 0, 55}, Valid: true}); !ok || d > DetailDistance {
		t.Fatalf("the near view is %v away", d)
	}
	if ok, d, _ := farView.Visible(Box{Lo: vec3.T{45, 0, 45}, Hi: vec3.T{55, 0, 55}, Valid: true}); !ok || d <= DetailDistance {
		t.Fatalf("the far view is only %v away", d)
	}
	if got := near.Facade.Triangles(); got != 2 {
		t.Fatalf("near: %d facade triangles, want mass and detail", got)
	}
	if got := far.Facade.Triangles(); got != 1 {
		t.Fatalf("far: %d facade triangles, want the mass only", got)
	}
	if near.Lit.Triangles() != 0 {
		t.Fatal("buildings went to the lit batches")
	}
	for _, v := range near.Facade.List()[0].Vertices {
		w := 1 / v.Custom0
		if v.Custom1 != 2 || v.Custom2 != 9 || v.ColorA != 0.25 {
			t.Fatalf("vertex %+v: want top 2, code 9, alpha 0.25", v)
		}
		if u := v.SrcX * w; math.Abs(float64(u)) > 1e-3 && math.Abs(float64(u-3)) > 1e-3 {
			t.Fatalf("facade u %v (SrcX %v times w %v) is none of the mesh's (0 and 3)", u, v.SrcX, w)
		}
	}
}

// build is one Build with options o by a fresh Builder.
func build(o Options, chunks []ChunkMeshes) *Frame {
	var b Builder
	return b.Build(&o, chunks)
}
