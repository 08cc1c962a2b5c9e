//go:build xvfb

package render

import (
	"image"
	"math"
	"slices"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/render/project"
)

// towerMap is grassMap with a tower in the middle: the middle cell and
// its neighbours four elevation steps up, cliffs all round.
func towerMap(t *testing.T) (*chunk.Set, float32, float32) {
	g, centre := grassMap(t)
	for i := range g.Topology().CellCount() {
		if g.Topology().Distance(centre, i) <= 1 {
			g.SetElevation(i, 5)
		}
	}
	cx, cz := g.Topology().Coordinates(centre).Center()
	return chunk.NewSet(g), cx, cz
}

// A shadow edge on flat ground at zoom 1 runs straight, without the
// shadow map's texels showing as stair-steps: the tower's shadow, divided
// by the same view without shadows (which leaves the share of the
// sunlight the shadow took, whatever the grass's texture), crosses
// half-shadow along each pixel row of the edge at a point. Fitted by a
// straight line over each run of stairRun rows, the points depart from
// it across the edge by at most maxStairStep pixels in the median run (the
// median, so that the true corners of the outline, which the cliff's
// perturbed edges give it, do not count). With a 2×2 filter over
// texels about 3 pixels wide the median run departs by 0.86 px.
func TestShadowEdgesStraight(t *testing.T) {
	set, cx, cz := towerMap(t)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 1280, 720
	cam := project.NewCamera(set.Grid.Topology())
	cam.X, cam.Z, cam.Zoom = float64(cx)+10, float64(cz)-10, 1
	lit := readFrame(r, &cam, w, h, 0)
	r.SetQuality(Quality{Scale: 1})
	bare := readFrame(r, &cam, w, h, 0)
	savePNG(t, "stairs_lit", lit)
	savePNG(t, "stairs_bare", bare)
	// The tower's shadow's left edge, from below the cliff to the bottom:
	// lit grass on its left, the shadow on its right.
	roi := image.Rect(100, 470, 420, 710)
	sun := func(x, y int) float64 { return luminance(lit, x, y) / max(luminance(bare, x, y), 1) }
	const half = 0.75 // half-way between full sun (1) and the shadow (about 0.5)
	var xs, ys []float64
	for y := roi.Min.Y; y < roi.Max.Y; y++ {
		for x := roi.Min.X; x+1 < roi.Max.X; x++ {
			if a, b := sun(x, y), sun(x+1, y); a >= half && b < half {
				xs = append(xs, float64(x)+(a-half)/(a-b)+0.5)
				ys = append(ys, float64(y))
				break
			}
		}
	}
	if len(ys) < roi.Dy()*3/4 {
		t.Fatalf("the shadow's edge crosses only %d of %d rows", len(ys), roi.Dy())
	}
	var devs []float64
	for k := 0; k+stairRun <= len(ys); k++ {
		devs = append(devs, lineDeviation(ys[k:k+stairRun], xs[k:k+stairRun]))
	}
	slices.Sort(devs)
	median := devs[len(devs)/2]
	t.Logf("runs of %d rows depart from straight by %.2f px in the median, %.2f at the 90th percentile, %.2f at most",
		stairRun, median, devs[len(devs)*9/10], devs[len(devs)-1])
	if median > maxStairStep {
		t.Errorf("the shadow's edge departs from a straight line by %.2f px in the median run of %d rows (limit %v): stair-steps",
			median, stairRun, maxStairStep)
	}
}

// stairRun is how many pixel rows each straight fit spans: a few
// shadow-map texels at zoom 1, so that a run holds a stair-step but
// seldom one of the outline's corners.
const stairRun = 8

// maxStairStep is how far, in pixels, the shadow's edge may depart from
// a straight line: about half a pixel, less than the eye takes for a
// step.
const maxStairStep = 0.6

// lineDeviation is the largest distance of the points (xs[k], ys[k])
// from their least-squares line x = a + b·y.
func lineDeviation(ys, xs []float64) float64 {
	n := float64(len(ys))
	var sy, sx, syy, sxy float64
	for k := range ys {
		sy, sx, syy, sxy = sy+ys[k], sx+xs[k], syy+ys[k]*ys[k], sxy+ys[k]*xs[k]
	}
	b := (n*sxy - sy*sx) / (n*syy - sy*sy)
	a := (sx - b*sy) / n
	worst := 0.0
	for k := range ys {
		worst = max(worst, math.Abs(xs[k]-a-b*ys[k]))
	}
	return worst / math.Sqrt(1+b*b)
}
