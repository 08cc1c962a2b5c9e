package features

// The straightforward implementation that Build replaced, kept to pin
// the optimised one: TestBuildMatchesReference compares them bit for bit.

import (
	"math"
	"slices"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

func refBuild(g *hexmap.Grid, ch int, plan *Plan, feats, walls, bridgeMesh *mesh.Mesh) {
	if g == nil || ch < 0 || ch >= geom.ChunkCount(g.Topology()) {
		return
	}
	var buf [maxCellFeatures]feature
	if feats != nil {
		for _, i := range geom.ChunkCells(g.Topology(), ch) {
			for _, f := range refAppendCellFeatures(buf[:0], g, i) {
				refAddFeature(f, feats)
			}
		}
	}
	if plan == nil {
		return
	}
	if walls != nil {
		for k := range plan.Connections {
			refAddConnectionWalls(refWallBuilder{noise: g.Noise(), m: walls}, g, &plan.Connections[k])
		}
	}
	if bridgeMesh != nil {
		for _, b := range plan.Bridges {
			refAddBridge(geom.PerturberOf(g), bridgeMesh, b)
		}
	}
}

func refAddBridge(p geom.Perturber, m *mesh.Mesh, b Bridge) {
	c1, c2 := p.Perturb(b.RoadCenter1), p.Perturb(b.RoadCenter2)
	dir := vec.Sub(c2, c1)
	length := dir.Length()
	if length == 0 {
		return
	}
	t := refFacing(vec.Scale(vec.Add(c1, c2), 0.5), dir, true)
	t.scaleZ = length / geom.BridgeDesignLength
	refPlace(&bridgePrefab, m, t)
}

func refAppendCellFeatures(dst []feature, g *hexmap.Grid, i int) []feature {
	cell := g.Cell(i)
	if cell.IsUnderwater() {
		return dst
	}
	center := geom.CellPosition(g, i)
	if cell.IsSpecial() {
		return append(dst, refSpecialFeature(g, cell, center))
	}
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if cell.HasRiverThroughEdge(d) || cell.HasRoadThroughEdge(d) {
			continue
		}
		if f, ok := refPickFeature(g, cell, refDirectionSpot(cell, center, d)); ok {
			dst = append(dst, f)
		}
	}
	if !cell.HasRiver() && !cell.HasRoads() {
		if f, ok := refPickFeature(g, cell, center); ok {
			dst = append(dst, f)
		}
	}
	return dst
}

func refDirectionSpot(cell hexmap.Cell, center vec3.T, d hexmap.Direction) vec3.T {
	v1 := vec.Add(center, geom.FirstSolidCorner(d))
	v5 := vec.Add(center, geom.SecondSolidCorner(d))
	if cell.HasRiver() {
		center = vec.Add(center, refRiverCenterOffset(cell, d))
	}
	return vec.Scale(vec.Add(vec.Add(center, v1), v5), 1.0/3)
}

func refRiverCenterOffset(cell hexmap.Cell, d hexmap.Direction) vec3.T {
	if cell.HasRiverThroughEdge(d.Next()) {
		if cell.HasRiverThroughEdge(d.Previous()) {
			return vec.Scale(geom.SolidEdgeMiddle(d), geom.InnerToOuter*0.5)
		}
		if cell.HasRiverThroughEdge(d.Previous2()) {
			return vec.Scale(geom.FirstSolidCorner(d), 0.25)
		}
	} else if cell.HasRiverThroughEdge(d.Previous()) && cell.HasRiverThroughEdge(d.Next2()) {
		return vec.Scale(geom.SecondSolidCorner(d), 0.25)
	}
	return vec3.T{}
}

func refPickFeature(g *hexmap.Grid, cell hexmap.Cell, position vec3.T) (feature, bool) {
	h := geom.SampleHash(g.Noise(), position)
	levels := [3]uint8{cell.UrbanLevel, cell.FarmLevel, cell.PlantLevel}
	hashes := [3]float32{h.A, h.B, h.C}
	f := feature{}
	used := float32(-1)
	for k := range levels {
		size, ok := refPickCollection(int(levels[k]), hashes[k])
		if ok && (used < 0 || hashes[k] < used) {
			f.kind, f.size, used = kind(k), size, hashes[k]
		}
	}
	if used < 0 {
		return f, false
	}
	f.variant = int(h.D * variantsPerCollection)
	f.pos = geom.PerturberOf(g).Perturb(position)
	f.angle = 360 * h.E
	return f, true
}

func refPickCollection(level int, hash float32) (int, bool) {
	for i, t := range geom.FeatureThresholds(level) {
		if hash < t {
			return i, true
		}
	}
	return 0, false
}

