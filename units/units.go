// Package units plays with the map's units (Catlike parts 18-19): the
// sides they belong to and their colours, turns and the moves left in
// them, and travel along a path: a unit turns to face its way, then
// moves at constant speed along a smooth track through the cells,
// standing on the ground as it is drawn. The units themselves are part
// of the map (hexmap.Grid keeps them, one per cell, and saves carry
// them); a Game moves them and tells followers (vision, occupancy) of
// every cell a unit enters on its way.
package units

import (
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/palette"
	"hexsandbox/render/project"
)

// Speeds of travel (Catlike's HexUnit).
const (
	// TravelSpeed is in cells per second along the track: a cell is the
	// distance between neighbouring centres, hexmap.InnerDiameter.
	TravelSpeed = 4
	// RotationSpeed is how fast a unit turns to face its way, in degrees
	// per second.
	RotationSpeed = 180
)

// UnitsPerSecond is TravelSpeed in world units.
const UnitsPerSecond = TravelSpeed * hexmap.InnerDiameter

// The palette has a colour for each side.
var _ [hexmap.MaxSides][3]float32 = palette.Sides

// colourNames name the sides' palette's colours: a side is called by
// its colour's name in the game bar and status line unless named.
var colourNames = [len(palette.Sides)]string{"Blue", "Red", "Purple", "Orange"}

// SideColor is side s's own colour (RGB in 0..1); s is 1..hexmap.MaxSides.
func SideColor(s int) [3]float32 { return Colour(s) }

// Colour is colour number n of the sides' palette (1..len(palette.Sides),
// a scenario's side colours; clamped to that range).
func Colour(n int) [3]float32 { return palette.Sides[clampColour(n)-1] }

// ColourName is colour number n's name ("Blue" for 1).
func ColourName(n int) string { return colourNames[clampColour(n)-1] }

func clampColour(n int) int { return max(1, min(len(palette.Sides), n)) }

// FigureKind is the figure of the unit type called typeName: the default
// rules' five have one each; any other type is drawn as a spearman.
func FigureKind(typeName string) project.FigureKind {
	switch typeName {
	case "scout":
		return project.ScoutFigure
	case "archer":
		return project.BowFigure
	case "horseman":
		return project.RiderFigure
	case "catapult":
		return project.CatapultFigure
	}
	return project.SpearFigure
}

// SideName is side s's name: its own colour's.
func SideName(s int) string { return ColourName(s) }

// New returns a unit of side on cell i with a whole turn's moves, facing
// a way drawn from the cell's hash (Catlike faces new units at random;
// the hash makes it the same every time).
func New(g *hexmap.Grid, i, side int) hexmap.Unit {
	h := geom.SampleHash(g.Noise(), geom.CellPosition(g, i))
	return hexmap.Unit{Location: g.Topology().Coordinates(i), Orientation: h.E * 360, Side: uint8(side), MovesLeft: hexmap.UnitSpeed}
}
