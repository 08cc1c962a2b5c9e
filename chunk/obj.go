package chunk

import (
	"bufio"
	"io"
	"strconv"

	"hexsandbox/hexmap"
	"hexsandbox/mesh"
	"hexsandbox/palette"
)

// WriteOBJ writes every layer of g's map as a Wavefront OBJ object named
// after the layer (all chunks merged): positions, normals, and texture
// coordinates for layers that carry UVs. Indices are 1-based and global,
// as OBJ requires. It streams: each layer is triangulated chunk by chunk
// (by up to workers goroutines, a few chunks ahead of the writer) and
// written as it comes, so memory does not grow with the map; a layer
// costs a triangulation of the parts it needs. It returns the vertices
// and triangles written.
func WriteOBJ(w io.Writer, g *hexmap.Grid, workers int) (verts, tris int, err error) {
	return WriteOBJWith(w, g, workers, OBJOptions{})
}

// OBJOptions add materials and colours to an OBJ export.
type OBJOptions struct {
	// MTL names the material library to refer to (mtllib) and makes each
	// object use the materials WriteMTL writes: the terrain's triangles
	// the material of their terrain type (the one with the most splat
	// weight), every other layer its own. Empty: no materials.
	MTL string
	// TerrainColors, when set, colour the terrain's vertices by their
	// splat blend of these RGB colours (0..1), as OBJ's vertex colour
	// extension ("v x y z r g b") that Blender and MeshLab read.
	TerrainColors *[hexmap.TerrainTypeCount][3]float32
}

// TerrainMaterial is the material name of terrain type t in exports.
func TerrainMaterial(t int) string {
	return "terrain_" + hexmap.TerrainName(uint8(t))
}

// WriteOBJWith is WriteOBJ with materials and vertex colours.
func WriteOBJWith(w io.Writer, g *hexmap.Grid, workers int, opts OBJOptions) (verts, tris int, err error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	o := newOBJWriter(bw, opts)
	for l := range mesh.LayerCount {
		o.begin(l, layerHasUV(l))
		err := Stream(g, workers, partsOf(l), func(_ int, c *Chunk) error { return o.mesh(&c.Layers[l]) })
		if err != nil {
			return 0, 0, err
		}
	}
	return o.verts, o.tris, bw.Flush()
}

