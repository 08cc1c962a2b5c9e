package chunk

import (
	"bufio"
	"io"
	"strconv"

	"hexsandbox/mesh"
)

// WriteOBJ writes every layer of s as a Wavefront OBJ object named after
// the layer (all chunks merged): positions, normals, and texture
// coordinates for layers that carry UVs. Indices are 1-based and global,
// as OBJ requires.
func WriteOBJ(w io.Writer, s *Set) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString("# hexsandbox map, one object per mesh layer\n")
	var buf []byte
	base, uvBase := 1, 1 // the OBJ indices of the next vertex and UV
	for l := range mesh.LayerCount {
		buf = append(buf[:0], "o "...)
		buf = append(buf, l.Name()...)
		buf = append(buf, '\n')
		bw.Write(buf)
		hasUV := false
		for ch := range s.Chunks {
			hasUV = hasUV || len(s.Chunks[ch].Layers[l].UV) > 0
		}
		for ch := range s.Chunks {
			m := &s.Chunks[ch].Layers[l]
			buf = appendVertices(buf[:0], m, hasUV)
			uv := 0 // no UVs
			if hasUV {
				uv = uvBase
				uvBase += len(m.Positions)
			}
			buf = appendFaces(buf, m, base, uv)
			if _, err := bw.Write(buf); err != nil {
				return err
			}
			base += len(m.Positions)
		}
	}
	return bw.Flush()
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
