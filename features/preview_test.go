package features_test

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/raster"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

var previewPath = flag.String("preview", "", "write a PNG of the preview scene to this path")

// TestPreview draws a scene with a walled town, farms, forests, specials,
// a river with a bridge and a lake, triangulated through the chunk
// package, with the CPU rasteriser. With -preview=path it writes an
// oblique view and two more (an overview and a close-up). Either way it
// looks straight down at the map, each layer in a colour of its own, and
// checks that the features, walls and bridge stand where the map says:
// the wall at the middle of every edge between a walled and an unwalled
// dry cell that is no cliff, but for the gap a river or road passes
// through, and at no other edge's middle; a special at each special
// cell's centre; a bridge at the centre of each cell whose straight river
// a road crosses, and no bridge at other river cells' centres.
func TestPreview(t *testing.T) {
	g := previewMap(t)
	s := chunk.NewSetWorkers(g, 1)
	checkPlacement(t, g, s)
	if *previewPath == "" {
		return
	}
	const w, h = 1500, 1000
	for _, v := range []struct {
		suffix               string
		target               vec3.T
		distance, pitch, fov float64
	}{{"", vec3.T{110, 0, 62}, 115, 42, 45}, {"_overview", vec3.T{125, 0, 60}, 230, 55, 40}, {"_close", vec3.T{118, 0, 78}, 55, 35, 50}} {
		cam := raster.LookAt(v.target, v.distance, v.pitch, 0, v.fov, w, h)
		writePNG(t, strings.TrimSuffix(*previewPath, ".png")+v.suffix+".png", render(s, &cam, w, h))
	}
}

// The layers as the placement check colours them.
var (
	terrainID = vec4.T{0.5, 0.5, 0.5, 1}
	wallsID   = vec4.T{1, 0, 0, 1}
	featureID = vec4.T{0, 1, 0, 1}
	bridgeID  = vec4.T{0, 0, 1, 1}
)

