package project

import "github.com/ungerik/go3d/vec3"

// FigureKind is the shape of a unit's figure: the silhouette that tells
// its type at the usual zoom, from above as from the side.
type FigureKind uint8

// The figures, one per unit type of the default rules. The zero value is
// the spearman, which a type without a figure of its own gets.
const (
	SpearFigure    FigureKind = iota // a footman with a tall spear and a pale shield
	ScoutFigure                      // a short, slim runner in a straw hat, with a pennant on a staff
	BowFigure                        // a hooded archer holding his bow level before him, a quiver on his back
	RiderFigure                      // a rider on a long brown horse
	CatapultFigure                   // a low, wide wooden engine on four wheels
	FigureKinds                      // how many kinds there are
)

// figurePart is a box of a unit model: its corners' coordinates along
// x (right), y (up) and z (forward) from the feet, lo to hi, and its
// colour, either a fixed one or the side's scaled by shade.
type figurePart struct {
	lo, hi vec3.T
	fixed  bool
	color  [3]float32 // fixed colour, or the side colour's scale
}

// sided is a part in the side's colour scaled by shade.
func sided(x0, y0, z0, x1, y1, z1 float32, shade float32) figurePart {
	return figurePart{lo: vec3.T{x0, y0, z0}, hi: vec3.T{x1, y1, z1}, color: [3]float32{shade, shade, shade}}
}

// paint is a part of a fixed colour.
func paint(x0, y0, z0, x1, y1, z1 float32, c [3]float32) figurePart {
	return figurePart{lo: vec3.T{x0, y0, z0}, hi: vec3.T{x1, y1, z1}, fixed: true, color: c}
}

// The models' fixed colours.
var (
	skin    = [3]float32{0.96, 0.82, 0.66}
	pale    = [3]float32{0.94, 0.92, 0.85} // shields, tongues, fletching
	steel   = [3]float32{0.82, 0.84, 0.88}
	wood    = [3]float32{0.45, 0.32, 0.2}
	bow     = [3]float32{0.85, 0.66, 0.32}
	horse   = [3]float32{0.5, 0.33, 0.2}
	mane    = [3]float32{0.2, 0.14, 0.1}
	boulder = [3]float32{0.55, 0.55, 0.58}
	straw   = [3]float32{0.9, 0.8, 0.45}
)

// maxParts bounds the boxes of a model (boxOrder's scratch).
const maxParts = 20

