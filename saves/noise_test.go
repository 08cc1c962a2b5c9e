package saves

import (
	"sync"

	"hexsandbox/hexmap"
)

// noiseCache keeps the noise of each seed the tests use: building one
// takes tens of milliseconds, and noise is immutable, so tests share it.
var noiseCache sync.Map

func sharedNoise(seed int64) *hexmap.Noise {
	if n, ok := noiseCache.Load(seed); ok {
		return n.(*hexmap.Noise)
	}
	n, _ := noiseCache.LoadOrStore(seed, hexmap.NewNoise(seed))
	return n.(*hexmap.Noise)
}
