// Package demo builds maps for the renderer's tests, benchmarks and
// screenshots: a designed map with a sea, a terraced hill with cliffs, a
// river running to the sea, roads, walls and features (made through the
// grid's edit rules), and a synthetic scene of hand-made meshes whose
// depth order is known without any triangulation.
package demo

import (
	"math"

	"hexsandbox/hexmap"
)

// Map returns a w×h map (multiples of 5) with a sea on the west, rising
// land with a terraced hill and a cliff, a river from the hill to the
// sea, lakes, roads, walled towns, farms and forests.
func Map(w, h int, seed int64) (*hexmap.Grid, error) {
	g, err := hexmap.NewGrid(w, h, seed)
	if err != nil {
		return nil, err
	}
	for i := range g.CellCount() {
		shape(g, i, w, h)
	}
	rivers(g, w, h)
	roads(g, w, h)
	settle(g)
	g.DirtyChunks()
	return g, nil
}

func shape(g *hexmap.Grid, i, w, h int) {
	x, z := float64(i%w)/float64(w), float64(i/w)/float64(h)
	n := g.Noise().Sample(g.CellPosition(i))
	// Land rises from the west coast towards a hill in the east centre.
	e := (x-0.22)*9 + float64(n[0]-0.5)*4
	hill := 5 * math.Exp(-((x-0.68)*(x-0.68)+(z-0.5)*(z-0.5))*18)
	e = math.Round(max(e, -1) + hill)
	if x > 0.82 && z < 0.35 { // a plateau whose edge is a cliff
		e = max(e, 6)
	}
	e = min(e, 9)
	g.SetElevation(i, int(e))
	g.SetWaterLevel(i, 1)
	var t uint8
	switch {
	case e <= 1:
		t = hexmap.Sand
	case e >= 8:
		t = hexmap.Snow
	case e >= 6:
		t = hexmap.Stone
	case n[1] > 0.6:
		t = hexmap.Mud
	default:
		t = hexmap.Grass
	}
	g.SetTerrainType(i, t)
}

// rivers runs a river downhill from near the hilltop, always to the
// lowest valid neighbour, until it reaches water or gets stuck.
func rivers(g *hexmap.Grid, w, h int) {
	for _, start := range [][2]float64{{0.62, 0.45}, {0.75, 0.7}} {
		i := int(start[0]*float64(w)) + int(start[1]*float64(h))*w
		for range w {
			c := g.Cell(i)
			if c.IsUnderwater() {
				break
			}
			// Downhill first, then westwards, towards the sea.
			best, bestKey := hexmap.NoDirection, math.Inf(1)
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				n, ok := g.Neighbor(i, d)
				if !ok || g.Cell(n).Elevation > c.Elevation || g.Cell(n).IncomingRiver != hexmap.NoDirection || d == c.IncomingRiver {
					continue
				}
				if key := float64(g.Cell(n).Elevation)*100 + float64(n%w); key < bestKey {
					best, bestKey = d, key
				}
			}
			if best == hexmap.NoDirection || !g.SetOutgoingRiver(i, best) {
				break
			}
			i, _ = g.Neighbor(i, best)
		}
	}
}

// roads lays an east-west road along the middle row and a north-south
// one, wherever the rules allow.
func roads(g *hexmap.Grid, w, h int) {
	mid := h / 2
	for x := w / 4; x < w-1; x++ {
		g.AddRoad(x+mid*w, hexmap.E)
	}
	col := w / 2
	for z := 1; z < h-1; z++ {
		i := col + z*w
		if z%2 == 0 {
			g.AddRoad(i, hexmap.NE)
		} else {
			g.AddRoad(i, hexmap.NW)
		}
	}
}

// settle puts towns, farms and forests on dry land and walls the towns.
func settle(g *hexmap.Grid) {
	for i := range g.CellCount() {
		c := g.Cell(i)
		if c.IsUnderwater() || c.Elevation >= 7 {
			continue
		}
		hs := g.Noise().SampleHash(g.CellPosition(i))
		switch {
		case hs.A < 0.12:
			g.SetUrbanLevel(i, 1+int(hs.B*3))
			g.SetWalled(i, hs.C < 0.6)
		case hs.A < 0.35:
			g.SetFarmLevel(i, 1+int(hs.B*3))
		case hs.A < 0.6:
			g.SetPlantLevel(i, 1+int(hs.B*3))
		case hs.A > 0.985 && !c.HasRiver():
			g.SetSpecialIndex(i, 1+int(hs.B*3))
		}
	}
}
