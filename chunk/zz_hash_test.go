package chunk

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
)

func TestZZHash(t *testing.T) {
	sh, _ := mapgen.Showcase(80, 60, 1)
	top := sh.Topology()
	top.Wrapping = true
	wr, _, _ := hexmap.FromCells(top, sh.Noise(), sh.Cells())
	for _, g := range []*hexmap.Grid{sh, testGrid(t, 80, 60, 1), wr} {
		s := NewSetWorkers(g, 1)
		h := sha256.New()
		var b [4]byte
		for ch := range s.Chunks {
			for l := range s.Chunks[ch].Layers {
				m := &s.Chunks[ch].Layers[l]
				for _, arr := range [][]float32{flat3(m.Positions), flat3(m.Normals), flat3(m.Terrain), flat3(m.Weights)} {
					for _, v := range arr {
						binary.LittleEndian.PutUint32(b[:], math.Float32bits(v))
						h.Write(b[:])
					}
				}
				for _, c := range m.Colors {
					for _, v := range c {
						binary.LittleEndian.PutUint32(b[:], math.Float32bits(v))
						h.Write(b[:])
					}
				}
				for _, c := range m.UV {
					for _, v := range c {
						binary.LittleEndian.PutUint32(b[:], math.Float32bits(v))
						h.Write(b[:])
					}
				}
				for _, c := range m.UV2 {
					for _, v := range c {
						binary.LittleEndian.PutUint32(b[:], math.Float32bits(v))
						h.Write(b[:])
					}
				}
				for _, i := range m.Indices {
					h.Write([]byte{byte(i), byte(i >> 8)})
				}
			}
			fmt.Fprint(h, s.Chunks[ch].Plan)
		}
		fmt.Printf("HASH %x\n", h.Sum(nil)[:8])
	}
}

func flat3[T ~[3]float32](s []T) []float32 {
	out := make([]float32, 0, 3*len(s))
	for _, v := range s {
		out = append(out, v[0], v[1], v[2])
	}
	return out
}
