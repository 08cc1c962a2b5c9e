package demo

import (
	"math"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/mesh"

	"github.com/ungerik/go3d/vec2"
	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// Scene returns a 10×10-cell chunk set whose meshes are built here, not
// by triangulation: terraced and cliffed terrain, a large slab cutting
// through it, boxes (features and walls), a water plane that runs under
// the land, road strips lying exactly on the terrain, a river strip, and
// shore and estuary quads.
func Scene(seed int64) (*chunk.Set, error) {
	g, err := hexmap.NewGrid(10, 10, seed)
	if err != nil {
		return nil, err
	}
	s := chunk.NewSetOf(g, make([]chunk.Chunk, geom.ChunkCount(g.Topology())))
	const tile = 80.0
	for ch := range s.Chunks {
		x0, z0 := float32(ch%2)*tile, float32(ch/2)*tile
		buildTile(&s.Chunks[ch], x0, z0, tile)
	}
	return s, nil
}

func height(x, z float32) float32 {
	h := 4*math.Sin(float64(x)*0.07) + 3*math.Cos(float64(z)*0.09) + 2
	step := math.Floor(h / 2.5)
	frac := h/2.5 - step
	// Terraces: flat treads joined by steep risers (cliffs).
	return float32((step + max(0, frac-0.8)*5) * 2.5)
}

func buildTile(c *chunk.Chunk, x0, z0, size float32) {
	terrain, water := &c.Layers[mesh.Terrain], &c.Layers[mesh.Water]
	roads, rivers := &c.Layers[mesh.Roads], &c.Layers[mesh.Rivers]
	const n = 20
	d := size / n
	for i := range n {
		for j := range n {
			x, z := x0+float32(i)*d, z0+float32(j)*d
			a := vec3.T{x, height(x, z), z}
			b := vec3.T{x + d, height(x+d, z), z}
			cc := vec3.T{x, height(x, z+d), z + d}
			dd := vec3.T{x + d, height(x+d, z+d), z + d}
			upQuad(terrain, a, b, cc, dd)
			types := vec3.T{float32((i / 4) % 5), float32((j / 5) % 5), 1}
			terrain.AddQuadTerrain(types, vec3.T{1, 0, 0}, vec3.T{0, 1, 0}, vec3.T{0, 0, 1}, vec3.T{0.3, 0.3, 0.4})
			if j == 7 { // a road strip lying exactly on the terrain
				upQuad(roads, a, b, cc, dd)
				roads.AddQuadUVRect(0, 1, 0, 1)
			}
		}
	}
	// The water plane runs under the land wherever the land is higher.
	wy := float32(1)
	upQuad(water, vec3.T{x0, wy, z0}, vec3.T{x0 + size, wy, z0}, vec3.T{x0, wy, z0 + size}, vec3.T{x0 + size, wy, z0 + size})
	// A river strip a little above the terrain along a column.
	for j := range n {
		x, z := x0+size*0.4, z0+float32(j)*d
		y := func(x, z float32) float32 { return height(x, z) + 0.3 }
		upQuad(rivers, vec3.T{x, y(x, z), z}, vec3.T{x + d, y(x+d, z), z}, vec3.T{x, y(x, z+d), z + d}, vec3.T{x + d, y(x+d, z+d), z + d})
		rivers.AddQuadUVRect(0, 1, float32(j)*0.2, float32(j+1)*0.2)
	}
	shore(c, x0, z0, size, wy)
	// A slab tilted through the terrain: large triangles that intersect.
	slab := &c.Layers[mesh.Bridges]
	upQuad(slab, vec3.T{x0 + 10, -4, z0 + 10}, vec3.T{x0 + size - 10, 14, z0 + 10}, vec3.T{x0 + 10, -4, z0 + size - 30}, vec3.T{x0 + size - 10, 14, z0 + size - 30})
	slab.AddQuadColor(vec4.T{0.6, 0.5, 0.4, 1})
	for k := range 6 {
		x, z := x0+8+float32(k)*12, z0+20+float32(k%3)*18
		box(&c.Layers[mesh.Features], vec3.T{x, height(x, z) - 1, z}, vec3.T{x + 4, height(x, z) + 5, z + 3})
		c.Layers[mesh.Features].Colors = padColors(c.Layers[mesh.Features].Colors, len(c.Layers[mesh.Features].Positions), vec4.T{0.8, 0.3, 0.2, 1})
	}
	box(&c.Layers[mesh.Walls], vec3.T{x0 + 50, height(x0+50, z0+60) - 1, z0 + 55}, vec3.T{x0 + 52, height(x0+50, z0+60) + 4, z0 + 75})
}

func shore(c *chunk.Chunk, x0, z0, size, wy float32) {
	sh, es := &c.Layers[mesh.WaterShore], &c.Layers[mesh.Estuaries]
	y := wy + 0.01
	upQuad(sh, vec3.T{x0 + 5, y, z0 + 2}, vec3.T{x0 + 40, y, z0 + 2}, vec3.T{x0 + 5, y, z0 + 12}, vec3.T{x0 + 40, y, z0 + 12})
	sh.AddQuadUVRect(0, 0, 0, 1)
	upQuad(es, vec3.T{x0 + 45, y, z0 + 2}, vec3.T{x0 + 70, y, z0 + 2}, vec3.T{x0 + 45, y, z0 + 12}, vec3.T{x0 + 70, y, z0 + 12})
	es.AddQuadUVRect(0, 1, 0, 1)
	es.AddQuadUV2(vec2.T{0, 0}, vec2.T{1, 0}, vec2.T{0, 1}, vec2.T{1, 1})
}

func padColors(c []vec4.T, n int, col vec4.T) []vec4.T {
	for len(c) < n {
		c = append(c, col)
	}
	return c
}

// upQuad adds the quad a b (one side) c d (the other side) with its front
// facing up (+Y), whatever order the corners came in.
func upQuad(m *mesh.Mesh, a, b, c, d vec3.T) {
	orientedQuad(m, a, b, c, d, vec3.T{0, 1, 0})
}

// orientedQuad adds a quad whose front faces out along dir.
func orientedQuad(m *mesh.Mesh, a, b, c, d, dir vec3.T) {
	e1, e2 := vec3.Sub(&c, &a), vec3.Sub(&b, &a)
	n := vec3.Cross(&e1, &e2)
	if vec3.Dot(&n, &dir) < 0 {
		b, c = c, b
	}
	m.AddQuad(a, b, c, d)
}

// box adds a closed axis-aligned box with outward fronts.
func box(m *mesh.Mesh, lo, hi vec3.T) {
	p := func(x, y, z int) vec3.T {
		v := lo
		if x == 1 {
			v[0] = hi[0]
		}
		if y == 1 {
			v[1] = hi[1]
		}
		if z == 1 {
			v[2] = hi[2]
		}
		return v
	}
	orientedQuad(m, p(0, 1, 0), p(1, 1, 0), p(0, 1, 1), p(1, 1, 1), vec3.T{0, 1, 0})
	orientedQuad(m, p(0, 0, 0), p(1, 0, 0), p(0, 0, 1), p(1, 0, 1), vec3.T{0, -1, 0})
	orientedQuad(m, p(0, 0, 0), p(1, 0, 0), p(0, 1, 0), p(1, 1, 0), vec3.T{0, 0, -1})
	orientedQuad(m, p(0, 0, 1), p(1, 0, 1), p(0, 1, 1), p(1, 1, 1), vec3.T{0, 0, 1})
	orientedQuad(m, p(0, 0, 0), p(0, 0, 1), p(0, 1, 0), p(0, 1, 1), vec3.T{-1, 0, 0})
	orientedQuad(m, p(1, 0, 0), p(1, 0, 1), p(1, 1, 0), p(1, 1, 1), vec3.T{1, 0, 0})
}
