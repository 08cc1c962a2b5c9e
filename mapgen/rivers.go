package mapgen

import (
	"fmt"
	"math"

	"hexsandbox/hexmap"
)

// Rivers (Catlike part 26): rivers start in high, wet cells, flow
// downhill (or level) preferring steep and straight courses, join the
// start of an older river they meet, and end in water; a river that gets
// stuck in a hollow fills it as a lake, and with the extra lake
// probability a river widens into a lake where its cell is a hollow.
// Rivers and lakes go through the grid's edit methods, which hold the
// river rules.

// createRivers picks origins, weighted by moisture × height above the
// water, and lays rivers from them until the river budget is spent.
func (gen *generation) createRivers() {
	origins := gen.riverOrigins()
	budget := int(math.RoundToEven(float64(gen.rep.LandCells*gen.RiverPercentage) / 100))
	gen.rep.RiverBudget = budget
	for budget > 0 && len(origins) > 0 {
		k := gen.rangeInt(0, len(origins))
		origin := origins[k]
		origins[k] = origins[len(origins)-1]
		origins = origins[:len(origins)-1]
		if gen.g.Cell(origin).HasRiver() || !gen.isValidOrigin(origin) {
			continue
		}
		length := gen.createRiver(origin)
		if gen.err != nil {
			return
		}
		if length > 0 {
			budget -= length
			gen.rep.RiverCells += length
			gen.rep.Rivers++
		}
	}
}

// riverOrigins lists the dry cells with weight above 0.25 once, above
// 0.5 twice and above 0.75 four times, where the weight is the cell's
// moisture times its height above the water level relative to the
// highest possible.
func (gen *generation) riverOrigins() []int {
	var origins []int
	span := float32(gen.ElevationMaximum - gen.WaterLevel)
	for i := range gen.cells {
		c := gen.g.Cell(i)
		if c.IsUnderwater() {
			continue
		}
		weight := float32(gen.rep.Moisture[i]*float32(int(c.Elevation)-gen.WaterLevel)) / span
		copies := 0
		switch {
		case weight > 0.75:
			copies = 4
		case weight > 0.5:
			copies = 2
		case weight > 0.25:
			copies = 1
		}
		for range copies {
			origins = append(origins, i)
		}
	}
	return origins
}

// isValidOrigin keeps rivers apart and off the shore: no neighbour may
// hold a river or water.
func (gen *generation) isValidOrigin(i int) bool {
	for _, n := range gen.neighbors(i) {
		if n < 0 {
			continue
		}
		if c := gen.g.Cell(int(n)); c.HasRiver() || c.IsUnderwater() {
			return false
		}
	}
	return true
}

// createRiver lays one river from origin and returns its length in
// cells, 0 when it cannot leave the origin.
func (gen *generation) createRiver(origin int) int {
	length := 1
	cell := origin
	direction := hexmap.NE
	var flow []hexmap.Direction
	for !gen.g.Cell(cell).IsUnderwater() {
		flow = flow[:0]
		c := gen.g.Cell(cell)
		minNeighbor := math.MaxInt
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			n := int(gen.nb[cell*6+int(d)])
			if n < 0 {
				continue
			}
			nc := gen.g.Cell(n)
			minNeighbor = min(minNeighbor, int(nc.Elevation))
			if n == origin || nc.HasIncomingRiver() {
				continue
			}
			delta := int(nc.Elevation) - int(c.Elevation)
			if delta > 0 {
				continue // never uphill
			}
			if nc.HasOutgoingRiver() {
				// The start of an older river: join it.
				gen.setRiver(cell, d)
				return length
			}
			if delta < 0 { // downhill is three times as likely
				flow = append(flow, d, d, d)
			}
			if length == 1 || (d != direction.Next2() && d != direction.Previous2()) {
				flow = append(flow, d) // and no sharp turn twice as likely
			}
			flow = append(flow, d)
		}
		if len(flow) == 0 {
			if length == 1 {
				return 0
			}
			if minNeighbor >= int(c.Elevation) {
				// Stuck in a hollow: fill it up to its rim as a lake.
				gen.g.SetWaterLevel(cell, minNeighbor)
				if minNeighbor == int(c.Elevation) {
					gen.g.SetElevation(cell, minNeighbor-1)
				}
			}
			break
		}
		direction = flow[gen.rangeInt(0, len(flow))]
		if gen.setRiver(cell, direction); gen.err != nil {
			return 0
		}
		length++
		if minNeighbor >= int(c.Elevation) && gen.value() < gen.ExtraLakeProbability {
			// An extra lake: the river flows into this cell's water and
			// out over its rim.
			gen.g.SetWaterLevel(cell, int(c.Elevation))
			gen.g.SetElevation(cell, int(c.Elevation)-1)
		}
		cell = int(gen.nb[cell*6+int(direction)])
	}
	return length
}

// setRiver is Catlike's SetOutgoingRiver. The generator only asks for
// rivers the rules allow, so a refusal is a bug: it is kept as the
// generation's error.
func (gen *generation) setRiver(cell int, d hexmap.Direction) {
	if err := gen.g.SetOutgoingRiver(cell, d); err != nil && gen.err == nil {
		gen.err = fmt.Errorf("mapgen: river from %v towards %v refused: %w", gen.coords[cell], d, err)
	}
}
