package mapgen

import "hexsandbox/hexmap"

// The showcase's seeded life: towns and villages with their farms and
// roads, forests, specials, and the terrain types that follow the land.

// spreadTowns founds walled towns and villages outside the vignette on
// low, fairly level land, links each by road to the nearest settlement
// founded before it, and lays farms around them.
func (s *showcase) spreadTowns() error {
	n := s.g.Topology().CellCount()
	var towns, villages []int
	wantTowns, wantVillages := 1+n/1000, n/250
	for try := 0; try < 40*(wantTowns+wantVillages); try++ {
		walled := len(towns) < wantTowns
		if !walled && len(villages) >= wantVillages {
			break
		}
		i := s.rng.IntN(n)
		if !s.canHoldTown(i, append(towns, villages...), walled) {
			continue
		}
		if walled {
			s.buildTown(i, true)
			towns = append(towns, i)
		} else {
			s.buildVillage(i)
			villages = append(villages, i)
		}
	}
	all := append(towns, villages...)
	for k, t := range all {
		if err := s.linkTown(t, all[:k]); err != nil {
			return err
		}
	}
	for _, t := range towns {
		s.sowFarms(t, 2, 4, 3)
	}
	for _, v := range villages {
		s.sowFarms(v, 1, 2, 1+s.rng.IntN(3))
	}
	return nil
}

// canHoldTown wants a dry cell without river below the heights whose
// neighbours are dry and within one step of it, away from the vignette
// and other settlements. Walled towns need their whole ring.
func (s *showcase) canHoldTown(i int, others []int, walled bool) bool {
	c := s.cell(i)
	if s.nearVignette(i, 2) || c.IsUnderwater() || c.HasRiver() || c.Elevation > 4 {
		return false
	}
	for _, t := range others {
		if s.distance(i, t) < 6 {
			return false
		}
	}
	area := s.disk(i, 1)
	if len(area) != 7 {
		return false
	}
	for _, j := range area {
		n := s.cell(j)
		if n.IsUnderwater() || n.IsSpecial() || abs(int(n.Elevation)-int(c.Elevation)) > 1 ||
			walled && n.HasRiver() {
			return false
		}
	}
	return true
}

// buildVillage makes a small unwalled village: a denser centre and a few
// houses next to it.
func (s *showcase) buildVillage(i int) {
	s.g.SetUrbanLevel(i, 1+s.rng.IntN(2))
	for _, j := range s.disk(i, 1)[1:] {
		if c := s.cell(j); !c.HasRiver() && s.rng.IntN(3) == 0 {
			s.g.SetUrbanLevel(j, 1)
		}
	}
}

// linkTown builds a road from town i to the nearest earlier settlement
// that a short road can reach.
func (s *showcase) linkTown(i int, towns []int) error {
	nearest := -1
	for _, t := range towns {
		if nearest < 0 || s.distance(i, t) < s.distance(i, nearest) {
			nearest = t
		}
	}
	if nearest < 0 {
		return nil
	}
	if path := s.roadPath(i, nearest, 40); path != nil {
		return s.addRoad(path)
	}
	return nil
}

// roadPath finds the shortest road from a to b of at most limit steps,
// or nil. It only takes edges the edit rules allow.
func (s *showcase) roadPath(a, b, limit int) []int {
	from := map[int]int{a: a}
	frontier := []int{a}
	for step := 0; step < limit && len(frontier) > 0; step++ {
		var next []int
		for _, c := range frontier {
			for d := hexmap.NE; d <= hexmap.NW; d++ {
				n, ok := s.g.Topology().Neighbor(c, d)
				if !ok || !s.roadMayCross(c, d, n) {
					continue
				}
				if _, done := from[n]; done {
					continue
				}
				from[n] = c
				if n == b {
					return unwind(from, a, b)
				}
				next = append(next, n)
			}
		}
		frontier = next
	}
	return nil
}

