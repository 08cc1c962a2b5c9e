package project

import (
	"slices"

	"hexsandbox/mesh"
)

// Buildings are drawn by the facade program (shaders/facade.kage), which
// evaluates the facade grammar per pixel from coordinates that package
// buildings puts on every vertex. The facade pack:
//
//	Src (u, v)/w     facade coordinates (bays along, height up), divided by w
//	                 so the shader can undo the affine interpolation
//	Color            the surface colour; alpha a random value per building
//	Custom0          1/w, as everywhere
//	Custom1, Custom2 the wall's top height and the surface code (constant
//	                 over a face, so no division)
//	Custom3          the face normal, packed into one float (packNormal)

// DetailDistance is the view distance beyond which a chunk's building
// details (package buildings' detail layer) are left out: far away,
// buildings are their masses only.
const DetailDistance = 170

// isFacade reports whether layer l is drawn with the facade program.
func isFacade(l mesh.Layer) bool { return l == mesh.Buildings || l == mesh.BuildingDetails }

// facadeExtra is what a packed facade vertex needs besides its
// staticVertex (colour and normal): its facade coordinates, the colour's
// alpha, and the wall's top and code.
type facadeExtra struct {
	u, v, a   float32
	top, code float32
}

// facadeStatics returns m's statics and facade attributes in b.source's
// numbering, kept in w until the mesh changes.
func (b *Builder) facadeStatics(m *mesh.Mesh, w *welded) ([]staticVertex, []facadeExtra) {
	key := staticKey{p: packFacade, ok: true}
	if w == nil || len(w.indices) == 0 {
		b.static, b.facade = b.fillFacade(b.static, b.facade, m)
		return b.static, b.facade
	}
	if w.key != key {
		w.static, w.facade = b.fillFacade(w.static, w.facade, m)
		w.key = key
	}
	return w.static, w.facade
}

func (b *Builder) fillFacade(st []staticVertex, fx []facadeExtra, m *mesh.Mesh) ([]staticVertex, []facadeExtra) {
	st, fx = slices.Grow(st[:0], len(b.source)), slices.Grow(fx[:0], len(b.source))
	for _, i := range b.source {
		a := gather(m, int(i), [4]float32{1, 1, 1, 1})
		st = append(st, staticVertex{r: a.color[0], g: a.color[1], b: a.color[2], custom3: packNormal(&a.normal)})
		fx = append(fx, facadeExtra{u: a.uv[0], v: a.uv[1], a: a.color[3], top: a.uv2[0], code: a.uv2[1]})
	}
	return st, fx
}
