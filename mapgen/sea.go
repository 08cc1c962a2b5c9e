package mapgen

// The inland sea (world type InlandSea, not Catlike's): after erosion,
// overlapping chunks around the middle of the map sink below the water
// level, and every other water cell next to them rises to it, so that
// the sea is one body of water with a shore all round.

// seaChunks is how many chunks make the sea: enough overlapping disks
// for a shore that is not a hexagon.
const seaChunks = 7

// seaMargin is the rows (and on a flat map columns) at the map's edges
// the sea never reaches, so that land always lies between.
const seaMargin = 3

// createInlandSea sinks the inland sea's share of the cells.
func (gen *generation) createInlandSea() {
	w, h := gen.top.Width, gen.top.Height
	budget := gen.cells * gen.inlandSea / 100
	size := budget * 3 / (2 * seaChunks) // overlapping chunks: more than budget/seaChunks each
	sea := make([]bool, gen.cells)
	for range seaChunks {
		x := gen.rangeInt(w/2-w/8, w/2+w/8+1)
		z := gen.rangeInt(h/2-h/8, h/2+h/8+1)
		gen.sinkSeaChunk(clamp(x, 0, w-1)+clamp(z, 0, h-1)*w, size, sea)
	}
	for i, in := range sea {
		if !in {
			continue
		}
		depth := 1
		if gen.allNeighbors(i, sea) {
			depth = 2
		}
		gen.elevation[i] = min(gen.elevation[i], gen.WaterLevel-depth)
		for _, n := range gen.neighbors(i) {
			if n >= 0 && !sea[n] && gen.isUnderwater(int(n)) {
				gen.elevation[n] = gen.WaterLevel
			}
		}
	}
}

// sinkSeaChunk marks a chunk of up to size cells around cell first as
// sea, as raiseTerrain grows a chunk, keeping off the map's margin.
func (gen *generation) sinkSeaChunk(first, size int, sea []bool) {
	gen.phaseNow++
	gen.phase[first] = gen.phaseNow
	gen.center = gen.coords[first]
	gen.enqueue(first, 0)
	for grown := 0; grown < size && len(gen.frontier) > 0; {
		cur := gen.dequeue()
		if gen.inSeaMargin(cur) {
			continue
		}
		sea[cur] = true
		grown++
		gen.enqueueNeighbors(cur)
	}
	gen.frontier = gen.frontier[:0]
}

// inSeaMargin reports whether cell i lies in the edge margin the sea
// keeps off, one row further for the shore it raises around itself.
func (gen *generation) inSeaMargin(i int) bool {
	x, z := gen.top.Offset(i)
	m := seaMargin
	if z < m || z >= gen.top.Height-m {
		return true
	}
	return !gen.top.Wrapping && (x < m || x >= gen.top.Width-m)
}

// allNeighbors reports whether every neighbour of cell i is marked.
func (gen *generation) allNeighbors(i int, marked []bool) bool {
	for _, n := range gen.neighbors(i) {
		if n >= 0 && !marked[n] {
			return false
		}
	}
	return true
}
