package project

import (
	"slices"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
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
//	Custom3          the light

// DetailDistance is the view distance beyond which a chunk's building
// details (package buildings' detail layer) are left out: far away,
// buildings are their masses only.
const DetailDistance = 170

// isFacade reports whether layer l is drawn with the facade program.
func isFacade(l mesh.Layer) bool { return l == mesh.Buildings || l == mesh.BuildingDetails }

// facadeStatic is what a packed facade vertex needs besides its position
// and the view (facade's counterpart of staticVertex).
type facadeStatic struct {
	u, v       float32
	r, g, b, a float32
	top, code  float32
	light      float32
}

// facadeStatics returns m's facade statics in b.source's numbering, kept
// in w until the mesh or the lighting changes.
func (b *Builder) facadeStatics(m *mesh.Mesh, w *welded) []facadeStatic {
	key := staticKey{light: b.Light, p: packFacade, ok: true}
	if w == nil || len(w.indices) == 0 {
		b.facade = b.fillFacade(b.facade, m)
		return b.facade
	}
	if w.key != key {
		w.facade = b.fillFacade(w.facade, m)
		w.key = key
	}
	return w.facade
}

func (b *Builder) fillFacade(dst []facadeStatic, m *mesh.Mesh) []facadeStatic {
	dst = slices.Grow(dst[:0], len(b.source))
	for _, i := range b.source {
		a := gather(m, int(i), [4]float32{1, 1, 1, 1})
		dst = append(dst, facadeStatic{
			u: a.uv[0], v: a.uv[1],
			r: a.color[0], g: a.color[1], b: a.color[2], a: a.color[3],
			top: a.uv2[0], code: a.uv2[1], light: b.Light.Shade(a.normal),
		})
	}
	return dst
}

// packFacade is packStatic for facade vertices.
func (b *Builder) packFacade(pos []vec3.T, st []facadeStatic, marks []uint16, out []Vertex) []Vertex {
	rows, source := b.View.screenRows(), b.source[:len(st)]
	k := len(out)
	all := out[:cap(out)]
	for j := range st {
		if marks != nil {
			if marks[j] == 0 {
				continue
			}
			marks[j] = uint16(k)
		}
		s, v := &st[j], &all[k]
		k++
		p := &pos[source[j]]
		// packStatic's sums, so classified and packed positions agree.
		iw := 1 / (rows.w[0]*p[0] + rows.w[1]*p[1] + rows.w[2]*p[2] + rows.w[3])
		v.DstX = ((rows.x[0]*p[0]+rows.x[1]*p[1]+rows.x[2]*p[2]+rows.x[3])*iw + 1) * rows.hw
		v.DstY = (1 - (rows.y[0]*p[0]+rows.y[1]*p[1]+rows.y[2]*p[2]+rows.y[3])*iw) * rows.hh
		v.SrcX, v.SrcY = s.u*iw, s.v*iw
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = s.r, s.g, s.b, s.a
		v.Custom0, v.Custom1, v.Custom2, v.Custom3 = iw, s.top, s.code, s.light
	}
	return all[:k]
}
