//go:build xvfb

package editor

import (
	"strings"
	"testing"

	"hexsandbox/hexmap"
)

// The status line for the cell under the cursor tells what it holds: on
// a cell given elevation 3 and water level 1 it says "dry" and names no
// water; with its levels, a castle, walls and a town it names each;
// given a river flowing out of it, a road and a red archer it names them;
// raised water to 5 it says how deep it is under water.
func TestEditorStatusLineTellsCell(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var cell int
		says := func(want []string, not []string) step {
			return do(func(g *game) {
				left, _ := g.statusText()
				for _, w := range want {
					if !strings.Contains(left, w) {
						t.Errorf("the status line %q does not say %q", left, w)
					}
				}
				for _, w := range not {
					if strings.Contains(left, w) {
						t.Errorf("the status line %q says %q", left, w)
					}
				}
			})
		}
		return []step{
			wait(2),
			do(func(g *game) {
				cell = centreCell(t, g)
				grid := g.sess.Grid
				grid.SetTowns(nil)
				grid.SetTerrainType(cell, uint8(hexmap.Stone))
				grid.SetElevation(cell, 3)
				grid.SetWaterLevel(cell, 1)
				grid.SetUrbanLevel(cell, 2)
				grid.SetFarmLevel(cell, 0)
				grid.SetPlantLevel(cell, 1)
				grid.SetWalled(cell, true)
				_ = grid.SetSpecialIndex(cell, 1) // refused on a river
				if err := grid.PlaceTown(hexmap.Town{Location: grid.Topology().Coordinates(cell), Name: "Ashford", Owner: 2}); err != nil {
					t.Fatal(err)
				}
			}),
			do(func(g *game) { in.x, in.y = g.cellScreen(cell) }),
			waitFor(t, "the cursor over the cell", func(g *game) bool { return g.ptr.cur.ok && g.ptr.cur.cell == cell }),
			says([]string{"Stone", "elevation 3", "dry", "urban 2", "plant 1", "walled", "town Ashford"}, []string{"water", "farm"}),
			do(func(g *game) {
				if g.sess.Grid.Cell(cell).IsSpecial() {
					left, _ := g.statusText()
					if !strings.Contains(left, "castle") {
						t.Errorf("the status line %q does not name the castle", left)
					}
				}
				grid := g.sess.Grid
				grid.SetSpecialIndex(cell, 0)
				for _, d := range []hexmap.Direction{hexmap.E, hexmap.W} {
					n := step1(grid, cell, d)
					grid.SetWaterLevel(n, 0)
					grid.SetElevation(n, 3)
					grid.SetSpecialIndex(n, 0)
				}
				if err := grid.SetOutgoingRiver(cell, hexmap.W); err != nil {
					t.Fatal(err)
				}
				if err := grid.AddRoad(cell, hexmap.E); err != nil {
					t.Fatal(err)
				}
				if err := grid.AddUnit(hexmap.Unit{Location: grid.Topology().Coordinates(cell), Side: 2, Type: "archer"}); err != nil {
					t.Fatal(err)
				}
			}),
			wait(1),
			says([]string{"river's source", "road", "Red archer"}, nil),
			do(func(g *game) {
				g.sess.Grid.SetUnits(nil)
				g.sess.Grid.SetWaterLevel(cell, 5)
			}),
			says([]string{"underwater (water level 5)"}, []string{"dry"}),
		}
	})
}
