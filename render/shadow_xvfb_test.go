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
		r.builder.ShadowSize = 1024
		for vi, v := range views {
			cam := viewCamera(c.set, v)
			readFrame(r, &cam, 480, 270, 0)
			b := &r.builder
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
