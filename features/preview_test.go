package features_test

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/mesh"
)

var previewPath = flag.String("preview", "", "write a PNG of the preview scene to this path")

// TestPreview renders a scene with a walled town, farms, forests,
// specials, a river with a bridge and a lake through the chunk package,
// with a small CPU rasteriser (flat shading, depth buffer, an oblique
// camera). With -preview=path it writes the picture; either way it checks
// that the feature, wall and bridge layers change a good share of it.
func TestPreview(t *testing.T) {
	g := previewMap(t)
	s := chunk.NewSetWorkers(g, 1)
	w, h := 480, 320
	if *previewPath != "" {
		w, h = 1500, 1000
	}
	cam := newCamera(w, h, vec3.T{110, 0, 62}, 115, 42, 45)
	full := render(s, cam, true)
	bare := render(s, cam, false)
	if *previewPath != "" {
		writePNG(t, *previewPath, full)
		overview := newCamera(w, h, vec3.T{125, 0, 60}, 230, 55, 40)
		writePNG(t, strings.TrimSuffix(*previewPath, ".png")+"_overview.png", render(s, overview, true))
		close := newCamera(w, h, vec3.T{118, 0, 78}, 55, 35, 50)
		writePNG(t, strings.TrimSuffix(*previewPath, ".png")+"_close.png", render(s, close, true))
	}
	changed := 0
	for i := range full.Pix {
		if full.Pix[i] != bare.Pix[i] {
			changed++
		}
	}
	if share := float64(changed) / float64(len(full.Pix)); share < 0.05 {
		t.Fatalf("features, walls and bridges change only %.1f%% of the picture", 100*share)
	}
}

func writePNG(t *testing.T, path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// previewMap is a 15×10 map: rolling terraces, a hill with a cliff, a
// lake, a river through a walled town, farms around it, forests and the
// three specials.
func previewMap(t *testing.T) *hexmap.Grid {
	g, err := hexmap.NewGrid(15, 10, 5)
	if err != nil {
		t.Fatal(err)
	}
	at := func(x, z int) int { return x + z*15 }
	for i := range g.CellCount() {
		x, z := i%15, i/15
		g.SetTerrainType(i, hexmap.Grass)
		e := 1
		if x >= 11 {
			e = 2 + (x-11)/2
		}
		if z >= 8 && x < 6 {
			e = 2
		}
		g.SetElevation(i, e)
	}
	// A lake in the south-west.
	for _, c := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 0}, {0, 2}} {
		i := at(c[0], c[1])
		g.SetElevation(i, 0)
		g.SetWaterLevel(i, 1)
		g.SetTerrainType(i, hexmap.Sand)
	}
	for i := range g.CellCount() {
		g.SetWaterLevel(i, 1)
	}
	// A cliff and rocky hill in the east.
	for _, c := range [][2]int{{13, 5}, {14, 5}, {13, 6}, {14, 6}} {
		g.SetElevation(at(c[0], c[1]), 6)
		g.SetTerrainType(at(c[0], c[1]), hexmap.Stone)
	}
	// The river runs west from the hills into the lake.
	for x := 10; x > 2; x-- {
		g.SetOutgoingRiver(at(x, 4), hexmap.W)
	}
	g.SetOutgoingRiver(at(2, 4), hexmap.SW)
	g.SetOutgoingRiver(at(2, 3), hexmap.SW)
	g.SetOutgoingRiver(at(1, 2), hexmap.SW)
	// The town, walled, on both banks, with a road across the river.
	town := [][2]int{{5, 3}, {6, 3}, {7, 3}, {5, 4}, {6, 4}, {7, 4}, {5, 5}, {6, 5}, {7, 5}, {8, 4}}
	for k, c := range town {
		i := at(c[0], c[1])
		g.SetWalled(i, true)
		g.SetUrbanLevel(i, 3-k%2)
		g.SetTerrainType(i, hexmap.Mud)
	}
	for z := 1; z < 9; z++ {
		g.AddRoad(at(6, z), hexmap.NE)
		g.AddRoad(at(6, z), hexmap.NW)
	}
	for x := 2; x < 12; x++ {
		g.AddRoad(at(x, 6), hexmap.E)
	}
	g.SetSpecialIndex(at(7, 6), 1)
	g.SetWalled(at(7, 6), true)
	// Farms around the town, forests further out.
	for i := range g.CellCount() {
		x, z := i%15, i/15
		c := g.Cell(i)
		if c.Walled || c.IsUnderwater() {
			continue
		}
		switch {
		case x >= 3 && x <= 10 && z >= 1 && z <= 7:
			g.SetFarmLevel(i, 2+(x+z)%2)
			g.SetUrbanLevel(i, (x*z)%2)
		case x >= 11:
			g.SetPlantLevel(i, 3)
			g.SetTerrainType(i, hexmap.Grass)
		default:
			g.SetPlantLevel(i, 1+(x+z)%3)
			g.SetFarmLevel(i, 1)
		}
	}
	g.SetSpecialIndex(at(12, 8), 3)
	g.SetSpecialIndex(at(3, 8), 2)
	g.SetTerrainType(at(3, 8), hexmap.Sand)
	return g
}

