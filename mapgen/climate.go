package mapgen

// The water cycle (Catlike part 25): water evaporates into clouds, which
// rain down, blow downwind and over lower land more than over mountains;
// moisture runs off to lower cells and seeps to level ones. All cells
// evolve together: each cycle reads the current climate and writes the
// next.
//
// The arithmetic is float32 as in Catlike. Every product that feeds a sum
// is converted to float32 explicitly: Go may otherwise fuse a
// multiply-add into one instruction on some processors (arm64, amd64 v3),
// which rounds differently, and the same seed must give the same map on
// every platform.

// climateCycles is Catlike's fixed number of water cycles.
const climateCycles = 40

type climateData struct {
	clouds, moisture float32
}

// createClimate runs the water cycle and leaves each cell's moisture in
// the report.
func (gen *generation) createClimate() {
	w := gen.newWaterCycle()
	for range gen.cycles {
		for i := range gen.cells {
			w.evolve(i)
		}
		w.climate, w.next = w.next, w.climate
	}
	gen.rep.Moisture = make([]float32, gen.cells)
	for i, c := range w.climate {
		// Catlike caps moisture at 1 when a cell evolves, "so land cells
		// cannot be wetter than underwater cells", but neighbours that
		// evolve after it can still add runoff; the final values are
		// capped too, as the tutorial intends.
		gen.rep.Moisture[i] = min(max(c.moisture, 0), 1)
	}
}

// waterCycle holds the climate of every cell, the current and the next,
// and what stays the same from cycle to cycle: the settings, which cells
// are water, how high clouds may be over each, and where moisture flows.
type waterCycle struct {
	climate, next []climateData
	underwater    []bool
	cloudMaximum  []float32
	nb            []int32
	flow          []moistureFlow // per cell and direction, like nb

	evaporation, precipitation, runoff, seepage float32
	windStrength, dispersal                     float32
	downwind                                    int
}

// moistureFlow says what moisture does towards a neighbour: nothing
// (higher, or off the map), run off (lower) or seep (level), by view
// elevation so that the shore does not drain into the sea.
type moistureFlow uint8

const (
	noFlow moistureFlow = iota
	runoffFlow
	seepageFlow
)

func (gen *generation) newWaterCycle() *waterCycle {
	n := gen.cells
	w := &waterCycle{
		climate: make([]climateData, n), next: make([]climateData, n),
		underwater: make([]bool, n), cloudMaximum: make([]float32, n),
		nb: gen.nb, flow: make([]moistureFlow, 6*n),
		evaporation: gen.EvaporationFactor, precipitation: gen.PrecipitationFactor,
		runoff: gen.RunoffFactor, seepage: gen.SeepageFactor,
		windStrength: gen.WindStrength, dispersal: 1 / (5 + gen.WindStrength),
		downwind: int(gen.WindDirection.Opposite()),
	}
	for i := range n {
		w.climate[i].moisture = gen.StartingMoisture
		w.underwater[i] = gen.isUnderwater(i)
		// Higher air holds less water, which makes rain shadows.
		view := gen.viewElevation(i)
		w.cloudMaximum[i] = 1 - float32(view)/(float32(gen.ElevationMaximum)+1)
		for d, nb := range gen.neighbors(i) {
			if nb < 0 {
				continue
			}
			switch delta := gen.viewElevation(int(nb)) - view; {
			case delta < 0:
				w.flow[i*6+d] = runoffFlow
			case delta == 0:
				w.flow[i*6+d] = seepageFlow
			}
		}
	}
	return w
}

// evolve moves cell i's climate one cycle on (EvolveClimate).
func (w *waterCycle) evolve(i int) {
	c := w.climate[i]
	if w.underwater[i] {
		c.moisture = 1
		c.clouds += w.evaporation
	} else {
		evaporation := float32(c.moisture * w.evaporation)
		c.moisture -= evaporation
		c.clouds += evaporation
	}
	precipitation := float32(c.clouds * w.precipitation)
	c.clouds -= precipitation
	c.moisture += precipitation
	if top := w.cloudMaximum[i]; c.clouds > top {
		c.moisture += c.clouds - top
		c.clouds = top
	}

	dispersal := float32(c.clouds * w.dispersal)
	runoff := float32(float32(c.moisture*w.runoff) * (1.0 / 6))
	seepage := float32(float32(c.moisture*w.seepage) * (1.0 / 6))
	nb := w.nb[i*6 : i*6+6]
	flow := w.flow[i*6 : i*6+6]
	for d, n := range nb {
		if n < 0 {
			continue
		}
		nc := &w.next[n]
		if d == w.downwind {
			nc.clouds += float32(dispersal * w.windStrength)
		} else {
			nc.clouds += dispersal
		}
		switch flow[d] {
		case runoffFlow:
			c.moisture -= runoff
			nc.moisture += runoff
		case seepageFlow:
			c.moisture -= seepage
			nc.moisture += seepage
		}
	}
	next := &w.next[i]
	next.moisture = min(next.moisture+c.moisture, 1)
	w.climate[i] = climateData{}
}
