// Package noise owns the seeded noise of a map (Noise): built from the
// map's seed, carried by its hexmap.Grid, sampled by the meshes through
// package geom and by map generation, read whole by the shaders.
package noise

import (
	"sync"

	"hexsandbox/hexmap/internal/noisetab"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// TableSize is the side of the square, tileable noise table that stands
// in for Catlike's noise texture.
const TableSize = noisetab.Size

// Noise is the seeded noise of a map: a tileable 4-channel table sampled
// bilinearly with wrapping, and a hash grid. The tables are built on
// first use, so reading a map file or summarising it does not pay for
// them; once built they never change, so grids with the same seed may
// share one Noise. The meshes sample them through package geom.
type Noise struct {
	seed int64
	once sync.Once
	data *noisetab.Tables
}

// New returns the noise of seed. The same seed gives bit-identical
// values on every platform: the table uses only float64 arithmetic and
// Go's pure-Go math, the hash grid a PCG generator.
func New(seed int64) *Noise {
	return &Noise{seed: seed}
}

// Tables returns the noise table and hash grid, building them once; they
// are package geom's to sample.
func (n *Noise) Tables() *noisetab.Tables {
	n.once.Do(func() { n.data = noisetab.Build(n.seed) })
	return n.data
}

// Seed returns the seed the noise was built from.
func (n *Noise) Seed() int64 { return n.seed }

// Table returns the raw noise table, row by row (for the shaders' noise
// image). Callers must not modify it.
func (n *Noise) Table() []vec4.T { return n.Tables().Table[:] }

// Sample returns the four noise channels at world point p, sampled
// bilinearly from the table at p.xz × noise scale, wrapping. This is the
// noise of a flat map, as map generation reads it; a map's geometry
// samples through geom.PerturberOf, which also joins the noise across the
// seam of a wrapping map.
func (n *Noise) Sample(p vec3.T) vec4.T { return noisetab.Sample(n.Tables().Table, p[0], p[2]) }
