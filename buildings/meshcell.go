package buildings

import (
	"github.com/ungerik/go3d/vec2"
	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/mesh"
)

// paveColor and kerbColor are the paved strips' colours.
var (
	paveColor = vec4.T{0.66, 0.64, 0.6, 1}
	kerbColor = vec4.T{0.55, 0.54, 0.52, 1}
	boxColor  = vec4.T{0.6, 0.58, 0.56, 1}
)

// emitCell adds the planned buildings of c to m within the cell's
// triangle budget: all masses first, then details while the budget and
// the meshes' vertex limit allow.
func (b *Builder) emitCell(c *Cell, g Ground, m Meshes) int {
	total, budget := 0, b.budget
	if budget == 0 {
		budget = MaxCellTriangles
	}
	keep := func(e *emitter, k mark) bool {
		n := e.triangles(k)
		if total+n > budget || len(e.m.Positions) > mesh.MaxVertices {
			e.rollback(k)
			return false
		}
		total += n
		return true
	}
	built := b.work.built[:0]
	if m.Massing != nil {
		e := emitter{m.Massing}
		for i := range b.plan {
			k := e.mark()
			b.emitMass(&e, c, g, &b.plan[i])
			built = append(built, keep(&e, k))
		}
	}
	b.work.built = built
	if m.Detail == nil {
		return total
	}
	e := emitter{m.Detail}
	for _, p := range b.pave {
		if !b.builtOn(p.block) {
			continue // no pavement round an empty block
		}
		k := e.mark()
		b.emitPaving(&e, c, g, p.paving)
		keep(&e, k)
	}
	for i := range b.plan {
		if i < len(built) && !built[i] {
			continue
		}
		k := e.mark()
		b.emitDetail(&e, c, g, &b.plan[i])
		keep(&e, k)
	}
	return total
}

// perturbed fills dst with the perturbed world XZ of local points p.
func (b *Builder) perturbed(dst [][2]float32, c *Cell, g Ground, p []pt) [][2]float32 {
	dst = dst[:0]
	for _, q := range p {
		x, z := b.world(c, g, q)
		dst = append(dst, [2]float32{x, z})
	}
	return dst
}

// emitMass adds building m's walls and roofs.
func (b *Builder) emitMass(e *emitter, c *Cell, g Ground, m *building) {
	gy := c.Center[1]
	foot := b.perturbed(b.work.foot, c, g, m.poly)
	b.work.foot = foot
	col := m.walls
	col[3] = m.seed
	shop := m.shop && c.Level >= 2
	lower := float32(m.podium)
	b.walls(e, foot, m.roles, m.cover, gy, -foundation, lower, shop, m, col, true)
	switch {
	case m.setBack:
		// The roof terrace in the ring between podium and tower, then the
		// tower on the inset footprint.
		top := b.perturbed(b.work.top, c, g, m.tower)
		b.work.top = top
		b.terrace(e, m, foot, top, gy+lower)
		roles := make([]Role, len(top))
		for i := range roles {
			roles[i] = Back
		}
		for k, te := range m.towerR.edges {
			if te.alive && m.roles[k] == Front {
				roles[te.start] = Front
			}
		}
		b.walls(e, top, roles, nil, gy, lower, float32(m.top), false, m, col, false)
		b.flatWorld(e, m.tower, top, gy+float32(m.top), face{uv2: vec2.T{float32(m.top), float32(SurfaceFlatRoof)}, col: m.roofC})
	case m.roof == roofFlat:
		b.flatWorld(e, m.poly, foot, gy+lower, face{uv2: vec2.T{lower, float32(SurfaceFlatRoof)}, col: m.roofC})
	case m.roof == roofGable:
		b.gableRoof(e, foot, gy, m, col)
	default:
		b.hipRoof(e, foot, gy, m)
	}
}