func (s *showcase) roadMayCross(c int, d hexmap.Direction, n int) bool {
	cc, nc := s.cell(c), s.cell(n)
	return !nc.IsUnderwater() && !cc.HasRiverThroughEdge(d) && !cc.IsSpecial() && !nc.IsSpecial() &&
		abs(int(cc.Elevation)-int(nc.Elevation)) <= 1 && !s.nearVignette(n, 0)
}

func unwind(from map[int]int, a, b int) []int {
	path := []int{b}
	for c := b; c != a; {
		c = from[c]
		path = append(path, c)
	}
	return path
}

// growForests plants the vignette's designed forests, and seeded woods
// in patches elsewhere: thick on the hills, thin on the lowland and on
// the mountains.
func (s *showcase) growForests() error {
	for _, f := range vignetteForests() {
		centre := s.at(f)
		for _, j := range s.disk(centre, 2) {
			if s.cell(j).Elevation >= 3 {
				s.plant(j, 3-s.distance(centre, j))
			}
		}
	}
	woods := newValueNoise(s.rng, s.g.Topology().Width, s.g.Topology().Height, 3)
	for i := range s.g.Cells() {
		if s.nearVignette(i, 0) {
			continue
		}
		v := woods.at(i%s.g.Topology().Width, i/s.g.Topology().Width)
		level := int((v - 0.3) * 10)
		switch e := s.cell(i).Elevation; {
		case e >= 2 && e <= 4:
			level++
		case e >= peakElevation:
			level = 0
		}
		s.plant(i, level)
	}
	return nil
}

// plant sets a plant level on open dry land; settled, farmed and special
// cells keep their features.
func (s *showcase) plant(i, level int) {
	c := s.cell(i)
	if level < 1 || c.IsUnderwater() || c.UrbanLevel > 0 || c.FarmLevel > 0 || c.IsSpecial() {
		return
	}
	s.g.SetPlantLevel(i, min(level, hexmap.MaxLevel))
}

// placeSpecials scatters a few more specials on empty dry land outside
// the vignette.
func (s *showcase) placeSpecials() error {
	want := max(s.g.Topology().CellCount()/600, 1)
	for try, k := 0, 0; try < want*20 && k < want; try++ {
		i := s.rng.IntN(s.g.Topology().CellCount())
		c := s.cell(i)
		if s.nearVignette(i, 0) || c.IsUnderwater() || c.HasRiver() || c.HasRoads() || c.UrbanLevel > 0 || c.Walled {
			continue
		}
		s.g.SetSpecialIndex(i, 1+k%3)
		k++
	}
	return nil
}

// paintTerrain chooses each cell's terrain type from its surroundings:
// sand on sea floors and beaches, mud in lakes and on wet lowland, snow on
// peaks, stone on heights, grass elsewhere.
func (s *showcase) paintTerrain() error {
	for i := range s.g.Cells() {
		s.g.SetTerrainType(i, s.terrainFor(i))
	}
	return nil
}

func (s *showcase) terrainFor(i int) uint8 {
	c := s.cell(i)
	switch {
	case c.IsUnderwater() && c.WaterLevel > seaLevel:
		return hexmap.Mud
	case c.IsUnderwater():
		return hexmap.Sand
	case c.Elevation >= peakElevation:
		return hexmap.Snow
	case c.Elevation >= 5, c.Elevation == 4 && s.rng.IntN(3) == 0:
		return hexmap.Stone
	case c.Elevation <= 2 && s.touches(i, isSea):
		return hexmap.Sand
	case s.touches(i, isLake), c.Elevation <= 2 && c.HasRiver():
		return hexmap.Mud
	}
	return hexmap.Grass
}

func isSea(c hexmap.Cell) bool  { return c.IsUnderwater() && c.WaterLevel <= seaLevel }
func isLake(c hexmap.Cell) bool { return c.IsUnderwater() && c.WaterLevel > seaLevel }

// touches reports whether any neighbour of cell i satisfies f.
func (s *showcase) touches(i int, f func(hexmap.Cell) bool) bool {
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if n, ok := s.g.Topology().Neighbor(i, d); ok && f(s.cell(n)) {
			return true
		}
	}
	return false
}
