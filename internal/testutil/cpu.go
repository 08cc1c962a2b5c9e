package testutil

import (
	"testing"
	"time"
)

// CPULoop runs op in b.Loop and reports its process CPU time per op in
// milliseconds ("cpu-ms/op") next to the wall time: on a shared machine
// wall time counts waiting for a core, CPU time does not. (CPU time
// covers every goroutine, so a parallel op reports the work of all.)
func CPULoop(b *testing.B, op func()) {
	start, n := CPUTime(), 0
	for b.Loop() {
		op()
		n++
	}
	ReportCPU(b, CPUTime()-start, n)
}

// ReportCPU reports cpu as CPU time per op over n ops.
func ReportCPU(b *testing.B, cpu time.Duration, n int) {
	if n > 0 {
		b.ReportMetric(float64(cpu)/float64(n)/1e6, "cpu-ms/op")
	}
}
