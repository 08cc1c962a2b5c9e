package mapgen

import (
	"testing"
	"time"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/testutil"
)

// benchmarkGenerate generates maps of one size with the defaults and
// reports, besides the whole, each stage's time per map. The noise is
// built once outside the loop: a map's noise belongs to its seed and is
// built anyway to draw the map (BenchmarkNoise times it).
func benchmarkGenerate(b *testing.B, top hexmap.Topology) {
	benchmarkGenerateWith(b, HexMapGenerator{Settings: DefaultSettings()}, top)
}

func benchmarkGenerateWith(b *testing.B, h HexMapGenerator, top hexmap.Topology) {
	noise := noise.New(1208905299)
	noise.Table()
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

// BenchmarkGenerateContinents80x60 and 320x320 time the default world
// type, scaled to the map's size (the larger map runs more water cycles).
func BenchmarkGenerateContinents80x60(b *testing.B) {
	benchmarkGenerateWith(b, Continents.Generator(), hexmap.Topology{Width: 80, Height: 60})
}

func BenchmarkGenerateContinents320x320(b *testing.B) {
	benchmarkGenerateWith(b, Continents.Generator(), hexmap.Topology{Width: 320, Height: 320})
}

// BenchmarkPlaceStarts80x60 places 4 sides' fair starts and the neutral
// towns on a generated 80×60 continents map (a copy each time).
func BenchmarkPlaceStarts80x60(b *testing.B) {
	g, _, err := Continents.Generator().GenerateMap(hexmap.Topology{Width: 80, Height: 60}, 1208905299)
	if err != nil {
		b.Fatal(err)
	}
	testutil.CPULoop(b, func() {
		if err := PlaceStarts(g.Clone(), 4, 1); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkNoise builds the noise of a new seed, which a map of a seed
// not seen before needs before its temperatures can be jittered.
func BenchmarkNoise(b *testing.B) {
	seed := int64(0)
	testutil.CPULoop(b, func() {
		seed++
		noise.New(seed).Table()
	})
}