// checkPlacement looks straight down at s's opaque layers, each in its
// colour, and checks where the walls, specials and bridges are.
func checkPlacement(t *testing.T, g *hexmap.Grid, s *chunk.Set) {
	const scale = 4 // pixels per world unit: a wall is 3 wide
	maxX, maxZ := g.Topology().Extent()
	w, h := int((maxX+20)*scale), int((maxZ+20)*scale)
	cam := raster.Camera{Eye: vec3.T{-10, 100, float32(maxZ) + 10}, Right: vec3.T{1, 0, 0}, Up: vec3.T{0, 0, 1}, Forward: vec3.T{0, -1, 0},
		Focal: scale, Ortho: true}
	c := raster.NewCanvas(w, h, color.RGBA{})
	for _, ch := range s.Chunks {
		for l, id := range map[mesh.Layer]vec4.T{mesh.Terrain: terrainID, mesh.Walls: wallsID, mesh.Features: featureID, mesh.Bridges: bridgeID} {
			m := &ch.Layers[l]
			for k := range m.TriangleCount() {
				ix := m.Indices[3*k : 3*k+3]
				c.Triangle(&cam, [3]vec3.T{m.Positions[ix[0]], m.Positions[ix[1]], m.Positions[ix[2]]}, func([3]float32) vec4.T { return id })
			}
		}
	}
	// shows reports whether layer id shows within a pixel of world point p.
	shows := func(p vec3.T, id vec4.T) bool {
		x, y := cam.Screen(cam.View(geom.PerturberOf(g).Perturb(p)))
		want := color.RGBA{uint8(id[0] * 255), uint8(id[1] * 255), uint8(id[2] * 255), 255}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if c.Img.RGBAAt(int(x)+dx, int(y)+dy) == want {
					return true
				}
			}
		}
		return false
	}
	walls, gaps, specials, bridges := 0, 0, 0, 0
	for i, cell := range g.Cells() {
		centre := geom.CellPosition(g, i)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			n, ok := g.Topology().Neighbor(i, d)
			if !ok {
				continue
			}
			nb := g.Cell(n)
			holds := cell.Walled != nb.Walled && !cell.IsUnderwater() && !nb.IsUnderwater() &&
				hexmap.EdgeTypeOf(int(cell.Elevation), int(nb.Elevation)) != hexmap.Cliff
			gap := cell.HasRiverThroughEdge(d) || cell.HasRoadThroughEdge(d)
			mid := vec.Add(centre, vec.Lerp(geom.FirstCorner(d), geom.SecondCorner(d), 0.5))
			want := holds && !gap
			if shows(mid, wallsID) != want {
				t.Errorf("edge %v of cell %v (walled %v, neighbour walled %v, gap %v): wall shown %v, want %v",
					d, g.Topology().Coordinates(i), cell.Walled, nb.Walled, gap, !want, want)
			}
			if want {
				walls++
			} else if holds {
				gaps++
			}
		}
		if cell.IsSpecial() {
			specials++
			if !shows(centre, featureID) {
				t.Errorf("special cell %v shows no feature at its centre", g.Topology().Coordinates(i))
			}
		}
		if cell.HasIncomingRiver() && cell.HasOutgoingRiver() {
			straight := cell.IncomingRiver == cell.OutgoingRiver.Opposite()
			side := func(from hexmap.Direction) bool { // a road on the side clockwise from from
				for d := from.Next(); d != from.Opposite(); d = d.Next() {
					if cell.HasRoadThroughEdge(d) {
						return true
					}
				}
				return false
			}
			want := straight && side(cell.IncomingRiver) && side(cell.OutgoingRiver)
			if shows(centre, bridgeID) != want {
				t.Errorf("river cell %v (straight %v): bridge at its centre %v, want %v", g.Topology().Coordinates(i), straight, !want, want)
			}
			if want {
				bridges++
			}
		}
	}
	t.Logf("%d wall edges, %d gaps, %d specials, %d bridges", walls, gaps, specials, bridges)
	if walls < 10 || gaps < 2 || specials != 3 || bridges != 1 {
		t.Fatalf("the map has %d wall edges, %d gaps, %d specials, %d bridges: not the scene described", walls, gaps, specials, bridges)
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
	for i := range g.Topology().CellCount() {
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
	for i := range g.Topology().CellCount() {
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
	for i := range g.Topology().CellCount() {
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

var terrainPalette = [hexmap.TerrainTypeCount]vec3.T{
	{0.85, 0.78, 0.55}, {0.42, 0.62, 0.27}, {0.52, 0.42, 0.3}, {0.55, 0.55, 0.55}, {0.95, 0.95, 0.97},
}

// render draws every chunk's opaque layers in their colours, then blends
// water, rivers and roads over them, lit by a light from the north-west.
func render(s *chunk.Set, cam *raster.Camera, w, h int) *image.RGBA {
	c := raster.NewCanvas(w, h, color.RGBA{200, 215, 230, 255})
	c.Bias = 1e-3
	light := vec.Normalize(vec3.T{-0.4, 1, -0.5})
	draw := func(m *mesh.Mesh, colorOf func(m *mesh.Mesh, v int) vec4.T) {
		for k := 0; k+2 < len(m.Indices); k += 3 {
			ix := [3]int{int(m.Indices[k]), int(m.Indices[k+1]), int(m.Indices[k+2])}
			shade := 0.5 + 0.55*max(0, vec.Dot(m.Normals[ix[0]], light))
			var cols [3]vec4.T
			for j, i := range ix {
				cols[j] = colorOf(m, i)
				cols[j][0], cols[j][1], cols[j][2] = cols[j][0]*shade, cols[j][1]*shade, cols[j][2]*shade
			}
			c.Triangle(cam, [3]vec3.T{m.Positions[ix[0]], m.Positions[ix[1]], m.Positions[ix[2]]}, func(b [3]float32) vec4.T {
				var out vec4.T
				for j := range 3 {
					for q := range 4 {
						out[q] += cols[j][q] * b[j]
					}
				}
				return out
			})
		}
	}
	for _, ch := range s.Chunks {
		draw(&ch.Layers[mesh.Terrain], func(m *mesh.Mesh, v int) vec4.T {
			var col vec3.T
			for k := range 3 {
				if t := int(m.Terrain[v][k]); t >= 0 && t < len(terrainPalette) {
					col = vec.Add(col, vec.Scale(terrainPalette[t], m.Weights[v][k]))
				}
			}
			return vec4.T{col[0], col[1], col[2], 1}
		})
		for _, l := range []mesh.Layer{mesh.Walls, mesh.Features, mesh.Farms, mesh.Bridges, mesh.Buildings, mesh.BuildingDetails} {
			draw(&ch.Layers[l], func(m *mesh.Mesh, v int) vec4.T {
				c := m.Colors[v]
				return vec4.T{c[0], c[1], c[2], 1} // buildings keep a random value in alpha
			})
		}
	}
	for _, ch := range s.Chunks {
		blue := func(a float32) func(*mesh.Mesh, int) vec4.T {
			return func(*mesh.Mesh, int) vec4.T { return vec4.T{0.2, 0.45, 0.75, a} }
		}
		draw(&ch.Layers[mesh.Water], blue(0.6))
		draw(&ch.Layers[mesh.WaterShore], blue(0.45))
		draw(&ch.Layers[mesh.Estuaries], blue(0.5))
		draw(&ch.Layers[mesh.Rivers], blue(0.7))
		draw(&ch.Layers[mesh.Roads], func(m *mesh.Mesh, v int) vec4.T {
			a := float32(0.85)
			if v < len(m.UV) {
				a *= min(1, m.UV[v][0]*2)
			}
			return vec4.T{0.45, 0.36, 0.26, a}
		})
	}
	return c.Img
}
