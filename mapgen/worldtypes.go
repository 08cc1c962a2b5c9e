package mapgen

import (
	"fmt"
	"math"
	"strings"

	"hexsandbox/hexmap"
)

// WorldType is a kind of generated world: a preset of the generator's
// settings, given for an 80×60 map and scaled to the map's size (see
// Settings.ScaledTo), so that a large world has a few large land masses
// rather than many small ones.
type WorldType uint8

// The world types; Continents is the default.
const (
	Continents  WorldType = iota // a few large land masses, 2 to 6
	Pangaea                      // one land mass holding nearly all the land
	Archipelago                  // many mid-sized islands, none dominant
	InlandSea                    // land around one large sea in the middle
	worldTypeCount
)

var worldTypeNames = [worldTypeCount]string{"continents", "pangaea", "archipelago", "inland-sea"}

func (w WorldType) String() string {
	if w < worldTypeCount {
		return worldTypeNames[w]
	}
	return fmt.Sprintf("WorldType(%d)", uint8(w))
}

// WorldTypes lists the world types in order, Continents first.
func WorldTypes() []WorldType {
	out := make([]WorldType, worldTypeCount)
	for k := range out {
		out[k] = WorldType(k)
	}
	return out
}

// WorldTypeNames is the names of the world types, as ParseWorldType reads
// them, joined with "|".
func WorldTypeNames() string { return strings.Join(worldTypeNames[:], "|") }

// ParseWorldType reads a world type's name, in any case.
func ParseWorldType(name string) (WorldType, error) {
	for k, n := range worldTypeNames {
		if strings.EqualFold(strings.TrimSpace(name), n) {
			return WorldType(k), nil
		}
	}
	return 0, fmt.Errorf("world type %q is not one of %s", name, strings.ReplaceAll(WorldTypeNames(), "|", ", "))
}

// Generator returns the generator of the world type: its preset settings
// (for an 80×60 map, in Catlike's ranges, which a caller may change
// further) with scaling to the map's size on.
func (w WorldType) Generator() HexMapGenerator {
	s := DefaultSettings()
	h := HexMapGenerator{Scaled: true}
	switch w {
	case Pangaea:
		// Large chunks, each but the first starting on the coast, grow
		// one mass; what still grows apart is dropped and raised again.
		s.LandPercentage = 38
		s.ChunkSizeMin, s.ChunkSizeMax = 60, 160
		s.SinkProbability = 0.1
		s.JitterProbability = 0.5 // the shallow seas show each chunk's outline
		s.MapBorderX, s.MapBorderZ = 8, 8
		// Shallow seas, so that a chunk over water makes land at once
		// instead of piling the land behind the coast into a plateau.
		s.WaterLevel = 1
		h.Gather = true
		s.ErosionPercentage = 40
	case Archipelago:
		// Small chunks over the whole map, many sinking, and little land.
		s.LandPercentage = 22
		s.ChunkSizeMin, s.ChunkSizeMax = 20, 30
		s.SinkProbability = 0.35
		s.MapBorderX, s.MapBorderZ = 4, 4
		s.ErosionPercentage = 60
	case InlandSea:
		// Land nearly everywhere, and a sea sunk into the middle.
		s.LandPercentage = 85
		s.WaterLevel = 1 // as Pangaea's: land that needs one rise, not three, piles up less
		s.MapBorderX, s.MapBorderZ = 0, 0
		s.ChunkSizeMin, s.ChunkSizeMax = 40, 120
		h.InlandSea = 18
	default: // Continents
		s.LandPercentage = 42
		s.RegionCount = 3
		s.RegionBorder = 6
		s.ChunkSizeMin, s.ChunkSizeMax = 40, 120
	}
	h.Settings = s
	return h
}

// referenceCells is the size, in cells, of the map the presets are
// given for: 80×60, the generator's usual size.
const referenceCells = 80 * 60

// ScaledTo returns the settings scaled from an 80×60 map to topology t:
// chunk sizes with the map's area and the borders with its side, so that
// the same number of chunks of the same shape build a larger or smaller
// world. On a larger map the precipitation falls with the side too, so
// that clouds carry rain as far into the larger land (scaledCycles gives
// them the time to). Everything else is a share and stays. The result
// may lie outside Catlike's ranges (chunks of thousands of cells).
func (s Settings) ScaledTo(t hexmap.Topology) Settings {
	area := float64(t.CellCount()) / referenceCells
	side := math.Sqrt(area)
	s.PrecipitationFactor /= float32(max(1, side))
	chunk := func(v int) int { return max(5, int(math.Round(float64(v)*area))) }
	border := func(v int) int { return int(math.Round(float64(v) * side)) }
	s.ChunkSizeMin, s.ChunkSizeMax = chunk(s.ChunkSizeMin), chunk(s.ChunkSizeMax)
	s.MapBorderX, s.MapBorderZ = border(s.MapBorderX), border(s.MapBorderZ)
	s.RegionBorder = border(s.RegionBorder)
	return s
}

// scaledCycles is the water cycles of a scaled map: Catlike's 40 on an
// 80×60 map or smaller, more with the side of a larger one, as clouds
// move one cell a cycle.
func scaledCycles(t hexmap.Topology) int {
	side := math.Sqrt(float64(t.CellCount()) / referenceCells)
	return int(math.Round(climateCycles * max(1, side)))
}

// scaledJitter is what the jitter adds to a chunk cell's search priority
// on a scaled map: Catlike's 1 on an 80×60 map or smaller, the side's
// scale on a larger one, so that a large chunk's edge is as rough for
// its size and not a hexagon.
func scaledJitter(t hexmap.Topology) int {
	return max(1, int(math.Round(math.Sqrt(float64(t.CellCount())/referenceCells))))
}
