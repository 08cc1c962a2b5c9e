package project

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/mesh"
)

// Drawing through View.Moved(dx) puts a point where the plain view puts
// the point moved dx east.
func TestMovedViewIsMovedGeometry(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		c := Camera{X: rng.Float64() * 500, Z: rng.Float64() * 300, Zoom: rng.Float64(), Rotation: rng.Float64() * 360, MaxX: 500, MaxZ: 300}
		v := c.View(640, 400)
		dx := float32(rng.IntN(5)-2) * 346.41016
		p := vec3.T{rng.Float32()*600 - 50, rng.Float32() * 20, rng.Float32() * 300}
		m := v.Moved(dx)
		x1, y1, w1 := m.Clip(p)
		x2, y2, w2 := v.Clip(vec3.T{p[0] + dx, p[1], p[2]})
		tol := 1e-4 * (1 + abs32(w2) + abs32(x2) + abs32(y2))
		if abs32(x1-x2) > tol || abs32(y1-y2) > tol || abs32(w1-w2) > tol {
			t.Fatalf("moved view clips %v+%v to (%v %v %v), plain view (%v %v %v)", p, dx, x1, y1, w1, x2, y2, w2)
		}
		if eye := m.Eye; eye[0] != v.Eye[0]-dx {
			t.Fatalf("moved view's eye %v, want %v", eye, v.Eye[0]-dx)
		}
	}
}

// Copies lists every shift at which Visible sees the box, found here by
// trying each copy in turn, and few more; a flat map has the one copy.
func TestCopiesMatchVisible(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		wrap := float32(5*17.32050808) * float32(1+rng.IntN(16))
		c := Camera{X: rng.Float64() * float64(wrap), Z: rng.Float64() * 300, Zoom: rng.Float64(), Rotation: rng.Float64() * 360, MaxZ: 300, Wrap: float64(wrap)}
		v := c.View(320+rng.IntN(2000), 200+rng.IntN(800))
		box := Box{Lo: vec3.T{-10, -5 + rng.Float32()*10, -10}, Hi: vec3.T{wrap + 10, 10 + rng.Float32()*20, 310}, Valid: true}
		if rng.IntN(3) == 0 { // one chunk column
			x := rng.Float32() * wrap
			box.Lo[0], box.Hi[0] = x, x+90
		}
		got := v.Copies(box, wrap, nil)
		seen := 0
		for k := -40; k <= 40; k++ {
			shift := float32(k) * wrap
			moved := Box{Lo: vec3.T{box.Lo[0] + shift, box.Lo[1], box.Lo[2]}, Hi: vec3.T{box.Hi[0] + shift, box.Hi[1], box.Hi[2]}, Valid: true}
			if ok, _, _ := v.Visible(moved); ok {
				seen++
				if !slices.Contains(got, shift) {
					t.Fatalf("camera %+v: copy %d is visible but Copies gave %v", c, k, got)
				}
			}
		}
		if len(got) > seen+2 {
			t.Fatalf("camera %+v: Copies gave %v for %d visible copies", c, got, seen)
		}
	}
	v := testView(0.5, 0)
	if got := v.Copies(Box{Valid: true}, 0, nil); !slices.Equal(got, []float32{0}) {
		t.Fatalf("flat map: copies %v", got)
	}
}

// strip is a terrain strip 0..wrap wide in four chunks, each of rows of
// triangles at heights that vary along X.
func strip(wrap float32, shift float32) [][mesh.LayerCount]mesh.Mesh {
	out := make([][mesh.LayerCount]mesh.Mesh, 4)
	const n = 40
	for i := range n {
		x0, x1 := wrap*float32(i)/n, wrap*float32(i+1)/n
		y0, y1 := 3*float32(math.Sin(float64(x0)*0.05)), 3*float32(math.Sin(float64(x1)*0.05))
		m := &out[i*4/n][mesh.Terrain]
		for z := float32(0); z < 200; z += 20 {
			a, b := vec3.T{x0 + shift, y0, z}, vec3.T{x0 + shift, y0, z + 20}
			c, d := vec3.T{x1 + shift, y1, z}, vec3.T{x1 + shift, y1, z + 20}
			m.AddTriangle(a, b, c)
			m.AddTriangle(c, b, d)
		}
	}
	return out
}