// figureModels are the kinds' models, drawn figureScale times the sizes
// here (a cell is 17 units across its flats). The spearman stands on a
// base with a pale tongue ahead of it, so the heading shows from above;
// the others show it by what they hold or are: the scout's hat's brim,
// the archer's arrow, the horse's head, the catapult's arm.
// Within a model no two boxes overlap: each pair lies apart along one
// axis (touching at most), so they can be drawn in an order that needs
// no depth among them (see boxOrder). Every model stays within
// figureReach of its axis and FigureHeight above its feet.
var figureModels = [FigureKinds][]figurePart{
	SpearFigure: {
		sided(-1.6, 0, -1.6, 1.6, 0.5, 1.6, 0.55),       // base
		paint(-0.6, 0, 1.6, 0.6, 0.4, 2.4, pale),        // tongue
		sided(-1, 0.5, -0.7, 1, 3.5, 0.7, 1),            // body
		paint(-0.6, 3.5, -0.6, 0.6, 4.7, 0.6, skin),     // head
		sided(-0.75, 4.7, -0.75, 0.75, 5.1, 0.75, 0.75), // helmet
		paint(-1.1, 0.9, 0.7, 1.1, 3.4, 1.1, pale),      // shield
		paint(1.2, 0.5, 0.15, 1.5, 7, 0.45, wood),       // shaft
		paint(1.15, 7, 0.1, 1.55, 8, 0.5, steel),        // spearhead
	},
	ScoutFigure: {
		sided(-0.35, 0, -0.35, -0.05, 1.0, 0.35, 0.6), // legs
		sided(0.05, 0, -0.35, 0.35, 1.0, 0.35, 0.6),
		sided(-0.65, 1.0, -0.45, 0.65, 2.9, 0.45, 1),    // body
		paint(-0.5, 2.9, -0.5, 0.5, 3.8, 0.5, skin),     // head
		paint(-1.1, 3.8, -0.9, 1.1, 4.0, 1.5, straw),    // hat: its brim, wider ahead
		sided(-0.5, 4.0, -0.5, 0.5, 4.5, 0.5, 0.75),     // its crown
		paint(-1.42, 0, 0.18, -1.18, 4.8, 0.42, wood),   // staff
		sided(-1.35, 3.8, -1.3, -1.25, 4.8, 0.18, 1.15), // pennant
	},
	BowFigure: {
		sided(-0.35, 0, -0.4, -0.05, 0.9, 0.4, 0.6), // legs
		sided(0.05, 0, -0.4, 0.35, 0.9, 0.4, 0.6),
		sided(-0.8, 0.9, -0.55, 0.8, 3.5, 0.55, 1),      // body
		paint(-0.55, 3.5, -0.55, 0.55, 4.6, 0.55, skin), // head
		sided(-0.65, 4.6, -0.65, 0.65, 4.9, 0.65, 0.75), // hood
		sided(-0.3, 4.9, -0.3, 0.3, 5.5, 0.3, 0.75),     // its point
		paint(0.2, 1.9, -1.15, 0.8, 3.9, -0.55, wood),   // quiver
		paint(0.25, 3.9, -1.1, 0.75, 4.4, -0.6, pale),   // fletching
		paint(-0.6, 2.3, 1.5, 0.6, 2.7, 1.85, bow),      // bow, held level: its grip
		paint(-1.9, 2.3, 1.1, -0.6, 2.7, 1.5, bow),      // its limbs
		paint(0.6, 2.3, 1.1, 1.9, 2.7, 1.5, bow),
		paint(-0.1, 2.4, 0.55, 0.1, 2.6, 1.5, pale),      // the arrow
		paint(-0.15, 2.35, 1.85, 0.15, 2.65, 2.5, steel), // its head
	},
	RiderFigure: {
		paint(-0.75, 0, 0.9, -0.35, 1.8, 1.3, horse), // legs
		paint(0.35, 0, 0.9, 0.75, 1.8, 1.3, horse),
		paint(-0.75, 0, -1.3, -0.35, 1.8, -0.9, horse),
		paint(0.35, 0, -1.3, 0.75, 1.8, -0.9, horse),
		paint(-0.75, 1.8, -1.7, 0.75, 3.2, 1.7, horse), // horse's body
		paint(-0.4, 2.6, 1.7, 0.4, 4.4, 2.4, horse),    // neck
		paint(-0.35, 3.7, 2.4, 0.35, 4.5, 3.3, horse),  // head
		paint(-0.15, 4.4, 1.75, 0.15, 4.8, 2.4, mane),  // mane
		paint(-0.15, 1.8, -2.2, 0.15, 3.1, -1.7, mane), // tail
		sided(-0.8, 3.2, -1.0, 0.8, 3.5, 0.8, 0.75),    // saddle cloth
		sided(-0.65, 3.5, -0.6, 0.65, 5.6, 0.4, 1),     // rider
		paint(-0.5, 5.6, -0.6, 0.5, 6.6, 0.4, skin),    // head
		sided(-0.6, 6.6, -0.7, 0.6, 6.9, 0.5, 0.75),    // helmet
		sided(0.8, 2.3, -0.5, 1.2, 3.5, 0.3, 1),        // legs astride
		sided(-1.2, 2.3, -0.5, -0.8, 3.5, 0.3, 1),
	},
	CatapultFigure: {
		paint(1.5, 0, 0.6, 1.9, 1.4, 2.0, mane), // wheels
		paint(-1.9, 0, 0.6, -1.5, 1.4, 2.0, mane),
		paint(1.5, 0, -2.0, 1.9, 1.4, -0.6, mane),
		paint(-1.9, 0, -2.0, -1.5, 1.4, -0.6, mane),
		paint(1.1, 0.7, -2.0, 1.5, 1.2, 2.0, wood), // side beams
		paint(-1.5, 0.7, -2.0, -1.1, 1.2, 2.0, wood),
		paint(-1.1, 0.7, 1.6, 1.1, 1.2, 2.0, wood), // cross beams
		paint(-1.1, 0.7, -2.0, 1.1, 1.2, -1.6, wood),
		sided(-1.1, 0.7, -1.6, 1.1, 1.0, 1.6, 1),    // bed
		paint(0.6, 1.0, 0.45, 0.95, 3.2, 0.8, wood), // uprights
		paint(-0.95, 1.0, 0.45, -0.6, 3.2, 0.8, wood),
		paint(-0.6, 2.85, 0.45, 0.6, 3.2, 0.8, wood),      // crossbar
		paint(-0.18, 1.0, -0.6, 0.18, 1.35, 1.5, wood),    // arm
		paint(-0.45, 1.0, -1.5, 0.45, 1.5, -0.6, wood),    // bucket
		paint(-0.25, 1.5, -1.3, 0.25, 1.9, -0.8, boulder), // its stone
		paint(0.72, 3.2, 0.55, 0.83, 4.8, 0.7, wood),      // flagpole
		sided(0.73, 4.0, -0.4, 0.82, 4.7, 0.55, 1.15),     // flag
	},
}

// The models' bounds: every box lies within figureReach of the feet's
// vertical axis and between the feet and FigureHeight above them.
const (
	figureReach = 3.6 * figureScale
	// FigureHeight is how far the tallest model reaches above its feet.
	FigureHeight = 8.0 * figureScale
)

// The ring on the ground round every figure, in its side's colour, so
// that units stand out from the houses round them: its radii, its
// height over the feet and its segments.
const (
	ringInner    = 3.0
	ringOuter    = 3.6
	ringLift     = 0.1
	ringSegments = 12
)

// RingBand is where f's ring lies, in world units: its inner and outer
// radius round f.Pos (a town's: its hexagon's corners') and its height
// over f.Pos.
func RingBand(f *Figure) (inner, outer, lift float32) {
	if f.Town {
		return townRingInner, townRingOuter, townRingLift
	}
	return ringInner * figureScale, ringOuter * figureScale, ringLift * figureScale
}

// A town's ring, in world units: the radii of its hexagon's corners
// (outside every unit's ring; inside the middle of the strip between two
// cells, whose corners are 10 from the centre) and its height over the
// cell's centre.
const (
	townRingInner = 7.2
	townRingOuter = 9
	townRingLift  = 0.3
)
