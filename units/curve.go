package units

import (
	"math"
	"sort"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
)

// vec2 is a point or direction in the XZ plane.
type vec2 [2]float32

func (a vec2) add(b vec2) vec2      { return vec2{a[0] + b[0], a[1] + b[1]} }
func (a vec2) sub(b vec2) vec2      { return vec2{a[0] - b[0], a[1] - b[1]} }
func (a vec2) scale(f float32) vec2 { return vec2{a[0] * f, a[1] * f} }
func (a vec2) dist(b vec2) float32 {
	return float32(math.Hypot(float64(a[0]-b[0]), float64(a[1]-b[1])))
}
func (a vec2) dot(b vec2) float32     { return a[0]*b[0] + a[1]*b[1] }
func lerp2(a, b vec2, t float32) vec2 { return a.add(b.sub(a).scale(t)) }

// samplesPerSegment is how finely a segment is measured for the arc
// length table: samples about a quarter of a unit apart.
const samplesPerSegment = 32

// Curve is the smooth track a unit follows through the cells of a path,
// in the XZ plane: cubic Hermite segments through the cells' centres and
// the middles of the edges between them, with Catmull-Rom tangents
// (each point's tangent is half the chord between its neighbours), so
// the track passes every edge at its middle and turns smoothly in the
// cells. It is measured by arc length, so a unit can move along it at
// constant speed whatever the spacing of its points.
type Curve struct {
	pts, tans []vec2
	cum       []float32 // arc length at each sample, samplesPerSegment per segment
	// bounds[k] is the arc length at which the track leaves the k-th cell
	// of the path for the next one (the edge middle between them).
	bounds []float32
	// decks are the arc length ranges run along a bridge, in pairs.
	decks []float32
}

// Ground is what a unit stands on (see chunk.Surface): the height of the
// ground under a world point (terrain, river water), that of a bridge's
// deck there, and the bridges of cells.
type Ground interface {
	HeightAt(x, z float32) (float32, bool)
	DeckAt(x, z float32) (float32, bool)
	BridgeEnds(cell int) (a, b [2]float32, ok bool)
}

// CellPoint is where a unit stands on cell i: its centre as the terrain
// is drawn there (perturbed like the triangulation's centre vertex, so
// on the road junction of a cell with roads).
func CellPoint(g *hexmap.Grid, i int) vec2 {
	p := geom.PerturberOf(g).Perturb(geom.CellPosition(g, i))
	return vec2{p[0], p[2]}
}

// edgeMiddle is the middle of the connection between cell a and its
// neighbour b in direction d, with b placed next to a (across the seam
// of a wrapping map its centre is shifted by a map width): the midpoint
// of the two perturbed solid edge middles the connection is built from.
func edgeMiddle(g *hexmap.Grid, a, b int, d hexmap.Direction) vec2 {
	per := geom.PerturberOf(g)
	pa := geom.CellPosition(g, a)
	pb := geom.CellPosition(g, b)
	pb[0] += g.Topology().NeighborShift(a, b)
	ea, eb := geom.SolidEdgeMiddle(d), geom.SolidEdgeMiddle(d.Opposite())
	ma := per.Perturb(add3(pa, ea))
	mb := per.Perturb(add3(pb, eb))
	return vec2{(ma[0] + mb[0]) / 2, (ma[2] + mb[2]) / 2}
}

