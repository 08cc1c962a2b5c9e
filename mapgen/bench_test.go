package mapgen

import (
	"testing"
	"time"

	"hexsandbox/hexmap"
	"hexsandbox/internal/testutil"
)

// benchmarkGenerate generates maps of one size with the defaults and
// reports, besides the whole, each stage's time per map. The noise is
// built once outside the loop: a map's noise belongs to its seed and is
// built anyway to draw the map (BenchmarkNoise times it).
func benchmarkGenerate(b *testing.B, top hexmap.Topology) {
	noise := hexmap.NewNoise(1208905299)
	noise.Table()
	h := HexMapGenerator{Settings: DefaultSettings()}
	var stages [StageCount]time.Duration
	n := 0
	testutil.CPULoop(b, func() {
		_, rep, err := h.GenerateMapWithNoise(top, noise)
		if err != nil {
			b.Fatal(err)
		}
		for s, d := range rep.Stages {
			stages[s] += d
		}
		n++
	})
	for s, d := range stages {
		b.ReportMetric(float64(d)/float64(n)/1e6, Stage(s).String()+"-ms/op")
	}
}

func BenchmarkGenerate80x60(b *testing.B) {
	benchmarkGenerate(b, hexmap.Topology{Width: 80, Height: 60})
}

func BenchmarkGenerate80x60Wrapping(b *testing.B) {
	benchmarkGenerate(b, hexmap.Topology{Width: 80, Height: 60, Wrapping: true})
}

func BenchmarkGenerate320x320(b *testing.B) {
	benchmarkGenerate(b, hexmap.Topology{Width: 320, Height: 320})
}

// BenchmarkNoise builds the noise of a new seed, which a map of a seed
// not seen before needs before its temperatures can be jittered.
func BenchmarkNoise(b *testing.B) {
	seed := int64(0)
	testutil.CPULoop(b, func() {
		seed++
		hexmap.NewNoise(seed).Table()
	})
}