// camera is a perspective camera looking down at target from the south.
type camera struct {
	w, h           int
	eye            vec3.T
	right, up, fwd vec3.T
	focal          float32
}

func newCamera(w, h int, target vec3.T, distance, pitchDeg, fovDeg float64) camera {
	p := pitchDeg * math.Pi / 180
	eye := vec3.T{target[0], target[1] + float32(distance*math.Sin(p)), target[2] - float32(distance*math.Cos(p))}
	fwd := norm(vec3.Sub(&target, &eye))
	right := vec3.T{1, 0, 0}
	up := vec3.Cross(&fwd, &right)
	up = norm(up)
	return camera{w: w, h: h, eye: eye, right: right, up: up, fwd: fwd,
		focal: float32(float64(h) / 2 / math.Tan(fovDeg*math.Pi/360))}
}

func norm(v vec3.T) vec3.T { l := v.Length(); return vec3.T{v[0] / l, v[1] / l, v[2] / l} }

// project returns screen x, y and depth, or false behind the camera.
func (c camera) project(p vec3.T) (float32, float32, float32, bool) {
	d := vec3.Sub(&p, &c.eye)
	z := vec3.Dot(&d, &c.fwd)
	if z < 0.1 {
		return 0, 0, 0, false
	}
	x := vec3.Dot(&d, &c.right)
	y := vec3.Dot(&d, &c.up)
	return float32(c.w)/2 + x*c.focal/z, float32(c.h)/2 - y*c.focal/z, z, true
}

var terrainPalette = [hexmap.TerrainTypeCount]vec3.T{
	{0.85, 0.78, 0.55}, {0.42, 0.62, 0.27}, {0.52, 0.42, 0.3}, {0.55, 0.55, 0.55}, {0.95, 0.95, 0.97},
}

type raster struct {
	img   *image.RGBA
	depth []float32
	cam   camera
	light vec3.T
}

// render draws every chunk's opaque layers (without the features
// package's layers unless withFeatures), then blends water, rivers and
// roads over them.
func render(s *chunk.Set, cam camera, withFeatures bool) *image.RGBA {
	r := &raster{img: image.NewRGBA(image.Rect(0, 0, cam.w, cam.h)), depth: make([]float32, cam.w*cam.h), cam: cam,
		light: norm(vec3.T{-0.4, 1, -0.5})}
	for i := range r.depth {
		r.depth[i] = float32(math.Inf(1))
	}
	for i := 0; i < len(r.img.Pix); i += 4 {
		copy(r.img.Pix[i:], []byte{200, 215, 230, 255})
	}
	for _, c := range s.Chunks {
		r.mesh(&c.Layers[mesh.Terrain], func(m *mesh.Mesh, v int) vec4.T {
			var col vec3.T
			for k := range 3 {
				t := int(m.Terrain[v][k])
				if t >= 0 && t < len(terrainPalette) {
					c := terrainPalette[t].Scaled(m.Weights[v][k])
					col.Add(&c)
				}
			}
			return vec4.T{col[0], col[1], col[2], 1}
		})
		if withFeatures {
			for _, l := range []mesh.Layer{mesh.Walls, mesh.Features, mesh.Farms, mesh.Bridges} {
				r.mesh(&c.Layers[l], func(m *mesh.Mesh, v int) vec4.T { return m.Colors[v] })
			}
		}
	}
	for _, c := range s.Chunks {
		blue := func(a float32) func(*mesh.Mesh, int) vec4.T {
			return func(*mesh.Mesh, int) vec4.T { return vec4.T{0.2, 0.45, 0.75, a} }
		}
		r.mesh(&c.Layers[mesh.Water], blue(0.6))
		r.mesh(&c.Layers[mesh.WaterShore], blue(0.45))
		r.mesh(&c.Layers[mesh.Estuaries], blue(0.5))
		r.mesh(&c.Layers[mesh.Rivers], blue(0.7))
		r.mesh(&c.Layers[mesh.Roads], func(m *mesh.Mesh, v int) vec4.T {
			a := float32(0.85)
			if v < len(m.UV) {
				a *= min(1, m.UV[v][0]*2)
			}
			return vec4.T{0.45, 0.36, 0.26, a}
		})
	}
	return r.img
}

