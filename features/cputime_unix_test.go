//go:build unix

package features

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the test process has used, so benchmarks can
// report work done apart from waiting for a shared machine's cores.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
