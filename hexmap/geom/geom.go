// Package geom owns the triangulation geometry of a hex map, the part of
// Catlike's HexMetrics that only the meshers (chunk, water, features,
// buildings, units' tracks) and the map's pictures use: the hexagon's
// corners, the heights of a cell's ground step, river bed and water
// surfaces, the solid and open-water hexagons inside a cell and the
// bridges between them, terrace steps, the five vertices of a subdivided
// edge, the sizes of walls and bridges, the feature thresholds of each
// density level, the chunks (blocks of cells) the meshes are built by,
// and the Perturber, which moves every vertex by a map's noise (joined
// across the seam of a wrapping map), jitters cell heights and samples
// the hash grid. The map itself and its lattice (cell size, centres,
// neighbours) are package hexmap's, the noise tables package noise's.
package geom

import (
	"hexsandbox/hexmap"
	"hexsandbox/internal/vec"

	"github.com/ungerik/go3d/vec3"
)

// Catlike's HexMetrics that shape a cell's triangles, as at the end of
// part 11. World units.
const (
	InnerToOuter = hexmap.OuterRadius / hexmap.InnerRadius

	// SolidFactor is the share of a cell's hexagon that is its own flat
	// top; BlendFactor the rest, where it blends into its neighbours.
	SolidFactor = 0.8
	BlendFactor = 1 - SolidFactor

	// WaterFactor is the share of a cell's hexagon that open water covers.
	WaterFactor = 0.6

	TerracesPerSlope          = 2
	TerraceSteps              = TerracesPerSlope*2 + 1
	HorizontalTerraceStepSize = 1.0 / TerraceSteps
	VerticalTerraceStepSize   = 1.0 / (TerracesPerSlope + 1)

	WallHeight          = 4
	WallYOffset         = -1
	WallThickness       = 0.75
	WallElevationOffset = VerticalTerraceStepSize
	WallTowerThreshold  = 0.5
	BridgeDesignLength  = 7

	// RiverEdgeOuterStep is where a river's channel narrows an edge: its
	// second and fourth vertices this far from the ends.
	RiverEdgeOuterStep = 1.0 / 6
)

// FirstSolidCorner is FirstCorner scaled to the solid inner hexagon.
func FirstSolidCorner(d hexmap.Direction) vec3.T {
	return vec.Scale(FirstCorner(d), SolidFactor)
}

// SecondSolidCorner is SecondCorner scaled to the solid inner hexagon.
func SecondSolidCorner(d hexmap.Direction) vec3.T {
	return vec.Scale(SecondCorner(d), SolidFactor)
}

// SolidEdgeMiddle is the middle of the solid edge in direction d.
func SolidEdgeMiddle(d hexmap.Direction) vec3.T {
	return vec.Scale(vec.Add(FirstCorner(d), SecondCorner(d)), 0.5*SolidFactor)
}

// Bridge is the offset from a solid edge to the neighbour's solid edge.
func Bridge(d hexmap.Direction) vec3.T {
	return vec.Scale(vec.Add(FirstCorner(d), SecondCorner(d)), BlendFactor)
}

// FirstWaterCorner is FirstCorner scaled to the open-water hexagon.
func FirstWaterCorner(d hexmap.Direction) vec3.T {
	return vec.Scale(FirstCorner(d), WaterFactor)
}

// SecondWaterCorner is SecondCorner scaled to the open-water hexagon.
func SecondWaterCorner(d hexmap.Direction) vec3.T {
	return vec.Scale(SecondCorner(d), WaterFactor)
}

// TerraceLerp moves from a to b by terrace step (0..TerraceSteps):
// horizontally in even fifths, vertically only on odd steps.
func TerraceLerp(a, b vec3.T, step int) vec3.T {
	h, v := TerraceStep(step)
	x, y, z := TerraceLerpAt(&a, &b, h, v)
	return vec3.T{x, y, z}
}

// TerraceStep is how far terrace step goes from one end to the other:
// h horizontally (and in colour), v vertically.
func TerraceStep(step int) (h, v float32) {
	return TerraceLerpFactor(step), float32((step+1)/2) * VerticalTerraceStepSize
}

// TerraceLerpAt is TerraceLerp's point for a step's h and v, as three
// numbers: hot loops write them where they go.
func TerraceLerpAt(a, b *vec3.T, h, v float32) (x, y, z float32) {
	return a[0] + (b[0]-a[0])*h, a[1] + (b[1]-a[1])*v, a[2] + (b[2]-a[2])*h
}

// TerraceLerpFactor is the colour/weight blend factor of terrace step.
func TerraceLerpFactor(step int) float32 { return float32(step) * HorizontalTerraceStepSize }

// FeatureThresholds returns the urban/farm/plant thresholds for a level
// 1..3, checked from the largest feature (index 0) down.
func FeatureThresholds(level int) [3]float32 {
	switch level {
	case 1:
		return [3]float32{0, 0, 0.4}
	case 2:
		return [3]float32{0, 0.4, 0.6}
	case 3:
		return [3]float32{0.4, 0.6, 0.8}
	}
	return [3]float32{}
}

// EdgeVertices are the five points along one cell edge used to subdivide
// it, as in Catlike's EdgeVertices.
type EdgeVertices struct {
	V1, V2, V3, V4, V5 vec3.T
}

// NewEdgeVertices spaces five points evenly from c1 to c2.
func NewEdgeVertices(c1, c2 vec3.T) EdgeVertices {
	var e EdgeVertices
	e.SetBetween(vec.Of(c1), vec.Of(c2))
	return e
}

// SetBetween sets e to NewEdgeVertices(c1, c2), writing each point
// where it goes rather than through a returned value: the triangulation
// builds its edges so.
func (e *EdgeVertices) SetBetween(c1, c2 vec.XYZ) {
	c1.Store(&e.V1)
	c1.Lerp(c2, 0.25).Store(&e.V2)
	c1.Lerp(c2, 0.5).Store(&e.V3)
	c1.Lerp(c2, 0.75).Store(&e.V4)
	c2.Store(&e.V5)
}

// SetBetweenOuter is SetBetween with V2 and V4 at outerStep from the
// ends, which rivers use to narrow their channel.
func (e *EdgeVertices) SetBetweenOuter(c1, c2 vec.XYZ, outerStep float32) {
	c1.Store(&e.V1)
	c1.Lerp(c2, outerStep).Store(&e.V2)
	c1.Lerp(c2, 0.5).Store(&e.V3)
	c1.Lerp(c2, 1-outerStep).Store(&e.V4)
	c2.Store(&e.V5)
}
