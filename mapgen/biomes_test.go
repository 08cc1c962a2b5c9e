package mapgen

import (
	"strconv"
	"strings"
	"testing"

	"hexsandbox/hexmap"
)

// catlikeBiomes is the biome matrix of Catlike's part 26, as the
// tutorial describes it: rows are temperature bands (below 0.1, 0.3,
// 0.6, and above), columns moisture bands (below 0.12, 0.28, 0.85, and
// above); each entry is terrain/plant level.
var catlikeBiomes = [4]string{
	"sand/0 snow/0  snow/0  snow/0",
	"sand/0 mud/0   mud/1   mud/2",
	"sand/0 grass/0 grass/1 grass/2",
	"sand/0 grass/1 grass/2 grass/3",
}

var terrainNames = map[string]uint8{"sand": 0, "grass": 1, "mud": 2, "stone": 3, "snow": 4}

func tableBiome(t *testing.T, temperature, moisture float32) (uint8, int) {
	t.Helper()
	row := 0
	for _, b := range []float32{0.1, 0.3, 0.6} {
		if temperature >= b {
			row++
		}
	}
	col := 0
	for _, b := range []float32{0.12, 0.28, 0.85} {
		if moisture >= b {
			col++
		}
	}
	entry := strings.Fields(catlikeBiomes[row])[col]
	name, level, _ := strings.Cut(entry, "/")
	plant, err := strconv.Atoi(level)
	if err != nil {
		t.Fatal(err)
	}
	return terrainNames[name], plant
}

// expectedCell applies the table and the tutorial's rules to cell i of a
// map generated with water level w and elevation maximum top.
func expectedCell(t *testing.T, g *hexmap.Grid, rep Report, i, w, top int) (terrain uint8, plant int) {
	c := g.Cell(i)
	temp, moist := rep.Temperature[i], rep.Moisture[i]
	if !c.IsUnderwater() {
		terrain, plant = tableBiome(t, temp, moist)
		// Deserts turn to rock closer to the top than to the water.
		if terrain == terrainNames["sand"] && int(c.Elevation) >= top-(top-w)/2 {
			terrain = terrainNames["stone"]
		} else if terrain != terrainNames["sand"] && int(c.Elevation) == top {
			terrain = terrainNames["snow"] // snowcaps
		}
		if terrain == terrainNames["snow"] {
			plant = 0
		} else if c.HasRiver() && plant < 3 {
			plant++
		}
		return terrain, plant
	}
	switch e := int(c.Elevation); {
	case e == w-1: // shallows: inlets, cliffs, beaches
		cliffs, slopes := 0, 0
		g.Topology().Neighbors(i, func(_ hexmap.Direction, n int) {
			switch d := int(g.Cell(n).Elevation) - int(c.WaterLevel); {
			case d == 0:
				slopes++
			case d > 0:
				cliffs++
			}
		})
		switch {
		case cliffs+slopes > 3:
			terrain = terrainNames["grass"]
		case cliffs > 0:
			terrain = terrainNames["stone"]
		case slopes > 0:
			terrain = terrainNames["sand"]
		default:
			terrain = terrainNames["grass"]
		}
	case e >= w:
		terrain = terrainNames["grass"] // lakes above the water level
	case e < 0:
		terrain = terrainNames["stone"]
	default:
		terrain = terrainNames["mud"]
	}
	if terrain == terrainNames["grass"] && temp < 0.1 {
		terrain = terrainNames["mud"]
	}
	return terrain, 0
}

// TestBiomeTable applies the table cell by cell and compares.
func TestBiomeTable(t *testing.T) {
	type variant struct {
		name  string
		tweak func(*Settings)
		w     int
		top   int
	}
	for _, v := range []variant{
		{"defaults", nil, 3, 8},
		{"low water, low peaks", func(s *Settings) { s.WaterLevel, s.ElevationMaximum = 1, 6 }, 1, 6},
		{"north, jittery, wet", func(s *Settings) {
			s.Hemisphere, s.TemperatureJitter, s.StartingMoisture = North, 0.5, 0.6
		}, 3, 8},
		{"hot and dry", func(s *Settings) {
			s.LowTemperature, s.EvaporationFactor, s.WaterLevel, s.ElevationMaximum = 0.7, 0.9, 5, 10
		}, 5, 10},
	} {
		for _, top := range []hexmap.Topology{flat80, wrap80} {
			for _, seed := range testSeeds {
				g, rep := generate(t, top, seed, v.tweak)
				seen := map[[2]int]bool{}
				bad := 0
				for i := range g.Topology().CellCount() {
					terrain, plant := expectedCell(t, g, rep, i, v.w, v.top)
					c := g.Cell(i)
					seen[[2]int{int(c.TerrainType), int(c.PlantLevel)}] = true
					if c.TerrainType != terrain || int(c.PlantLevel) != plant {
						if bad++; bad <= 3 {
							t.Errorf("%s, seed %d, wrap %v: cell %v (elevation %d, water %d, river %v, t %.3f, m %.3f) is terrain %d plant %d, want %d and %d",
								v.name, seed, top.Wrapping, g.Topology().Coordinates(i), c.Elevation, c.WaterLevel, c.HasRiver(),
								rep.Temperature[i], rep.Moisture[i], c.TerrainType, c.PlantLevel, terrain, plant)
						}
					}
				}
				if v.tweak == nil && len(seen) < 8 {
					t.Errorf("seed %d: only %d terrain and plant combinations", seed, len(seen))
				}
			}
		}
	}
}
