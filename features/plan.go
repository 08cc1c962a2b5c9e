package features

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/buildings"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
)

// Plan is what the triangulation of one chunk hands to BuildTowns: the
// connections that may hold walls, with the points the terrain's bridges
// and corners were built from, the bridges over rivers, and in the cells
// that hold towns (HasTown) the ground their roads, river channels and
// bridges cover. Walls, bridges and towns take their geometry from it
// rather than working out the connections again, so they follow the
// terrain exactly, across the seam of a wrapping map too.
type Plan struct {
	Connections []Connection
	Bridges     []Bridge
	Cuts        []buildings.Cut // by cell, in the chunk's cell order
}

// Reset empties p, keeping its storage.
func (p *Plan) Reset() {
	p.Connections = p.Connections[:0]
	p.Bridges = p.Bridges[:0]
	p.Cuts = p.Cuts[:0]
}

// Connection is one of Catlike's TriangulateConnection calls: the bridge
// from cell Cell to its neighbour Neighbor in direction Dir (NE..SE).
// Near is the cell's solid edge and Far the neighbour's edge across the
// bridge at the neighbour's height, both as the terrain uses them
// (middle sunk to the stream bed where the terrain sinks it) and
// perturbed. Across the seam of a wrapping map they lie east of the last
// column. When HasCorner, the corner with the next neighbour Next (Dir
// NE or E) follows: Corner holds its three points clockwise from Near.V5,
// unperturbed, and PerturbedCorner the same perturbed.
type Connection struct {
	Cell, Neighbor, Next int
	Dir                  hexmap.Direction
	HasCorner            bool
	Near, Far            geom.EdgeVertices
	Corner               [3]vec3.T
	PerturbedCorner      [3]vec3.T
}

// WallsMayStand reports whether BuildTowns may put walls on the connection
// between cell and neighbor or, when corner, at its corner with next:
// only where the walled flags differ. Triangulation plans only those
// connections.
func WallsMayStand(cell, neighbor, next hexmap.Cell, corner bool) bool {
	return neighbor.Walled != cell.Walled || (corner && next.Walled != cell.Walled)
}
