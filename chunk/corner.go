package chunk

import (
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
)

func edgeType(a, b *hexmap.Cell) hexmap.EdgeType {
	return hexmap.EdgeTypeOf(int(a.Elevation), int(b.Elevation))
}

// corner is one of the three points of a corner: where it is, the same
// perturbed (each point is perturbed once, here and for the connections'
// edges alike), and its cell.
type corner struct {
	p, pp vecT
	cell  ref
}

// set sets the corner to p, perturbed pp, of cell.
func (c *corner) set(p, pp *vecT, cell ref) {
	c.p = *p
	c.pp = *pp
	c.cell = cell
}

// triangulateCorner is Catlike's TriangulateCorner: bottom is the lowest
// of the three cells, left and right follow clockwise. The two edge types
// seen from the bottom pick the shape.
func (b *builder) triangulateCorner(bottom, left, right *corner) {
	leftEdge, rightEdge := edgeType(bottom.cell.Cell, left.cell.Cell), edgeType(bottom.cell.Cell, right.cell.Cell)
	switch {
	case leftEdge == hexmap.Slope && rightEdge == hexmap.Slope:
		b.triangulateCornerTerraces(bottom, left, right)
	case leftEdge == hexmap.Slope && rightEdge == hexmap.Flat:
		b.triangulateCornerTerraces(left, right, bottom)
	case leftEdge == hexmap.Slope:
		b.triangulateCornerTerracesCliff(bottom, left, right)
	case rightEdge == hexmap.Slope && leftEdge == hexmap.Flat:
		b.triangulateCornerTerraces(right, bottom, left)
	case rightEdge == hexmap.Slope:
		b.triangulateCornerCliffTerraces(bottom, left, right)
	case edgeType(left.cell.Cell, right.cell.Cell) == hexmap.Slope:
		// Two cliffs with a slope between the top cells.
		if left.cell.Elevation < right.cell.Elevation {
			b.triangulateCornerCliffTerraces(right, bottom, left)
		} else {
			b.triangulateCornerTerracesCliff(left, right, bottom)
		}
	default:
		types := terrainTypes(bottom.cell, left.cell, right.cell)
		b.terrainTriangle(&bottom.pp, &left.pp, &right.pp, &types, weights1(), weights2(), weights3())
	}
}

// triangulateCornerTerraces fans terraces from begin towards the two
// higher (or level) cells.
func (b *builder) triangulateCornerTerraces(begin, left, right *corner) {
	types := terrainTypes(begin.cell, left.cell, right.cell)
	// The step's two points and the step's before, swapped.
	var pts [2][2]vecT
	last, next := &pts[0], &pts[1]
	h, v := geom.TerraceStep(1)
	b.perturbTerraceTo(&next[0], &begin.p, &left.p, h, v)
	b.perturbTerraceTo(&next[1], &begin.p, &right.p, h, v)
	w3, w4 := terraceLerpWeights(weights1(), weights2(), 1), terraceLerpWeights(weights1(), weights3(), 1)
	b.terrainTriangle(&begin.pp, &next[0], &next[1], &types, weights1(), w3, w4)
	for step := 2; step < geom.TerraceSteps; step++ {
		last, next = next, last
		w1, w2 := w3, w4
		h, v := geom.TerraceStep(step)
		b.perturbTerraceTo(&next[0], &begin.p, &left.p, h, v)
		b.perturbTerraceTo(&next[1], &begin.p, &right.p, h, v)
		w3, w4 = terraceLerpWeights(weights1(), weights2(), step), terraceLerpWeights(weights1(), weights3(), step)
		b.terrainQuad(&last[0], &last[1], &next[0], &next[1], &types, w1, w2, w3, w4)
	}
	b.terrainQuad(&next[0], &next[1], &left.pp, &right.pp, &types, w3, w4, weights2(), weights3())
}

// triangulateCornerTerracesCliff: terraces on the left, a cliff on the
// right. The terraces collapse onto a boundary point on the cliff, found
// between perturbed points so that the cliff stays straight.
func (b *builder) triangulateCornerTerracesCliff(begin, left, right *corner) {
	t := 1 / float32(abs(int(right.cell.Elevation)-int(begin.cell.Elevation)))
	boundary := vec.Lerp(begin.pp, right.pp, t)
	bw := weights1().Lerp(weights3(), t)
	types := terrainTypes(begin.cell, left.cell, right.cell)
	b.triangulateBoundaryTriangle(begin, weights1(), left, weights2(), &boundary, bw, &types)
	b.triangulateCornerTop(left, right, &boundary, bw, &types)
}

// triangulateCornerCliffTerraces is the mirror: cliff on the left,
// terraces on the right.
func (b *builder) triangulateCornerCliffTerraces(begin, left, right *corner) {
	t := 1 / float32(abs(int(left.cell.Elevation)-int(begin.cell.Elevation)))
	boundary := vec.Lerp(begin.pp, left.pp, t)
	bw := weights1().Lerp(weights2(), t)
	types := terrainTypes(begin.cell, left.cell, right.cell)
	b.triangulateBoundaryTriangle(right, weights3(), begin, weights1(), &boundary, bw, &types)
	b.triangulateCornerTop(left, right, &boundary, bw, &types)
}

// triangulateCornerTop closes the part of a cliff corner between the two
// upper cells: terraces when they are a slope apart, else one triangle.
func (b *builder) triangulateCornerTop(left, right *corner, boundary *vecT, bw vec.XYZ, types *splat) {
	if edgeType(left.cell.Cell, right.cell.Cell) == hexmap.Slope {
		b.triangulateBoundaryTriangle(left, weights2(), right, weights3(), boundary, bw, types)
		return
	}
	b.terrainTriangle(&left.pp, &right.pp, boundary, types, weights2(), weights3(), bw)
}

// triangulateBoundaryTriangle collapses the terraces from begin to left
// onto the boundary point. The terrace points are perturbed here, the
// boundary point, already perturbed, stays where it is (Catlike's
// AddTriangleUnperturbed).
func (b *builder) triangulateBoundaryTriangle(begin *corner, beginW vec.XYZ, left *corner, leftW vec.XYZ, boundary *vecT, boundaryW vec.XYZ, types *splat) {
	// The step's point and the step's before, swapped.
	var pts [2]vecT
	last, next := &pts[0], &pts[1]
	h, v := geom.TerraceStep(1)
	b.perturbTerraceTo(next, &begin.p, &left.p, h, v)
	w2 := terraceLerpWeights(beginW, leftW, 1)
	b.terrainTriangle(&begin.pp, next, boundary, types, beginW, w2, boundaryW)
	for step := 2; step < geom.TerraceSteps; step++ {
		last, next = next, last
		w1 := w2
		h, v := geom.TerraceStep(step)
		b.perturbTerraceTo(next, &begin.p, &left.p, h, v)
		w2 = terraceLerpWeights(beginW, leftW, step)
		b.terrainTriangle(last, next, boundary, types, w1, w2, boundaryW)
	}
	b.terrainTriangle(next, &left.pp, boundary, types, w2, leftW, boundaryW)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
