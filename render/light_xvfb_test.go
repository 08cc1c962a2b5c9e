//go:build xvfb

package render

import (
	"cmp"
	"image"
	"math"
	"slices"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mesh"
	"hexsandbox/render/project"

	"github.com/ungerik/go3d/vec3"
)

// hit is where a ray meets a mesh: the point and the triangle's normal.
type hit struct {
	p, n vec3.T
	t    float32
	ok   bool
}

// rayMeshes is the nearest hit of the ray o + t·d on layer l of the
// chunks, found by testing every triangle (boxes first).
func rayMeshes(chunks []project.ChunkMeshes, l mesh.Layer, o, d vec3.T) hit {
	best := hit{t: float32(math.Inf(1))}
	for i := range chunks {
		m := chunks[i].Layers[l]
		if m == nil || !project.RayBox(o, d, chunks[i].Bounds[l], best.t) {
			continue
		}
		p, idx := m.Positions, m.Indices
		for k := 0; k+2 < len(idx); k += 3 {
			if s, ok := project.RayTriangle(o, d, p[idx[k]], p[idx[k+1]], p[idx[k+2]]); ok && s < best.t && s > 1e-4 {
				best = hit{t: s, n: m.Normals[idx[k]], ok: true}
			}
		}
	}
	if best.ok {
		best.p = vec3.T{o[0] + d[0]*best.t, o[1] + d[1]*best.t, o[2] + d[2]*best.t}
	}
	return best
}

// luminance is a pixel's brightness, 0..255.
func luminance(img *image.RGBA, x, y int) float64 {
	c := img.RGBAAt(x, y)
	return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
}

// grassMap is a flat 15×15 grass map at elevation 1 and its middle cell.
func grassMap(t *testing.T) (*hexmap.Grid, int) {
	g, err := hexmap.NewGrid(15, 15, 7)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Topology().CellCount() {
		g.SetTerrainType(i, 1)
		g.SetElevation(i, 1)
	}
	return g, 7 + 7*g.Topology().Width
}

// plateauMap is grassMap with a raised plateau of radius 2 cells in the
// middle: one elevation step, so terraced slopes all round.
func plateauMap(t *testing.T) (*hexmap.Grid, int) {
	g, centre := grassMap(t)
	for i := range g.Topology().CellCount() {
		if g.Topology().Distance(centre, i) <= 2 {
			g.SetElevation(i, 2)
		}
	}
	return g, centre
}

// A plateau lit by the sun reads as raised from every side: seen from
// four camera rotations, the slopes on its far side (the terraces'
// risers that face away from the camera, found by casting each sampled
// pixel's ray at the terrain) are on average not darker than its top.
// With the light fixed in the world, as before, three of the four
// rotations see them darker, down to half the top's brightness: a pit.
func TestPlateauFarSlopesNotDarker(t *testing.T) {
	g, centre := plateauMap(t)
	set := chunk.NewSet(g)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	cx, cz := g.Topology().Coordinates(centre).Center()
	top := geom.CellPosition(g, centre)[1]
	const w, h = 1280, 720
	for _, rot := range []float64{0, 90, 180, 270} {
		cam := project.NewCamera(g.Topology())
		cam.X, cam.Z, cam.Zoom, cam.Rotation = float64(cx), float64(cz), 0.3, rot
		img := readFrame(r, &cam, w, h, 0)
		savePNG(t, "plateau_"+itoa(int(rot)), img)
		v := cam.View(w, h)
		_, _, _, fwd := cam.Basis()
		far := vec3.T{fwd[0], 0, fwd[2]}
		far.Normalize()
		var topSum, farSum float64
		var topN, farN int
		// The plateau's slopes are a few pixels wide: every second pixel
		// of the middle of the view.
		for y := h / 4; y < 3*h/4; y += 2 {
			for x := w / 4; x < 3*w/4; x += 2 {
				o, d := v.Ray(float64(x)+0.5, float64(y)+0.5)
				hh := rayMeshes(r.chunks, mesh.Terrain, o, d)
				if !hh.ok {
					continue
				}
				off := vec3.T{hh.p[0] - cx, 0, hh.p[2] - cz}
				switch {
				case hh.p[1] > top-0.3 && hh.n[1] > 0.99 && off.Length() < 2.5*2*hexmap.InnerRadius:
					topSum += luminance(img, x, y)
					topN++
				case hh.n[1] < 0.95 && onPlateauSlope(g, hh.p):
					// A terrace riser between the plateau and the land
					// around it (the treads are as flat as the top) that
					// faces away from the camera.
					face := vec3.T{hh.n[0], 0, hh.n[2]}
					face.Normalize()
					if vec3.Dot(&face, &far) > 0.7 {
						farSum += luminance(img, x, y)
						farN++
					}
				}
			}
		}
		if topN < 50 || farN < 30 {
			t.Fatalf("rotation %v: the view shows %d top and %d far-slope samples", rot, topN, farN)
		}
		topL, farL := topSum/float64(topN), farSum/float64(farN)
		t.Logf("rotation %v: top %.1f (%d samples), far slopes %.1f (%d) ", rot, topL, topN, farL, farN)
		if farL < topL {
			t.Errorf("rotation %v: the far slopes (%.1f) are darker than the top (%.1f)", rot, farL, topL)
		}
	}
}

