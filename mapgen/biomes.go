package mapgen

import (
	"hexsandbox/hexmap"

	"github.com/ungerik/go3d/vec3"
)

// Temperature and biomes (Catlike part 26): a cell's temperature follows
// its latitude, falls with height and wavers with noise; with its
// moisture it picks a biome from a 4×4 table, which a few rules adjust.

// The upper bounds of the temperature and moisture bands of the table.
var (
	temperatureBands = [...]float32{0.1, 0.3, 0.6}
	moistureBands    = [...]float32{0.12, 0.28, 0.85}
)

// biome is a table entry: a terrain type and a plant level.
type biome struct {
	terrain uint8
	plant   int
}

// biomes is Catlike's table, temperature bands from cold to hot, each
// row moisture bands from dry to wet: deserts in the driest column, snow
// in the coldest row, mud (tundra) in the next, grass in the warm rows;
// more plants where it is warmer and wetter.
var biomes = [16]biome{
	{hexmap.Sand, 0}, {hexmap.Snow, 0}, {hexmap.Snow, 0}, {hexmap.Snow, 0},
	{hexmap.Sand, 0}, {hexmap.Mud, 0}, {hexmap.Mud, 1}, {hexmap.Mud, 2},
	{hexmap.Sand, 0}, {hexmap.Grass, 0}, {hexmap.Grass, 1}, {hexmap.Grass, 2},
	{hexmap.Sand, 0}, {hexmap.Grass, 1}, {hexmap.Grass, 2}, {hexmap.Grass, 3},
}

// temperatureJitterScale scales a cell's position for the noise that
// jitters its temperature, so that the jitter changes slowly across
// cells.
const temperatureJitterScale = 0.1

// setTerrainType sets every cell's terrain type, and the plant level of
// dry cells (SetTerrainType).
func (gen *generation) setTerrainType() {
	channel := gen.rangeInt(0, 4) // a different noise channel per map
	rockDesert := gen.ElevationMaximum - (gen.ElevationMaximum-gen.WaterLevel)/2
	gen.rep.Temperature = make([]float32, gen.cells)
	for i := range gen.cells {
		t := gen.temperature(i, channel)
		gen.rep.Temperature[i] = t
		c := gen.g.Cell(i)
		if c.IsUnderwater() {
			gen.g.SetTerrainType(i, gen.underwaterTerrain(i, c, t))
			continue
		}
		b := biomes[band(t, temperatureBands)*4+band(gen.rep.Moisture[i], moistureBands)]
		switch {
		case b.terrain == hexmap.Sand:
			if int(c.Elevation) >= rockDesert {
				b.terrain = hexmap.Stone // sand low down, rock higher up
			}
		case int(c.Elevation) == gen.ElevationMaximum:
			b.terrain = hexmap.Snow // snowcaps on the highest peaks
		}
		if b.terrain == hexmap.Snow {
			b.plant = 0
		} else if b.plant < hexmap.MaxLevel && c.HasRiver() {
			b.plant++
		}
		gen.g.SetTerrainType(i, b.terrain)
		gen.g.SetPlantLevel(i, b.plant)
	}
}

// band returns the index of the first band whose bound v is below, or
// len(bands) when it is below none.
func band(v float32, bands [3]float32) int {
	for k, b := range bands {
		if v < b {
			return k
		}
	}
	return len(bands)
}

// underwaterTerrain: one step below the water level, a beach of sand
// where land meets the water in slopes, rock under cliffs and grass in
// inlets (more than half the neighbours dry) and open shallows; grass in
// lakes above the water level, rock in the deeps below 0, mud elsewhere;
// and no grass in the coldest band.
func (gen *generation) underwaterTerrain(i int, c hexmap.Cell, t float32) uint8 {
	var terrain uint8
	switch e := int(c.Elevation); {
	case e == gen.WaterLevel-1:
		cliffs, slopes := 0, 0
		for _, n := range gen.neighbors(i) {
			if n < 0 {
				continue
			}
			switch delta := gen.g.Cell(int(n)).Elevation - c.WaterLevel; {
			case delta == 0:
				slopes++
			case delta > 0:
				cliffs++
			}
		}
		switch {
		case cliffs+slopes > 3:
			terrain = hexmap.Grass
		case cliffs > 0:
			terrain = hexmap.Stone
		case slopes > 0:
			terrain = hexmap.Sand
		default:
			terrain = hexmap.Grass
		}
	case e >= gen.WaterLevel:
		terrain = hexmap.Grass
	case e < 0:
		terrain = hexmap.Stone
	default:
		terrain = hexmap.Mud
	}
	if terrain == hexmap.Grass && t < temperatureBands[0] {
		terrain = hexmap.Mud
	}
	return terrain
}

// temperature is cell i's temperature (DetermineTemperature): by
// latitude between the low and high temperature, lowered by height above
// the water level, plus noise jitter. Catlike leaves it unbounded; it is
// kept in 0..1 here, which changes no biome (every band bound lies
// inside).
func (gen *generation) temperature(i, channel int) float32 {
	_, z := gen.top.Offset(i)
	latitude := float32(z) / float32(gen.top.Height)
	switch gen.Hemisphere {
	case Both:
		latitude *= 2
		if latitude > 1 {
			latitude = 2 - latitude
		}
	case North:
		latitude = 1 - latitude
	}
	t := gen.LowTemperature + float32((gen.HighTemperature-gen.LowTemperature)*latitude)
	view := gen.g.Cell(i).ViewElevation()
	t = float32(t * (1 - float32(view-gen.WaterLevel)/(float32(gen.ElevationMaximum-gen.WaterLevel)+1)))
	x, zw := gen.top.CellCenter(i)
	jitter := gen.g.Noise().Sample(vec3.T{x * temperatureJitterScale, 0, zw * temperatureJitterScale})[channel]
	centred := float32(jitter*2) - 1
	t += float32(centred * gen.TemperatureJitter)
	return min(max(t, 0), 1)
}
