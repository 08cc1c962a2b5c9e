package project

import (
	"testing"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// A mesh wholly inside the view is drawn without classifying its
// triangles: it keeps every triangle classify keeps, in order, and the
// ones classify drops (no pixel centre, no area) cover no pixel.
func TestInsideAddsOnlyEmptyTriangles(t *testing.T) {
	layers := flatGrid()
	ter := &layers[mesh.Terrain]
	rng := uint32(7)
	next := func() float32 { rng = rng*1664525 + 1013904223; return float32(rng>>8) / (1 << 24) }
	for range 300 {
		// Specks far below a pixel, triangles about a pixel big, and
		// slivers with no area.
		x, z := 25+next()*50, 25+next()*50
		for _, d := range []float32{next() * 0.05, 0.5 + next()*2} {
			ter.AddTriangle(vec3.T{x, 1, z}, vec3.T{x, 1, z + d}, vec3.T{x + d, 1, z})
			ter.AddTriangleTerrain(vec3.T{0, 1, 2}, vec3.T{1, 0, 0}, vec3.T{0, 1, 0}, vec3.T{0, 0, 1})
		}
		ter.AddTriangle(vec3.T{x, 1, z}, vec3.T{x + 2, 1, z + 2}, vec3.T{x + 4, 1, z + 4})
		ter.AddTriangleTerrain(vec3.T{0, 1, 2}, vec3.T{1, 0, 0}, vec3.T{0, 1, 0}, vec3.T{0, 0, 1})
	}
	chunks := chunksOf(layers)
	var b Builder
	b.Build(&Options{View: testView(0, 25), Light: DefaultLighting()}, nil) // allocates the scratch arrays, sets the view size
	if !b.opt.View.Inside(chunks[0].Bounds[mesh.Terrain]) {
		t.Fatal("the test mesh is not inside the view")
	}
	build := func(inside bool) []Vertex {
		idx := b.numbering(ter, chunks[0].welded[mesh.Terrain])
		o := opaqueMesh{m: ter, idx: idx, p: packTerrain, inside: inside}
		o.st = b.statics(ter, chunks[0].welded[mesh.Terrain], o.p, o.def)
		b.out.Terrain.Reset()
		b.addOpaque(&o, &b.out.Terrain)
		return expand(&b.out.Terrain)
	}
	all, kept := build(true), build(false)
	r := NewRaster(int(b.opt.View.Width), int(b.opt.View.Height), 1, 1000)
	j, extra := 0, 0
	for k := 0; k+2 < len(all); k += 3 {
		if j+2 < len(kept) && all[k] == kept[j] && all[k+1] == kept[j+1] && all[k+2] == kept[j+2] {
			j += 3
			continue
		}
		extra++
		r.triangle([3]*Vertex{&all[k], &all[k+1], &all[k+2]}, func(i int, _ float64) {
			t.Fatalf("triangle %v, dropped by classify, covers pixel %d", all[k:k+3], i)
		})
	}
	if j != len(kept) {
		t.Fatalf("the inside build lacks classified triangles from vertex %d on", j)
	}
	if extra < 300 {
		t.Fatalf("only %d triangles beyond the classified ones: the test tests little", extra)
	}
}

func TestInside(t *testing.T) {
	v := testView(0.5, 0)
	if in := (Box{Lo: vec3.T{45, 0, 45}, Hi: vec3.T{55, 5, 55}, Valid: true}); !v.Inside(in) {
		t.Fatal("a box at the centre is not inside")
	}
	edge := Box{Lo: vec3.T{45, 0, 45}, Hi: vec3.T{500, 5, 55}, Valid: true}
	if ok, _, _ := v.Visible(edge); !ok || v.Inside(edge) {
		t.Fatal("a box across the view's edge is not visible and outside")
	}
	if v.Inside(Box{}) {
		t.Fatal("an empty box is inside")
	}
}

// The world-space facing test agrees with the sign of the projected area
// that classify culls by, wherever that area is clearly not zero.
func TestFacingMatchesScreenArea(t *testing.T) {
	rng := uint32(3)
	next := func() float32 { rng = rng*1664525 + 1013904223; return float32(rng>>8) / (1 << 24) }
	front, back := 0, 0
	for _, zoom := range []float64{0, 0.5, 1} {
		v := testView(zoom, 140*zoom)
		for range 3000 {
			var p [3]vec3.T
			var s [3][2]float32
			for k := range p {
				p[k] = vec3.T{40 + next()*20, next() * 10, 40 + next()*20}
				s[k][0], s[k][1] = v.Screen(v.Clip(p[k]))
			}
			area := (s[1][0]-s[0][0])*(s[2][1]-s[0][1]) - (s[2][0]-s[0][0])*(s[1][1]-s[0][1])
			if area > -0.01 && area < 0.01 {
				continue
			}
			if facing(&v.Eye, &p[0], &p[1], &p[2]) != (area > 0) {
				t.Fatalf("zoom %v triangle %v: facing %v, projected area %v", zoom, p, !(area > 0), area)
			}
			if area > 0 {
				front++
			} else {
				back++
			}
		}
	}
	if front < 1000 || back < 1000 {
		t.Fatalf("%d front and %d back faces: the test tests little", front, back)
	}
}
