//go:build xvfb

package editor

import (
	"fmt"
	"testing"

	"hexsandbox/editor/showcase"
	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mapgen"
	"hexsandbox/render/project"
)

// The editor's start camera (mapCamera) looks at where the map has most
// to see: on the embedded start map and on showcases from 20×15 to 80×60
// the map view of the default window (1280×800, less the panel and the
// status line) holds, in front of the camera, every walled cell within 3
// cells of the cell it looks at (a whole town, and there is one), and
// cells with rivers and roads. On a map with nothing on it, it looks at
// the middle.
func TestStartCameraShowsTown(t *testing.T) {
	start, err := showcase.Map()
	if err != nil {
		t.Fatal(err)
	}
	maps := map[string]*hexmap.Grid{"start map": start}
	for _, size := range [][2]int{{20, 15}, {40, 30}, {80, 60}} {
		g, err := mapgen.Showcase(size[0], size[1], 1)
		if err != nil {
			t.Fatal(err)
		}
		maps[fmt.Sprintf("%dx%d", size[0], size[1])] = g
	}
	const w, h = 1280 - panelWidth, 800 - statusHeight
	for name, g := range maps {
		cam := mapCamera(g)
		v := cam.View(w, h)
		target, ok := g.Topology().CellUnder(float32(cam.X), float32(cam.Z))
		if !ok {
			t.Fatalf("%s: the camera looks off the map", name)
		}
		var town, rivers, roads int
		for i, c := range g.Cells() {
			x, y, cw := v.Clip(geom.CellPosition(g, i))
			inView := cw >= 1 && x >= -cw && x <= cw && y >= -cw && y <= cw
			if c.Walled && g.Topology().Distance(i, target) <= 3 {
				town++
				if !inView {
					t.Errorf("%s: walled cell %v of the town at %v is out of the start view", name, g.Topology().Coordinates(i), g.Topology().Coordinates(target))
				}
			}
			if inView && c.HasRiver() {
				rivers++
			}
			if inView && c.HasRoads() {
				roads++
			}
		}
		if town < 3 || rivers == 0 || roads == 0 {
			t.Errorf("%s: the start view holds %d town cells, %d river cells, %d road cells", name, town, rivers, roads)
		}
	}
	empty, err := hexmap.NewGrid(20, 15, 1)
	if err != nil {
		t.Fatal(err)
	}
	maxX, maxZ := empty.Topology().Extent()
	if cam := mapCamera(empty); cam.X != maxX/2 || cam.Z != maxZ/2 {
		t.Errorf("on an empty map the camera looks at (%v, %v), not the middle (%v, %v)", cam.X, cam.Z, maxX/2, maxZ/2)
	}
}

// The start camera's search from prefix sums looks at the cell that the
// plain search picks, summing each cell's score over its brush of size 3
// (tools.Brush) and keeping the first best: on the start map, showcases,
// generated maps flat and wrapping, and a wrapping map narrower than a
// disk.
func TestStartCameraSearchIsTheBrushSum(t *testing.T) {
	start, err := showcase.Map()
	if err != nil {
		t.Fatal(err)
	}
	maps := map[string]*hexmap.Grid{"start map": start}
	for k, top := range []hexmap.Topology{{Width: 80, Height: 60}, {Width: 40, Height: 30, Wrapping: true}, {Width: 5, Height: 15, Wrapping: true}} {
		g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(top, int64(k+1))
		if err != nil {
			t.Fatal(err)
		}
		maps[fmt.Sprintf("%+v", top)] = g
	}
	if g, err := mapgen.Showcase(40, 30, 2); err == nil {
		maps["showcase 40×30"] = g
	} else {
		t.Fatal(err)
	}
	for name, g := range maps {
		score := func(i int) int {
			c := g.Cell(i)
			s := int(c.UrbanLevel) + int(c.FarmLevel)/2 + int(c.PlantLevel)/2
			if c.Walled || c.IsSpecial() {
				s += 3
			}
			if c.HasRoads() || c.HasRiver() {
				s += 2
			}
			if c.IsUnderwater() {
				s++
			}
			return s
		}
		best, bestScore := -1, 0
		for i := range g.Topology().CellCount() {
			sum := 0
			for _, n := range tools.Brush(g, i, 3) {
				sum += score(n)
			}
			if sum > bestScore {
				best, bestScore = i, sum
			}
		}
		cam := mapCamera(g)
		want := project.NewCamera(g.Topology())
		x, z := g.Topology().CellCenter(best)
		want.X, want.Z, want.Zoom = float64(x), float64(z), 0.45
		want.Clamp()
		if best < 0 || cam.X != want.X || cam.Z != want.Z {
			t.Errorf("%s: the camera looks at (%v, %v), the brush sums at cell %d (%v, %v)", name, cam.X, cam.Z, best, want.X, want.Z)
		}
	}
}
