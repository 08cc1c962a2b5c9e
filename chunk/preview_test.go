package chunk

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/raster"
	"hexsandbox/internal/vec"
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

// TestPreview draws a map's meshes (terrain by its splat data, rivers,
// roads, water, walls, features, bridges) with the CPU rasteriser: flat
// shading by normal, translucent layers blended, z-buffered. With
// -preview=path it writes an oblique view to that PNG (or of -previewobj,
// an OBJ file as hexmap export writes it). Either way it checks a
// top-down view of the terrain and water at every cell's centre: a dry
// cell without a river shows its own terrain type, lit from straight up;
// an underwater cell the same under the water's colour.
func TestPreview(t *testing.T) {
	w, h := 20, 15
	if *previewPath != "" {
		if _, err := fmt.Sscanf(*previewSize, "%dx%d", &w, &h); err != nil {
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
	checkCellCentres(t, g, s)
	if *previewPath == "" {
		return
	}
	var area [4]float32
	if *previewArea != "" {
		if _, err := fmt.Sscanf(*previewArea, "%g,%g,%g,%g", &area[0], &area[1], &area[2], &area[3]); err != nil {
			t.Fatal(err)
		}
	}
	tris := setTriangles(s, previewLayers())
	if *previewOBJ != "" {
		tris = objTriangles(t, *previewOBJ)
	}
	img := renderPreview(tris, *previewZoom, *previewTilt, area)
	f, err := os.Create(*previewPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// checkCellCentres draws s's terrain and water straight down and checks
// the colour at every cell's perturbed centre, where the terrain is flat
// and of the cell's own type only.
func checkCellCentres(t *testing.T, g *hexmap.Grid, s *Set) {
	layers := []previewLayer{{mesh.Terrain, 1}, {mesh.Water, 0.6}}
	img, toPx := render(setTriangles(s, layers), 1, 0, [4]float32{})
	up := shade(vec3.T{0, 1, 0})
	water, _ := vertexColor(mesh.Water, &mesh.Mesh{}, 0)
	checked := 0
	for i, c := range g.Cells() {
		if c.HasRiver() {
			continue
		}
		p := geom.PerturberOf(g).Perturb(geom.CellPosition(g, i))
		x, y := toPx(p)
		got := img.RGBAAt(x, y)
		want := vec.Scale(terrainColor(int(c.TerrainType)), up)
		if c.IsUnderwater() {
			want = vec.Lerp(want, vec.Scale(water, up), 0.6)
		}
		for k, v := range [3]uint8{got.R, got.G, got.B} {
			if math.Abs(float64(v)-float64(want[k])*255) > 2 {
				t.Fatalf("cell %v (terrain %d, underwater %v): %v at its centre, want %.0f", g.Topology().Coordinates(i), c.TerrainType, c.IsUnderwater(), got, vec.Scale(want, 255))
			}
		}
		checked++
	}
	if checked < g.Topology().CellCount()/2 {
		t.Fatalf("only %d of %d cells checked", checked, g.Topology().CellCount())
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

// previewTriangle is one triangle to draw: world positions, shaded
// vertex colours and alphas.
type previewTriangle struct {
	p      [3]vec3.T
	cols   [3]vec3.T
	alphas [3]float32
}

// previewLayer is a layer to draw and its opacity.
type previewLayer struct {
	l     mesh.Layer
	alpha float32
}

// previewLayers are the layers in drawing order with their opacity.
func previewLayers() []previewLayer {
	return []previewLayer{
		{mesh.Terrain, 1}, {mesh.Walls, 1}, {mesh.Features, 1}, {mesh.Bridges, 1}, {mesh.Buildings, 1}, {mesh.BuildingDetails, 1},
		{mesh.Roads, 0.9}, {mesh.Rivers, 0.8}, {mesh.Water, 0.6}, {mesh.WaterShore, 0.6}, {mesh.Estuaries, 0.7},
	}
}

// shade is the flat shading of a face with normal n.
func shade(n vec3.T) float32 {
	return 0.35 + 0.65*max(0, vec.Dot(n, vec.Normalize(vec3.T{-0.4, 1, -0.6})))
}

// setTriangles lists the triangles of layers of s.
func setTriangles(s *Set, layers []previewLayer) []previewTriangle {
	var out []previewTriangle
	for _, layer := range layers {
		for ch := range s.Chunks {
			m := &s.Chunks[ch].Layers[layer.l]
			for k := 0; k+2 < len(m.Indices); k += 3 {
				idx := [3]int{int(m.Indices[k]), int(m.Indices[k+1]), int(m.Indices[k+2])}
				sh := shade(m.Normals[idx[0]])
				var t previewTriangle
				for v, i := range idx {
					c, a := vertexColor(layer.l, m, i)
					t.p[v] = m.Positions[i]
					t.cols[v] = vec.Scale(c, sh)
					t.alphas[v] = a * layer.alpha
				}
				out = append(out, t)
			}
		}
	}
	return out
}

// renderPreview draws tris as -preview shows them: orthographic at zoom
// pixels per world unit, tilted about the X axis by tilt degrees from
// straight down so that north is up and heights rise up the screen,
// framing area (x0, z0, x1, z1; all of tris where zero).
func renderPreview(tris []previewTriangle, zoom, tilt float64, area [4]float32) *image.RGBA {
	img, _ := render(tris, zoom, tilt, area)
	return img
}

// render draws tris as renderPreview does and also returns the mapping
// from world points to pixels.
func render(tris []previewTriangle, zoom, tilt float64, area [4]float32) (*image.RGBA, func(vec3.T) (int, int)) {
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
	sin, cos := math.Sincos(tilt * math.Pi / 180)
	up, fwd := vec3.T{0, float32(sin), float32(cos)}, vec3.T{0, float32(-cos), float32(sin)}
	// The eye is over the west edge, at the top of the framed box's
	// screen extent; the bottom is its lowest corner.
	top, bottom := vec.Dot(vec3.T{0, hi[1], hi[2]}, up), vec.Dot(vec3.T{0, lo[1], lo[2]}, up)
	eye := vec.Add(vec.Scale(up, top), vec3.T{lo[0], 0, 0})
	eye = vec.Sub(eye, vec.Scale(fwd, 1e4))
	cam := raster.Camera{Eye: eye, Right: vec3.T{1, 0, 0}, Up: up, Forward: fwd, Focal: zoom, Ortho: true}
	w, h := int(float64(hi[0]-lo[0])*zoom)+1, int(float64(top-bottom)*zoom)+1
	c := raster.NewCanvas(w, h, color.RGBA{20, 30, 40, 255})
	c.Bias = 1e-3
	for _, t := range tris {
		c.Triangle(&cam, t.p, func(b [3]float32) vec4.T {
			var out vec4.T
			for k := range 3 {
				for j := range 3 {
					out[j] += t.cols[k][j] * b[k]
				}
				out[3] += t.alphas[k] * b[k]
			}
			return out
		})
	}
	return c.Img, func(p vec3.T) (int, int) {
		x, y := cam.Screen(cam.View(p))
		return int(math.Floor(x)), int(math.Floor(y))
	}
}

// vertexColor picks a vertex's colour: terrain by its splat data (the
// blend of its triangle's terrain types), water layers, rivers and roads
// by kind (road alpha follows u so roads fade at their edges like
// Catlike's road shader), walls, features, bridges and buildings their
// own.
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
	}
	if i < len(m.Colors) { // walls, features, bridges and buildings
		c := m.Colors[i]
		return vec3.T{c[0], c[1], c[2]}, 1
	}
	return vec3.T{0.7, 0.3, 0.3}, 1
}

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
			n := vec.Normalize(vec.Cross(vec.Sub(tri.p[1], tri.p[0]), vec.Sub(tri.p[2], tri.p[0])))
			base := vec3.T{0.6, 0.6, 0.55}
			alpha := float32(1)
			if layer != mesh.Terrain {
				base, _ = vertexColor(layer, &mesh.Mesh{}, 0)
				alpha = 0.8
			}
			sh := shade(n)
			for k := range 3 {
				tri.cols[k] = vec.Scale(base, sh)
				tri.alphas[k] = alpha
			}
			out = append(out, tri)
		}
	}
	return out
}