func refSpecialFeature(g *hexmap.Grid, cell hexmap.Cell, center vec3.T) feature {
	return feature{
		kind:  special,
		size:  int(cell.SpecialIndex) - 1,
		pos:   geom.PerturberOf(g).Perturb(center),
		angle: 360 * geom.SampleHash(g.Noise(), center).E,
	}
}

func refAddFeature(f feature, m *mesh.Mesh) {
	var p *prefab
	switch f.kind {
	case urban, farm, plant:
		if f.size < 0 || f.size >= collectionCount || f.variant < 0 || f.variant >= variantsPerCollection {
			return
		}
		p = &collectionPrefabs[f.kind][f.size][f.variant]
	case special:
		if f.size < 0 || f.size >= len(specialPrefabs) {
			return
		}
		p = &specialPrefabs[f.size]
	default:
		return
	}
	refPlace(p, m, refYaw(f.pos, f.angle))
}

type refPlacement struct {
	pos      vec3.T
	cos, sin float32
	scaleZ   float32
}

func refYaw(pos vec3.T, degrees float32) refPlacement {
	s, c := math.Sincos(float64(degrees) * math.Pi / 180)
	return refPlacement{pos: pos, cos: float32(c), sin: float32(s), scaleZ: 1}
}

func refFacing(pos, dir vec3.T, forward bool) refPlacement {
	l := float32(math.Hypot(float64(dir[0]), float64(dir[2])))
	if l == 0 {
		return refPlacement{pos: pos, cos: 1, scaleZ: 1}
	}
	x, z := dir[0]/l, dir[2]/l
	if forward {
		return refPlacement{pos: pos, cos: z, sin: x, scaleZ: 1}
	}
	return refPlacement{pos: pos, cos: x, sin: -z, scaleZ: 1}
}

func (t refPlacement) apply(p vec3.T) vec3.T {
	z := p[2] * t.scaleZ
	return vec3.T{
		p[0]*t.cos + z*t.sin + t.pos[0],
		p[1] + t.pos[1],
		-p[0]*t.sin + z*t.cos + t.pos[2],
	}
}

func (t refPlacement) unscaleNormal(n vec3.T) vec3.T {
	if t.scaleZ == 0 {
		return n
	}
	n[2] /= t.scaleZ
	return vec.Scale(n, 1/vec.Length(n))
}

func refPlace(p *prefab, dst *mesh.Mesh, t refPlacement) {
	n := len(p.m.Positions)
	if !room(dst, n) {
		return
	}
	off := len(dst.Positions)
	dst.Positions = slices.Grow(dst.Positions, n)[:off+n]
	dst.Normals = slices.Grow(dst.Normals, n)[:off+n]
	pos, nor := dst.Positions[off:], dst.Normals[off:]
	srcPos, srcNor := p.m.Positions[:n], p.m.Normals[:n]
	uniform := t.scaleZ == 1
	for k := range pos {
		pos[k] = t.apply(srcPos[k])
		nm := srcNor[k]
		if !uniform {
			nm = t.unscaleNormal(nm)
		}
		nor[k] = vec3.T{nm[0]*t.cos + nm[2]*t.sin, nm[1], -nm[0]*t.sin + nm[2]*t.cos}
	}
	dst.Colors = append(dst.Colors, p.m.Colors...)
	ioff := len(dst.Indices)
	dst.Indices = slices.Grow(dst.Indices, len(p.m.Indices))[:ioff+len(p.m.Indices)]
	base := uint16(off)
	for k, i := range p.m.Indices {
		dst.Indices[ioff+k] = base + i
	}
}

// refWallBuilder adds Catlike's wall pieces (part 10) and towers (part 11)
// to one mesh. As in Catlike, the anchors of each piece are perturbed
// first and its quads built from them unperturbed, which keeps the
// thickness even.
type refWallBuilder struct {
	noise *noise.Noise
	m     *mesh.Mesh
}

// refAddConnectionWalls makes the AddWall calls that TriangulateConnection
// makes for a planned connection: one with the connection's begin and end
// edges, and one for its corner.
func refAddConnectionWalls(w refWallBuilder, g *hexmap.Grid, c *Connection) {
	cell := g.Cell(c.Cell)
	w.addEdgeWall(c.Near, cell, c.Far, g.Cell(c.Neighbor), cell.HasRiverThroughEdge(c.Dir), cell.HasRoadThroughEdge(c.Dir))
	if c.HasCorner {
		k, p := c.Corner, c.PerturbedCorner
		w.addCornerWall([2]vec3.T{k[0], p[0]}, cell, [2]vec3.T{k[1], p[1]}, g.Cell(c.Neighbor), [2]vec3.T{k[2], p[2]}, g.Cell(c.Next))
	}
}

