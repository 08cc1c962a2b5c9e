package saves

import (
	"bytes"
	"testing"
)

// BenchmarkSave320 writes a typical 320×320 map in the product's format.
func BenchmarkSave320(b *testing.B) {
	g := testMap(b, 320, 320, 1)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Write(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
	reportMetrics(b, buf.Len(), g.Topology().CellCount())
}

// BenchmarkLoad320 reads it back with the seed's noise already built, as
// the editor does when it reloads a map (building noise is measured apart
// in BenchmarkLoad320FreshNoise).
func BenchmarkLoad320(b *testing.B) {
	g := testMap(b, 320, 320, 1)
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	for b.Loop() {
		if _, _, err := ReadWith(bytes.NewReader(data), sharedNoise); err != nil {
			b.Fatal(err)
		}
	}
	reportMetrics(b, len(data), g.Topology().CellCount())
}

// BenchmarkLoad320FreshNoise is Load with the noise built from the seed.
func BenchmarkLoad320FreshNoise(b *testing.B) {
	g := testMap(b, 320, 320, 1)
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	for b.Loop() {
		if _, _, err := ReadBytes(data); err != nil {
			b.Fatal(err)
		}
	}
	reportMetrics(b, len(data), g.Topology().CellCount())
}

// reportMetrics adds the goals' units: milliseconds per operation and
// compressed bytes per cell.
func reportMetrics(b *testing.B, size, cells int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e6/float64(b.N), "ms/op")
	b.ReportMetric(float64(size)/float64(cells), "bytes/cell")
}
