//go:build xvfb

package render

import (
	"math"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/chunk"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mesh"
	"hexsandbox/render/project"
	"hexsandbox/units"
	"hexsandbox/vision"
)

// A town's ring and a unit's ring stand out from the buildings round
// them in fog-dimmed cells: on grassMap with a town of buildings on the
// middle cell and its neighbours, every cell explored but none in sight
// (so all dimmed by the fog), the visible pixels of each ring's band
// (cast at the band's plane, with no terrain, tree or building in front)
// differ from the same pixels drawn without the figures by a clear
// margin on average.
func TestRingsStandOutInFog(t *testing.T) {
	g, centre := grassMap(t)
	top := g.Topology()
	for i := range top.CellCount() {
		if top.Distance(centre, i) <= 1 {
			g.SetUrbanLevel(i, 3)
		}
		g.Explore(i, 1)
	}
	unitCell := centre + 3
	vis := vision.New(g)
	vis.Sync()
	set := chunk.NewSet(g)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	r.SetFog(vision.NewCellData(vis, 1))
	at := func(i int) vec3.T { return geom.CellPosition(g, i) }
	figs := []project.Figure{
		{Pos: at(unitCell), Color: units.SideColor(2), Kind: project.ScoutFigure},
		{Pos: at(centre), Color: units.SideColor(1), Town: true},
	}
	cam := project.NewCamera(top)
	mid := at(centre + 1)
	cam.X, cam.Z, cam.Zoom = float64(mid[0]), float64(mid[2]), 0.5
	const w, h = 640, 360
	bare := readFrame(r, &cam, w, h, 0)
	savePNG(t, "rings_fog_bare", bare)
	r.SetFigures(figs)
	marked := readFrame(r, &cam, w, h, 0)
	savePNG(t, "rings_fog", marked)
	v := cam.View(w, h)
	for k := range figs {
		f := &figs[k]
		var sum float64
		n := 0
		for y := range h {
			for x := range w {
				o, d := v.Ray(float64(x)+0.5, float64(y)+0.5)
				if s, ok := inRingBand(f, o, d); ok && !hiddenBefore(r, o, d, s) {
					sum += dist(rgbAt(marked, x, y), rgbAt(bare, x, y))
					n++
				}
			}
		}
		if n < 100 {
			t.Fatalf("figure %d: %d of its ring's samples in view", k, n)
		}
		t.Logf("figure %d (town %v): its ring differs from the ground by %.0f on average over %d samples", k, f.Town, sum/float64(n), n)
		if sum/float64(n) < minRingContrast {
			t.Errorf("figure %d (town %v): its ring differs from the fogged ground by %.0f, want %v", k, f.Town, sum/float64(n), minRingContrast)
		}
	}
}

// inRingBand reports where the ray o + s·d meets the plane of f's ring,
// and whether it meets it inside the band (a tenth of the band's width
// in from either rim): a circle's for a unit, a hexagon's (its corners
// in the cells' corners' directions) for a town.
func inRingBand(f *project.Figure, o, d vec3.T) (float32, bool) {
	in, out, lift := project.RingBand(f)
	if d[1] >= 0 {
		return 0, false
	}
	s := (f.Pos[1] + lift - o[1]) / d[1]
	dx, dz := o[0]+s*d[0]-f.Pos[0], o[2]+s*d[2]-f.Pos[2]
	r := float32(math.Hypot(float64(dx), float64(dz)))
	if f.Town { // the corner radius of the hexagon through the point
		r = 0
		for k := range 3 {
			sn, cs := math.Sincos(float64(k) * math.Pi / 3)
			r = max(r, float32(math.Abs(float64(dx)*cs+float64(dz)*sn)/(math.Sqrt(3)/2)))
		}
	}
	m := (out - in) / 10
	return s, r > in+m && r < out-m
}

// hiddenBefore reports whether the terrain, a tree or a building meets
// the ray o + s·d before s (less a margin).
func hiddenBefore(r *Renderer, o, d vec3.T, s float32) bool {
	for _, l := range []mesh.Layer{mesh.Terrain, mesh.Features, mesh.Buildings, mesh.BuildingDetails} {
		if hh := rayMeshes(r.chunks, l, o, d); hh.ok && hh.t < s-0.05 {
			return true
		}
	}
	return false
}

// minRingContrast is how far (RGB distance, 0..441) a ring's pixels
// must lie on average from the fogged ground they cover.
const minRingContrast = 80