// addEdgeWall is AddWall for a connection between perturbed edges: a wall
// when exactly one side is walled, neither is underwater and the edge is
// no cliff, with a capped gap in the middle where a river or road passes.
func (w refWallBuilder) addEdgeWall(near geom.EdgeVertices, nearCell hexmap.Cell, far geom.EdgeVertices, farCell hexmap.Cell, hasRiver, hasRoad bool) {
	if !refEdgeHoldsWall(nearCell, farCell) {
		return
	}
	// Each near/far pair anchors up to two pieces: work it out once.
	n, f := [5]vec3.T{near.V1, near.V2, near.V3, near.V4, near.V5}, [5]vec3.T{far.V1, far.V2, far.V3, far.V4, far.V5}
	var a [5]refWallAnchor
	for k := range a {
		if k == 2 && (hasRiver || hasRoad) {
			continue // the gap
		}
		a[k] = refNewWallAnchor(n[k], f[k])
	}
	w.segment(a[0], a[1], false)
	if hasRiver || hasRoad {
		w.cap(a[1])
		w.cap(a[3].reversed()) // Catlike's AddWallCap(far.v4, near.v4)
	} else {
		w.segment(a[1], a[2], false)
		w.segment(a[2], a[3], false)
	}
	w.segment(a[3], a[4], false)
}

// refWallLerp is Catlike's HexMetrics.WallLerp: halfway in XZ, and at a
// height that favours the lower side.
func refWallLerp(near, far vec3.T) vec3.T {
	near[0] += (far[0] - near[0]) * 0.5
	near[2] += (far[2] - near[2]) * 0.5
	v := float32(geom.WallElevationOffset)
	if near[1] >= far[1] {
		v = 1 - geom.WallElevationOffset
	}
	near[1] += (far[1]-near[1])*v + geom.WallYOffset
	return near
}

// refWallThicknessOffset is Catlike's HexMetrics.WallThicknessOffset: half
// a wall's thickness, across the line near→far.
func refWallThicknessOffset(near, far vec3.T) vec3.T {
	o := vec3.T{far[0] - near[0], 0, far[2] - near[2]}
	l := o.Length()
	if l == 0 {
		return vec3.T{}
	}
	return vec.Scale(o, geom.WallThickness*0.5/l)
}

// refWallAnchor is where a wall stands between a perturbed near and far
// point: WallLerp's centre and the half-thickness offset towards far.
type refWallAnchor struct{ center, offset vec3.T }

func refNewWallAnchor(near, far vec3.T) refWallAnchor {
	return refWallAnchor{refWallLerp(near, far), refWallThicknessOffset(near, far)}
}

// reversed is the anchor seen from far to near. WallLerp gives the same
// centre both ways (it favours the lower point either way), so only the
// offset flips.
func (a refWallAnchor) reversed() refWallAnchor {
	return refWallAnchor{a.center, vec.Scale(a.offset, -1)}
}

// refEdgeHoldsWall is the rule for a wall between two neighbours.
func refEdgeHoldsWall(a, b hexmap.Cell) bool {
	return a.Walled != b.Walled && !a.IsUnderwater() && !b.IsUnderwater() &&
		hexmap.EdgeTypeOf(int(a.Elevation), int(b.Elevation)) != hexmap.Cliff
}