// onPlateauSlope reports whether p lies on the plateau's slopes: between
// a cell of the plateau and a lower one, the two cells whose centres are
// nearest.
func onPlateauSlope(g *hexmap.Grid, p vec3.T) bool {
	i, ok := g.Topology().CellUnder(p[0], p[2])
	if !ok {
		return false
	}
	near := []int{i}
	g.Topology().Neighbors(i, func(_ hexmap.Direction, n int) { near = append(near, n) })
	dist := func(c int) float32 {
		q := geom.CellPosition(g, c)
		return (q[0]-p[0])*(q[0]-p[0]) + (q[2]-p[2])*(q[2]-p[2])
	}
	slices.SortFunc(near, func(a, b int) int { return cmp.Compare(dist(a), dist(b)) })
	return g.Cell(near[0]).Elevation != g.Cell(near[1]).Elevation
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// Terrain in the sun's shadow of a castle darkens when shadows are on,
// and terrain the sun reaches does not change: each sampled pixel's
// terrain point is tested on the CPU for a caster between it and the sun.
func TestTerrainReceivesShadows(t *testing.T) {
	g, centre := grassMap(t)
	if err := g.SetSpecialIndex(centre, 1); err != nil {
		t.Fatal(err)
	}
	set := chunk.NewSet(g)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	cx, cz := g.Topology().Coordinates(centre).Center()
	cam := project.NewCamera(g.Topology())
	cam.X, cam.Z, cam.Zoom, cam.Rotation = float64(cx), float64(cz), 1, 40
	const w, h = 640, 360
	r.SetQuality(Quality{Shadows: false, Scale: 1})
	off := readFrame(r, &cam, w, h, 0)
	r.SetQuality(Quality{Shadows: true, Scale: 1})
	on := readFrame(r, &cam, w, h, 0)
	savePNG(t, "castle_shadow_off", off)
	savePNG(t, "castle_shadow_on", on)
	v := cam.View(w, h)
	sun := project.Sun(cam.Rotation).Dir
	var shadowN, shadowDark, litN, litSame int
	for y := 1; y < h; y += 2 {
		for x := 1; x < w; x += 2 {
			o, d := v.Ray(float64(x)+0.5, float64(y)+0.5)
			ground := rayMeshes(r.chunks, mesh.Terrain, o, d)
			if !ground.ok || rayMeshes(r.chunks, mesh.Features, o, d).t < ground.t {
				continue // sky, or the castle itself
			}
			// The sun's ray from the ground point and from points around
			// it: only pixels well inside or well outside the shadow
			// count, the filtered edge is neither.
			blocked := 0
			for _, dx := range []float32{0, 0.6, -0.6} {
				for _, dz := range []float32{0, 0.6, -0.6} {
					p := vec3.T{ground.p[0] + dx, ground.p[1] + 0.05, ground.p[2] + dz}
					if rayMeshes(r.chunks, mesh.Features, p, sun).ok {
						blocked++
					}
				}
			}
			a, b := luminance(off, x, y), luminance(on, x, y)
			switch blocked {
			case 9:
				shadowN++
				if b < 0.85*a {
					shadowDark++
				}
			case 0:
				litN++
				if math.Abs(a-b) <= 3 {
					litSame++
				}
			}
		}
	}
	t.Logf("%d samples in the castle's shadow, %d of them darker; %d in the sun, %d unchanged", shadowN, shadowDark, litN, litSame)
	if shadowN < 40 || litN < 1000 {
		t.Fatalf("the view shows %d shadowed and %d lit samples", shadowN, litN)
	}
	if float64(shadowDark) < 0.9*float64(shadowN) {
		t.Errorf("only %d of %d samples in the castle's shadow darken", shadowDark, shadowN)
	}
	if float64(litSame) < 0.97*float64(litN) {
		t.Errorf("only %d of %d samples in the sun keep their brightness", litSame, litN)
	}
}
