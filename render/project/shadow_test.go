package project

import (
	"math"
	"testing"

	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec3"
)

// The sun comes from the upper left of the screen, 40° high, whatever the
// camera's rotation: in the camera's frame its direction is the same.
func TestSunTurnsWithTheCamera(t *testing.T) {
	for _, rot := range []float64{0, 37, 90, 180, 271.5} {
		c := Camera{Zoom: 0.5, Rotation: rot}
		_, right, _, fwd := c.Basis()
		ahead := vec3.T{fwd[0], 0, fwd[2]} // up the screen, on the ground
		ahead.Normalize()
		d := Sun(rot).Dir
		x, z := vec3.Dot(&d, &right), vec3.Dot(&d, &ahead)
		if x >= 0 || z <= 0 {
			t.Errorf("rotation %v: the sun is at screen (%.2f, %.2f), not upper left", rot, x, z)
		}
		az := math.Atan2(float64(z), float64(x)) * 180 / math.Pi
		el := math.Asin(float64(d[1])) * 180 / math.Pi
		if math.Abs(az-SunAzimuth) > 0.01 || math.Abs(el-SunElevation) > 0.01 {
			t.Errorf("rotation %v: sun at azimuth %.2f°, elevation %.2f°; want %v°, %v°", rot, az, el, SunAzimuth, SunElevation)
		}
	}
}

// Shade is ambient plus the sun's diffuse light: a face turned to the sun
// gets the most, one turned away only the ambient, and shadow takes the
// diffuse part.
func TestShade(t *testing.T) {
	l := Sun(0)
	up := vec3.T{0, 1, 0}
	lit, shadowed := l.Shade(up, 1), l.Shade(up, 0)
	if want := l.Ambient + l.Diffuse*l.Dir[1]; math.Abs(float64(lit-want)) > 1e-6 {
		t.Errorf("flat ground in sun: %v, want %v", lit, want)
	}
	if shadowed != l.Ambient {
		t.Errorf("flat ground in shadow: %v, want the ambient %v", shadowed, l.Ambient)
	}
	if toSun := l.Shade(l.Dir, 1); toSun <= lit {
		t.Errorf("a face turned to the sun (%v) is not brighter than flat ground (%v)", toSun, lit)
	}
	away := vec3.T{-l.Dir[0], -l.Dir[1], -l.Dir[2]}
	if got := l.Shade(away, 1); got > l.Ambient {
		t.Errorf("a face turned away gets %v, more than the ambient", got)
	}
}

// shadowScene is a flat floor with a box standing on it, all in one chunk,
// and a dynamic caster box beside it.
func shadowScene(t *testing.T) ([]ChunkMeshes, Caster) {
	var layers [mesh.LayerCount]mesh.Mesh
	floor := &layers[mesh.Terrain]
	floor.AddQuad(vec3.T{0, 0, 0}, vec3.T{100, 0, 0}, vec3.T{0, 0, 100}, vec3.T{100, 0, 100})
	if floor.Normals[0][1] <= 0 {
		t.Fatal("the test floor faces down")
	}
	box(&layers[mesh.Features], vec3.T{45, 0, 45}, vec3.T{55, 10, 55})
	box(&layers[mesh.Farms], vec3.T{20, 0, 20}, vec3.T{30, 1, 30})
	var unit mesh.Mesh
	box(&unit, vec3.T{70, 0, 45}, vec3.T{74, 6, 49})
	lo, hi, _ := unit.Bounds()
	return chunksOf(&layers), Caster{Mesh: &unit, Bounds: Box{Lo: lo, Hi: hi, Valid: true}}
}

