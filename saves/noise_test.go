package saves

import (
	"hexsandbox/hexmap/noise"
	"sync"
)

// noiseCache keeps the noise of each seed the tests use: building one
// takes tens of milliseconds, and noise is immutable, so tests share it.
var noiseCache sync.Map

func sharedNoise(seed int64) *noise.Noise {
	if n, ok := noiseCache.Load(seed); ok {
		return n.(*noise.Noise)
	}
	n, _ := noiseCache.LoadOrStore(seed, noise.New(seed))
	return n.(*noise.Noise)
}