// addCornerWall is AddWall for a three-cell corner given clockwise, each
// point unperturbed and perturbed: the cell whose walled state differs
// from the other two is the pivot the wall bends around.
func (w refWallBuilder) addCornerWall(c1 [2]vec3.T, cell1 hexmap.Cell, c2 [2]vec3.T, cell2 hexmap.Cell, c3 [2]vec3.T, cell3 hexmap.Cell) {
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
func (w refWallBuilder) cornerSegment(pivotAt [2]vec3.T, pivotCell hexmap.Cell, leftAt [2]vec3.T, leftCell hexmap.Cell, rightAt [2]vec3.T, rightCell hexmap.Cell) {
	if pivotCell.IsUnderwater() {
		return
	}
	hasLeft := !leftCell.IsUnderwater() && hexmap.EdgeTypeOf(int(pivotCell.Elevation), int(leftCell.Elevation)) != hexmap.Cliff
	hasRight := !rightCell.IsUnderwater() && hexmap.EdgeTypeOf(int(pivotCell.Elevation), int(rightCell.Elevation)) != hexmap.Cliff
	if !hasLeft && !hasRight {
		return
	}
	// The tower's hash is sampled at the unperturbed corner.
	hashAt := vec.Scale(vec.Add(vec.Add(pivotAt[0], leftAt[0]), rightAt[0]), 1.0/3)
	pivot, left, right := pivotAt[1], leftAt[1], rightAt[1]
	switch {
	case hasLeft && hasRight:
		hasTower := false
		if leftCell.Elevation == rightCell.Elevation {
			hasTower = geom.SampleHash(w.noise, hashAt).E < geom.WallTowerThreshold
		}
		w.segment(refNewWallAnchor(pivot, left), refNewWallAnchor(pivot, right), hasTower)
	case hasLeft && leftCell.Elevation < rightCell.Elevation:
		w.wedge(refNewWallAnchor(pivot, left), right)
	case hasLeft:
		w.cap(refNewWallAnchor(pivot, left))
	case hasRight && rightCell.Elevation < leftCell.Elevation:
		w.wedge(refNewWallAnchor(right, pivot), left)
	case hasRight:
		w.cap(refNewWallAnchor(right, pivot))
	}
}

// segment is a wall piece from the left anchor to the right one: two
// sides and a top, each end at its own height.
func (w refWallBuilder) segment(l, r refWallAnchor, addTower bool) {
	left, right := l.center, r.center
	leftOffset, rightOffset := l.offset, r.offset
	leftTop := left[1] + geom.WallHeight
	rightTop := right[1] + geom.WallHeight

	v1, v2 := vec.Sub(left, leftOffset), vec.Sub(right, rightOffset)
	t1, t2 := refWithY(v1, leftTop), refWithY(v2, rightTop)
	w.quad(v1, v2, t1, t2, wallStone)
	v1, v2 = vec.Add(left, leftOffset), vec.Add(right, rightOffset)
	v3, v4 := refWithY(v1, leftTop), refWithY(v2, rightTop)
	w.quad(v2, v1, v4, v3, wallStone)
	w.quad(t1, t2, v3, v4, wallStone)

	if addTower {
		dir := vec.Sub(right, left)
		refPlace(&towerPrefab, w.m, refFacing(vec.Scale(vec.Add(left, right), 0.5), dir, false))
	}
}

// cap closes a wall's end at an anchor, facing to the left of the
// near-to-far direction.
func (w refWallBuilder) cap(a refWallAnchor) {
	center, thickness := a.center, a.offset
	v1, v2 := vec.Sub(center, thickness), vec.Add(center, thickness)
	top := center[1] + geom.WallHeight
	w.quad(v1, v2, refWithY(v1, top), refWithY(v2, top), wallStone)
}

// wedge closes a wall's end at an anchor against the cliff face that
// rises towards the perturbed point: two sides meeting at the point and a
// triangular top.
func (w refWallBuilder) wedge(a refWallAnchor, point vec3.T) {
	center, thickness := a.center, a.offset
	top := center[1] + geom.WallHeight
	point[1] = center[1]
	pointTop := refWithY(point, top)
	v1, v2 := vec.Sub(center, thickness), vec.Add(center, thickness)
	v3, v4 := refWithY(v1, top), refWithY(v2, top)
	w.quad(v1, point, v3, pointTop, wallStone)
	w.quad(point, v2, pointTop, v4, wallStone)
	if room(w.m, 3) {
		w.m.AddTriangle(pointTop, v3, v4)
		w.m.AddTriangleColor(wallStone)
	}
}

// quad is mesh.AddQuad with the normal taken from the cross product of
// the diagonals, which for these nearly planar quads is the mean normal
// at a third of the cost; walls are the bulk of a walled map's vertices.
func (w refWallBuilder) quad(a, b, c, d vec3.T, col vec4.T) {
	if !room(w.m, 4) {
		return
	}
	m := w.m
	base := uint16(len(m.Positions))
	n := refNormalized(vec.Cross(vec.Sub(c, b), vec.Sub(d, a)))
	m.Positions = append(m.Positions, a, b, c, d)
	m.Normals = append(m.Normals, n, n, n, n)
	m.Colors = append(m.Colors, col, col, col, col)
	m.Indices = append(m.Indices, base, base+2, base+1, base+1, base+2, base+3)
}

func refNormalized(v vec3.T) vec3.T {
	l := vec.Length(v)
	if l == 0 {
		return vec3.T{0, 1, 0}
	}
	return vec.Scale(v, 1/l)
}

func refWithY(p vec3.T, y float32) vec3.T { p[1] = y; return p }
