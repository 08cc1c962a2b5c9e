package chunk

import (
	"math"
	"testing"

	"github.com/ungerik/go3d/vec2"

	"hexsandbox/mesh"
)

func finite(vs ...float32) bool {
	for _, v := range vs {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return false
		}
	}
	return true
}

// TestNoNaN checks every attribute of every layer for NaN and Inf, that
// the attribute arrays agree with the vertex count, that indices are in
// range, and that terrain splat weights sum to one.
func TestNoNaN(t *testing.T) {
	for seed := range uint64(3) {
		g := testGrid(t, 20, 15, seed)
		s := NewSet(g)
		for ch := range s.Chunks {
			for l := range mesh.LayerCount {
				m := &s.Chunks[ch].Layers[l]
				if len(m.Normals) != len(m.Positions) || len(m.Indices)%3 != 0 {
					t.Fatalf("chunk %d %s: %d normals for %d positions, %d indices", ch, l.Name(), len(m.Normals), len(m.Positions), len(m.Indices))
				}
				if m.Overflowed() {
					t.Fatalf("chunk %d %s: %d vertices overflow uint16 indices", ch, l.Name(), len(m.Positions))
				}
				for k, p := range m.Positions {
					n := m.Normals[k]
					if !finite(p[0], p[1], p[2], n[0], n[1], n[2]) {
						t.Fatalf("chunk %d %s vertex %d: %v normal %v", ch, l.Name(), k, p, n)
					}
				}
				for _, uvs := range [][]vec2.T{m.UV, m.UV2} {
					if len(uvs) != 0 && len(uvs) != len(m.Positions) {
						t.Fatalf("chunk %d %s: %d UVs for %d positions", ch, l.Name(), len(uvs), len(m.Positions))
					}
					for _, uv := range uvs {
						if !finite(uv[0], uv[1]) {
							t.Fatalf("chunk %d %s: UV %v", ch, l.Name(), uv)
						}
					}
				}
				if len(m.Weights) != len(m.Terrain) || (len(m.Weights) != 0 && len(m.Weights) != len(m.Positions)) {
					t.Fatalf("chunk %d %s: %d weights, %d terrain types, %d positions", ch, l.Name(), len(m.Weights), len(m.Terrain), len(m.Positions))
				}
				if l == mesh.Terrain && len(m.Weights) == 0 {
					t.Fatalf("chunk %d: terrain without splat data", ch)
				}
				for k := range m.Weights {
					w, ty := m.Weights[k], m.Terrain[k]
					sum := float64(w[0] + w[1] + w[2])
					if !finite(w[0], w[1], w[2], ty[0], ty[1], ty[2]) || (l == mesh.Terrain && math.Abs(sum-1) > 1e-4) {
						t.Fatalf("chunk %d %s: weights %v types %v", ch, l.Name(), w, ty)
					}
				}
				for _, i := range m.Indices {
					if int(i) >= len(m.Positions) {
						t.Fatalf("chunk %d %s: index %d out of %d", ch, l.Name(), i, len(m.Positions))
					}
				}
			}
		}
	}
}
