package project

import (
	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// RayBox reports whether the ray o + t·d (t ≥ 0) meets box b before tMax.
func RayBox(o, d vec3.T, b Box, tMax float32) bool {
	if !b.Valid {
		return false
	}
	t0, t1 := float32(0), tMax
	for k := range 3 {
		if d[k] == 0 {
			if o[k] < b.Lo[k] || o[k] > b.Hi[k] {
				return false
			}
			continue
		}
		a, c := (b.Lo[k]-o[k])/d[k], (b.Hi[k]-o[k])/d[k]
		if a > c {
			a, c = c, a
		}
		t0, t1 = max(t0, a), min(t1, c)
		if t0 > t1 {
			return false
		}
	}
	return true
}

// RayTriangle returns the ray parameter where o + t·d crosses triangle
// abc from either side (Möller–Trumbore), or false.
func RayTriangle(o, d, a, b, c vec3.T) (float32, bool) {
	e1 := vec3.Sub(&b, &a)
	e2 := vec3.Sub(&c, &a)
	p := vec3.Cross(&d, &e2)
	det := vec3.Dot(&e1, &p)
	if det > -1e-9 && det < 1e-9 {
		return 0, false
	}
	inv := 1 / det
	s := vec3.Sub(&o, &a)
	u := vec3.Dot(&s, &p) * inv
	if u < 0 || u > 1 {
		return 0, false
	}
	q := vec3.Cross(&s, &e1)
	v := vec3.Dot(&d, &q) * inv
	if v < 0 || u+v > 1 {
		return 0, false
	}
	t := vec3.Dot(&e2, &q) * inv
	return t, t >= 0
}

// PickLayer returns the nearest point where the ray meets layer l of the
// chunks (for the terrain, their fine level of detail where they have no
// full detail), each drawn at every east-west shift of copies (nil: only where
// it lies), in the ray's coordinates.
func PickLayer(chunks []ChunkMeshes, l mesh.Layer, o, d vec3.T, copies []float32) (hit vec3.T, ok bool) {
	if copies == nil {
		copies = []float32{0}
	}
	best := float32(1e30)
	for _, shift := range copies {
		so := vec3.T{o[0] - shift, o[1], o[2]} // the ray, moved onto the copy's own place
		for i := range chunks {
			m, box := chunks[i].Layers[l], chunks[i].Bounds[l]
			if m == nil && l == mesh.Terrain { // drawn at a level of detail
				m, box = chunks[i].LOD[LODFine], chunks[i].LODBounds[LODFine]
			}
			if m == nil || !RayBox(so, d, box, best) {
				continue
			}
			idx := m.Indices
			for t := 0; t+2 < len(idx); t += 3 {
				p := m.Positions
				if s, hitTri := RayTriangle(so, d, p[idx[t]], p[idx[t+1]], p[idx[t+2]]); hitTri && s < best {
					best, ok = s, true
				}
			}
		}
	}
	if !ok {
		return hit, false
	}
	return vec3.T{o[0] + d[0]*best, o[1] + d[1]*best, o[2] + d[2]*best}, true
}
