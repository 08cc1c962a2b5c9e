package hexmap

import (
	"hexsandbox/internal/vec"

	"github.com/ungerik/go3d/vec3"
)

// Catlike's HexMetrics, as at the end of part 11. World units.
const (
	OuterToInner = 0.866025404
	InnerToOuter = 1 / OuterToInner
	OuterRadius  = 10
	InnerRadius  = OuterRadius * OuterToInner
	// InnerDiameter is a cell's width, the spacing of cell centres in a row.
	InnerDiameter = InnerRadius * 2

	SolidFactor = 0.8
	BlendFactor = 1 - SolidFactor

	WaterFactor = 0.6

	ElevationStep = 3

	TerracesPerSlope          = 2
	TerraceSteps              = TerracesPerSlope*2 + 1
	HorizontalTerraceStepSize = 1.0 / TerraceSteps
	VerticalTerraceStepSize   = 1.0 / (TerracesPerSlope + 1)
	CellPerturbStrength       = 4
	ElevationPerturbStrength  = 1.5
	NoiseScale                = 0.003
	StreamBedElevationOffset  = -1.75
	WaterElevationOffset      = -0.5
	WallHeight                = 4
	WallYOffset               = -1
	WallThickness             = 0.75
	WallElevationOffset       = VerticalTerraceStepSize
	WallTowerThreshold        = 0.5
	BridgeDesignLength        = 7
	ChunkSizeX                = 5
	ChunkSizeZ                = 5
	HashGridSize              = 256
	HashGridScale             = 0.25
	RiverEdgeOuterStep        = 1.0 / 6
)

// corner returns hexagon corner i (0..6, 6 repeats 0), clockwise from north.
func corner(i int) vec3.T {
	switch i % 6 {
	case 0:
		return vec3.T{0, 0, OuterRadius}
	case 1:
		return vec3.T{InnerRadius, 0, 0.5 * OuterRadius}
	case 2:
		return vec3.T{InnerRadius, 0, -0.5 * OuterRadius}
	case 3:
		return vec3.T{0, 0, -OuterRadius}
	case 4:
		return vec3.T{-InnerRadius, 0, -0.5 * OuterRadius}
	default:
		return vec3.T{-InnerRadius, 0, 0.5 * OuterRadius}
	}
}

// FirstCorner is the corner counter-clockwise of the edge in direction d.
func FirstCorner(d Direction) vec3.T { return corner(int(d)) }

// SecondCorner is the corner clockwise of the edge in direction d.
func SecondCorner(d Direction) vec3.T { return corner(int(d) + 1) }

// FirstSolidCorner is FirstCorner scaled to the solid inner hexagon.
func FirstSolidCorner(d Direction) vec3.T { return vec.Scale(corner(int(d)), SolidFactor) }

// SecondSolidCorner is SecondCorner scaled to the solid inner hexagon.
func SecondSolidCorner(d Direction) vec3.T { return vec.Scale(corner(int(d)+1), SolidFactor) }

// SolidEdgeMiddle is the middle of the solid edge in direction d.
func SolidEdgeMiddle(d Direction) vec3.T {
	return vec.Scale(vec.Add(corner(int(d)), corner(int(d)+1)), 0.5*SolidFactor)
}

// Bridge is the offset from a solid edge to the neighbour's solid edge.
func Bridge(d Direction) vec3.T {
	return vec.Scale(vec.Add(corner(int(d)), corner(int(d)+1)), BlendFactor)
}

// FirstWaterCorner is FirstCorner scaled to the open-water hexagon.
func FirstWaterCorner(d Direction) vec3.T { return vec.Scale(corner(int(d)), WaterFactor) }

// SecondWaterCorner is SecondCorner scaled to the open-water hexagon.
func SecondWaterCorner(d Direction) vec3.T { return vec.Scale(corner(int(d)+1), WaterFactor) }

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
// where it goes rather than through a returned value (a 60-byte result
// is copied through the stack): the triangulation builds its edges so.
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
