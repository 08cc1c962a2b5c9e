package geom

import "hexsandbox/hexmap"

// A map's chunks are the blocks of hexmap.ChunkSizeX × ChunkSizeZ cells
// the meshes are built and drawn by, numbered row by row from the
// south-west like the cells (a map is a whole number of them).

// ChunkCount is the number of chunks of a map on t.
func ChunkCount(t hexmap.Topology) int {
	return (t.Width / hexmap.ChunkSizeX) * (t.Height / hexmap.ChunkSizeZ)
}

// ChunkOrigin is the offset (column, row) of chunk ch's south-west cell.
func ChunkOrigin(t hexmap.Topology, ch int) (x0, z0 int) {
	perRow := t.Width / hexmap.ChunkSizeX
	return (ch % perRow) * hexmap.ChunkSizeX, (ch / perRow) * hexmap.ChunkSizeZ
}

// ChunkOf returns the chunk that holds cell i.
func ChunkOf(t hexmap.Topology, i int) int {
	x, z := t.Offset(i)
	return x/hexmap.ChunkSizeX + (z/hexmap.ChunkSizeZ)*(t.Width/hexmap.ChunkSizeX)
}

// ChunkCells returns the indices of the cells of chunk ch, row by row.
func ChunkCells(t hexmap.Topology, ch int) []int {
	x0, z0 := ChunkOrigin(t, ch)
	out := make([]int, 0, hexmap.ChunkSizeX*hexmap.ChunkSizeZ)
	for z := z0; z < z0+hexmap.ChunkSizeZ; z++ {
		for x := x0; x < x0+hexmap.ChunkSizeX; x++ {
			out = append(out, x+z*t.Width)
		}
	}
	return out
}
