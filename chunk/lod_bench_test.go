package chunk

import (
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
)

// BenchmarkNewCache320: a chunk cache for a generated 320×320 map, which
// builds every chunk's levels of detail and nothing at full detail:
// what opening a map costs before its first frame.
func BenchmarkNewCache320(b *testing.B) { benchNewCache(b, 320) }

// BenchmarkNewCache640 is BenchmarkNewCache320 for 640×640.
func BenchmarkNewCache640(b *testing.B) { benchNewCache(b, 640) }

func benchNewCache(b *testing.B, size int) {
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: size, Height: size}, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var lod int64
	loop(b, func() {
		s := NewCache(g, 1<<28, 2, nil)
		lod = 0
		for ch := range s.LODs {
			lod += s.LODs[ch].Bytes()
		}
		s.Close()
	})
	b.ReportMetric(float64(lod)/float64(g.Topology().CellCount()), "lod-bytes/cell")
}