// WriteSetOBJ is WriteOBJWith from chunks already triangulated.
func WriteSetOBJ(w io.Writer, s *Set, opts OBJOptions) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	o := newOBJWriter(bw, opts)
	for l := range mesh.LayerCount {
		o.begin(l, layerHasUV(l))
		for ch := range s.Chunks {
			if err := o.mesh(&s.Chunks[ch].Layers[l]); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// layerHasUV tells the layers whose meshes carry texture coordinates
// (on every vertex, whenever they have any): an OBJ object has UVs on
// all its vertices or none. Open water has none; its shader works from
// world positions.
func layerHasUV(l mesh.Layer) bool {
	switch l {
	case mesh.Rivers, mesh.Roads, mesh.WaterShore, mesh.Estuaries:
		return true
	}
	return false
}

// objWriter writes meshes as OBJ, counting the indices as it goes.
type objWriter struct {
	w            *bufio.Writer
	opts         OBJOptions
	buf          []byte
	layer        mesh.Layer
	hasUV        bool
	base, uvBase int // the OBJ indices of the next vertex and UV
	verts, tris  int
}

// newOBJWriter writes the file's header (and its material library's
// name) to w.
func newOBJWriter(w *bufio.Writer, opts OBJOptions) *objWriter {
	w.WriteString("# hexsandbox map, one object per mesh layer\n")
	if opts.MTL != "" {
		w.WriteString("mtllib " + opts.MTL + "\n")
	}
	return &objWriter{w: w, opts: opts, base: 1, uvBase: 1}
}

// begin starts layer l's object; with materials, a layer other than the
// terrain uses its own (the terrain's triangles name theirs by type).
func (o *objWriter) begin(l mesh.Layer, hasUV bool) {
	o.layer, o.hasUV = l, hasUV
	o.buf = append(append(append(o.buf[:0], "o "...), l.Name()...), '\n')
	if o.opts.MTL != "" && l != mesh.Terrain {
		o.buf = append(o.buf, "usemtl "+l.Name()+"\n"...)
	}
	o.w.Write(o.buf)
}

func (o *objWriter) mesh(m *mesh.Mesh) error {
	colors := o.opts.TerrainColors
	if o.layer != mesh.Terrain {
		colors = nil
	}
	o.buf = appendVertices(o.buf[:0], m, o.hasUV, colors)
	uv := 0 // no UVs
	if o.hasUV {
		uv = o.uvBase
		o.uvBase += len(m.Positions)
	}
	if o.opts.MTL != "" && o.layer == mesh.Terrain {
		o.buf = appendTerrainFaces(o.buf, m, o.base, uv)
	} else {
		o.buf = appendFaces(o.buf, m, o.base, uv, nil)
	}
	o.base += len(m.Positions)
	o.verts += m.VertexCount()
	o.tris += m.TriangleCount()
	_, err := o.w.Write(o.buf)
	return err
}

// appendTerrainFaces writes the terrain's triangles grouped by the
// material of their dominant terrain type.
func appendTerrainFaces(buf []byte, m *mesh.Mesh, base, uvBase int) []byte {
	for t := range int(hexmap.TerrainTypeCount) {
		at := len(buf)
		buf = append(buf, "usemtl "+TerrainMaterial(t)+"\n"...)
		before := len(buf)
		buf = appendFaces(buf, m, base, uvBase, func(k int) bool { return dominantTerrain(m, k) == t })
		if len(buf) == before {
			buf = buf[:at] // no triangle of this type here
		}
	}
	return buf
}

// dominantTerrain is the terrain type with the most splat weight over
// the corners of the triangle starting at index k; 0 when the mesh has
// no terrain data.
func dominantTerrain(m *mesh.Mesh, k int) int {
	if len(m.Terrain) == 0 {
		return 0
	}
	var sum [hexmap.TerrainTypeCount]float32
	for _, i := range m.Indices[k : k+3] {
		for c := range 3 {
			if t := int(m.Terrain[i][c]); t >= 0 && t < len(sum) {
				sum[t] += m.Weights[i][c]
			}
		}
	}
	best := 0
	for t := range sum {
		if sum[t] > sum[best] {
			best = t
		}
	}
	return best
}

// splatColor is vertex i's colour: its terrain types' colours blended by
// their weights.
func splatColor(m *mesh.Mesh, i int, colors *[hexmap.TerrainTypeCount][3]float32) (r, g, b float32) {
	if len(m.Terrain) == 0 {
		return colors[0][0], colors[0][1], colors[0][2]
	}
	for c := range 3 {
		t, w := int(m.Terrain[i][c]), m.Weights[i][c]
		if t >= 0 && t < len(colors) {
			r, g, b = r+w*colors[t][0], g+w*colors[t][1], b+w*colors[t][2]
		}
	}
	return r, g, b
}

func appendVertices(buf []byte, m *mesh.Mesh, hasUV bool, colors *[hexmap.TerrainTypeCount][3]float32) []byte {
	for k, p := range m.Positions {
		if colors != nil {
			r, g, b := splatColor(m, k, colors)
			buf = appendLine(buf, "v", p[0], p[1], p[2], r, g, b)
		} else {
			buf = appendLine(buf, "v", p[0], p[1], p[2])
		}
		n := m.Normals[k]
		buf = appendLine(buf, "vn", n[0], n[1], n[2])
		if hasUV {
			var u, v float32
			if k < len(m.UV) {
				u, v = m.UV[k][0], m.UV[k][1]
			}
			buf = appendLine(buf, "vt", u, v)
		}
	}
	return buf
}

func appendLine(buf []byte, tag string, vs ...float32) []byte {
	buf = append(buf, tag...)
	for _, v := range vs {
		buf = append(buf, ' ')
		buf = strconv.AppendFloat(buf, float64(v), 'g', -1, 32)
	}
	return append(buf, '\n')
}

// appendFaces writes the triangles in mesh order (those keep accepts,
// all when it is nil): read with OBJ's right-handed rule, that order
// gives the same normals as the mesh's (cross(b-a, c-a)), so faces and
// vn agree. uvBase is 0 for a layer without UVs.
func appendFaces(buf []byte, m *mesh.Mesh, base, uvBase int, keep func(k int) bool) []byte {
	for k := 0; k+2 < len(m.Indices); k += 3 {
		if keep != nil && !keep(k) {
			continue
		}
		buf = append(buf, 'f')
		for _, i := range [3]uint16{m.Indices[k], m.Indices[k+1], m.Indices[k+2]} {
			idx := int(i) + base
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(idx), 10)
			buf = append(buf, '/')
			if uvBase > 0 {
				buf = strconv.AppendInt(buf, int64(int(i)+uvBase), 10)
			}
			buf = append(buf, '/')
			buf = strconv.AppendInt(buf, int64(idx), 10)
		}
		buf = append(buf, '\n')
	}
	return buf
}

// layerColor is the diffuse colour (RGB 0..1) and opacity of a layer
// other than terrain in WriteMTL's library.
func layerColor(l mesh.Layer) [4]float32 {
	switch l {
	case mesh.Walls:
		return palette.Wall
	case mesh.Features, mesh.Farms:
		return palette.Feature
	case mesh.Bridges:
		return palette.Bridge
	case mesh.Buildings, mesh.BuildingDetails:
		return palette.FromNRGBA(palette.Town)
	case mesh.Rivers:
		return palette.River
	case mesh.Roads:
		return palette.Road
	}
	return palette.ShallowWater // water, shore, estuaries
}

// WriteMTL writes the material library that WriteOBJWith's MTL refers
// to: a material per terrain type in its colour, and one per other
// layer.
func WriteMTL(w io.Writer, terrain *[hexmap.TerrainTypeCount][3]float32) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("# hexsandbox map materials: one per terrain type, one per layer\n")
	mat := func(name string, c [4]float32) {
		var buf []byte
		buf = append(buf, "\nnewmtl "+name+"\n"...)
		buf = appendLine(buf, "Kd", c[0], c[1], c[2])
		buf = appendLine(buf, "Ka", 0, 0, 0)
		buf = appendLine(buf, "Ks", 0, 0, 0)
		buf = appendLine(buf, "d", c[3])
		buf = append(buf, "illum 1\n"...)
		bw.Write(buf)
	}
	for t := range int(hexmap.TerrainTypeCount) {
		mat(TerrainMaterial(t), [4]float32{terrain[t][0], terrain[t][1], terrain[t][2], 1})
	}
	for l := mesh.Terrain + 1; l < mesh.LayerCount; l++ {
		mat(l.Name(), layerColor(l))
	}
	return bw.Flush()
}
