package features

import (
	"slices"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// prefab is a model built once into a mesh in model space, the way Unity
// keeps a prefab's mesh: placing an instance only transforms vertices.
type prefab struct{ m mesh.Mesh }

func compile(md model) prefab {
	var p prefab
	md.addTo(&p.m, yawPlacement(vec3.T{}, 0))
	return p
}

// The compiled catalogue. It is built once at start-up and only read
// afterwards.
var (
	collectionPrefabs = compileCollections()
	specialPrefabs    = [3]prefab{compile(specials[0]), compile(specials[1]), compile(specials[2])}
	towerPrefab       = compile(wallTower)
	bridgePrefab      = compile(bridgeModel)
)

func compileCollections() (out [3][collectionCount][variantsPerCollection]prefab) {
	for k := range collections {
		for s := range collections[k] {
			for v, md := range collections[k][s] {
				out[k][s][v] = compile(md)
			}
		}
	}
	return out
}

// place appends an instance under t to dst, whole or not at all.
func (p *prefab) place(dst *mesh.Mesh, t placement) {
	n := len(p.m.Positions)
	if !room(dst, n) {
		return
	}
	off := len(dst.Positions)
	dst.Positions = slices.Grow(dst.Positions, n)[:off+n]
	dst.Normals = slices.Grow(dst.Normals, n)[:off+n]
	pos, nor := dst.Positions[off:off+n], dst.Normals[off:off+n]
	if t.scaleZ == 1 {
		placeRigid(pos, nor, p.m.Positions[:n], p.m.Normals[:n], t)
	} else {
		placeScaled(pos, nor, p.m.Positions[:n], p.m.Normals[:n], t)
	}
	dst.Colors = append(dst.Colors, p.m.Colors...)
	ioff := len(dst.Indices)
	dst.Indices = slices.Grow(dst.Indices, len(p.m.Indices))[:ioff+len(p.m.Indices)]
	idx := dst.Indices[ioff:]
	base := uint16(off)
	for k, i := range p.m.Indices {
		idx[k] = base + i
	}
}

// placeRigid is placement.apply and the normal's rotation for an
// unscaled placement, with the transform held in locals: it is the inner
// loop of every feature. Multiplying by a Z scale of 1 changes nothing,
// so the results are apply's to the bit.
func placeRigid(pos, nor, srcPos, srcNor []vec3.T, t placement) {
	c, s := t.cos, t.sin
	px, py, pz := t.pos[0], t.pos[1], t.pos[2]
	nor = nor[:len(pos)]
	srcPos, srcNor = srcPos[:len(pos)], srcNor[:len(pos)]
	for k := range pos {
		q, m := &srcPos[k], &srcNor[k]
		pos[k] = vec3.T{q[0]*c + q[2]*s + px, q[1] + py, -q[0]*s + q[2]*c + pz}
		nor[k] = vec3.T{m[0]*c + m[2]*s, m[1], -m[0]*s + m[2]*c}
	}
}

// placeScaled is the general case, for bridges stretched along Z.
func placeScaled(pos, nor, srcPos, srcNor []vec3.T, t placement) {
	for k := range pos {
		pos[k] = t.apply(srcPos[k])
		nm := t.unscaleNormal(srcNor[k])
		nor[k] = vec3.T{nm[0]*t.cos + nm[2]*t.sin, nm[1], -nm[0]*t.sin + nm[2]*t.cos}
	}
}

// unscaleNormal undoes a Z scale on a model-space normal (the inverse
// transpose of the scale), before the rotation turns it.
func (t placement) unscaleNormal(n vec3.T) vec3.T {
	if t.scaleZ == 0 {
		return n
	}
	n[2] /= t.scaleZ
	return vec.Scale(n, 1/vec.Length(n))
}
