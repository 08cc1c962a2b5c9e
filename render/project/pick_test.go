package project

import (
	"testing"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// A ray through the pixel where a point of a raised block is drawn hits
// the block's top, not the ground plane behind it.
func TestPickHitsNearestTriangle(t *testing.T) {
	var layers [mesh.LayerCount]mesh.Mesh
	ground, top := &layers[mesh.Terrain], float32(12)
	ground.AddTriangle(vec3.T{0, 0, 0}, vec3.T{0, 0, 100}, vec3.T{100, 0, 0})
	ground.AddTriangle(vec3.T{40, top, 40}, vec3.T{40, top, 60}, vec3.T{60, top, 40})
	chunks := chunksOf(&layers)
	c := Camera{X: 50, Z: 50, Zoom: 0.8, Rotation: 40, MaxX: 100, MaxZ: 100}
	v := c.View(640, 480)
	want := vec3.T{45, top, 45}
	sx, sy := v.Screen(v.Clip(want))
	o, d := v.Ray(float64(sx), float64(sy))
	hit, ok := PickLayer(chunks, mesh.Terrain, o, d, nil)
	if !ok {
		t.Fatal("no hit")
	}
	if s := vec3.Sub(&hit, &want); s.Length() > 0.05 {
		t.Fatalf("hit %v, want %v", hit, want)
	}
	// Off the block, the same view hits the ground.
	sx, sy = v.Screen(v.Clip(vec3.T{20, 0, 20}))
	o, d = v.Ray(float64(sx), float64(sy))
	if hit, ok = PickLayer(chunks, mesh.Terrain, o, d, nil); !ok || hit[1] > 0.01 {
		t.Fatalf("ground pick: %v %v", hit, ok)
	}
	// Beyond the map, nothing.
	if _, ok = PickLayer(chunks, mesh.Terrain, vec3.T{500, 50, 500}, vec3.T{0, -1, 0}, nil); ok {
		t.Fatal("hit outside the map")
	}
}

func TestRayBox(t *testing.T) {
	b := Box{Lo: vec3.T{0, 0, 0}, Hi: vec3.T{1, 1, 1}, Valid: true}
	if !RayBox(vec3.T{0.5, 5, 0.5}, vec3.T{0, -1, 0}, b, 100) {
		t.Fatal("vertical ray misses the box under it")
	}
	if RayBox(vec3.T{0.5, 5, 0.5}, vec3.T{0, -1, 0}, b, 3) {
		t.Fatal("ray hits a box beyond tMax")
	}
	if RayBox(vec3.T{2, 5, 0.5}, vec3.T{0, -1, 0}, b, 100) {
		t.Fatal("ray beside the box hits it")
	}
}
