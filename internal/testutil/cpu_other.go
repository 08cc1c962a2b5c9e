//go:build !unix

package testutil

import "time"

// CPUTime is not measured on this platform (Windows, wasm): benchmarks
// then report zero CPU time and only their wall time means anything.
func CPUTime() time.Duration { return 0 }
