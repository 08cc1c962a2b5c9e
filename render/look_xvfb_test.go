//go:build xvfb

package render

import (
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/mesh"
	"hexsandbox/render/project"
)

// lakeMap is grassMap with a lake of radius 3 cells round the middle
// cell: its floor one step below the land, the water at the land's
// level, so that shore strips run round it on every side.
func lakeMap(t *testing.T) (*chunk.Set, float32, float32) {
	g, centre := grassMap(t)
	for i := range g.CellCount() {
		if g.Topology().Distance(centre, i) <= 3 {
			g.SetElevation(i, 0)
			g.SetWaterLevel(i, 1)
		} else {
			g.SetWaterLevel(i, 0)
		}
	}
	cx, cz := g.Coordinates(centre).Center()
	return chunk.NewSet(g), cx, cz
}

// The foam of Catlike's shore reads at the usual zoom: over the lake's
// shore strips the water is brighter on average than the open water
// further out, at every moment of the foam's cycle sampled. Every
// sampled pixel is classed by casting its ray at the shore and the open
// water meshes, and at the terrain, which must lie behind the hit.
func TestShoreFoamBrighterThanOpenWater(t *testing.T) {
	set, cx, cz := lakeMap(t)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	cam := project.NewCamera(set.Grid.Topology())
	cam.X, cam.Z, cam.Zoom = float64(cx), float64(cz), 0.5
	const w, h = 640, 360
	v := cam.View(w, h)
	kind := make([]mesh.Layer, w*h) // Terrain: neither
	for y := 0; y < h; y += 2 {
		for x := 0; x < w; x += 2 {
			o, d := v.Ray(float64(x)+0.5, float64(y)+0.5)
			ground := rayMeshes(r.chunks, mesh.Terrain, o, d)
			for _, l := range []mesh.Layer{mesh.WaterShore, mesh.Water} {
				if hh := rayMeshes(r.chunks, l, o, d); hh.ok && (!ground.ok || hh.t < ground.t-0.05) {
					kind[x+y*w] = l
				}
			}
		}
	}
	for _, s := range []float64{0, 0.8, 1.6, 2.4} {
		img := readFrame(r, &cam, w, h, s)
		savePNG(t, "lake_"+itoa(int(s*10)), img)
		var shore, open float64
		var shoreN, openN int
		for i, k := range kind {
			switch k {
			case mesh.WaterShore:
				shore += luminance(img, i%w, i/w)
				shoreN++
			case mesh.Water:
				open += luminance(img, i%w, i/w)
				openN++
			}
		}
		if shoreN < 200 || openN < 2000 {
			t.Fatalf("the view shows %d shore and %d open water samples", shoreN, openN)
		}
		shore, open = shore/float64(shoreN), open/float64(openN)
		t.Logf("%.1f s: shore %.1f (%d samples), open water %.1f (%d)", s, shore, shoreN, open, openN)
		if shore < open+minFoamMargin {
			t.Errorf("%.1f s: the shore (%.1f) is not brighter than open water (%.1f) by %v", s, shore, open, minFoamMargin)
		}
	}
}

// minFoamMargin is how much brighter than open water (luminance, 0..255)
// the shore strips must be on average. Shallow water over the strip's
// land half is brighter by itself (16-30 without foam at these moments);
// white foam over a third of the strip adds about as much again.
const minFoamMargin = 35
