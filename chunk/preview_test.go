package chunk

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/mesh"
)

var (
	previewPath = flag.String("preview", "", "write a CPU-rendered preview of a map's meshes to this PNG")
	previewMap  = flag.String("previewmap", "showcase", "map to preview: showcase, random or rivers")
	previewSize = flag.String("previewsize", "20x15", "map size in cells for the preview")
	previewTilt = flag.Float64("previewtilt", 50, "camera tilt from straight down, degrees")
	previewArea = flag.String("previewarea", "", "world area x0,z0,x1,z1 to show (default: the whole map)")
	previewZoom = flag.Float64("previewzoom", 3, "pixels per world unit")
	previewOBJ  = flag.String("previewobj", "", "render this OBJ file (as hexmap export writes it) instead of a map")
)

// TestPreview renders the terrain, rivers, roads and water of a map from
// an oblique view into a PNG when -preview is given (without it, it only
// checks that a small render covers pixels): flat shading by normal,
// colour by terrain type through the splat data, z-buffered.
func TestPreview(t *testing.T) {
	w, h := 20, 15
	if *previewPath != "" {
		if _, err := fmtSscanf(*previewSize, &w, &h); err != nil {
			t.Fatal(err)
		}
	}
	var g *hexmap.Grid
	switch *previewMap {
	case "random":
		g = testGrid(t, w, h, 3)
	case "rivers":
		g = riverRoadGrid(t, 4)
	default:
		var err error
		if g, err = mapgen.Showcase(w, h, 3); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSet(g)
	scale := *previewZoom
	if *previewPath == "" {
		scale = 0.5
	}
	var area [4]float32
	if *previewArea != "" {
		if _, err := fmt.Sscanf(*previewArea, "%g,%g,%g,%g", &area[0], &area[1], &area[2], &area[3]); err != nil {
			t.Fatal(err)
		}
	}
	tris := setTriangles(s)
	if *previewOBJ != "" {
		tris = objTriangles(t, *previewOBJ)
	}
	img := renderPreview(tris, scale, *previewTilt*math.Pi/180, area)
	drawn := 0
	for k := 3; k < len(img.Pix); k += 4 {
		if img.Pix[k-1] != 40 || img.Pix[k-2] != 30 {
			drawn++
		}
	}
	if drawn < len(img.Pix)/4/3 {
		t.Fatalf("preview covers only %d of %d pixels", drawn, len(img.Pix)/4)
	}
	if *previewPath == "" {
		return
	}
	f, err := os.Create(*previewPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// terrainColor stands in for Catlike's five terrain textures.
func terrainColor(t int) vec3.T {
	return [...]vec3.T{
		{0.85, 0.78, 0.55}, // sand
		{0.42, 0.62, 0.28}, // grass
		{0.48, 0.36, 0.24}, // mud
		{0.55, 0.55, 0.55}, // stone
		{0.95, 0.95, 0.97}, // snow
	}[t%5]
}

type raster struct {
	img           *image.RGBA
	depth         []float32
	scale         float64
	sin, cos      float64
	minX, maxSY   float64
	width, height int
}

// project maps a world point to the screen: orthographic, tilted about
// the X axis so that north is up and heights rise up the screen.
func (r *raster) project(p vec3.T) (x, y, z float64) {
	sy := float64(p[2])*r.cos + float64(p[1])*r.sin
	depth := float64(p[2])*r.sin - float64(p[1])*r.cos
	return (float64(p[0]) - r.minX) * r.scale, (r.maxSY - sy) * r.scale, depth
}

// previewTriangle is one triangle to draw: world positions, shaded
// vertex colours and alphas.
type previewTriangle struct {
	p      [3]vec3.T
	cols   [3]vec3.T
	alphas [3]float32
	opaque bool
}

// previewLayers are the layers in drawing order with their opacity.
func previewLayers() []struct {
	l     mesh.Layer
	alpha float32
} {
	return []struct {
		l     mesh.Layer
		alpha float32
	}{
		{mesh.Terrain, 1}, {mesh.Walls, 1}, {mesh.Features, 1}, {mesh.Bridges, 1},
		{mesh.Roads, 0.9}, {mesh.Rivers, 0.8}, {mesh.Water, 0.6}, {mesh.WaterShore, 0.6}, {mesh.Estuaries, 0.7},
	}
}

func shade(n vec3.T) float32 {
	light := normalize3(vec3.T{-0.4, 1, -0.6})
	return float32(0.35 + 0.65*math.Max(0, float64(n[0]*light[0]+n[1]*light[1]+n[2]*light[2])))
}

// setTriangles lists the triangles of every layer of s.
func setTriangles(s *Set) []previewTriangle {
	var out []previewTriangle
	for _, layer := range previewLayers() {
		for ch := range s.Chunks {
			m := &s.Chunks[ch].Layers[layer.l]
			for k := 0; k+2 < len(m.Indices); k += 3 {
				idx := [3]int{int(m.Indices[k]), int(m.Indices[k+1]), int(m.Indices[k+2])}
				sh := shade(m.Normals[idx[0]])
				t := previewTriangle{opaque: layer.alpha == 1}
				for v, i := range idx {
					c, a := vertexColor(layer.l, m, i)
					t.p[v] = m.Positions[i]
					t.cols[v] = vec3.T{c[0] * sh, c[1] * sh, c[2] * sh}
					t.alphas[v] = a * layer.alpha
				}
				out = append(out, t)
			}
		}
	}
	return out
}

func renderPreview(tris []previewTriangle, scale, tilt float64, area [4]float32) *image.RGBA {
	r := &raster{scale: scale, sin: math.Sin(tilt), cos: math.Cos(tilt)}
	lo, hi := vec3.T{1e9, 1e9, 1e9}, vec3.T{-1e9, -1e9, -1e9}
	for _, t := range tris {
		for _, p := range t.p {
			for k := range 3 {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
	}
	if area != [4]float32{} {
		lo[0], lo[2], hi[0], hi[2] = area[0], area[1], area[2], area[3]
	}
	r.minX = float64(lo[0])
	r.maxSY = float64(hi[2])*r.cos + float64(hi[1])*r.sin
	minSY := float64(lo[2])*r.cos + float64(lo[1])*r.sin
	r.width = int(float64(hi[0]-lo[0])*scale) + 1
	r.height = int((r.maxSY-minSY)*scale) + 1
	r.img = image.NewRGBA(image.Rect(0, 0, r.width, r.height))
	r.depth = make([]float32, r.width*r.height)
	for k := range r.depth {
		r.depth[k] = float32(math.Inf(1))
		r.img.Pix[4*k], r.img.Pix[4*k+1], r.img.Pix[4*k+2], r.img.Pix[4*k+3] = 20, 30, 40, 255
	}
	for _, t := range tris {
		r.triangle(t.p[0], t.p[1], t.p[2], t.cols, t.alphas, t.opaque)
	}
	return r.img
}

// vertexColor picks a vertex's colour: terrain by its splat data (the
// blend of its triangle's terrain types), other layers by kind; road
// alpha follows u so roads fade at their edges like Catlike's road shader.
func vertexColor(l mesh.Layer, m *mesh.Mesh, i int) (vec3.T, float32) {
	switch l {
	case mesh.Terrain:
		var c vec3.T
		if len(m.Weights) == 0 {
			return vec3.T{0.6, 0.6, 0.6}, 1
		}
		types, w := m.Terrain[i], m.Weights[i]
		for k := range 3 {
			tc := terrainColor(int(types[k]))
			for j := range 3 {
				c[j] += tc[j] * w[k]
			}
		}
		return c, 1
	case mesh.Roads:
		u := float32(1)
		if len(m.UV) > 0 {
			u = m.UV[i][0]
		}
		return vec3.T{0.35, 0.25, 0.18}, min(1, u*1.5)
	case mesh.Rivers:
		return vec3.T{0.2, 0.45, 0.9}, 1
	case mesh.Water, mesh.WaterShore, mesh.Estuaries:
		return vec3.T{0.15, 0.35, 0.75}, 1
	case mesh.Walls:
		return vec3.T{0.75, 0.7, 0.65}, 1
	case mesh.Bridges:
		return vec3.T{0.5, 0.4, 0.35}, 1
	}
	return vec3.T{0.7, 0.3, 0.3}, 1
}

// triangle fills a projected triangle, z-tested; opaque triangles write
// depth, translucent ones blend.
func (r *raster) triangle(a, b, c vec3.T, cols [3]vec3.T, alphas [3]float32, opaque bool) {
	ax, ay, az := r.project(a)
	bx, by, bz := r.project(b)
	cx, cy, cz := r.project(c)
	area := (bx-ax)*(cy-ay) - (by-ay)*(cx-ax)
	if math.Abs(area) < 1e-12 {
		return
	}
	x0, x1 := int(math.Max(0, math.Floor(min(ax, bx, cx)))), int(math.Min(float64(r.width-1), math.Ceil(max(ax, bx, cx))))
	y0, y1 := int(math.Max(0, math.Floor(min(ay, by, cy)))), int(math.Min(float64(r.height-1), math.Ceil(max(ay, by, cy))))
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			w0 := ((bx-px)*(cy-py) - (by-py)*(cx-px)) / area
			w1 := ((cx-px)*(ay-py) - (cy-py)*(ax-px)) / area
			w2 := 1 - w0 - w1
			if w0 < 0 || w1 < 0 || w2 < 0 {
				continue
			}
			z := float32(w0*az + w1*bz + w2*cz)
			k := x + y*r.width
			if z >= r.depth[k]+1e-3 {
				continue
			}
			if opaque {
				r.depth[k] = z
			}
			f0, f1, f2 := float32(w0), float32(w1), float32(w2)
			alpha := alphas[0]*f0 + alphas[1]*f1 + alphas[2]*f2
			pix := r.img.Pix[4*k : 4*k+3]
			for j := range 3 {
				col := cols[0][j]*f0 + cols[1][j]*f1 + cols[2][j]*f2
				old := float32(pix[j]) / 255
				pix[j] = uint8(255 * math.Min(1, math.Max(0, float64(old*(1-alpha)+col*alpha))))
			}
		}
	}
}

func normalize3(v vec3.T) vec3.T {
	l := float32(math.Sqrt(float64(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])))
	return vec3.T{v[0] / l, v[1] / l, v[2] / l}
}

func fmtSscanf(s string, w, h *int) (int, error) { return fmt.Sscanf(s, "%dx%d", w, h) }

// objTriangles reads an OBJ file as WriteOBJ writes it and lists its
// triangles, coloured by object and shaded by the normal of their winding
// (read the OBJ way, counter-clockwise in right-handed space), so a
// wrongly wound export shows up dark.
func objTriangles(t *testing.T, path string) []previewTriangle {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var pos []vec3.T
	var out []previewTriangle
	layer := mesh.Terrain
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "v":
			var p vec3.T
			for k := range 3 {
				v, _ := strconv.ParseFloat(f[k+1], 32)
				p[k] = float32(v)
			}
			pos = append(pos, p)
		case "o":
			for l := range mesh.LayerCount {
				if l.Name() == f[1] {
					layer = l
				}
			}
		case "f":
			var tri previewTriangle
			for k := range 3 {
				i, _ := strconv.Atoi(strings.Split(f[k+1], "/")[0])
				tri.p[k] = pos[i-1]
			}
			u, v := sub(tri.p[1], tri.p[0]), sub(tri.p[2], tri.p[0])
			n := normalize3(vec3.T{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]})
			base := vec3.T{0.6, 0.6, 0.55}
			alpha := float32(1)
			if layer != mesh.Terrain {
				base, _ = vertexColor(layer, &mesh.Mesh{}, 0)
				alpha = 0.8
			}
			sh := shade(n)
			for k := range 3 {
				tri.cols[k] = vec3.T{base[0] * sh, base[1] * sh, base[2] * sh}
				tri.alphas[k] = alpha
			}
			tri.opaque = alpha == 1
			out = append(out, tri)
		}
	}
	return out
}