func add3(a, b [3]float32) [3]float32 { return [3]float32{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// NewCurve builds the track through path (at least two cells, each the
// neighbour of the one before). Positions are in the first cell's copy
// of the world: on a wrapping map a track across the seam runs on past
// the map's width (or below zero) rather than jumping. ground may be nil;
// otherwise a cell on the way whose bridge joins the two sides of the
// path is crossed along the bridge, in a straight line between its ends.
func NewCurve(g *hexmap.Grid, path []int, ground Ground) Curve {
	top := g.Topology()
	var c Curve
	shift := vec2{} // the current cell's offset from its own copy
	c.addPoint(CellPoint(g, path[0]), nil)
	for k := 1; k < len(path); k++ {
		a, b := path[k-1], path[k]
		d, _ := top.DirectionTo(a, b)
		mid := edgeMiddle(g, a, b, d).add(shift)
		bound := len(c.pts)
		c.addPoint(mid, nil)
		c.bounds = append(c.bounds, float32(bound)) // a point index for now
		shift[0] += top.NeighborShift(a, b)
		if k == len(path)-1 || !c.addBridge(g, ground, path[k-1:k+2], shift) {
			c.addPoint(CellPoint(g, b).add(shift), nil)
		}
	}
	c.fillTangents()
	c.measure()
	return c
}

// addBridge adds the two ends of cell's bridge instead of its centre when
// the path enters and leaves it by roads on opposite ends of the bridge,
// the entry's end first, with the tangent along the bridge at both.
func (c *Curve) addBridge(g *hexmap.Grid, ground Ground, cells []int, shift vec2) bool {
	if ground == nil {
		return false
	}
	prev, cell, next := cells[0], cells[1], cells[2]
	top := g.Topology()
	in, _ := top.DirectionTo(cell, prev)
	out, _ := top.DirectionTo(cell, next)
	cc := g.Cell(cell)
	if !cc.HasRoadThroughEdge(in) || !cc.HasRoadThroughEdge(out) {
		return false
	}
	ea, eb, ok := ground.BridgeEnds(cell)
	if !ok {
		return false
	}
	a, b := vec2(ea).add(shift), vec2(eb).add(shift)
	entry := c.pts[len(c.pts)-1]
	exit := edgeMiddle(g, cell, next, out).add(shift)
	if entry.dist(a)+exit.dist(b) > entry.dist(b)+exit.dist(a) {
		a, b = b, a
	}
	if entry.dist(a) >= entry.dist(b) || exit.dist(b) >= exit.dist(a) {
		return false // both roads on one side of the river: no crossing
	}
	along := b.sub(a)
	c.decks = append(c.decks, float32(len(c.pts)), float32(len(c.pts)+1)) // point indices for now
	c.addPoint(a, &along)
	c.addPoint(b, &along)
	return true
}

// addPoint appends a control point; tangent fixes its tangent (nil: the
// Catmull-Rom one).
func (c *Curve) addPoint(p vec2, tangent *vec2) {
	c.pts = append(c.pts, p)
	t := vec2{float32(math.NaN())}
	if tangent != nil {
		t = *tangent
	}
	c.tans = append(c.tans, t)
}

// fillTangents sets the Catmull-Rom tangent of every point without a
// fixed one: half the chord from the point before to the point after,
// and at the ends the chord to the one neighbour.
func (c *Curve) fillTangents() {
	n := len(c.pts)
	for i := range c.pts {
		if !math.IsNaN(float64(c.tans[i][0])) {
			continue
		}
		switch {
		case i == 0:
			c.tans[i] = c.pts[1].sub(c.pts[0])
		case i == n-1:
			c.tans[i] = c.pts[i].sub(c.pts[i-1])
		default:
			c.tans[i] = c.pts[i+1].sub(c.pts[i-1]).scale(0.5)
		}
	}
}

// point evaluates segment i (from control point i to i+1) at t in [0, 1]:
// the Hermite basis on the two points and their tangents.
func (c *Curve) point(i int, t float32) vec2 {
	t2, t3 := t*t, t*t*t
	h00, h10 := 2*t3-3*t2+1, t3-2*t2+t
	h01, h11 := -2*t3+3*t2, t3-t2
	return c.pts[i].scale(h00).add(c.tans[i].scale(h10)).add(c.pts[i+1].scale(h01)).add(c.tans[i+1].scale(h11))
}

// derivative is d point / dt of segment i at t.
func (c *Curve) derivative(i int, t float32) vec2 {
	t2 := t * t
	d00, d10 := 6*t2-6*t, 3*t2-4*t+1
	d01, d11 := -6*t2+6*t, 3*t2-2*t
	return c.pts[i].scale(d00).add(c.tans[i].scale(d10)).add(c.pts[i+1].scale(d01)).add(c.tans[i+1].scale(d11))
}

// measure fills the arc length table and turns the cell bounds from
// point indices into arc lengths.
func (c *Curve) measure() {
	segs := len(c.pts) - 1
	c.cum = append(c.cum[:0], 0)
	var total float32
	prev := c.pts[0]
	for i := range segs {
		for j := 1; j <= samplesPerSegment; j++ {
			p := c.point(i, float32(j)/samplesPerSegment)
			total += p.dist(prev)
			c.cum = append(c.cum, total)
			prev = p
		}
	}
	for _, list := range [][]float32{c.bounds, c.decks} {
		for k, p := range list {
			list[k] = c.cum[int(p)*samplesPerSegment]
		}
	}
}

// OnDeck reports whether arc length s runs along a bridge.
func (c *Curve) OnDeck(s float32) bool {
	for k := 0; k+1 < len(c.decks); k += 2 {
		if s >= c.decks[k] && s <= c.decks[k+1] {
			return true
		}
	}
	return false
}

// Length is the track's arc length.
func (c *Curve) Length() float32 { return c.cum[len(c.cum)-1] }

// locate finds the segment and parameter at arc length s: the sample
// interval that holds s, then within it two Newton steps on the distance
// from the interval's start (the arc of a sample is its chord to far
// better than the speed's tolerance), from a linear first guess.
func (c *Curve) locate(s float32) (seg int, t float32) {
	s = max(0, min(s, c.Length()))
	j := sort.Search(len(c.cum), func(j int) bool { return c.cum[j] >= s })
	if j == 0 {
		return 0, 0
	}
	seg = (j - 1) / samplesPerSegment
	t0 := float32((j-1)%samplesPerSegment) / samplesPerSegment
	span := c.cum[j] - c.cum[j-1]
	if span <= 0 {
		return seg, t0
	}
	want := s - c.cum[j-1]
	t = t0 + want/span/samplesPerSegment
	p0 := c.point(seg, t0)
	for range 2 {
		speed := float32(math.Hypot(float64(c.derivative(seg, t)[0]), float64(c.derivative(seg, t)[1])))
		if speed == 0 {
			break
		}
		t += (want - c.point(seg, t).dist(p0)) / speed
	}
	return seg, max(t0, min(t, t0+1.0/samplesPerSegment))
}

// At returns the point at arc length s (clamped to the track) and the
// heading there, in degrees clockwise from +Z like Unit.Orientation.
func (c *Curve) At(s float32) (x, z, heading float32) {
	seg, t := c.locate(s)
	p := c.point(seg, t)
	return p[0], p[1], headingOf(c.derivative(seg, t))
}

// CellAt returns the position in the path of the cell the track is in at
// arc length s: a cell is left at the edge middle towards the next one.
func (c *Curve) CellAt(s float32) int {
	return sort.Search(len(c.bounds), func(k int) bool { return c.bounds[k] > s })
}

// headingOf is the heading of direction v in degrees, clockwise from +Z
// (Catlike's orientation: Unity rotates +Z towards +X).
func headingOf(v vec2) float32 {
	return float32(math.Atan2(float64(v[0]), float64(v[1])) * 180 / math.Pi)
}
