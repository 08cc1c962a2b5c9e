//go:build xvfb

package render

import (
	"fmt"
	"image"
	"math"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/render/project"
)

// The shadow map the GPU draws with the min-blend passes holds, texel by
// texel, the nearest light depth of the same light-view triangles as a
// CPU z-buffer finds: of the texels either covers, at most 0.3% differ by
// more than one 16-bit step, whatever the view.
func TestShadowMapMatchesCPU(t *testing.T) {
	scene, showcase := testSets(t)
	for _, c := range []struct {
		name string
		set  *chunk.Set
	}{{"scene", scene}, {"map", showcase}} {
		r, err := NewRenderer(c.set)
		if err != nil {
			t.Fatal(err)
		}
		r.opts.ShadowSize = 1024
		for vi, v := range views {
			cam := viewCamera(c.set, v)
			readFrame(r, &cam, 480, 270, 0)
			b := r.built
			if !b.LightView.Valid || b.Shadow.Triangles() == 0 {
				t.Fatalf("%s view %d: no shadow casters in view", c.name, vi)
			}
			gpu := readImage(r.shadow[1])
			size := b.LightView.Size
			cpu := project.NewRaster(size, size, 0, 1)
			cpu.DrawDepth(b.Shadow.List())
			differ, covered := 0, 0
			diff := image.NewRGBA(gpu.Bounds())
			for i, d := range cpu.Depth {
				want := 65535 // cleared: nothing cast here
				if !math.IsInf(d, 1) {
					want = int(math.Floor(min(max(d, 0), 1)*65535 + 0.5))
				}
				got := int(gpu.Pix[4*i])<<8 | int(gpu.Pix[4*i+1])
				if want != 65535 || got != 65535 {
					covered++
				}
				diff.Pix[4*i+3] = 255
				if abs(got-want) > 1 {
					differ++
					diff.Pix[4*i] = 255
				}
			}
			share := float64(differ) / float64(max(covered, 1))
			t.Logf("%s view %d: %d casting triangles cover %d texels, %.4f%% of them differ",
				c.name, vi, b.Shadow.Triangles(), covered, 100*share)
			savePNG(t, fmt.Sprintf("shadowdiff_%s_%d", c.name, vi), diff)
			if covered < 5000 {
				t.Errorf("%s view %d: casters cover only %d texels: the light view misses the scene", c.name, vi, covered)
			}
			if share > 0.003 {
				t.Errorf("%s view %d: %.4f%% of the shadow map differs from the CPU z-buffer (limit 0.3%%)", c.name, vi, 100*share)
			}
		}
	}
}

// With Quality.HoldShadows the shadow map is drawn again only when the
// sun has turned by more than project.ShadowHoldAngle since it was drawn,
// or the casters changed (Refresh: the meshes), not for each small turn
// of the camera, which still redraws the opaque scene; and a frame drawn
// with a held map looks like one drawn with an exact map: within a
// 2° of the sun its shadows differ in few pixels.
func TestShadowMapHeldWhileTurning(t *testing.T) {
	_, set := testSets(t)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	r.SetQuality(Quality{Shadows: true, Scale: 1, HoldShadows: true})
	cam := viewCamera(set, views[1])
	start := cam.Rotation
	const w, h = 480, 270
	turn := func(deg float64) *image.RGBA {
		cam.Rotation = start + deg
		return readFrame(r, &cam, w, h, 0)
	}
	step := func(what string, deg float64, wantShadow bool) *image.RGBA {
		t.Helper()
		opaque, shadows := r.OpaqueDraws, r.ShadowDraws
		img := turn(deg)
		if r.OpaqueDraws != opaque+1 {
			t.Errorf("%s: the opaque scene was drawn %d times, want once", what, r.OpaqueDraws-opaque)
		}
		if got := r.ShadowDraws != shadows; got != wantShadow {
			t.Errorf("%s: shadow map drawn %v, want %v", what, got, wantShadow)
		}
		return img
	}
	// A new renderer's meshes are fresh (as after Refresh): its first map
	// is drawn for that view alone, the next may be kept.
	step("first view", 0, true)
	step("1° turn, the first map that may be kept", 1, true)
	step("2° turn", 2, false)
	held := step("3° turn", 3, false)
	step(fmt.Sprintf("%v° turn", project.ShadowHoldAngle+1.5), project.ShadowHoldAngle+1.5, true)
	r.Refresh()
	step("the meshes re-read, a 1° turn", project.ShadowHoldAngle+2.5, true)
	r.SetQuality(Quality{Shadows: true, Scale: 1})
	step("without HoldShadows", project.ShadowHoldAngle+3, true)
	step("without HoldShadows, a 0.5° turn", project.ShadowHoldAngle+3.5, true)
	exact := turn(3)
	savePNG(t, "hold_held", held)
	savePNG(t, "hold_exact", exact)
	differ := 0
	for i := 0; i < len(exact.Pix); i += 4 {
		d := 0
		for c := range 3 {
			d = max(d, abs(int(exact.Pix[i+c])-int(held.Pix[i+c])))
		}
		if d > 24 {
			differ++
		}
	}
	share := float64(differ) / float64(w*h)
	t.Logf("at 3° with the map held from 1°: %.2f%% of pixels differ from the exact map's by more than 24/255", 100*share)
	if share > maxHeldShadowDiffer {
		t.Errorf("at 3° with the map held from 1°: %.2f%% of pixels differ from the exact map's (limit %v%%)", 100*share, 100*maxHeldShadowDiffer)
	}
}

// maxHeldShadowDiffer is the share of pixels a frame drawn with a shadow
// map held from 2° of the sun before may differ in: the edges of the
// shadows move, so it grows with their length; the showcase's woods
// (groves of broad trees) cast many small shadows.
const maxHeldShadowDiffer = 0.025