// mesh rasterises the front faces of m; vertex colours with alpha < 1
// blend over what is there without writing depth.
func (r *raster) mesh(m *mesh.Mesh, colorOf func(*mesh.Mesh, int) vec4.T) {
	for k := 0; k+2 < len(m.Indices); k += 3 {
		ia, ib, ic := int(m.Indices[k]), int(m.Indices[k+1]), int(m.Indices[k+2])
		a, b, c := m.Positions[ia], m.Positions[ib], m.Positions[ic]
		ab, ac := vec3.Sub(&b, &a), vec3.Sub(&c, &a)
		wound := vec3.Cross(&ab, &ac)
		toEye := vec3.Sub(&r.cam.eye, &a)
		if vec3.Dot(&wound, &toEye) <= 0 {
			continue // back face by winding
		}
		n := m.Normals[ia]
		shade := 0.5 + 0.55*max(0, vec3.Dot(&n, &r.light))
		r.triangle([3]vec3.T{a, b, c}, [3]vec4.T{colorOf(m, ia), colorOf(m, ib), colorOf(m, ic)}, shade)
	}
}

func (r *raster) triangle(p [3]vec3.T, col [3]vec4.T, shade float32) {
	var sx, sy, sz [3]float32
	for k := range 3 {
		var ok bool
		if sx[k], sy[k], sz[k], ok = r.cam.project(p[k]); !ok {
			return
		}
	}
	area := (sx[1]-sx[0])*(sy[2]-sy[0]) - (sx[2]-sx[0])*(sy[1]-sy[0])
	if area == 0 {
		return
	}
	x0 := max(0, int(min(sx[0], sx[1], sx[2])))
	x1 := min(r.cam.w-1, int(max(sx[0], sx[1], sx[2]))+1)
	y0 := max(0, int(min(sy[0], sy[1], sy[2])))
	y1 := min(r.cam.h-1, int(max(sy[0], sy[1], sy[2]))+1)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			px, py := float32(x)+0.5, float32(y)+0.5
			w0 := ((sx[1]-px)*(sy[2]-py) - (sx[2]-px)*(sy[1]-py)) / area
			w1 := ((sx[2]-px)*(sy[0]-py) - (sx[0]-px)*(sy[2]-py)) / area
			w2 := 1 - w0 - w1
			if w0 < 0 || w1 < 0 || w2 < 0 {
				continue
			}
			z := w0*sz[0] + w1*sz[1] + w2*sz[2]
			i := x + y*r.cam.w
			if z >= r.depth[i] {
				continue
			}
			var c vec4.T
			for k, w := range [3]float32{w0, w1, w2} {
				for j := range 4 {
					c[j] += col[k][j] * w
				}
			}
			o := r.img.RGBAAt(x, y)
			blend := func(dst uint8, v float32) uint8 {
				v = min(1, v*shade)
				return uint8(float32(dst)*(1-c[3]) + v*255*c[3])
			}
			r.img.SetRGBA(x, y, color.RGBA{blend(o.R, c[0]), blend(o.G, c[1]), blend(o.B, c[2]), 255})
			if c[3] >= 1 {
				r.depth[i] = z
			}
		}
	}
}
