package features

import (
	"math"
	"testing"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

func allModels() map[string]model {
	out := map[string]model{"tower": wallTower, "bridge": bridgeModel}
	names := [3]string{"urban", "farm", "plant"}
	for k, cs := range collections {
		for s, vs := range cs {
			for v, m := range vs {
				out[names[k]+string(rune('0'+s))+string(rune('a'+v))] = m
			}
		}
	}
	for s, m := range specials {
		out["special"+string(rune('1'+s))] = m
	}
	return out
}

// TestPartsFaceOutwards builds every part of every model alone and checks
// that each triangle's stored normal agrees with its winding and points
// away from the (convex) part's middle, and that every vertex has a colour.
func TestPartsFaceOutwards(t *testing.T) {
	id := yawPlacement(vec3.T{}, 0)
	for name, mod := range allModels() {
		for pi, p := range mod {
			var m mesh.Mesh
			model{p}.addTo(&m, id)
			if m.VertexCount() == 0 || len(m.Colors) != m.VertexCount() {
				t.Fatalf("%s part %d: %d vertices, %d colours", name, pi, m.VertexCount(), len(m.Colors))
			}
			var mid vec3.T
			for _, v := range m.Positions {
				mid = vec.Add(mid, v)
			}
			mid = vec.Scale(mid, 1/float32(m.VertexCount()))
			for k := 0; k < len(m.Indices); k += 3 {
				a, b, c := m.Positions[m.Indices[k]], m.Positions[m.Indices[k+1]], m.Positions[m.Indices[k+2]]
				wound := vec.Cross(vec.Sub(b, a), vec.Sub(c, a))
				n := m.Normals[m.Indices[k]]
				if vec.Dot(wound, n) <= 0 {
					t.Fatalf("%s part %d triangle %d: winding disagrees with normal", name, pi, k/3)
				}
				centroid := vec.Scale(vec.Add(vec.Add(a, b), c), 1.0/3)
				if vec.Dot(n, vec.Sub(centroid, mid)) <= 0 {
					t.Fatalf("%s part %d triangle %d faces inwards", name, pi, k/3)
				}
			}
		}
	}
}

// TestPlacementsLikeUnity: a 90° yaw turns forward (+Z) to the right
// (+X), as Quaternion.Euler(0, 90, 0) does; facing placements point local
// forward or right along the given direction.
func TestPlacementsLikeUnity(t *testing.T) {
	pos := vec3.T{10, 2, -3}
	cases := []struct {
		name     string
		p        placement
		in, want vec3.T
	}{
		{"yaw 90", yawPlacement(pos, 90), vec3.T{0, 0, 1}, vec3.T{11, 2, -3}},
		{"yaw 180", yawPlacement(pos, 180), vec3.T{1, 1, 0}, vec3.T{9, 3, -3}},
		{"forward", facingPlacement(pos, vec3.T{0, 5, -2}, true), vec3.T{0, 0, 1}, vec3.T{10, 2, -4}},
		{"right", facingPlacement(pos, vec3.T{3, 0, 4}, false), vec3.T{1, 0, 0}, vec3.T{10.6, 2, -2.2}},
	}
	for _, c := range cases {
		if got := c.p.apply(c.in); !near3(got, c.want, 1e-5) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func bounds(m model) (lo, hi vec3.T) {
	var ms mesh.Mesh
	m.addTo(&ms, yawPlacement(vec3.T{}, 0))
	lo, hi, _ = ms.Bounds()
	return lo, hi
}

// TestModelSizes checks the models against Catlike's proportions: the
// largest urban and farm prefabs, flat fields, the groves (wider than
// Catlike's lone trees, about as tall), the castle core,
// the ziggurat's base and the megaflora's height; all stand on y = 0.
func TestModelSizes(t *testing.T) {
	approx := func(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-4 }
	for name, m := range allModels() {
		if lo, _ := bounds(m); name != "bridge" && name[:4] != "farm" && !approx(lo[1], 0) {
			t.Errorf("%s does not stand on the ground: lowest y %v", name, lo[1])
		}
	}
	for s := range collectionCount {
		for v := range variantsPerCollection {
			if _, hi := bounds(collections[farm][s][v]); !approx(hi[1], 0.1) {
				t.Errorf("farm %d%c is %v high, want 0.1", s, 'a'+v, hi[1])
			}
		}
	}
	for v := range variantsPerCollection {
		if lo, hi := bounds(collections[plant][0][v]); hi[1] > 5 || hi[0]-lo[0] < 5 || hi[2]-lo[2] < 5 {
			t.Errorf("dense grove %c: %v..%v, want at most 5 high and 5 across", 'a'+v, lo, hi)
		}
		if _, hi := bounds(collections[plant][collectionCount-1][v]); hi[1] > 3 {
			t.Errorf("sparse grove %c: %v high, want at most 3", 'a'+v, hi[1])
		}
	}
	if lo, hi := bounds(collections[urban][0][0]); hi[0]-lo[0] < 3.5 || hi[1] < 3 {
		t.Errorf("large urban block %v..%v, want at least 3.5 wide, 3 high", lo, hi)
	}
	if lo, hi := bounds(specials[1]); !approx(hi[0]-lo[0], 8) || !approx(hi[1], 7.5) {
		t.Errorf("ziggurat %v..%v, want 8 wide, three 2.5 steps", lo, hi)
	}
	if _, hi := bounds(specials[2]); !approx(hi[1], 10) {
		t.Errorf("megaflora %v high, want 10", hi[1])
	}
	if lo, hi := bounds(specials[0]); hi[0]-lo[0] < 6 || hi[1] < 4 {
		t.Errorf("castle %v..%v smaller than its 6×4×6 core", lo, hi)
	}
	for s := range 3 {
		for v := range 2 {
			if collections[urban][s][v][0].size == collections[urban][s][1-v][0].size {
				t.Errorf("urban collection %d: variants have the same body", s)
			}
		}
	}
}

// TestRoomGuard: a mesh near the uint16 limit takes no more models and
// never overflows.
func TestRoomGuard(t *testing.T) {
	var m mesh.Mesh
	fill := mesh.MaxVertices - pyramidVertices
	m.Positions = make([]vec3.T, fill)
	m.Normals = make([]vec3.T, fill)
	m.Colors = make([]vec4.T, fill)
	id := yawPlacement(vec3.T{}, 0)
	specials[1].addTo(&m, id) // boxes only
	wallTower.addTo(&m, id)
	if m.VertexCount() != fill {
		t.Fatalf("boxes added past the limit: %d vertices", m.VertexCount())
	}
	addPyramid(&m, id, vec3.T{}, 1, 1, wallStone)
	if m.VertexCount() != mesh.MaxVertices {
		t.Fatalf("a pyramid that fits was refused: %d vertices", m.VertexCount())
	}
	addPyramid(&m, id, vec3.T{}, 1, 1, wallStone)
	if m.Overflowed() || len(m.Colors) != m.VertexCount() {
		t.Fatalf("%d vertices, %d colours, overflowed %v", m.VertexCount(), len(m.Colors), m.Overflowed())
	}
}

// TestFeatureAddTurns: a placed feature stands at its position, turned by
// its angle: the 3.5 × 2 block turned 90° is 2 wide in X and 3.5 in Z.
func TestFeatureAddTurns(t *testing.T) {
	for _, tc := range []struct{ angle, wantX, wantZ float32 }{{0, 3.5, 2}, {90, 2, 3.5}, {180, 3.5, 2}} {
		var m mesh.Mesh
		f := feature{kind: urban, size: 0, variant: 0, pos: vec3.T{50, 7, -20}, angle: tc.angle}
		f.add(&m)
		lo, hi, ok := m.Bounds()
		if !ok {
			t.Fatal("feature added nothing")
		}
		mid := vec.Scale(vec.Add(lo, hi), 0.5)
		if !nearXZ(mid, f.pos, 1e-4) || math.Abs(float64(lo[1]-7)) > 1e-4 {
			t.Errorf("angle %v: model centred at %v, base %v; want %v", tc.angle, mid, lo[1], f.pos)
		}
		if math.Abs(float64(hi[0]-lo[0]-tc.wantX)) > 1e-3 || math.Abs(float64(hi[2]-lo[2]-tc.wantZ)) > 1e-3 {
			t.Errorf("angle %v: %v × %v in XZ, want %v × %v", tc.angle, hi[0]-lo[0], hi[2]-lo[2], tc.wantX, tc.wantZ)
		}
	}
}