// terrace adds the roof terrace between podium foot and tower top (both
// perturbed) at height y: one vertex per corner, triangles per ring
// piece.
func (b *Builder) terrace(e *emitter, m *building, foot, top [][2]float32, y float32) {
	f := face{uv2: vec2.T{float32(m.podium), float32(SurfaceTerrace)}, col: m.roofC}
	up := vec3.T{0, 1, 0}
	base := uint16(len(e.m.Positions))
	for _, w := range [2][][2]float32{foot, top} {
		for _, q := range w {
			e.vert(vec3.T{q[0], y, q[1]}, up, vec2.T{q[0], q[1]}, f.uv2, f.col)
		}
	}
	n := uint16(len(foot))
	b.work.ring.pieces(len(m.poly), m.towerR, func(outer, inner []int, edge int) {
		if edge >= 0 {
			// An edge's trapezoid: two triangles, no need to triangulate.
			a, z, c, d := base+uint16(outer[0]), base+uint16(outer[1]), base+n+uint16(inner[0]), base+n+uint16(inner[1])
			e.tri(a, c, z)
			e.tri(a, d, c)
			return
		}
		local, idx := b.work.piece[:0], b.work.idx[:0]
		for _, i := range outer {
			local, idx = append(local, m.poly[i]), append(idx, uint16(i))
		}
		for _, i := range inner {
			local, idx = append(local, m.tower[i]), append(idx, n+uint16(i))
		}
		b.work.piece, b.work.idx = local, idx
		if area(local) <= 1e-9 {
			return
		}
		tris, ear := triangulate(b.work.tris[:0], local, b.work.ear)
		b.work.tris, b.work.ear = tris, ear
		for k := 0; k+2 < len(tris); k += 3 {
			e.tri(base+idx[tris[k]], base+idx[tris[k+2]], base+idx[tris[k+1]])
		}
	})
}

// walls adds a wall over every edge of footprint foot from y0 to y1,
// each with its role's facade, starting where cover (when not nil) says
// the neighbour stops hiding it. The first front wall of the ground
// floor gets the door.
func (b *Builder) walls(e *emitter, foot [][2]float32, roles []Role, cover []float64, gy, y0, y1 float32, shop bool, m *building, col vec4.T, ground bool) {
	door := ground
	n := len(foot)
	for k := range n {
		from := y0
		if k < len(cover) {
			from = max(from, float32(cover[k]))
		}
		if from >= y1-1e-4 {
			continue
		}
		a, z := foot[k], foot[(k+1)%n]
		l := edgeLength(a, z)
		nb := bays(l)
		r := roles[k]
		d := -1
		if door && r == Front {
			d = m.door % int(nb)
			door = false
		}
		code := WallCode(r, shop && r == Front, m.style, d)
		e.wallOf(a, z, l, gy, from, y1, nb, face{uv2: vec2.T{y1, code}, col: col})
	}
}

// flatPoly adds local polygon p as an upward face at world height y.
func (b *Builder) flatPoly(e *emitter, c *Cell, g Ground, p []pt, y float32, f face) {
	w := b.perturbed(b.work.pieceW[:0], c, g, p)
	b.work.pieceW = w
	b.flatWorld(e, p, w, y, f)
}

// flatWorld is flatPoly with p's points already perturbed into w.
func (b *Builder) flatWorld(e *emitter, p []pt, w [][2]float32, y float32, f face) {
	var tris []int
	tris, b.work.ear = triangulate(b.work.tris[:0], p, b.work.ear)
	b.work.tris = tris
	e.flat(w, tris, y, f)
}

