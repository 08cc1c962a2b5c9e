package project

import (
	"testing"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// holdScene is a 16×16 field of 100-unit chunks, each a floor with a box
// standing in its middle.
func holdScene() []ChunkMeshes {
	var out []ChunkMeshes
	for cz := range 16 {
		for cx := range 16 {
			var layers [mesh.LayerCount]mesh.Mesh
			x0, z0 := float32(100*cx), float32(100*cz)
			layers[mesh.Terrain].AddQuad(vec3.T{x0, 0, z0}, vec3.T{x0 + 100, 0, z0}, vec3.T{x0, 0, z0 + 100}, vec3.T{x0 + 100, 0, z0 + 100})
			box(&layers[mesh.Features], vec3.T{x0 + 45, 0, z0 + 45}, vec3.T{x0 + 55, 10, z0 + 55})
			out = append(out, chunksOf(&layers)...)
		}
	}
	return out
}

// inMap reports whether every point of the floor (y = 0) that view v sees
// within ShadowDistance, sampled on a grid of its pixels, maps into the
// light view l: the shadow map drawn for l covers the view.
func inMap(v *View, l *LightView) bool {
	for sy := float32(-1); sy <= 1; sy += 0.125 {
		for sx := float32(-1); sx <= 1; sx += 0.125 {
			var d vec3.T // the ray through the pixel, 1 along the view
			for k := range 3 {
				d[k] = v.Forward[k] + sx*v.Right[k]*v.TanHalfFov*v.Aspect + sy*v.Up[k]*v.TanHalfFov
			}
			if d[1] >= 0 {
				continue
			}
			t := -v.Eye[1] / d[1]
			if t > ShadowDistance {
				continue
			}
			p := vec3.T{v.Eye[0] + t*d[0], 0, v.Eye[2] + t*d[2]}
			u, w, _ := l.Map(p)
			if u < 0 || w < 0 || u > float32(l.Size) || w > float32(l.Size) {
				return false
			}
		}
	}
	return true
}

// While the camera turns in 1° steps (a third of a turn) with HoldShadows, the light view is
// kept for some steps and fitted anew for others; each kept one still
// covers what the turned view sees and was fitted to a sun at most
// ShadowHoldAngle away. Without HoldShadows every step fits it anew.
func TestShadowHold(t *testing.T) {
	chunks := holdScene()
	for _, hold := range []bool{true, false} {
		var b Builder
		o := Options{Shadows: true, ShadowSize: 512, HoldShadows: hold}
		var f *Frame
		const steps = 120
		held, fitted := 0, 0
		fittedAt := 0.0
		for rot := 0.0; rot <= steps; rot++ {
			cam := Camera{X: 800, Z: 800, Zoom: 1, Rotation: rot, MaxX: 1600, MaxZ: 1600}
			var before LightView
			if f != nil {
				before = f.LightView
			}
			o.View, o.Light = cam.View(320, 240), Sun(rot)
			f = b.Build(&o, chunks)
			if !f.LightView.Valid {
				t.Fatalf("hold %v, rotation %v: no light view", hold, rot)
			}
			if !f.ShadowHeld {
				fitted++
				fittedAt = rot
				continue
			}
			held++
			if !hold {
				t.Fatalf("rotation %v: the light view was kept without HoldShadows", rot)
			}
			if f.LightView != before {
				t.Errorf("rotation %v: a kept light view changed", rot)
			}
			if rot-fittedAt > ShadowHoldAngle {
				t.Errorf("rotation %v: the light view fitted at %v° is kept, more than %v° away", rot, fittedAt, ShadowHoldAngle)
			}
			if !inMap(&o.View, &f.LightView) {
				t.Errorf("rotation %v: the kept light view (fitted at %v°) does not cover the view", rot, fittedAt)
			}
		}
		switch {
		case hold && (held == 0 || fitted < steps/int(ShadowHoldAngle+1)):
			t.Errorf("with HoldShadows over %d 1° steps: %d kept, %d fitted", steps, held, fitted)
		case !hold && fitted != steps+1:
			t.Errorf("without HoldShadows: %d of %d steps fitted the light view", fitted, steps+1)
		}
	}
}

// A build with HoldShadows that keeps the light view keeps its casters;
// clearing HoldShadows (the casters changed) fits it anew.
func TestShadowHoldCleared(t *testing.T) {
	chunks := holdScene()
	cam := Camera{X: 800, Z: 800, Zoom: 0.5, MaxX: 1600, MaxZ: 1600}
	var b Builder
	o := Options{View: cam.View(320, 240), Light: Sun(0), Shadows: true, ShadowSize: 512, HoldShadows: true}
	tris := len(b.Build(&o, chunks).Shadow.List())
	cam.Rotation = 1
	o.View, o.Light = cam.View(320, 240), Sun(1)
	f := b.Build(&o, chunks)
	if !f.ShadowHeld || len(f.Shadow.List()) != tris {
		t.Fatalf("a 1° turn: held %v, %d shadow batches (had %d)", f.ShadowHeld, len(f.Shadow.List()), tris)
	}
	o.HoldShadows = false
	if b.Build(&o, chunks).ShadowHeld {
		t.Error("the light view was kept with HoldShadows cleared")
	}
}
