//go:build xvfb

package render

import (
	"fmt"
	"image"
	"testing"
)

// differing is the share of pixels of a and b (the same size) whose
// colours differ by more than tol/255 in a channel.
func differing(a, b *image.RGBA, tol int) float64 {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for c := range 3 {
			if abs(int(a.Pix[i+c])-int(b.Pix[i+c])) > tol {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(a.Pix)/4)
}

// With Quality.CoarseDepth (two depth passes, 16 bits) a view looks as
// with the whole 24 bits: every test view of the showcase, shadows on,
// differs in few pixels, where surfaces nearer each other than the
// coarser step meet. If the colour pass did not take the coarser depth
// into account (its stored low byte is the middle of the 256 steps), it
// would find almost no fragment at the stored depth and leave the
// background.
func TestCoarseDepthLooksAlike(t *testing.T) {
	_, set := testSets(t)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 480, 270
	for vi, v := range views {
		cam := viewCamera(set, v)
		r.SetQuality(Quality{Shadows: true, Scale: 1})
		exact := readFrame(r, &cam, w, h, 1)
		r.SetQuality(Quality{Shadows: true, Scale: 1, CoarseDepth: true})
		draws := r.OpaqueDraws
		coarse := readFrame(r, &cam, w, h, 1)
		if r.OpaqueDraws != draws+1 || !r.coarse {
			t.Fatalf("view %d: switching to 16 bits of depth drew the opaque scene %d times (coarse %v), want once, coarse", vi, r.OpaqueDraws-draws, r.coarse)
		}
		savePNG(t, fmt.Sprintf("coarse_%d", vi), coarse)
		share := differing(exact, coarse, 24)
		t.Logf("view %d: %.3f%% of pixels differ by more than 24/255", vi, 100*share)
		if share > 0.005 {
			t.Errorf("view %d: with 16 bits of depth %.2f%% of pixels differ from the 24-bit view's (limit 0.5%%)", vi, 100*share)
		}
	}
}

// A view drawn at full quality after a spell of reduced frames (a turn
// on a slow machine: a quarter of the resolution, a smaller shadow map
// held, 16 bits of depth, the water redrawn less often) is the same,
// pixel for pixel, as the same view drawn by a renderer that never
// drew reduced: nothing of the reduced mode stays behind.
func TestFullAfterReducedSameAsFresh(t *testing.T) {
	_, set := testSets(t)
	moving, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 480, 270
	cam := viewCamera(set, views[1])
	end := cam.Rotation
	moving.SetQuality(Quality{Shadows: true, Scale: 0.25, ShadowSize: 1024, HoldShadows: true, CoarseDepth: true, WaterInterval: 1.0 / 15})
	for k := range 12 {
		cam.Rotation = end - 12 + float64(k)
		readFrame(moving, &cam, w, h, float64(k)/15)
	}
	cam.Rotation = end
	moving.SetQuality(DefaultQuality())
	fresh.SetQuality(DefaultQuality())
	got := readFrame(moving, &cam, w, h, 1)
	want := readFrame(fresh, &cam, w, h, 1)
	savePNG(t, "after_reduced", got)
	savePNG(t, "fresh", want)
	if share := differing(got, want, 0); share > 0 {
		t.Errorf("drawn at full quality after reduced frames, %.3f%% of pixels differ from a fresh renderer's", 100*share)
	}
}
