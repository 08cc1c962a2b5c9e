package testutil

import (
	"math/rand/v2"

	"hexsandbox/hexmap"
)

// NoiseGrid is a w×h map of random cells (terrain, elevation, water and
// levels, drawn from seed), which no compression squeezes much: some 14
// bits a cell. Tests of size limits (share links) use it.
func NoiseGrid(w, h int, seed uint64) (*hexmap.Grid, error) {
	g, err := hexmap.NewGrid(w, h, int64(seed))
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	for i := range g.Topology().CellCount() {
		g.SetTerrainType(i, uint8(rng.IntN(5)))
		g.SetElevation(i, rng.IntN(7))
		g.SetWaterLevel(i, rng.IntN(7))
		g.SetUrbanLevel(i, rng.IntN(4))
		g.SetFarmLevel(i, rng.IntN(4))
		g.SetPlantLevel(i, rng.IntN(4))
	}
	return g, nil
}