// box adds the four sides and the top of an axis-aligned box, wound so
// that their fronts face out (TestBoxFacesOut).
func box(m *mesh.Mesh, lo, hi vec3.T) {
	p := func(x, y, z int) vec3.T {
		v := lo
		if x > 0 {
			v[0] = hi[0]
		}
		if y > 0 {
			v[1] = hi[1]
		}
		if z > 0 {
			v[2] = hi[2]
		}
		return v
	}
	m.AddQuad(p(0, 1, 0), p(1, 1, 0), p(0, 1, 1), p(1, 1, 1)) // top
	m.AddQuad(p(0, 0, 0), p(1, 0, 0), p(0, 1, 0), p(1, 1, 0)) // south
	m.AddQuad(p(1, 0, 1), p(0, 0, 1), p(1, 1, 1), p(0, 1, 1)) // north
	m.AddQuad(p(0, 0, 1), p(0, 0, 0), p(0, 1, 1), p(0, 1, 0)) // west
	m.AddQuad(p(1, 0, 0), p(1, 0, 1), p(1, 1, 0), p(1, 1, 1)) // east
}

// The shadow batches hold the faces turned away from the sun: the box's
// far sides and the unit's, not the floor, which faces the sun, nor the
// farm; every caster vertex lies in the map and its depth in 0..1; and a
// point behind the box, seen from the sun, is deeper than the box there.
func TestShadowCasters(t *testing.T) {
	chunks, unit := shadowScene(t)
	for _, rot := range []float64{0, 120, 250} {
		cam := Camera{X: 50, Z: 50, Zoom: 0.5, Rotation: rot, MaxX: 100, MaxZ: 100}
		b := build(Options{View: cam.View(320, 240), Light: Sun(rot), Shadows: true, ShadowSize: 256, Casters: []Caster{unit}}, chunks)
		l := &b.LightView
		if !l.Valid {
			t.Fatalf("rotation %v: no light view", rot)
		}
		tris := 0
		for _, bt := range b.Shadow.List() {
			for k := 0; k+2 < len(bt.Indices); k += 3 {
				tris++
				a, c, d := bt.Vertices[bt.Indices[k]], bt.Vertices[bt.Indices[k+1]], bt.Vertices[bt.Indices[k+2]]
				for _, v := range []Vertex{a, c, d} {
					if v.Custom0 < 0 || v.Custom0 > 1 || v.DstX < -1 || v.DstY < -1 || v.DstX > 257 || v.DstY > 257 {
						t.Errorf("rotation %v: caster vertex at texel (%v, %v), depth %v", rot, v.DstX, v.DstY, v.Custom0)
					}
				}
			}
		}
		// Two sides of each box face away from a sun that is not along
		// an axis: two quads each, four triangles, two boxes.
		if tris != 8 {
			t.Errorf("rotation %v: %d shadow triangles, want the 8 of the two boxes' far sides", rot, tris)
		}
		// Behind the box, away from the sun, on the floor: in the box's
		// shadow, so deeper in the light view than the box above it.
		sun := Sun(rot).Dir
		h := float32(math.Hypot(float64(sun[0]), float64(sun[2])))
		behind := vec3.T{50 - 8*sun[0]/h, 0, 50 - 8*sun[2]/h}
		u, v, d := l.Map(behind)
		top := vec3.T{50, 10, 50}
		tu, tv, td := l.Map(top)
		if u < 0 || v < 0 || u > 256 || v > 256 || d <= td {
			t.Errorf("rotation %v: the floor behind the box at texel (%v, %v) depth %v, the box top at (%v, %v) depth %v", rot, u, v, d, tu, tv, td)
		}
	}
}

// The test boxes' faces point out of them.
func TestBoxFacesOut(t *testing.T) {
	var m mesh.Mesh
	box(&m, vec3.T{0, 0, 0}, vec3.T{2, 2, 2})
	for k := 0; k < len(m.Positions); k += 4 {
		var mid vec3.T
		for j := range 4 {
			mid = vec3.Add(&mid, &m.Positions[k+j])
		}
		mid = mid.Scaled(0.25)
		out := vec3.T{mid[0] - 1, mid[1] - 1, mid[2] - 1}
		if vec3.Dot(&out, &m.Normals[k]) <= 0 {
			t.Errorf("face %d: normal %v points into the box", k/4, m.Normals[k])
		}
	}
}
