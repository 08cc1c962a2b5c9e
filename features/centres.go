package features

import "hexsandbox/hexmap"

// The cells whose centres one chunk's features and walls read: the
// chunk's own and the ring of neighbours around it.
const (
	centreSpanX = hexmap.ChunkSizeX + 2
	centreSpanZ = hexmap.ChunkSizeZ + 2
)

// centreCache remembers Grid.CellPosition for the cells around one chunk.
// Each centre samples the noise, and walls ask for a neighbour's centre
// at every edge and corner they build, so without it a cell's centre is
// worked out up to seven times.
type centreCache struct {
	g      *hexmap.Grid
	x0, z0 int // offset coordinates of the first cached cell
	pos    [centreSpanX * centreSpanZ]xyz
	have   [centreSpanX * centreSpanZ]bool
}

func newCentreCache(g *hexmap.Grid, ch int) centreCache {
	cx := g.ChunkCountX()
	return centreCache{
		g:  g,
		x0: ch%cx*hexmap.ChunkSizeX - 1,
		z0: ch/cx*hexmap.ChunkSizeZ - 1,
	}
}

// at is g.CellPosition(i), from the cache when i is near the chunk.
func (c *centreCache) at(i int) xyz {
	w := c.g.Width()
	x, z := i%w-c.x0, i/w-c.z0
	if x < 0 || x >= centreSpanX || z < 0 || z >= centreSpanZ {
		return xyzOf(c.g.CellPosition(i))
	}
	k := x + z*centreSpanX
	if !c.have[k] {
		c.pos[k], c.have[k] = xyzOf(c.g.CellPosition(i)), true
	}
	return c.pos[k]
}
