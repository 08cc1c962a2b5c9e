package features_test

import (
	"hexsandbox/chunk"
	"hexsandbox/features"
	"hexsandbox/hexmap"
)

// The internal tests build walls and bridges from the plans the chunk
// package really makes.
func init() {
	features.SetChunkPlanForTest(func(g *hexmap.Grid, ch int) *features.Plan {
		var c chunk.Chunk
		chunk.Triangulate(g, ch, &c)
		return &c.Plan
	})
}