// gableRoof adds the two slopes and two gables of quad m's pitched roof.
func (b *Builder) gableRoof(e *emitter, foot [][2]float32, gy float32, m *building, col vec4.T) {
	s := m.gable
	p := func(i int) [2]float32 { return foot[(s+i)%4] }
	y := gy + float32(m.top)
	ridge := y + float32(m.rise)
	m1 := vec3.T{(p(0)[0] + p(1)[0]) / 2, ridge, (p(0)[1] + p(1)[1]) / 2}
	m2 := vec3.T{(p(2)[0] + p(3)[0]) / 2, ridge, (p(2)[1] + p(3)[1]) / 2}
	at := func(q [2]float32) vec3.T { return vec3.T{q[0], y, q[1]} }
	roof := face{uv2: vec2.T{float32(m.top), float32(SurfaceTiledRoof)}, col: m.roofC}
	e.slope([]vec3.T{at(p(1)), at(p(2)), m2, m1}, roof)
	e.slope([]vec3.T{at(p(3)), at(p(0)), m1, m2}, roof)
	gable := face{uv2: vec2.T{float32(m.top), WallCode(Party, false, 0, -1)}, col: col}
	// A gable against a neighbour at least as high as the ridge is hidden.
	if m.covered(s) < m.top+m.rise {
		e.gable(p(0), p(1), gy, float32(m.top), m1, bays(edgeLength(p(0), p(1))), gable)
	}
	if m.covered((s+2)%4) < m.top+m.rise {
		e.gable(p(2), p(3), gy, float32(m.top), m2, bays(edgeLength(p(2), p(3))), gable)
	}
}

// hipRoof adds a roof rising from every eave to one apex over the
// centroid.
func (b *Builder) hipRoof(e *emitter, foot [][2]float32, gy float32, m *building) {
	var cx, cz float32
	for _, q := range foot {
		cx += q[0]
		cz += q[1]
	}
	n := float32(len(foot))
	y := gy + float32(m.top)
	apex := vec3.T{cx / n, y + float32(m.rise), cz / n}
	roof := face{uv2: vec2.T{float32(m.top), float32(SurfaceTiledRoof)}, col: m.roofC}
	for k := range foot {
		a, z := foot[k], foot[(k+1)%len(foot)]
		e.slope([]vec3.T{{a[0], y, a[1]}, {z[0], y, z[1]}, apex}, roof)
	}
}

// emitPaving adds a block's paved strips, their kerbs along the streets.
func (b *Builder) emitPaving(e *emitter, c *Cell, g Ground, p *paving) {
	gy := c.Center[1]
	w := b.perturbed(b.work.pieceW[:0], c, g, p.pts)
	b.work.pieceW = w
	e.flat(w, p.tris, gy+paveTop, face{uv2: vec2.T{0, float32(SurfacePavement)}, col: paveColor})
	kerb := face{uv2: vec2.T{paveTop, float32(SurfaceKerb)}, col: kerbColor}
	for _, k := range p.kerbs {
		e.wall(w[k[0]], w[k[1]], gy, kerbBottom, paveTop, 1, kerb)
	}
}

// emitDetail adds a building's small parts: a chimney on a pitched roof,
// a box on a flat one.
func (b *Builder) emitDetail(e *emitter, c *Cell, g Ground, m *building) {
	gy := c.Center[1]
	stone := face{uv2: vec2.T{0, float32(SurfaceStone)}, col: boxColor}
	switch {
	case m.roof == roofGable && m.seed < 0.4:
		// On the ridge, a third of the way along.
		s := m.gable
		m1 := mid(m.poly[s], m.poly[(s+1)%4])
		m2 := mid(m.poly[(s+2)%4], m.poly[(s+3)%4])
		q := lerp(m1, m2, 0.3)
		x, z := b.world(c, g, q)
		e.box([2]float32{x, z}, 0.13, gy, float32(m.top), float32(m.top+m.rise+chimneyTop), stone)
	case m.roof == roofFlat && m.box:
		top, y := m.poly, m.top
		if m.setBack {
			top = m.tower
		}
		q := centroid(top)
		h := 0.3
		if !contains(top, q) || boundaryDist(top, q) < h*1.5 {
			return
		}
		x, z := b.world(c, g, q)
		e.box([2]float32{x, z}, float32(h), gy, float32(y), float32(y+boxHeight), stone)
	}
}
