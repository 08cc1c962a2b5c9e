//go:build !unix

package features

import "time"

// processCPU is unavailable here; benchmarks then report zero CPU time.
func processCPU() time.Duration { return 0 }
