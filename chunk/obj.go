package chunk

import (
	"bufio"
	"io"
	"strconv"

	"hexsandbox/hexmap"
	"hexsandbox/mesh"
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
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString("# hexsandbox map, one object per mesh layer\n")
	o := objWriter{w: bw, base: 1, uvBase: 1}
	for l := range mesh.LayerCount {
		o.begin(l, layerHasUV(l))
		err := Stream(g, workers, partsOf(l), func(_ int, c *Chunk) error { return o.mesh(&c.Layers[l]) })
		if err != nil {
			return 0, 0, err
		}
	}
	return o.verts, o.tris, bw.Flush()
}

// WriteSetOBJ is WriteOBJ from chunks already triangulated.
func WriteSetOBJ(w io.Writer, s *Set) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString("# hexsandbox map, one object per mesh layer\n")
	o := objWriter{w: bw, base: 1, uvBase: 1}
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
	buf          []byte
	hasUV        bool
	base, uvBase int // the OBJ indices of the next vertex and UV
	verts, tris  int
}

func (o *objWriter) begin(l mesh.Layer, hasUV bool) {
	o.hasUV = hasUV
	o.buf = append(append(append(o.buf[:0], "o "...), l.Name()...), '\n')
	o.w.Write(o.buf)
}

func (o *objWriter) mesh(m *mesh.Mesh) error {
	o.buf = appendVertices(o.buf[:0], m, o.hasUV)
	uv := 0 // no UVs
	if o.hasUV {
		uv = o.uvBase
		o.uvBase += len(m.Positions)
	}
	o.buf = appendFaces(o.buf, m, o.base, uv)
	o.base += len(m.Positions)
	o.verts += m.VertexCount()
	o.tris += m.TriangleCount()
	_, err := o.w.Write(o.buf)
	return err
}

func appendVertices(buf []byte, m *mesh.Mesh, hasUV bool) []byte {
	for k, p := range m.Positions {
		buf = appendLine(buf, "v", p[0], p[1], p[2])
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

// appendFaces writes the triangles in mesh order: read with OBJ's
// right-handed rule, that order gives the same normals as the mesh's
// (cross(b-a, c-a)), so faces and vn agree. uvBase is 0 for a layer
// without UVs.
func appendFaces(buf []byte, m *mesh.Mesh, base, uvBase int) []byte {
	for k := 0; k+2 < len(m.Indices); k += 3 {
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
