package features

import (
	"math"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// wallBuilder adds Catlike's wall pieces (part 10) and towers (part 11)
// to one mesh. As in Catlike, the anchors of each piece are perturbed
// first and its quads built from them unperturbed, which keeps the
// thickness even; the perturbed points come with the plan.
type wallBuilder struct {
	g     *hexmap.Grid
	noise *noise.Noise
	m     *mesh.Mesh
}

// addConnection makes the AddWall calls that TriangulateConnection makes
// for one planned connection: one with the connection's begin and end
// edges (terraces are not followed, as in Catlike), and one for its
// corner.
func (w *wallBuilder) addConnection(c *Connection) {
	g := w.g
	cell, nb := g.Cell(c.Cell), g.Cell(c.Neighbor)
	w.addEdgeWall(&c.Near, cell, &c.Far, nb, cell.HasRiverThroughEdge(c.Dir), cell.HasRoadThroughEdge(c.Dir))
	if c.HasCorner {
		k := &c.Corner
		p := &c.PerturbedCorner
		// Catlike rotates the three corners so the lowest cell comes
		// first; AddWall only cares about their cyclic order, which
		// every rotation keeps, so the unrotated call builds the same.
		w.addCornerWall(cornerPoint(k[0], p[0]), cell, cornerPoint(k[1], p[1]), nb, cornerPoint(k[2], p[2]), g.Cell(c.Next))
	}
}

// addEdgeWall is AddWall for a connection between perturbed edges: a
// wall when exactly one side is walled, neither is underwater and the
// edge is no cliff, with a capped gap in the middle where a river or
// road passes.
func (w *wallBuilder) addEdgeWall(near *geom.EdgeVertices, nearCell hexmap.Cell, far *geom.EdgeVertices, farCell hexmap.Cell, hasRiver, hasRoad bool) {
	if !edgeHoldsWall(nearCell, farCell) {
		return
	}
	n := [5]*vec3.T{&near.V1, &near.V2, &near.V3, &near.V4, &near.V5}
	f := [5]*vec3.T{&far.V1, &far.V2, &far.V3, &far.V4, &far.V5}
	// Each near/far pair anchors up to two pieces: work it out once.
	gap := hasRiver || hasRoad
	var a [5]wallAnchor
	for k := range a {
		if k == 2 && gap {
			continue
		}
		a[k] = newWallAnchor(vec.Of(*n[k]), vec.Of(*f[k]))
	}
	w.segment(&a[0], &a[1], false)
	if gap {
		w.cap(a[1])
		w.cap(a[3].reversed()) // Catlike's AddWallCap(far.v4, near.v4)
	} else {
		w.segment(&a[1], &a[2], false)
		w.segment(&a[2], &a[3], false)
	}
	w.segment(&a[3], &a[4], false)
}

// wallAnchor is where a wall stands between a perturbed near and far
// point: WallLerp's centre and the half-thickness offset towards far.
type wallAnchor struct{ center, offset vec.XYZ }

func newWallAnchor(near, far vec.XYZ) wallAnchor {
	return wallAnchor{wallLerp(near, far), wallThicknessOffset(near, far)}
}

// reversed is the anchor seen from far to near. WallLerp gives the same
// centre both ways (it favours the lower point either way), so only the
// offset flips.
func (a wallAnchor) reversed() wallAnchor { return wallAnchor{a.center, a.offset.Times(-1)} }

// wallLerp is Catlike's HexMetrics.WallLerp: halfway in XZ, and at a
// height that favours the lower side.
func wallLerp(near, far vec.XYZ) vec.XYZ {
	near.X += (far.X - near.X) * 0.5
	near.Z += (far.Z - near.Z) * 0.5
	v := float32(geom.WallElevationOffset)
	if near.Y >= far.Y {
		v = 1 - geom.WallElevationOffset
	}
	near.Y += (far.Y-near.Y)*v + geom.WallYOffset
	return near
}

// wallThicknessOffset is Catlike's HexMetrics.WallThicknessOffset, half a
// wall's thickness across the line near→far, with the square root taken
// in float64, which the compiler turns into one instruction: a float64
// square root rounded to float32 is the correctly rounded float32 root,
// so the result is the same to the bit as a float32 Length.
func wallThicknessOffset(near, far vec.XYZ) vec.XYZ {
	x, z := far.X-near.X, far.Z-near.Z
	l := float32(math.Sqrt(float64(x*x + z*z)))
	if l == 0 {
		return vec.XYZ{}
	}
	f := geom.WallThickness * 0.5 / l
	return vec.XYZ{X: x * f, Z: z * f}
}

// edgeHoldsWall is the rule for a wall between two neighbours.
func edgeHoldsWall(a, b hexmap.Cell) bool {
	return a.Walled != b.Walled && !a.IsUnderwater() && !b.IsUnderwater() &&
		hexmap.EdgeTypeOf(int(a.Elevation), int(b.Elevation)) != hexmap.Cliff
}

// wallCorner is one point of a corner: unperturbed (where the tower's hash
// is sampled) and perturbed (where the wall stands).
type wallCorner struct{ at, p vec.XYZ }

func cornerPoint(at, p vec3.T) wallCorner { return wallCorner{vec.Of(at), vec.Of(p)} }

// addCornerWall is AddWall for a three-cell corner given clockwise: the
// cell whose walled state differs from the other two is the pivot the
// wall bends around.
func (w *wallBuilder) addCornerWall(c1 wallCorner, cell1 hexmap.Cell, c2 wallCorner, cell2 hexmap.Cell, c3 wallCorner, cell3 hexmap.Cell) {
	switch {
	case cell1.Walled == cell2.Walled && cell2.Walled == cell3.Walled:
	case cell2.Walled == cell3.Walled:
		w.cornerSegment(c1, cell1, c2, cell2, c3, cell3)
	case cell3.Walled == cell1.Walled:
		w.cornerSegment(c2, cell2, c3, cell3, c1, cell1)
	default:
		w.cornerSegment(c3, cell3, c1, cell1, c2, cell2)
	}
}

// cornerSegment is AddWallSegment for a corner: a bent segment when both
// edges at the pivot hold a wall (with a tower where the hash says and the
// wall is level), else a wedge into the cliff above or a cap.
func (w *wallBuilder) cornerSegment(pivotAt wallCorner, pivotCell hexmap.Cell, leftAt wallCorner, leftCell hexmap.Cell, rightAt wallCorner, rightCell hexmap.Cell) {
	if pivotCell.IsUnderwater() {
		return
	}
	hasLeft := !leftCell.IsUnderwater() && hexmap.EdgeTypeOf(int(pivotCell.Elevation), int(leftCell.Elevation)) != hexmap.Cliff
	hasRight := !rightCell.IsUnderwater() && hexmap.EdgeTypeOf(int(pivotCell.Elevation), int(rightCell.Elevation)) != hexmap.Cliff
	if !hasLeft && !hasRight {
		return
	}
	pivot, left, right := pivotAt.p, leftAt.p, rightAt.p
	switch {
	case hasLeft && hasRight:
		hasTower := false
		if leftCell.Elevation == rightCell.Elevation {
			// The tower's hash is sampled at the unperturbed corner.
			hashAt := pivotAt.at.Plus(leftAt.at).Plus(rightAt.at).Times(1.0 / 3)
			hasTower = geom.SampleHash(w.noise, hashAt.V()).E < geom.WallTowerThreshold
		}
		l, r := newWallAnchor(pivot, left), newWallAnchor(pivot, right)
		w.segment(&l, &r, hasTower)
	case hasLeft && leftCell.Elevation < rightCell.Elevation:
		w.wedge(newWallAnchor(pivot, left), right)
	case hasLeft:
		w.cap(newWallAnchor(pivot, left))
	case hasRight && rightCell.Elevation < leftCell.Elevation:
		w.wedge(newWallAnchor(right, pivot), left)
	case hasRight:
		w.cap(newWallAnchor(right, pivot))
	}
}

// segment is a wall piece from the left anchor to the right one: two
// sides and a top, each end at its own height.
func (w *wallBuilder) segment(l, r *wallAnchor, addTower bool) {
	left, right := l.center, r.center
	leftTop := left.Y + geom.WallHeight
	rightTop := right.Y + geom.WallHeight

	v1, v2 := left.Minus(l.offset), right.Minus(r.offset)
	t1, t2 := v1.WithY(leftTop), v2.WithY(rightTop)
	w.quad(v1, v2, t1, t2)
	v3, v4 := left.Plus(l.offset), right.Plus(r.offset)
	t3, t4 := v3.WithY(leftTop), v4.WithY(rightTop)
	w.quad(v4, v3, t4, t3)
	w.quad(t1, t2, t3, t4)

	if addTower {
		dir := right.Minus(left)
		towerPrefab.place(w.m, facingPlacement(left.Plus(right).Times(0.5).V(), dir.V(), false))
	}
}

// cap closes a wall's end at an anchor, facing to the left of the
// near-to-far direction.
func (w *wallBuilder) cap(a wallAnchor) {
	center, thickness := a.center, a.offset
	v1, v2 := center.Minus(thickness), center.Plus(thickness)
	top := center.Y + geom.WallHeight
	w.quad(v1, v2, v1.WithY(top), v2.WithY(top))
}

// wedge closes a wall's end at an anchor against the cliff face that
// rises towards the perturbed point: two sides meeting at the point and a
// triangular top.
func (w *wallBuilder) wedge(a wallAnchor, point vec.XYZ) {
	center, thickness := a.center, a.offset
	top := center.Y + geom.WallHeight
	point.Y = center.Y
	pointTop := point.WithY(top)
	v1, v2 := center.Minus(thickness), center.Plus(thickness)
	v3, v4 := v1.WithY(top), v2.WithY(top)
	w.quad(v1, point, v3, pointTop)
	w.quad(point, v2, pointTop, v4)
	if room(w.m, 3) {
		w.m.AddTriangle(pointTop.V(), v3.V(), v4.V())
		w.m.AddTriangleColor(wallStone)
	}
}

// quad is mesh.AddQuad in wall colour, with the normal taken from the
// cross product of the diagonals, which for these nearly planar quads is
// the mean normal at a third of the cost; walls are the bulk of a walled
// map's vertices.
func (w *wallBuilder) quad(a, b, c, d vec.XYZ) {
	m := w.m
	if !room(m, 4) {
		return
	}
	base := uint16(len(m.Positions))
	n := quadNormal(a, b, c, d).V()
	m.Positions = append(m.Positions, a.V(), b.V(), c.V(), d.V())
	m.Normals = append(m.Normals, n, n, n, n)
	m.Colors = append(m.Colors, wallStone, wallStone, wallStone, wallStone)
	m.Indices = append(m.Indices, base, base+2, base+1, base+1, base+2, base+3)
}

// quadNormal is the normalised cross product of the diagonals c-b and
// d-a, with the square root taken as in wallThicknessOffset.
func quadNormal(a, b, c, d vec.XYZ) vec.XYZ {
	n := c.Minus(b).Cross(d.Minus(a))
	l := n.Length()
	if l == 0 {
		return vec.XYZ{Y: 1}
	}
	return n.Times(1 / l)
}
