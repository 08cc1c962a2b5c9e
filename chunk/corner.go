package chunk

import (
	"hexsandbox/hexmap"
	"hexsandbox/internal/vec"
)

func edgeType(a, b hexmap.Cell) hexmap.EdgeType {
	return hexmap.EdgeTypeOf(int(a.Elevation), int(b.Elevation))
}

// triangulateCorner is Catlike's TriangulateCorner: bottom is the lowest
// of the three cells, left and right follow clockwise. The two edge types
// seen from the bottom pick the shape. Points come unperturbed.
func (b *builder) triangulateCorner(bottom vecT, bottomCell hexmap.Cell, left vecT, leftCell hexmap.Cell, right vecT, rightCell hexmap.Cell) {
	leftEdge, rightEdge := edgeType(bottomCell, leftCell), edgeType(bottomCell, rightCell)
	switch {
	case leftEdge == hexmap.Slope && rightEdge == hexmap.Slope:
		b.triangulateCornerTerraces(bottom, bottomCell, left, leftCell, right, rightCell)
	case leftEdge == hexmap.Slope && rightEdge == hexmap.Flat:
		b.triangulateCornerTerraces(left, leftCell, right, rightCell, bottom, bottomCell)
	case leftEdge == hexmap.Slope:
		b.triangulateCornerTerracesCliff(bottom, bottomCell, left, leftCell, right, rightCell)
	case rightEdge == hexmap.Slope && leftEdge == hexmap.Flat:
		b.triangulateCornerTerraces(right, rightCell, bottom, bottomCell, left, leftCell)
	case rightEdge == hexmap.Slope:
		b.triangulateCornerCliffTerraces(bottom, bottomCell, left, leftCell, right, rightCell)
	case edgeType(leftCell, rightCell) == hexmap.Slope:
		// Two cliffs with a slope between the top cells.
		if leftCell.Elevation < rightCell.Elevation {
			b.triangulateCornerCliffTerraces(right, rightCell, bottom, bottomCell, left, leftCell)
		} else {
			b.triangulateCornerTerracesCliff(left, leftCell, right, rightCell, bottom, bottomCell)
		}
	default:
		types := terrainTypes(bottomCell.TerrainType, leftCell.TerrainType, rightCell.TerrainType)
		b.terrainTriangle(b.perturb(bottom), b.perturb(left), b.perturb(right), types, weights1(), weights2(), weights3())
	}
}

// triangulateCornerTerraces fans terraces from begin towards the two
// higher (or level) cells.
func (b *builder) triangulateCornerTerraces(begin vecT, beginCell hexmap.Cell, left vecT, leftCell hexmap.Cell, right vecT, rightCell hexmap.Cell) {
	types := terrainTypes(beginCell.TerrainType, leftCell.TerrainType, rightCell.TerrainType)
	v3, v4 := b.perturb(hexmap.TerraceLerp(begin, left, 1)), b.perturb(hexmap.TerraceLerp(begin, right, 1))
	w3, w4 := terraceLerpWeights(weights1(), weights2(), 1), terraceLerpWeights(weights1(), weights3(), 1)
	b.terrainTriangle(b.perturb(begin), v3, v4, types, weights1(), w3, w4)
	for step := 2; step < hexmap.TerraceSteps; step++ {
		v1, v2, w1, w2 := v3, v4, w3, w4
		v3, v4 = b.perturb(hexmap.TerraceLerp(begin, left, step)), b.perturb(hexmap.TerraceLerp(begin, right, step))
		w3, w4 = terraceLerpWeights(weights1(), weights2(), step), terraceLerpWeights(weights1(), weights3(), step)
		b.terrainQuad(v1, v2, v3, v4, types, w1, w2, w3, w4)
	}
	b.terrainQuad(v3, v4, b.perturb(left), b.perturb(right), types, w3, w4, weights2(), weights3())
}

// triangulateCornerTerracesCliff: terraces on the left, a cliff on the
// right. The terraces collapse onto a boundary point on the cliff, found
// between perturbed points so that the cliff stays straight.
func (b *builder) triangulateCornerTerracesCliff(begin vecT, beginCell hexmap.Cell, left vecT, leftCell hexmap.Cell, right vecT, rightCell hexmap.Cell) {
	t := 1 / float32(abs(int(rightCell.Elevation)-int(beginCell.Elevation)))
	boundary := vec.Lerp(b.perturb(begin), b.perturb(right), t)
	bw := vec.Lerp(weights1(), weights3(), t)
	types := terrainTypes(beginCell.TerrainType, leftCell.TerrainType, rightCell.TerrainType)
	b.triangulateBoundaryTriangle(begin, weights1(), left, weights2(), boundary, bw, types)
	b.triangulateCornerTop(left, leftCell, right, rightCell, boundary, bw, types)
}

// triangulateCornerCliffTerraces is the mirror: cliff on the left,
// terraces on the right.
func (b *builder) triangulateCornerCliffTerraces(begin vecT, beginCell hexmap.Cell, left vecT, leftCell hexmap.Cell, right vecT, rightCell hexmap.Cell) {
	t := 1 / float32(abs(int(leftCell.Elevation)-int(beginCell.Elevation)))
	boundary := vec.Lerp(b.perturb(begin), b.perturb(left), t)
	bw := vec.Lerp(weights1(), weights2(), t)
	types := terrainTypes(beginCell.TerrainType, leftCell.TerrainType, rightCell.TerrainType)
	b.triangulateBoundaryTriangle(right, weights3(), begin, weights1(), boundary, bw, types)
	b.triangulateCornerTop(left, leftCell, right, rightCell, boundary, bw, types)
}

// triangulateCornerTop closes the part of a cliff corner between the two
// upper cells: terraces when they are a slope apart, else one triangle.
func (b *builder) triangulateCornerTop(left vecT, leftCell hexmap.Cell, right vecT, rightCell hexmap.Cell, boundary, bw, types vecT) {
	if edgeType(leftCell, rightCell) == hexmap.Slope {
		b.triangulateBoundaryTriangle(left, weights2(), right, weights3(), boundary, bw, types)
		return
	}
	b.terrainTriangle(b.perturb(left), b.perturb(right), boundary, types, weights2(), weights3(), bw)
}

// triangulateBoundaryTriangle collapses the terraces from begin to left
// onto the boundary point. The terrace points are perturbed here, the
// boundary point, already perturbed, stays where it is (Catlike's
// AddTriangleUnperturbed).
func (b *builder) triangulateBoundaryTriangle(begin, beginW, left, leftW, boundary, boundaryW, types vecT) {
	v2 := b.perturb(hexmap.TerraceLerp(begin, left, 1))
	w2 := terraceLerpWeights(beginW, leftW, 1)
	b.terrainTriangle(b.perturb(begin), v2, boundary, types, beginW, w2, boundaryW)
	for step := 2; step < hexmap.TerraceSteps; step++ {
		v1, w1 := v2, w2
		v2 = b.perturb(hexmap.TerraceLerp(begin, left, step))
		w2 = terraceLerpWeights(beginW, leftW, step)
		b.terrainTriangle(v1, v2, boundary, types, w1, w2, boundaryW)
	}
	b.terrainTriangle(v2, b.perturb(left), boundary, types, w2, leftW, boundaryW)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
