//go:build xvfb

package render

import (
	"image"
	"math"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/mesh"
	"hexsandbox/render/project"
)

// lakeMap is grassMap with a lake of radius 3 cells round the middle
// cell: its floor one step below the land, the water at the land's
// level, so that shore strips run round it on every side.
func lakeMap(t *testing.T) (*chunk.Set, float32, float32) {
	g, centre := grassMap(t)
	for i := range g.Topology().CellCount() {
		if g.Topology().Distance(centre, i) <= 3 {
			g.SetElevation(i, 0)
			g.SetWaterLevel(i, 1)
		} else {
			g.SetWaterLevel(i, 0)
		}
	}
	cx, cz := g.Topology().Coordinates(centre).Center()
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
	kind := layerKinds(r, &cam, w, h, 0.05, mesh.WaterShore, mesh.Water)
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

// layerKinds classes every other pixel (even x and y) of a w×h view
// through cam by casting its ray at the chunks' terrain and at layers:
// the last of layers hit at least ahead in front of the terrain (a
// negative ahead: at most that far behind it, for layers lying on it),
// or mesh.Terrain for none (and for the pixels not sampled).
func layerKinds(r *Renderer, cam *project.Camera, w, h int, ahead float32, layers ...mesh.Layer) []mesh.Layer {
	v := cam.View(w, h)
	kind := make([]mesh.Layer, w*h)
	for y := 0; y < h; y += 2 {
		for x := 0; x < w; x += 2 {
			o, d := v.Ray(float64(x)+0.5, float64(y)+0.5)
			ground := rayMeshes(r.chunks, mesh.Terrain, o, d)
			for _, l := range layers {
				if hh := rayMeshes(r.chunks, l, o, d); hh.ok && (!ground.ok || hh.t < ground.t-ahead) {
					kind[x+y*w] = l
				}
			}
		}
	}
	return kind
}

// minFoamMargin is how much brighter than open water (luminance, 0..255)
// the shore strips must be on average. Shallow water over the strip's
// land half is brighter by itself (16-30 without foam at these moments);
// white foam over a third of the strip adds about as much again.
const minFoamMargin = 35

// roadBand is the width in columns of each terrain's band on roadMap.
const roadBand = 6

// roadMap is a flat 30×10 map at elevation 1 in five bands of roadBand
// columns, one of each terrain type (sand, grass, mud, stone, snow), with
// a road along its middle row from end to end.
func roadMap(t *testing.T) *hexmap.Grid {
	g, err := hexmap.NewGrid(5*roadBand, 10, 7)
	if err != nil {
		t.Fatal(err)
	}
	top := g.Topology()
	for i := range top.CellCount() {
		g.SetTerrainType(i, uint8(i%top.Width/roadBand))
		g.SetElevation(i, 1)
	}
	for x := range top.Width - 1 {
		if err := g.AddRoad(x+4*top.Width, hexmap.E); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// inBand reports, for every other pixel (even x and y) of a w×h view
// through cam, whether the ground under it is a cell of band's interior
// on roadMap (not its first or last column, where the terrains blend).
func inBand(r *Renderer, g *hexmap.Grid, cam *project.Camera, w, h, band int) []bool {
	v := cam.View(w, h)
	top := g.Topology()
	in := make([]bool, w*h)
	for y := 0; y < h; y += 2 {
		for x := 0; x < w; x += 2 {
			o, d := v.Ray(float64(x)+0.5, float64(y)+0.5)
			hit := rayMeshes(r.chunks, mesh.Terrain, o, d)
			if !hit.ok {
				continue
			}
			col, _ := top.FromPosition(hit.p[0], hit.p[2]).Offset()
			in[x+y*w] = col > band*roadBand && col < (band+1)*roadBand-1
		}
	}
	return in
}

// A road reads as a road on every terrain type: seen at the usual zoom
// over the inner cells of each band of roadMap, the pixels of the road's strip differ from
// the ground beside it, and they are the road's colour, not the ground's
// through it. Across two bands the road's mean colour changes by the
// share of the ground that shows through it times the grounds'
// difference (the light is the same), so that share is estimated from
// the bands whose grounds differ most, and must be small.
func TestRoadsHideTheGroundOnEveryTerrain(t *testing.T) {
	g := roadMap(t)
	set := chunk.NewSet(g)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 640, 360
	var road, ground [5][3]float64
	for band := range 5 {
		cam := project.NewCamera(g.Topology())
		cx, cz := g.Topology().Coordinates(band*roadBand + roadBand/2 + 4*g.Topology().Width).Center()
		cam.X, cam.Z, cam.Zoom = float64(cx), float64(cz), 0.5
		kind := layerKinds(r, &cam, w, h, -0.05, mesh.Roads)
		own := inBand(r, g, &cam, w, h, band)
		img := readFrame(r, &cam, w, h, 0)
		savePNG(t, "roads_"+itoa(band), img)
		var nr, ng int
		for y := 0; y < h; y += 2 {
			for x := 0; x < w; x += 2 {
				c := img.RGBAAt(x, y)
				rgb := [3]float64{float64(c.R), float64(c.G), float64(c.B)}
				if !own[x+y*w] {
					continue
				}
				if kind[x+y*w] == mesh.Roads {
					nr++
					for k := range 3 {
						road[band][k] += rgb[k]
					}
				} else {
					ng++
					for k := range 3 {
						ground[band][k] += rgb[k]
					}
				}
			}
		}
		if nr < 200 || ng < 2000 {
			t.Fatalf("band %d: %d road and %d ground samples", band, nr, ng)
		}
		for k := range 3 {
			road[band][k] /= float64(nr)
			ground[band][k] /= float64(ng)
		}
		t.Logf("band %d: road %.0f, ground %.0f", band, road[band], ground[band])
		if d := dist(road[band], ground[band]); d < minRoadContrast {
			t.Errorf("band %d: the road (%.0f) differs from the ground (%.0f) by %.0f, want %v", band, road[band], ground[band], d, minRoadContrast)
		}
	}
	a, b, most := 0, 0, 0.0
	for i := range 5 {
		for j := i + 1; j < 5; j++ {
			if d := dist(ground[i], ground[j]); d > most {
				a, b, most = i, j, d
			}
		}
	}
	share := dist(road[a], road[b]) / most
	t.Logf("bands %d and %d: grounds %.0f apart, roads %.0f: %.2f of the ground shows", a, b, most, dist(road[a], road[b]), share)
	if share > maxRoadSeeThrough {
		t.Errorf("%.2f of the ground shows through the roads, want at most %v", share, maxRoadSeeThrough)
	}
}

// dist is the distance of two RGB colours.
func dist(a, b [3]float64) float64 {
	var s float64
	for k := range 3 {
		s += (a[k] - b[k]) * (a[k] - b[k])
	}
	return math.Sqrt(s)
}

// A road's strip is mostly road: its soft edges let at most a fifth of
// the ground show through on average; and it stands apart from every
// ground by a clear step in colour (0..255 per channel).
const (
	maxRoadSeeThrough = 0.2
	minRoadContrast   = 30
)

// forestBand is the width in columns of each plant level's band on
// forestMap.
const forestBand = 5

// forestMap is a flat 15×10 grass map at elevation 1 in three bands of
// forestBand columns, of plant levels 1, 2 and 3 (plant level 0 with
// bare true, for the ground under the trees).
func forestMap(t *testing.T, bare bool) *hexmap.Grid {
	g, err := hexmap.NewGrid(3*forestBand, 10, 7)
	if err != nil {
		t.Fatal(err)
	}
	top := g.Topology()
	for i := range top.CellCount() {
		g.SetTerrainType(i, 1)
		g.SetElevation(i, 1)
		if !bare {
			g.SetPlantLevel(i, 1+i%top.Width/forestBand)
		}
	}
	return g
}

// Plant levels 1-3 read as sparse, medium and dense woods at the usual
// zoom: over the inner cells of each level's band the share of the
// sampled pixels that show a tree (its crown in front of the ground,
// and the pixel apart from the bare ground's) rises with the level,
// and the densest covers most of its ground.
func TestForestLevelsCoverTheGround(t *testing.T) {
	g, bare := forestMap(t, false), forestMap(t, true)
	set := chunk.NewSet(g)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := NewRenderer(chunk.NewSet(bare))
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 640, 360
	var cover [3]float64
	for band := range 3 {
		cam := project.NewCamera(g.Topology())
		cx, cz := g.Topology().Coordinates(band*forestBand + forestBand/2 + 5*g.Topology().Width).Center()
		cam.X, cam.Z, cam.Zoom = float64(cx), float64(cz), 0.5
		kind := layerKinds(r, &cam, w, h, 0.05, mesh.Features)
		img := readFrame(r, &cam, w, h, 0)
		ground := readFrame(rb, &cam, w, h, 0)
		savePNG(t, "forest_"+itoa(band+1), img)
		var n, trees int
		for y := 0; y < h; y += 2 {
			for x := 0; x < w; x += 2 {
				if !inForestBand(r, g, &cam, w, h, x, y, band) {
					continue
				}
				n++
				if kind[x+y*w] == mesh.Features && dist(rgbAt(img, x, y), rgbAt(ground, x, y)) >= minTreeContrast {
					trees++
				}
			}
		}
		if n < 2000 {
			t.Fatalf("level %d: %d ground samples", band+1, n)
		}
		cover[band] = float64(trees) / float64(n)
		t.Logf("level %d: %.2f of %d samples show a tree", band+1, cover[band], n)
	}
	if cover[0] >= cover[1] || cover[1] >= cover[2] {
		t.Errorf("the woods' cover does not rise with the level: %.2f", cover)
	}
	if cover[2] < minDenseCover {
		t.Errorf("level 3's woods cover %.2f of the ground, want at least %v", cover[2], minDenseCover)
	}
}

// inForestBand reports whether the ground under pixel (x, y) of a w×h
// view through cam is a cell of band's interior on forestMap.
func inForestBand(r *Renderer, g *hexmap.Grid, cam *project.Camera, w, h, x, y, band int) bool {
	v := cam.View(w, h)
	o, d := v.Ray(float64(x)+0.5, float64(y)+0.5)
	hit := rayMeshes(r.chunks, mesh.Terrain, o, d)
	if !hit.ok {
		return false
	}
	col, _ := g.Topology().FromPosition(hit.p[0], hit.p[2]).Offset()
	return col > band*forestBand && col < (band+1)*forestBand-1
}

// rgbAt is the colour of pixel (x, y).
func rgbAt(img *image.RGBA, x, y int) [3]float64 {
	c := img.RGBAAt(x, y)
	return [3]float64{float64(c.R), float64(c.G), float64(c.B)}
}

// A dense wood's crowns cover at least minDenseCover of its cells'
// ground; a crown's pixel differs from the bare ground's by at least
// minTreeContrast (RGB distance, 0..441).
const (
	minDenseCover   = 0.45
	minTreeContrast = 30
)