// A wrapping map's builder draws each chunk at the copies in view: the
// depth it leaves is that of the map laid out three times, its chunks
// moved a map width east and west, drawn flat; and it fills much of the
// picture that the map drawn once leaves empty.
func TestWrapBuildDrawsCopies(t *testing.T) {
	const wrap = 200
	meshes := strip(wrap, 0)
	var wrapped, tripled []ChunkMeshes
	for k := range meshes {
		var c ChunkMeshes
		c.Set(&meshes[k])
		wrapped = append(wrapped, c)
	}
	var copies [][mesh.LayerCount]mesh.Mesh
	for _, shift := range []float32{-wrap, 0, wrap} {
		copies = append(copies, strip(wrap, shift)...)
	}
	for k := range copies {
		var c ChunkMeshes
		c.Set(&copies[k])
		tripled = append(tripled, c)
	}
	for _, cam := range []Camera{
		{X: 5, Z: 100, Zoom: 0.3, Rotation: 0},
		{X: 195, Z: 100, Zoom: 1, Rotation: 90},
		{X: 100, Z: 50, Zoom: 0, Rotation: 30},
	} {
		cam.Wrap, cam.MaxZ = wrap, 200
		v := cam.View(320, 200)
		a := build(Options{View: v, Light: DefaultLighting(), WrapX: wrap}, wrapped)
		b := build(Options{View: v, Light: DefaultLighting()}, tripled)
		ra, rb := NewRaster(320, 200, a.Near, a.Far), NewRaster(320, 200, b.Near, b.Far)
		ra.DrawOpaque(a.Terrain.List())
		rb.DrawOpaque(b.Terrain.List())
		flat := build(Options{View: v, Light: DefaultLighting()}, wrapped)
		rf := NewRaster(320, 200, flat.Near, flat.Far)
		rf.DrawOpaque(flat.Terrain.List())
		covered, flatCovered := 0, 0
		for i := range ra.Depth {
			if !math.IsInf(rf.Depth[i], 1) {
				flatCovered++
			}
			da, db := ra.Depth[i], rb.Depth[i]
			if math.IsInf(da, 1) != math.IsInf(db, 1) || (!math.IsInf(da, 1) && math.Abs(da-db) > 1e-3*db) {
				t.Fatalf("camera %+v: pixel %d depth %v with copies, %v laid out", cam, i, da, db)
			}
			if !math.IsInf(da, 1) {
				covered++
			}
		}
		if covered < flatCovered+len(ra.Depth)/10 {
			t.Fatalf("camera %+v: %d of %d pixels drawn with copies, %d without", cam, covered, len(ra.Depth), flatCovered)
		}
	}
}

// Picking sees the copies too: a ray west of the map's first column hits
// the copy of its last, at the ray's own place.
func TestPickCopies(t *testing.T) {
	const wrap = 200
	meshes := strip(wrap, 0)
	chunks := make([]ChunkMeshes, len(meshes))
	for k := range meshes {
		chunks[k].Set(&meshes[k])
	}
	o, d := vec3.T{-50, 100, 70}, vec3.T{0, -1, 0}
	if _, ok := PickLayer(chunks, mesh.Terrain, o, d, nil); ok {
		t.Fatal("a ray west of a flat map hit it")
	}
	hit, ok := PickLayer(chunks, mesh.Terrain, o, d, []float32{-wrap, 0, wrap})
	want := 3 * float32(math.Sin(float64(wrap-50)*0.05))
	if !ok || abs32(hit[0]+50) > 1e-3 || abs32(hit[2]-70) > 1e-3 || abs32(hit[1]-want) > 0.5 {
		t.Fatalf("ray at x -50 hit %v, %v; want the copy of x %d at height ~%v", hit, ok, wrap-50, want)
	}
}
