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
	gen.climate = make([]climateData, gen.cells)
	gen.next = make([]climateData, gen.cells)
	for i := range gen.climate {
		gen.climate[i].moisture = gen.StartingMoisture
	}
	view := make([]int32, gen.cells)
	for i := range view {
		view[i] = int32(gen.viewElevation(i))
	}
	for range climateCycles {
		for i := range gen.cells {
			gen.evolveClimate(i, view)
		}
		gen.climate, gen.next = gen.next, gen.climate
	}
	gen.rep.Moisture = make([]float32, gen.cells)
	for i, c := range gen.climate {
		// Catlike caps moisture at 1 when a cell evolves, "so land cells
		// cannot be wetter than underwater cells", but neighbours that
		// evolve after it can still add runoff; the final values are
		// capped too, as the tutorial intends.
		gen.rep.Moisture[i] = min(max(c.moisture, 0), 1)
	}
}

// evolveClimate moves cell i's climate one cycle on (EvolveClimate).
func (gen *generation) evolveClimate(i int, view []int32) {
	c := gen.climate[i]
	if gen.isUnderwater(i) {
		c.moisture = 1
		c.clouds += gen.EvaporationFactor
	} else {
		evaporation := float32(c.moisture * gen.EvaporationFactor)
		c.moisture -= evaporation
		c.clouds += evaporation
	}
	precipitation := float32(c.clouds * gen.PrecipitationFactor)
	c.clouds -= precipitation
	c.moisture += precipitation

	// Higher air holds less water: the excess rains down (rain shadows).
	cloudMaximum := 1 - float32(view[i])/(float32(gen.ElevationMaximum)+1)
	if c.clouds > cloudMaximum {
		c.moisture += c.clouds - cloudMaximum
		c.clouds = cloudMaximum
	}

	downwind := gen.WindDirection.Opposite()
	dispersal := float32(c.clouds * (1 / (5 + gen.WindStrength)))
	runoff := float32(float32(c.moisture*gen.RunoffFactor) * (1.0 / 6))
	seepage := float32(float32(c.moisture*gen.SeepageFactor) * (1.0 / 6))
	for d, n := range gen.neighbors(i) {
		if n < 0 {
			continue
		}
		nc := &gen.next[n]
		if d == int(downwind) {
			nc.clouds += float32(dispersal * gen.WindStrength)
		} else {
			nc.clouds += dispersal
		}
		switch delta := view[n] - view[i]; {
		case delta < 0:
			c.moisture -= runoff
			nc.moisture += runoff
		case delta == 0:
			c.moisture -= seepage
			nc.moisture += seepage
		}
	}
	next := &gen.next[i]
	next.moisture = min(next.moisture+c.moisture, 1)
	gen.climate[i] = climateData{}
}
